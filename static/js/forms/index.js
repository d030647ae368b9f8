// Form views of build texts, for rulesets that have one (`static/js/rulesets/<id>/form.js`,
// listed by the build in static/vendor/rulesets.js). Each exports
//   render(host, text, ctx) -> {update(text), markProblems(problems)}
// (ctx: {side, lang, t, el, fill, samples, onChange(text)}). The textarea stays the source of
// truth: a form change writes the text (canonical when valid) and validates it; every
// validation of a side ("kassen:validated" on its textarea) refreshes the form.
import { $, el, fill } from "../dom.js";
import { lang, onLangChange, t } from "../i18n.js";
import { pageOf } from "../views/index.js";

const loaded = new Map();
let deps = null;
const sides = [0, 1].map(() => ({ mode: "text", form: null, host: null, toggle: null, busy: false }));

async function formFor(id) {
  const load = pageOf(id)?.form;
  if (!load) return null;
  if (!loaded.has(id)) loaded.set(id, await load());
  return loaded.get(id);
}

async function writeBack(side, text) {
  const area = $(`build-${side}`);
  const id = deps.ruleset()?.id;
  area.value = text;
  try {
    const answer = await deps.api.validate(id, text, lang(), JSON.stringify(deps.options()));
    if (answer.ok && answer.canonical && answer.canonical !== area.value && area.value === text) area.value = answer.canonical;
  } catch { /* the validation below shows the problem */ }
  await deps.validate(side);
}

async function draw(side) {
  const s = sides[side];
  const rs = deps.ruleset();
  const mod = s.mode === "form" ? await formFor(rs?.id) : null;
  const area = $(`build-${side}`);
  area.hidden = Boolean(mod);
  s.host.hidden = !mod;
  s.form = null;
  if (!mod) { fill(s.host); return; }
  s.form = mod.render(s.host, area.value, { side, lang: lang(), t, el, fill, samples: rs?.samples || [],
    onChange: (text) => writeBack(side, text) });
}

function relabel(side) {
  const s = sides[side];
  const has = Boolean(pageOf(deps.ruleset()?.id)?.form);
  s.toggle.hidden = !has;
  if (!has && s.mode === "form") s.mode = "text";
  for (const button of s.toggle.querySelectorAll("button")) {
    button.textContent = t(`form.${button.dataset.mode}`);
    button.setAttribute("aria-pressed", String(button.dataset.mode === s.mode));
  }
  s.toggle.setAttribute("aria-label", t("form.toggle"));
}

function setMode(side, mode) {
  sides[side].mode = mode;
  relabel(side);
  draw(side);
}

/** Add the "text / form" toggle beside each build editor. deps: {api, ruleset(), options(), validate(side)}. */
export function initForms(given) {
  deps = given;
  for (const side of [0, 1]) {
    const s = sides[side];
    const area = $(`build-${side}`);
    s.toggle = el("div", { class: "form-toggle", role: "group" },
      ["text", "form"].map((mode) => el("button", { type: "button", dataset: { mode },
        onclick: () => setMode(side, mode) })));
    s.host = el("div", { class: "build-form", id: `build-form-${side}`, hidden: true });
    area.before(s.toggle);
    area.after(s.host);
    area.addEventListener("kassen:validated", (event) => {
      if (!s.form) return;
      s.form.update(area.value);
      s.form.markProblems(event.detail?.problems || []);
    });
    relabel(side);
  }
  $("ruleset").addEventListener("kassen:ruleset", () => { for (const side of [0, 1]) { relabel(side); draw(side); } });
  onLangChange(() => { for (const side of [0, 1]) { relabel(side); if (sides[side].form) draw(side); } });
  if (!document.querySelector('link[data-form-css]')) {
    const link = el("link", { rel: "stylesheet", href: "static/css/forms.css", dataset: { formCss: "1" } });
    document.head.append(link);
  }
}
