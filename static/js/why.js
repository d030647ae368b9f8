// "Why did that happen?" (issues 16, 26): a control on every log line and on the current beat
// opens a panel with the rule behind it, in the reader's language: the rule id the event
// carries, that rule's text from the project's rules reference (its Japanese edition for a
// Japanese reader; the English text with a notice where a rule has none yet), the seed's own
// sentence named by the seed's title, the provenance ([seed] / [inferred] / [designed] / a
// source), and the rule options that govern it with their value in this battle in words and
// a link that opens each in the set-up.
// The rule index is made at build time (scripts/build_site.py → rules/why-<id>.json) and
// fetched on the first "why" of a system, so neither the engine's start-up nor the page's
// carries it. Everything is drawn as text.
import { el, fill } from "./dom.js";
import { lang } from "./i18n.js";
import { revealOption } from "./options.js";
import { hasSums, sumBlock } from "./sums.js";

const WORDS = {
  ja: {
    why: "なぜ？", whyRule: "なぜ？ ルール {rule}", beat: "この場面のルール", close: "閉じる",
    title: "ルール {rule}", spec: "ルール", seed: "原文", place: "出典の位置", line: "{line}行目",
    english: "この規則の日本語版はまだありません。英語の仕様を示します。",
    how: { quoted: "仕様が引用する一文", name: "この項目を名指しする一文", terms: "用語の一致する最も近い一文" },
    ref: "ルール資料で開く", option: "このルールを決めるオプション", value: "この戦闘の値",
    defaultIs: "既定値", on: "はい", off: "いいえ", open: "設定で開く", missing: "ルール資料にこの規則の項目がありません",
    loading: "読み込み中…", failed: "ルールの索引を読み込めませんでした", none: "この場面にルールの付いた出来事はありません",
    more: "続きを読む", sums: "数値の内訳",
    tags: { seed: "[seed] 原文どおり", inferred: "[inferred] 推定による読み", designed: "[designed] このサイトの設計",
      source: "[source:{name}] 別の資料", untagged: "出典の印なし" },
  },
  en: {
    why: "Why?", whyRule: "Why? Rule {rule}", beat: "The rules of this beat", close: "Close",
    title: "Rule {rule}", spec: "Specification", seed: "Seed text (Japanese original)", place: "place", line: "line {line}",
    english: "", how: { quoted: "the sentence the specification quotes", name: "the sentence naming this entry",
      terms: "the closest sentence by its Japanese terms" },
    ref: "Open in the rules reference", option: "Option governing this rule", options: "Options governing this rule", value: "in this battle",
    defaultIs: "default", on: "on", off: "off", open: "Open in the set-up", missing: "the rules reference has no entry for this rule",
    loading: "Loading…", failed: "The rule index could not be loaded", none: "No event of this beat carries a rule",
    more: "Read on", sums: "How this number adds up",
    tags: { seed: "[seed] as the seed says", inferred: "[inferred] a reading", designed: "[designed] this site's choice",
      source: "[source:{name}] another source", untagged: "not tagged" },
  },
};
const w = (key) => WORDS[lang()]?.[key] ?? WORDS.en[key];
const indexes = new Map();   // ruleset → Promise of its index
let panel = null;
let opener = null;           // the control that opened the panel (focus returns to it)

/** The rule index of a system (fetched once, unless given: a replay file carries its own). */
export function indexFor(ruleset, given = null) {
  if (given) indexes.set(ruleset, Promise.resolve(given));
  if (!indexes.has(ruleset)) {
    const url = new URL(`../vendor/rules/why-${ruleset}.json`, import.meta.url);
    indexes.set(ruleset, fetch(url).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).catch((err) => { indexes.delete(ruleset); throw err; }));
  }
  return indexes.get(ruleset);
}

/** Markdown's inline marks removed: the panel shows plain text. */
const plain = (text) => String(text).replace(/\*\*|`/g, "").replace(/(^|\s)\*([^*\s][^*]*?)\*/g, "$1$2");

/** Option keys the rule text names in code marks (`damage_roll_per_target`,
 * `original_right_loss = "next_only"`) as the option's name and value in words. */
function worded(text, options = {}) {
  return String(text).replace(/`([A-Za-z_][A-Za-z0-9_]*)(?:\s*=\s*"?([^`"]*)"?)?`/g, (whole, key, value) => {
    const option = options[key];
    if (!option) return whole;
    const ja = lang() === "ja";
    const name = ja ? `「${option.label_ja || option.label_en}」` : `“${option.label_en || option.label_ja}”`;
    if (value === undefined || value === "") return name;
    const known = (option.choices || []).some((c) => String(c.value) === value) || /^(true|false)$/.test(value);
    const shown = choiceText(option, value === "true" ? true : value === "false" ? false : value);
    return known ? `${name}${ja ? "＝" : " = "}${shown}` : name;
  });
}

function tagChip(tag) {
  const kind = tag.startsWith("source:") ? "source" : tag;
  const name = tag.slice(7);
  const text = (w("tags")[kind] ?? tag).replace(name ? "{name}" : ":{name}", name);
  return el("span", { class: `why-tag why-tag-${kind}`, text });
}

function choiceText(option, value) {
  if (typeof value === "boolean") return w(value ? "on" : "off");
  const c = (option.choices || []).find((x) => String(x.value) === String(value));
  const label = c ? (lang() === "ja" ? c.label_ja : c.label_en) : "";
  return label || String(value);
}

function optionRow(option, battle) {
  const current = battle?.options && Object.hasOwn(battle.options, option.key)
    ? battle.options[option.key] : option.default;
  const label = (lang() === "ja" ? option.label_ja : option.label_en) || option.label_en || option.label_ja;
  const link = el("a", { href: "#options", class: "why-open", text: w("open"),
    onclick: (e) => { e.preventDefault(); closeWhy(false); revealOption(option.key); } });
  return el("li", { class: "why-option", dataset: { key: option.key } },
    el("span", { class: "why-option-name", text: label }), el("br"),
    el("span", { class: "why-option-value", text: `${w("value")}: ${choiceText(option, current)}` }),
    String(current) === String(option.default) ? null
      : el("span", { class: "muted", text: ` (${w("defaultIs")}: ${choiceText(option, option.default)})` }),
    " ", link);
}

/** Where a seed quote stands: the seed's title and its heading or line (never a file). */
function seedPlace(seed) {
  const at = seed.line != null ? w("line").replace("{line}", seed.line) : seed.section ? `「${seed.section}」` : seed.place || "";
  if (!seed.title) return at;
  return lang() === "ja" ? `『${seed.title}』${at}` : `『${seed.title}』, ${at}`;
}

function seedBlock(seed) {
  const how = seed.reviewed ? null : w("how")[seed.how];
  return el("figure", { class: "why-seed" },
    el("blockquote", { lang: "ja", text: seed.quote }),
    el("figcaption", {}, `${w("seed")} — `, el("span", { lang: "ja", text: seedPlace(seed) }), how ? ` · ${how}` : ""));
}

/** A part's text in the reader's language: its first line shown, the list under it folded
 * when long. A Japanese reader of a rule without Japanese text gets the English, marked. */
function specText(part, options) {
  const ja = lang() === "ja" && part.text_ja;
  const text = plain(worded(ja ? part.text_ja : part.text, options));
  const code = ja ? "ja" : "en";
  const [first, ...rest] = text.split("\n");
  const more = rest.join("\n");
  const head = el("p", { class: "why-text", lang: code, text: more.length > 160 ? first : text });
  if (more.length <= 160) return head;
  return el("div", {}, head, el("details", { class: "why-more" }, el("summary", { text: w("more") }),
    el("p", { class: "why-text", lang: code, text: more })));
}

/** One rule's section of the panel. */
function ruleSection(rule, index, battle, headingId) {
  const entry = index?.rules?.[rule];
  const head = el("h3", { id: headingId, class: "why-rule" }, el("span", { class: "why-id", text: rule }));
  if (!entry) {
    return el("section", { class: "why-entry" }, head, el("p", { class: "muted", text: w("missing") }),
      el("p", { class: "why-refs" }, el("a", { href: `rules.html#${battle.ruleset}`, target: "_blank",
        rel: "noopener", text: w("ref") })));
  }
  const parts = entry.parts.map((n) => index.parts[n]);
  const ja = lang() === "ja";
  const tags = entry.tags.length ? entry.tags.map(tagChip) : [tagChip("untagged")];
  const text = parts.map((p) => specText(p, index.options));
  const refs = parts.map((p) => el("a", { href: `rules.html#${p.anchor}`, target: "_blank", rel: "noopener",
    class: "why-ref", text: `${w("ref")} (${p.anchor.split("-").slice(1).join(" ")})` }));
  const options = entry.options.map((k) => index.options[k]).filter(Boolean);
  const english = ja && parts.some((p) => !p.text_ja);
  return el("section", { class: "why-entry" }, head,
    el("p", { class: "why-tags" }, tags),
    ja && entry.seed ? seedBlock(entry.seed) : null,
    ja ? el("h4", { text: w("spec") }) : null,
    english ? el("p", { class: "why-note", text: w("english") }) : null,
    text,
    !ja && entry.seed ? seedBlock(entry.seed) : null,
    options.length ? el("h4", { text: w(options.length > 1 && !ja ? "options" : "option") }) : null,
    options.length ? el("ul", { class: "why-options" }, options.map((o) => optionRow(o, battle))) : null,
    el("p", { class: "why-refs" }, refs));
}

function ensurePanel() {
  if (panel) return panel;
  panel = el("div", { id: "why-panel", class: "why-panel", role: "dialog", "aria-modal": "false",
    "aria-labelledby": "why-title", hidden: true, tabindex: "-1" });
  panel.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeWhy(); }
  });
  document.body.append(panel);
  return panel;
}

/** Close the panel; focus goes back to the control that opened it. */
export function closeWhy(refocus = true) {
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  if (refocus && opener?.isConnected) opener.focus();
}

/** The breakdowns of `events` (those that explain a number), each under its log line. */
function sumBlocks(battle, events, lines) {
  return events.map((e, i) => {
    const onRule = (rule) => openWhy(battle, [rule], w("title").replace("{rule}", rule), opener);
    const block = hasSums(e) ? sumBlock(e, battle.sum_labels, lang(), onRule) : null;
    if (block && lines?.[i] && events.length > 1) block.prepend(el("p", { class: "sum-line", text: lines[i] }));
    return block;
  }).filter(Boolean);
}

/** Open the panel for some rule ids of a battle (a log line's one, or a beat's), with the
 * breakdowns of the numbers its events report (`events`, their log lines `lines`). */
export async function openWhy(battle, rules, title, from = null, events = [], lines = []) {
  const box = ensurePanel();
  opener = from;
  const close = el("button", { type: "button", class: "why-close", "aria-label": w("close"), text: "×",
    onclick: () => closeWhy() });
  const body = el("div", { class: "why-body" }, el("p", { class: "muted", text: w("loading") }));
  fill(box, el("div", { class: "why-head" }, el("h2", { id: "why-title", text: title }), close), body);
  box.hidden = false;
  box.focus();
  let index = null;
  try { index = await indexFor(battle.ruleset); } catch { fill(body, el("p", { class: "bad", text: w("failed") })); return; }
  if (box.hidden) return;
  const sums = sumBlocks(battle, events, lines);
  fill(body, sums, rules.length ? rules.map((r, i) => ruleSection(r, index, battle, `why-r${i}`))
    : sums.length ? null : el("p", { class: "muted", text: w("none") }));
}

/** The "why" control of one log line (nothing when its event carries neither a rule nor a
 * breakdown of a number). */
export function whyButton(battle, event) {
  const rule = event?.rule;
  if (!rule && !hasSums(event)) return null;
  const label = rule ? w("whyRule").replace("{rule}", rule) : w("sums");
  const button = el("button", { type: "button", class: "why-btn", "aria-label": label, title: label,
    dataset: { rule: rule || "" } });  // its "?" is drawn by CSS: the line's text stays the line's
  button.addEventListener("click", () => {
    const line = button.closest("li")?.querySelector(".log-text")?.textContent;
    openWhy(battle, rule ? [rule] : [], line || (rule ? w("title").replace("{rule}", rule) : w("sums")),
      button, [event]);
  });
  return button;
}

/** The distinct rule ids of steps first..last, in order. */
export function beatRules(battle, first, last) {
  const out = [];
  for (let i = first; i <= last; i++) {
    for (const e of battle.steps[i]?.events || []) if (e.rule && !out.includes(e.rule)) out.push(e.rule);
  }
  return out;
}

/** Wire the beat's "why" button: `beat()` says which battle and steps are on the board. */
export function initWhy(button, beat) {
  const label = () => { button.textContent = w("why"); button.setAttribute("aria-label", w("beat")); };
  label();
  button.addEventListener("click", () => {
    const { battle, first, last } = beat();
    if (!battle) return;
    const events = [];
    const lines = [];
    for (let i = first; i <= last; i++) {
      const step = battle.steps[i];
      (step?.events || []).forEach((e, k) => {
        if (hasSums(e)) { events.push(e); lines.push((step.text?.[lang()] || [])[k] || ""); }
      });
    }
    openWhy(battle, beatRules(battle, first, last), w("beat"), button, events, lines);
  });
  document.addEventListener("pointerdown", (e) => {
    if (panel && !panel.hidden && !panel.contains(e.target) && !e.target.closest?.(".why-btn, #why-beat")) closeWhy(false);
  });
  return label;
}
