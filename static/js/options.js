// The "Rule options" section of the set-up: one folded <details> that says how many options
// differ from their defaults, filters them by name, key or rule number, marks the changed
// ones, links each to its rule in the rules reference and resets them all to the defaults.
// Every option shows its name and values in the reader's language (issue 26): its key and raw
// values are what records and links carry, never what a reader sees.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { BUILD } from "../vendor/build.mjs";

let specsOf = () => [];
let rulesetId = () => null;
let onChange = () => {};

const WORDS = {
  ja: { rule: "ルール {rule}", yes: "はい", no: "いいえ", none: "（なし）", sep: "、", eq: "＝",
    allDefault: "ルールオプション: すべて既定値", changed: "ルールオプション（既定と違うもの）: ", edit: "変更する" },
  en: { rule: "rule {rule}", yes: "yes", no: "no", none: "(none)", sep: "; ", eq: " = ",
    allDefault: "Rule options: all at their defaults", changed: "Rule options not at their default: ", edit: "change" },
};
const word = (key) => WORDS[lang() === "en" ? "en" : "ja"][key];

// a choice is a plain value or {value, label_ja, label_en}
const choiceValue = (c) => (c && typeof c === "object" ? c.value : c);
const choiceText = (c) => (c && typeof c === "object"
  ? (lang() === "ja" ? c.label_ja : c.label_en) || c.label_en || c.label_ja || String(c.value) : String(c));
const hasChoices = (spec) => Array.isArray(spec.choices) && spec.choices.length > 0;
const labelOf = (spec) => (lang() === "ja" ? spec.label_ja : spec.label_en) || spec.label_en || spec.label_ja;

/** An option's value as a reader sees it: a choice's label, yes/no, the number or text. */
export function valueText(spec, value) {
  if (spec.kind === "bool" || typeof value === "boolean") return word(value ? "yes" : "no");
  if (hasChoices(spec)) return choiceText(spec.choices.find((c) => String(choiceValue(c)) === String(value)) ?? value);
  return value === "" || value === null || value === undefined ? word("none") : String(value);
}

/** The value an option's control holds, with the spec's type. */
function valueOf(spec, input) {
  if (spec.kind === "bool") return input.checked;
  if (hasChoices(spec)) return input.value;
  if (spec.kind === "int" || spec.kind === "number") return Number(input.value);
  return input.value;
}

function setValue(spec, input, value) {
  if (spec.kind === "bool") input.checked = Boolean(value);
  else input.value = String(value ?? "");
}

const isDefault = (spec, value) => String(value) === String(spec.default ?? "");

function ruleLink(spec) {
  const anchor = BUILD.optionAnchors?.[rulesetId()]?.[spec.key]?.[0];
  if (!spec.rule && !anchor) return null;
  const text = word("rule").replace("{rule}", spec.rule || anchor.split("-").slice(1).join(" "));
  return anchor
    ? el("a", { class: "rule", href: `rules.html#${anchor}`, target: "_blank", rel: "noopener", text })
    : el("span", { class: "rule", text });
}

function control(spec) {
  const id = `opt-${spec.key}`;
  let input;
  let presetList = null;
  if (spec.kind === "bool") {
    input = el("input", { id, type: "checkbox" });
  } else if (hasChoices(spec)) {
    input = el("select", { id }, spec.choices.map((c) => el("option", {
      value: String(choiceValue(c)), text: choiceText(c) })));
  } else if (spec.kind === "int" || spec.kind === "number") {
    input = el("input", { id, type: "number", min: spec.min ?? null, max: spec.max ?? null, step: 1 });
  } else {
    // free text; presets (extra.presets) are offered through a datalist
    const presets = (Array.isArray(spec.extra?.presets) ? spec.extra.presets : []).filter((p) => p !== "");
    input = el("input", { id, type: "text", list: presets.length ? `${id}-presets` : null,
      placeholder: (lang() === "ja" ? spec.help_ja : spec.help_en) || null });
    if (presets.length) presetList = el("datalist", { id: `${id}-presets` }, presets.map((p) => el("option", { value: p })));
  }
  setValue(spec, input, spec.default);
  input.dataset.key = spec.key;
  input.addEventListener("change", () => { mark(); onChange(); });
  const defaultText = valueText(spec, spec.default);
  return el("div", { class: "option", dataset: { key: spec.key } },
    el("label", { for: id }, el("span", { class: "changed-mark", text: `● ${t("opt.changed")} ` }), labelOf(spec)),
    input, presetList, ruleLink(spec),
    el("span", { class: "default-note", text: `${t("opt.default")}: ${defaultText}` }));
}

/** Mark the options that differ from their defaults and count them in the summary. */
function mark() {
  let changed = 0;
  for (const spec of specsOf()) {
    const input = $(`opt-${spec.key}`);
    if (!input) continue;
    const differs = !isDefault(spec, valueOf(spec, input));
    input.closest(".option").classList.toggle("changed", differs);
    changed += differs ? 1 : 0;
  }
  const total = specsOf().length;
  $("options-count").textContent = changed
    ? t("opt.count").replace("{n}", changed).replace("{total}", total)
    : t("opt.allDefault").replace("{total}", total);
  $("options-reset").disabled = changed === 0;
  $("options").classList.toggle("has-changes", changed > 0);
  summarize();
}

/** The options a tournament or the build lab plays under (`.options-summary` lines in their
 * sections): the changed ones by name and value in words, each linked to its rule. */
function summarize() {
  const values = readOptions();
  const changed = specsOf().filter((spec) => Object.hasOwn(values, spec.key) && !isDefault(spec, values[spec.key]));
  for (const line of document.querySelectorAll(".options-summary")) {
    if (!specsOf().length) { fill(line); continue; }
    const items = changed.map((spec, i) => {
      const anchor = BUILD.optionAnchors?.[rulesetId()]?.[spec.key]?.[0];
      const name = lang() === "en" ? `“${labelOf(spec)}”` : `「${labelOf(spec)}」`;
      return [i ? word("sep") : "", anchor ? el("a", { href: `rules.html#${anchor}`, target: "_blank", rel: "noopener", text: name }) : name,
        `${word("eq")}${valueText(spec, values[spec.key])}`];
    });
    fill(line, changed.length ? word("changed") : word("allDefault"), items.flat(), " ",
      el("a", { href: "#options", text: `(${word("edit")})`, onclick: (e) => {
        e.preventDefault(); $("options").open = true; $("options").scrollIntoView({ block: "start" });
        $("options-filter").focus(); } }));
  }
}

/** Show only the options whose label, key (or a former key, issue 28) or rule reference
 * contains the filter text. */
function applyFilter() {
  const needle = $("options-filter").value.trim().toLowerCase();
  // a number in the filter is a whole number: "D2" finds D2, not D28 ("R8" still finds R8.5)
  const pattern = new RegExp(`${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![0-9])`);
  let shown = 0;
  for (const spec of specsOf()) {
    const box = $(`opt-${spec.key}`)?.closest(".option");
    if (!box) continue;
    const hay = [spec.key, ...(spec.aliases || []), spec.label_ja, spec.label_en, spec.rule]
      .join(" ").toLowerCase();
    box.hidden = Boolean(needle) && !pattern.test(hay);
    shown += box.hidden ? 0 : 1;
  }
  $("options-none").hidden = shown > 0 || !specsOf().length;
}

/** Draw the options of the current system (values kept by key when `keep` is given). */
export function renderOptions(keep = null) {
  const specs = specsOf();
  fill($("options-list"), specs.length ? specs.map(control) : el("p", { class: "muted", text: t("noDefault") }));
  if (keep) setOptions(keep, false);
  $("options-filter").placeholder = t("opt.filter");
  $("options-filter").setAttribute("aria-label", t("opt.filter"));
  $("options-reset").textContent = t("opt.reset");
  $("options-none").textContent = t("opt.none");
  mark();
  applyFilter();
}

/** Read the options form back into {key: value} with the spec's types. */
export function readOptions() {
  const out = {};
  for (const spec of specsOf()) {
    const input = $(`opt-${spec.key}`);
    if (input) out[spec.key] = valueOf(spec, input);
  }
  return out;
}

/** Put values (a record's options) into the form; unknown keys are ignored. */
export function setOptions(values, notify = true) {
  for (const spec of specsOf()) {
    const input = $(`opt-${spec.key}`);
    if (input && values && Object.hasOwn(values, spec.key)) setValue(spec, input, values[spec.key]);
  }
  mark();
  if (notify) onChange();
}

/** Open the section on one option ("why" panels link here): unfold, filter to its key,
 * scroll to it and focus its control. Returns whether the option is in the set-up. */
export function revealOption(key) {
  const input = $(`opt-${key}`);
  if (!input) return false;
  $("options").open = true;
  $("options-filter").value = key;
  applyFilter();
  const box = input.closest(".option");
  box.classList.add("flash");
  setTimeout(() => box.classList.remove("flash"), 2000);
  box.scrollIntoView({ block: "center" });
  input.focus({ preventScroll: true });
  return true;
}

/** Wire the section. deps: {specs() -> option specs, ruleset() -> id, changed() after edits}. */
export function initOptions({ specs, ruleset, changed }) {
  specsOf = specs;
  rulesetId = ruleset;
  onChange = changed;
  $("options-filter").addEventListener("input", applyFilter);
  $("options-reset").addEventListener("click", () => {
    setOptions(Object.fromEntries(specsOf().map((s) => [s.key, s.default])));
  });
}
