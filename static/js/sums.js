// The sum behind a number (issue 16): an event's `values.sums` ({value key: terms}, see
// pysrc/kassen/core/sums.py) drawn as a small table, in the reader's language, from the
// battle payload's `sum_labels` words. Terms fold left to right; a nested term list is a
// parenthesised part, drawn indented under its row. Everything is drawn as text.
import { el } from "./dom.js";

const OPS = {
  ja: { "=": "", "+": "＋", "-": "−", "*": "×", "/": "÷", "//": "÷ 切り捨て", "ceil/": "÷ 切り上げ",
    max: "下限", min: "上限", floor: "切り捨て", ceil: "切り上げ", round: "四捨五入", note: "" },
  en: { "=": "", "+": "+", "-": "−", "*": "×", "/": "÷", "//": "÷ rounded down", "ceil/": "÷ rounded up",
    max: "at least", min: "at most", floor: "rounded down", ceil: "rounded up", round: "rounded half up", note: "" },
};
const WORDS = { ja: { title: "数値の内訳", result: "結果" }, en: { title: "How the numbers add up", result: "result" } };

/** The sums an event carries ({} when none). */
export const sumsOf = (event) => {
  const sums = event?.values?.sums;
  return sums && typeof sums === "object" && !Array.isArray(sums) ? sums : {};
};

/** Does this event explain any number? */
export const hasSums = (event) => Object.keys(sumsOf(event)).length > 0;

function word(labels, key, lang) {
  const w = labels?.[key];
  return (w && (w[lang] || w.en)) || "…";
}

function shown(value) {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(+value.toPrecision(12));
  return String(value ?? "");
}

function rows(terms, labels, lang, depth) {
  const out = [];
  for (const t of Array.isArray(terms) ? terms : []) {
    const [op, label, value, rule] = t;
    const nested = Array.isArray(value);
    const unary = ["floor", "ceil", "round"].includes(op);
    out.push(el("tr", { class: `sum-row sum-op-${op === "=" ? "start" : "term"}`, dataset: { depth } },
      el("td", { class: "sum-op", text: (OPS[lang] || OPS.en)[op] ?? op }),
      el("td", { class: "sum-label", text: word(labels, label, lang) }),
      el("td", { class: "sum-value", text: nested || unary ? "" : shown(value) }),
      el("td", { class: "sum-rule", text: rule ? String(rule) : "" })));
    if (nested) out.push(...rows(value, labels, lang, depth + 1));
  }
  return out;
}

/** The breakdown block of one event (null when it explains nothing). */
export function sumBlock(event, labels, lang) {
  const sums = sumsOf(event);
  const keys = Object.keys(sums);
  if (!keys.length) return null;
  const w = WORDS[lang] || WORDS.en;
  return el("section", { class: "why-sums" }, el("h3", { text: w.title }),
    keys.map((key) => el("table", { class: "sum-table", dataset: { key } },
      el("caption", { text: `${word(labels, key, lang)} = ${shown(event.values[key])}` }),
      el("tbody", {}, rows(sums[key], labels, lang, 0),
        el("tr", { class: "sum-total" }, el("td", { text: "=" }),
          el("td", { text: w.result }), el("td", { class: "sum-value", text: shown(event.values[key]) }), el("td"))))));
}
