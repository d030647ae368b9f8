// サイコロバトル (dice) sheet form: fields for every sheet entry and a grid of slots 3..18
// (normal column, star column, based). The build textarea stays the source of truth: the
// form is drawn from its text and, on every change, writes the text back (forms/index.js
// replaces it with the engine's canonical export when the sheet is valid).
import { SLOTS, SPECIAL_SLOTS, composeSheet, parseSheet, short, term } from "./terms.js";

const SIDE_CHOICES = ["", "赤", "青"];
const SPECIAL_CHOICES = ["Y", "G"];
const SELECTED_CHOICES = ["R", "B", "Y", "G", "自", "敵"];
const ZONES = ["", "序盤", "中盤", "終盤"];
const MAX_PASSIVES = 2;

/** Name lists for the datalists, read from the sample sheets (until the engine exports its catalogue). */
function namesFromSamples(samples) {
  const sets = { ability: new Set(), special: new Set(), passive: new Set(), type: new Set(), zonePassive: new Set(),
    flag: new Set(), star: new Set() };
  for (const sample of samples || []) {
    const s = parseSheet(sample.text);
    if (s.type) sets.type.add(s.type);
    for (const n of SLOTS) {
      const slot = s.slots[n];
      if (slot.normal) sets.ability.add(slot.normal.split("・")[0]);
      if (slot.star) sets.star.add(slot.star);
    }
    for (const n of SPECIAL_SLOTS) if (s.specials[n]) sets.special.add(s.specials[n]);
    for (const p of s.passives) if (p) sets.passive.add(p);
    const [, zp] = s.zone.split(/\s+/);
    if (zp) sets.zonePassive.add(zp);
    const [, lineAbility] = s.line.split(/\s+/);
    if (lineAbility) sets.ability.add(lineAbility.split("・")[0]);
    const [flag, trigAbility] = s.trigger.split(/\s+/);
    if (flag) sets.flag.add(flag);
    if (trigAbility) sets.ability.add(trigAbility.split("・")[0]);
  }
  return Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, [...v].sort()]));
}

function ensureDatalists(el, names) {
  for (const [key, values] of Object.entries(names)) {
    const id = `dice-dl-${key}`;
    let list = document.getElementById(id);
    if (!list) { list = el("datalist", { id }); document.body.append(list); }
    list.replaceChildren(...values.map((v) => el("option", { value: v })));
  }
}

/**
 * Draw the form for `text` into `host`. ctx: {side, lang, el, fill, samples, onChange(text)}.
 * Returns {update(text), markProblems(problems)}.
 */
export function render(host, text, ctx) {
  const { side, lang, el, fill, onChange } = ctx;
  ensureDatalists(el, namesFromSamples(ctx.samples));
  let sheet = parseSheet(text);
  const fields = new Map();  // data key -> input
  const id = (key) => `dform${side}-${key.replace(/\W/g, "_")}`;

  const commit = () => onChange(composeSheet(sheet));
  const bind = (key, input, read, write) => {
    input.id = id(key);
    input.dataset.key = key;
    input.addEventListener("change", () => { write(read(input)); commit(); });
    fields.set(key, { input, read: () => read(input) });
    return input;
  };
  const textInput = (key, get, set, attrs = {}) => {
    const input = bind(key, el("input", { type: "text", autocomplete: "off", spellcheck: "false", ...attrs }),
      (i) => i.value, set);
    input.value = get();
    fields.get(key).get = get;
    return input;
  };
  const numberInput = (key, get, set, min, max) => textInput(key, get, set, { type: "number", min, max, step: 1, inputmode: "numeric" });
  const select = (key, choices, labelOf, get, set) => {
    const input = bind(key, el("select", {}, choices.map((c) => el("option", { value: c, text: labelOf(c) }))),
      (i) => i.value, set);
    const value = get();
    if (value && !choices.includes(value)) input.append(el("option", { value, text: value }));
    input.value = value;
    fields.get(key).get = get;
    return input;
  };
  const checkbox = (key, get, set, label) => {
    const input = bind(key, el("input", { type: "checkbox", "aria-label": label }), (i) => i.checked, set);
    input.checked = get();
    fields.get(key).get = get;
    return input;
  };
  const field = (key, labelKey, input) => el("div", { class: "f" }, el("label", { for: input.id, text: term(labelKey, lang) }), input);
  const simple = (key) => [() => sheet[key], (v) => { sheet[key] = v; }];
  const pair = (key, i) => [() => (sheet[key].split(/\s+/)[i] ?? ""), (v) => {
    const parts = sheet[key].split(/\s+/);
    while (parts.length < 2) parts.push("");
    parts[i] = v.trim();
    sheet[key] = parts.every((p) => !p) ? "" : parts.join(" ").trim();
  }];

  const basics = el("fieldset", { class: "dform-basics" }, el("legend", { text: term("basics", lang) }),
    field("name", "name", textInput("name", ...simple("name"), { maxlength: 40 })),
    field("side", "side", select("side", SIDE_CHOICES, (c) => (c ? term(c === "赤" ? "R" : "B", lang) : term("any", lang)), ...simple("side"))),
    field("type", "type", textInput("type", ...simple("type"), { list: "dice-dl-type" })),
    field("special", "specialDie", select("special", SPECIAL_CHOICES, (c) => term(c, lang), ...simple("special"))),
    field("selected", "selectedDie", select("selected", SELECTED_CHOICES, (c) => term(c, lang), ...simple("selected"))),
    field("atk", "baseAtk", numberInput("atk", ...simple("atk"), 0, 99)),
    field("def", "baseDef", numberInput("def", ...simple("def"), 0, 99)),
    field("agi", "agi", numberInput("agi", ...simple("agi"), 0, 99)),
    field("cross", "crossRange", numberInput("cross", ...simple("cross"), 0, 5)),
    field("fav", "fav", numberInput("fav", ...simple("fav"), 1, 6)));

  const slotRows = SLOTS.map((n) => {
    const s = () => sheet.slots[n];
    const normal = textInput(`slot${n}.normal`, () => s().normal, (v) => { s().normal = v.trim(); },
      { list: "dice-dl-ability", "aria-label": `${short("slot", lang)} ${n} ${term("normal", lang)}` });
    const star = textInput(`slot${n}.star`, () => s().star, (v) => { s().star = v.trim(); },
      { list: "dice-dl-star", placeholder: "star=…/…/… | ougi=…/…", "aria-label": `${short("slot", lang)} ${n} ${term("star", lang)}` });
    const based = checkbox(`slot${n}.based`, () => s().based, (v) => { s().based = v; },
      `${short("slot", lang)} ${n} ${term("based", lang)}`);
    return el("tr", { dataset: { slot: String(n) } }, el("th", { scope: "row", text: String(n) }),
      el("td", {}, normal), el("td", {}, star), el("td", { class: "b" }, based));
  });
  const slotTable = el("table", { class: "dform-slots" },
    el("caption", {}, el("span", { text: term("sheet", lang) }),
      el("small", { class: "muted", text: ` ${short("starHint", lang)}` })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: short("slot", lang) }),
      el("th", { scope: "col", text: term("normal", lang) }), el("th", { scope: "col", text: term("star", lang) }),
      el("th", { scope: "col", title: term("based", lang), text: "B" }))),
    el("tbody", {}, slotRows));

  const specials = el("fieldset", { class: "dform-specials" }, el("legend", { text: term("special", lang) }),
    SPECIAL_SLOTS.map((n) => field(`special${n}`, String(n), textInput(`special${n}`,
      () => sheet.specials[n], (v) => { sheet.specials[n] = v.trim(); }, { list: "dice-dl-special" }))));

  const passives = Array.from({ length: Math.max(MAX_PASSIVES, sheet.passives.length) }, (_, i) =>
    textInput(`passive${i}`, () => sheet.passives[i] ?? "", (v) => {
      sheet.passives[i] = v.trim();
      sheet.passives = sheet.passives.filter((p, j) => p || j < i);
    }, { list: "dice-dl-passive", "aria-label": `${term("passive", lang)} ${i + 1}` }));
  const zoneSel = select("zone.0", ZONES, (z) => z || "—", ...pair("zone", 0));
  const zonePassive = textInput("zone.1", ...pair("zone", 1), { list: "dice-dl-zonePassive", "aria-label": `${term("zone", lang)} ${term("passive", lang)}` });
  const lineValue = numberInput("line.0", ...pair("line", 0), 1, 99999);
  const lineAbility = textInput("line.1", ...pair("line", 1), { list: "dice-dl-ability", "aria-label": `${term("line", lang)} ${term("ability", lang)}` });
  const trigFlag = textInput("trigger.0", ...pair("trigger", 0), { list: "dice-dl-flag" });
  const trigAbility = textInput("trigger.1", ...pair("trigger", 1), { list: "dice-dl-ability", "aria-label": `${term("trigger", lang)} ${term("ability", lang)}` });
  const more = el("fieldset", { class: "dform-more" }, el("legend", { text: `${term("passive", lang)} · ${term("zone", lang)} · ${term("line", lang)} · ${term("trigger", lang)}` }),
    el("div", { class: "f" }, el("label", { for: passives[0].id, text: term("passive", lang) }), el("div", { class: "pair" }, passives)),
    el("div", { class: "f" }, el("label", { for: zoneSel.id, text: term("zone", lang) }), el("div", { class: "pair" }, zoneSel, zonePassive)),
    el("div", { class: "f" }, el("label", { for: lineValue.id, text: `${term("line", lang)} (LP)` }), el("div", { class: "pair" }, lineValue, lineAbility)),
    el("div", { class: "f" }, el("label", { for: trigFlag.id, text: `${term("trigger", lang)} (${short("flag", lang)})` }), el("div", { class: "pair" }, trigFlag, trigAbility)),
    sheet.extra.length ? el("p", { class: "muted", text: `${term("extra", lang)}: ${sheet.extra.join(" / ")}` }) : null);

  fill(host, basics, slotTable, specials, more);

  return {
    /** Show a new text (skipping the field that has focus, so typing is never interrupted). */
    update(next) {
      sheet = parseSheet(next);
      for (const { input, get } of fields.values()) {
        if (input === document.activeElement || !get) continue;
        if (input.type === "checkbox") input.checked = Boolean(get());
        else {
          const value = get();
          if (input.tagName === "SELECT" && value && ![...input.options].some((o) => o.value === value)) {
            input.append(el("option", { value, text: value }));
          }
          input.value = value;
        }
      }
    },
    /** Mark the fields on the lines of located problems (aria-invalid + the message as a title). */
    markProblems(problems) {
      for (const { input } of fields.values()) { input.removeAttribute("aria-invalid"); input.removeAttribute("title"); }
      const byLine = new Map();
      for (const [where, line] of Object.entries(sheet.lines || {})) {
        if (!byLine.has(line)) byLine.set(line, []);
        byLine.get(line).push(where);
      }
      for (const p of problems || []) {
        for (const where of byLine.get(p.line) || []) {
          for (const [key, { input }] of fields) {
            if (key === where || key.startsWith(`${where}.`)) {
              input.setAttribute("aria-invalid", "true");
              input.title = p.message;
            }
          }
        }
      }
    },
  };
}
