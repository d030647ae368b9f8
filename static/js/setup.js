// The set-up area: system picker, two build editors with live validation, options, seed.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { initForms } from "./forms/index.js";
import { readPolicies, renderPolicies } from "./decide.js";

let api = null;
let rulesets = [];
const timers = [null, null];

const current = () => rulesets.find((r) => r.id === $("ruleset").value) || rulesets[0];

/** The chosen ruleset's description from the engine (or undefined before it is ready). */
export const currentRuleset = () => current();
const nameOf = (r) => (lang() === "ja" ? r.name_ja : `${r.name_ja} (${r.name_en})`);

/** Fill the picker from the engine's ruleset list (the placeholders go away). */
function renderPicker() {
  const picker = $("ruleset");
  if (!rulesets.length) return;  // keep the pre-rendered placeholders
  const chosen = picker.value;
  fill(picker, rulesets.map((r) => el("option", { value: r.id, text: nameOf(r) })));
  if (rulesets.some((r) => r.id === chosen)) picker.value = chosen;
}

function renderSamples() {
  const rs = current();
  for (const side of [0, 1]) {
    const select = $(`sample-${side}`);
    fill(select, el("option", { value: "", text: "—" }),
      (rs?.samples || []).map((s, i) => el("option", { value: String(i), text: s.name })));
    select.disabled = !rs?.samples?.length;
  }
}

// a choice is a plain value or {value, label_ja, label_en}
const choiceValue = (c) => (c && typeof c === "object" ? c.value : c);
const choiceText = (c) => (c && typeof c === "object" ? `${lang() === "ja" ? c.label_ja : c.label_en} (${c.value})` : String(c));

function optionControl(spec) {
  const id = `opt-${spec.key}`;
  const label = lang() === "ja" ? spec.label_ja : spec.label_en;
  let input;
  let presetList = null;
  if (spec.kind === "bool") {
    input = el("input", { id, type: "checkbox" });
    input.checked = Boolean(spec.default);
  } else if (Array.isArray(spec.choices) && spec.choices.length) {
    input = el("select", { id }, spec.choices.map((c) => el("option", {
      value: String(choiceValue(c)), text: choiceText(c) })));
    input.value = String(spec.default);
  } else if (spec.kind === "int" || spec.kind === "number") {
    input = el("input", { id, type: "number", min: spec.min ?? null, max: spec.max ?? null, step: 1 });
    input.value = String(spec.default ?? "");
  } else {
    // free text; presets (extra.presets) are offered through a datalist
    const presets = (Array.isArray(spec.extra?.presets) ? spec.extra.presets : []).filter((p) => p !== "");
    input = el("input", { id, type: "text", list: presets.length ? `${id}-presets` : null,
      placeholder: (lang() === "ja" ? spec.help_ja : spec.help_en) || null });
    input.value = spec.default ?? "";
    if (presets.length) presetList = el("datalist", { id: `${id}-presets` }, presets.map((p) => el("option", { value: p })));
  }
  input.dataset.key = spec.key;
  return el("div", { class: "option" },
    el("label", { for: id, text: label || spec.key }),
    input, presetList,
    el("span", { class: "rule", text: `${spec.key}${spec.rule ? ` — ${spec.rule}` : ""}` }));
}

function renderOptions() {
  const box = $("options");
  const specs = current()?.options || [];
  fill(box, el("legend", { "data-i18n": "options", text: t("options") }),
    specs.length ? specs.map(optionControl) : el("p", { class: "muted", text: t("noDefault") }));
}

/** Read the options form back into {key: value} with the spec's types. */
export function readOptions() {
  const out = {};
  for (const spec of current()?.options || []) {
    const input = $(`opt-${spec.key}`);
    if (!input) continue;
    if (spec.kind === "bool") out[spec.key] = input.checked;
    else if (Array.isArray(spec.choices) && spec.choices.length) out[spec.key] = input.value;
    else if (spec.kind === "int" || spec.kind === "number") out[spec.key] = Number(input.value);
    else out[spec.key] = input.value;
  }
  return out;
}

/** Validate one side now and show `line:column: message` problems. */
export async function validateSide(side) {
  if (!api || !current()) return;
  const area = $(`build-${side}`);
  const answer = await api.validate(current().id, area.value, lang(), JSON.stringify(readOptions()));
  const list = $(`problems-${side}`);
  area.setAttribute("aria-invalid", String(!answer.ok));
  fill(list, answer.ok
    ? el("li", { class: "ok", text: t("valid") })
    : (answer.problems || []).map((p) => el("li", { text: `${p.line}:${p.column}: ${p.message}` })));
  area.dispatchEvent(new CustomEvent("kassen:validated", { detail: answer }));  // form views follow
}

function scheduleValidate(side) {
  clearTimeout(timers[side]);
  timers[side] = setTimeout(() => validateSide(side), 250);
}

function useSample(side, index) {
  const sample = current()?.samples?.[index];
  if (!sample) return;
  $(`build-${side}`).value = sample.text;
  validateSide(side);
}

/** After a system change: samples, options, and the first two samples in the editors. */
export function selectRuleset(id) {
  if (id && rulesets.some((r) => r.id === id)) $("ruleset").value = id;
  renderSamples();
  renderOptions();
  renderPolicies(current());
  const samples = current()?.samples || [];
  if (samples.length) {
    useSample(0, 0);
    useSample(1, samples.length > 1 ? 1 : 0);
  }
}

/** Put a build text into one side (from a #b= link). */
export function setBuild(side, text) {
  $(`build-${side}`).value = text;
  validateSide(side);
}

/** The battle request the form describes. */
export function request() {
  const seed = $("seed").value.trim();
  return { ruleset: current().id, sides: [$("build-0").value, $("build-1").value],
    options: readOptions(), seed: seed || null, lang: lang(), policies: readPolicies(current()) };
}

/** Wire the set-up area to a ready engine. */
export function initSetup(engineApi, info) {
  api = engineApi;
  rulesets = info.rulesets || [];
  renderPicker();
  selectRuleset($("ruleset").value);
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
}

/** Re-render language-dependent parts. */
export function relabelSetup() {
  if (!api) return;
  const values = readOptions();
  renderPicker();
  renderOptions();
  renderPolicies(current());
  for (const [key, value] of Object.entries(values)) {
    const input = $(`opt-${key}`);
    const spec = current().options.find((o) => o.key === key);
    if (!input || !spec) continue;
    if (spec.kind === "bool") input.checked = value;
    else if (Array.isArray(spec.choices) && spec.choices.length) input.value = String(value);
    else input.value = String(value);
  }
  validateSide(0);
  validateSide(1);
}
