// The set-up area: system picker, two build editors with live validation, sample pickers that
// name the loaded sample, the Battle button's state (disabled, with the reason beside it, while
// a build is invalid), and putting a record's set-up back (a #m= link).
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { initForms } from "./forms/index.js";
import { readPolicies, renderPolicies } from "./decide.js";
import { initOptions, readOptions, renderOptions, setOptions } from "./options.js";
import { RULESETS } from "../vendor/rulesets.js";

export { readOptions };

let api = null;
let rulesets = [];
const timers = [null, null];
const answers = [null, null];  // each side's last validation answer
const serial = [0, 0];         // only the newest validation of a side counts

const current = () => rulesets.find((r) => r.id === $("ruleset").value) || rulesets[0];

/** The chosen ruleset's description from the engine (or undefined before it is ready). */
export const currentRuleset = () => current();
const nameOf = (r) => (lang() === "ja" ? r.name_ja : `${r.name_ja} (${r.name_en})`);
const sideName = (side) => t(side === 0 ? "sideA" : "sideB");

/** Fill the picker: from the build's ruleset list (static/vendor/rulesets.js, made from the
 * registry) until the engine is ready, then from the engine's own. */
export function renderPicker() {
  const picker = $("ruleset");
  const list = rulesets.length ? rulesets : RULESETS;
  const chosen = picker.value;
  fill(picker, list.map((r) => el("option", { value: r.id, text: nameOf(r) })));
  if (list.some((r) => r.id === chosen)) picker.value = chosen;
}

/** A sample's label: its name and, in the page's language, what it is. */
function sampleText(s) {
  const note = lang() === "ja" ? s.note_ja : s.note_en;
  return note ? `${s.name} — ${note}` : s.name;
}

function renderSamples() {
  const rs = current();
  for (const side of [0, 1]) {
    const select = $(`sample-${side}`);
    fill(select, el("option", { value: "", text: t("sampleOwn") }),
      (rs?.samples || []).map((s, i) => el("option", { value: String(i), text: sampleText(s) })));
    select.disabled = !rs?.samples?.length;
    showLoadedSample(side);
  }
}

/** Select the sample whose text is in the editor (or "own build" once it is edited). */
function showLoadedSample(side) {
  const text = $(`build-${side}`).value.trim();
  const samples = current()?.samples || [];
  const canonical = answers[side]?.canonical?.trim();
  const index = samples.findIndex((s) => s.text.trim() === text || (canonical && s.text.trim() === canonical));
  $(`sample-${side}`).value = index >= 0 ? String(index) : "";
}

/** Enable Battle only when both builds are valid; otherwise say why beside the button. */
export function updateBattleState() {
  const why = $("battle-why");
  const bad = [0, 1].find((side) => answers[side] && !answers[side].ok);
  const pending = [0, 1].some((side) => !answers[side]);
  $("battle").disabled = !api || bad !== undefined || pending;
  if (bad === undefined) { why.textContent = ""; why.hidden = true; return; }
  const first = answers[bad].problems?.[0];
  const more = (answers[bad].problems?.length || 0) - 1;
  why.textContent = `${t("whySide").replace("{side}", sideName(bad))}${first ? `: ${first.line}:${first.column}: ${first.message}` : ""}${more > 0 ? ` ${t("whyMore").replace("{n}", more)}` : ""}`;
  why.hidden = false;
}

/** Validate one side now and show `line:column: message` problems under its editor. */
export async function validateSide(side) {
  if (!api || !current()) return;
  const area = $(`build-${side}`);
  const ticket = ++serial[side];
  const answer = await api.validate(current().id, area.value, lang(), JSON.stringify(readOptions()));
  if (ticket !== serial[side]) return;  // a newer edit is being checked
  answers[side] = answer;
  const list = $(`problems-${side}`);
  area.setAttribute("aria-invalid", String(!answer.ok));
  area.closest(".side").classList.toggle("invalid", !answer.ok);
  fill(list, answer.ok
    ? el("li", { class: "ok", text: t("valid") })
    : (answer.problems || []).map((p) => el("li", { text: `${p.line}:${p.column}: ${p.message}` })));
  showLoadedSample(side);
  updateBattleState();
  area.dispatchEvent(new CustomEvent("kassen:validated", { detail: answer }));  // form views follow
}

function scheduleValidate(side) {
  clearTimeout(timers[side]);
  answers[side] = null;  // Battle waits for the check of what is typed now
  updateBattleState();
  timers[side] = setTimeout(() => validateSide(side), 250);
}

function useSample(side, index) {
  const sample = current()?.samples?.[index];
  if (!sample) return;
  $(`build-${side}`).value = sample.text;
  $(`sample-${side}`).value = String(index);
  validateSide(side);
}

/** After a system change: samples, options and the first two samples in the editors
 * (`withSamples: false` keeps the editors, for a link that brings its own builds). */
export function selectRuleset(id, { withSamples = true } = {}) {
  if (id && rulesets.some((r) => r.id === id)) $("ruleset").value = id;
  answers.fill(null);  // Battle waits for both sides to be checked against this system
  updateBattleState();
  renderOptions();
  renderPolicies(current());
  renderSamples();
  const samples = current()?.samples || [];
  if (withSamples && samples.length) {  // the system's first battle: its chosen pairing
    const [a, b] = (current()?.pairing || [0, 1]).map((i) => (i < samples.length ? i : 0));
    useSample(0, a);
    useSample(1, b);
  }
  $("ruleset").dispatchEvent(new CustomEvent("kassen:ruleset"));  // form views, saved builds follow
}

/** Put a build text into one side (from a #b= link or a saved build). */
export function setBuild(side, text) {
  $(`build-${side}`).value = text;
  validateSide(side);
}

/** Put a battle record's whole set-up back: system, both builds, options, seed, who plays. */
export function applyRecord(record) {
  if (!record?.ruleset || !rulesets.some((r) => r.id === record.ruleset)) return;
  selectRuleset(record.ruleset, { withSamples: false });
  setOptions(record.options || {}, false);
  (record.sides || []).slice(0, 2).forEach((text, side) => setBuild(side, text));
  $("seed").value = record.seed || "";
  (record.policies || []).forEach((policy, side) => {
    const select = $(`policy-${side}`);
    if (select) select.value = policy ?? "";
  });
}

/** The battle request the form describes (seed null when the field is blank). */
export function request() {
  const seed = $("seed").value.trim();
  return { ruleset: current().id, sides: [$("build-0").value, $("build-1").value],
    options: readOptions(), seed: seed || null, lang: lang(), policies: readPolicies(current()) };
}

/** Wire the set-up area to a ready engine. */
export function initSetup(engineApi, info) {
  api = engineApi;
  rulesets = info.rulesets || [];
  initOptions({ specs: () => current()?.options || [], ruleset: () => current()?.id,
    changed: () => { validateSide(0); validateSide(1); } });
  renderPicker();
  $("ruleset").addEventListener("change", () => selectRuleset());
  for (const side of [0, 1]) {
    $(`build-${side}`).addEventListener("input", () => scheduleValidate(side));
    $(`sample-${side}`).addEventListener("change", (e) => useSample(side, Number(e.target.value)));
  }
  $("swap").addEventListener("click", () => {
    const [a, b] = [$("build-0").value, $("build-1").value];
    $("build-0").value = b;
    $("build-1").value = a;
    validateSide(0);
    validateSide(1);
  });
  initForms({ api, ruleset: current, options: readOptions, validate: validateSide });  // text / form toggles
  selectRuleset($("ruleset").value);
}

/** Re-render language-dependent parts. */
export function relabelSetup() {
  renderPicker();
  if (!api) return;
  renderOptions(readOptions());
  renderPolicies(current());
  renderSamples();
  validateSide(0);
  validateSide(1);
}
