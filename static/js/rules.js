// Rules reference page (issue 26): a system's specification in the reader's language
// (docs/rules/ and its Japanese edition docs/rules/ja/, cut into anchored blocks by
// scripts/build_site.py through kassen.rulesindex.doc), drawn as text, never as HTML.
// Japanese or English, switchable, remembered as the main page remembers it; a contents list
// per system; search by rule id or word; seed quotations name their source by title. The
// hash is a system id (#skirmish) or a rule anchor (#skirmish-16.4, #marguerite-R8.5,
// #skirmish-16-D7): the page opens that system and scrolls to the rule. When a file cannot be
// loaded it says so in words (static/js/rules-boot.js covers a page whose module cannot run).
import { $, el, fill } from "./dom.js";
import { initialLang, lang, onLangChange, setLang } from "./i18n.js";
import { fillOfflineCache, loadedUrls, registerServiceWorker } from "./offline.js";
import { BUILD } from "../vendor/build.mjs";
import { RULESETS } from "../vendor/rulesets.js";

const WORDS = {
  ja: {
    title: "ルール参照", systems: "ルールシステム", contents: "目次", search: "ルール番号や語で探す",
    go: "探す", hits: "{n}件見つかりました", many: "{n}件見つかりました（最初の{max}件）", none: "見つかりませんでした",
    jumped: "{id} を表示しています", loading: "読み込み中…",
    english: "この仕様の日本語版はまだありません。英語版を表示しています。",
    englishPart: "ここから先は日本語版がまだないため、英語版を表示しています。",
    source: "原文: 『{title}』（このサイトの仕様は原文を読み解き、足りない所を補ったものです。各ルールの [seed] は原文どおり、[inferred] は推定による読み、[designed] はこのサイトの設計です）",
    failed: "ルール資料（{id}）を読み込めませんでした。オフラインで、このページをまだ一度も開いていない可能性があります。",
    retry: "再試行", unknown: "「{hash}」のルール資料はこのビルドにありません。", link: "このルールへのリンク",
    placeholder: "例: R8.5、16.4、D7、ガード",
  },
  en: {
    title: "Rules reference", systems: "Rule systems", contents: "Contents", search: "Find by rule id or word",
    go: "Find", hits: "{n} found", many: "{n} found (first {max} shown)", none: "Nothing found",
    jumped: "Showing {id}", loading: "Loading…", english: "", englishPart: "",
    source: "Seed text: 『{title}』 (our specification reads it and completes what it leaves open; [seed] marks what it says, [inferred] a reading, [designed] this site's choice)",
    failed: "The rules reference ({id}) could not be loaded. You may be offline and have not opened this page before.",
    retry: "Try again", unknown: "No rules reference for \"{hash}\" in this build.", link: "Link to this rule",
    placeholder: "e.g. R8.5, 16.4, D7, ガード",
  },
};
const w = (key, args = {}) => (WORDS[lang()][key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ""));
const MAX_HITS = 60;
const docs = new Map();   // "<id>.<lang>" → Promise of the document
let shown = null;         // "<id>.<lang>" on screen
let current = null;       // the document on screen

/** Text with Markdown's inline **bold**, *emphasis* and `code` as elements (all as text). */
function inline(tag, text) {
  const node = el(tag);
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\*([^*\s][^*]*?)\*/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    node.append(text.slice(at, m.index));
    if (m[1] !== undefined) node.append(el("strong", { text: m[1] }));
    else if (m[2] !== undefined) node.append(el("code", { text: m[2] }));
    else node.append(el("em", { text: m[3] }));
    at = m.index + m[0].length;
  }
  node.append(text.slice(at));
  return node;
}

/** An element with the block's first anchor as its id; further anchors as empty spans. */
function anchored(node, anchors = []) {
  const [first, ...rest] = anchors;
  if (first) node.id = first;
  node.prepend(...rest.map((id) => el("span", { id, class: "alias" })));
  if (first) node.append(" ", el("a", { class: "rule-link", href: `#${first}`, text: "¶", "aria-label": `${w("link")} ${first.split("-").slice(1).join(" ")}` }));
  return node;
}

function table(block) {
  const [head = [], ...rows] = block.rows || [];
  return el("div", { class: "table-wrap" }, el("table", { class: "rules-table" },
    el("thead", {}, el("tr", {}, head.map((c) => { const th = inline("th", c); th.scope = "col"; return th; }))),
    el("tbody", {}, rows.map((row, i) => {
      const tr = el("tr", {}, row.map((c) => inline("td", c)));
      const ids = block.row_anchors?.[i] || [];
      if (ids.length) tr.firstChild.id = ids[0];
      for (const id of ids.slice(1)) tr.firstChild.prepend(el("span", { id, class: "alias" }));
      return tr;
    }))));
}

/** The blocks as elements; English blocks standing in for a translation say so once. */
function render(doc) {
  const out = [];
  let list = null;
  let english = false;
  doc.blocks.forEach((block, n) => {
    const standIn = doc.lang !== "en" && block.lang === "en";
    if (standIn && !english && out.length && w("englishPart")) out.push(el("p", { class: "rules-notice", text: w("englishPart") }));
    english = standIn;
    let node;
    if (block.kind === "li") {
      if (!list) { list = el("ul"); out.push(list); }
      node = anchored(inline("li", block.text), block.anchors);
      list.append(node);
    } else {
      list = null;
      if (block.kind === "pre") node = el("pre", {}, el("code", { text: block.text }));
      else if (block.kind === "table") node = table(block);
      else if (block.kind === "quote") node = el("blockquote", { class: "rules-quote", lang: "ja", text: block.text });
      else node = anchored(inline(/^h[2-6]$/.test(block.kind) ? block.kind : "p", block.text), block.anchors);
      out.push(node);
    }
    node.dataset.block = String(n);
    if (standIn) node.lang = "en";
  });
  return out;
}

/** The contents list: every numbered section and the numbered headings one level under it. */
function contents(doc) {
  const top = el("ol");
  const numbered = doc.blocks.filter((b) => b.anchors?.length && /^h[2-6]$/.test(b.kind));
  const level = Math.min(...numbered.map((b) => Number(b.kind[1])));
  let sub = null;
  for (const block of numbered) {
    const depth = Number(block.kind[1]) - level;
    if (depth > 1) continue;
    const item = el("li", {}, el("a", { href: `#${block.anchors[0]}`, text: block.text.replace(/\s*\[[^\]]*\]\s*/g, " ").trim() }));
    if (depth === 0) { top.append(item); sub = null; continue; }
    if (!sub) { sub = el("ol"); (top.lastChild || top).append(sub); }
    sub.append(item);
  }
  return [el("h2", { id: "rules-toc-title", text: w("contents") }), top];
}

function fetchDoc(id, code) {
  const key = `${id}.${code}`;
  if (!docs.has(key)) {
    docs.set(key, fetch(new URL(`../vendor/rules/${key}.json`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).catch((error) => { docs.delete(key); throw error; }));
  }
  return docs.get(key);
}

/** The system a hash names: "#dice" or "#dice-A7" → "dice". */
const systemOf = (hash) => BUILD.rules.find((id) => hash === id || hash.startsWith(`${id}-`));

function failed(main, id) {
  fill(main, el("p", { class: "bad rules-failed", text: w("failed", { id }) }),
    el("p", {}, el("button", { type: "button", text: w("retry"), onclick: () => { shown = null; show(); } })));
  document.documentElement.dataset.rules = "failed";
}

async function show() {
  const hash = decodeURIComponent(location.hash.slice(1)) || BUILD.rules[0] || "";
  const id = systemOf(hash);
  const main = $("rules");
  document.documentElement.dataset.rules ||= "loading";
  if (!id) {
    fill(main, el("p", { text: w("unknown", { hash }) }));
    $("rules-toc").hidden = true;
    shown = current = null;
    document.documentElement.dataset.rules = "ready";
    return;
  }
  const key = `${id}.${lang()}`;
  if (shown !== key) {
    if (!current || current.system !== id) fill(main, el("p", { class: "muted", text: w("loading") }));
    let doc;
    try { doc = await fetchDoc(id, lang()); } catch { failed(main, id); return; }
    if (`${id}.${lang()}` !== key) return;   // the language changed meanwhile
    const head = [];
    if (doc.lang !== "en" && !doc.blocks.some((b) => !b.lang)) head.push(el("p", { class: "rules-notice", text: w("english") }));
    if (doc.source?.title) head.push(el("p", { class: "rules-source", text: w("source", { title: doc.source.title }) }));
    fill(main, head, render(doc));
    fill($("rules-toc"), contents(doc));
    $("rules-toc").hidden = false;
    shown = key;
    current = doc;
    markSystem(id);
    search();
  }
  document.title = `${RULESETS.find((r) => r.id === id)?.[`name_${lang()}`] || id} — ${w("title")} — Kassen 合戦`;
  for (const old of main.querySelectorAll(".target")) old.classList.remove("target");
  const target = hash === id ? null : document.getElementById(hash);
  const node = target?.classList.contains("alias") ? target.parentElement : target;
  if (node) { node.classList.add("target"); node.scrollIntoView({ block: "start" }); }
  else if (hash === id) window.scrollTo(0, 0);
  openSection(id, hash);
  document.documentElement.dataset.rules = "ready";
}

/** Unfold the contents entry of the section a hash lies in (#skirmish-6.4 → 6). */
function openSection(id, hash) {
  const number = hash.slice(id.length + 1).match(/^R?(\d+)/)?.[1];
  for (const li of $("rules-toc").querySelectorAll("li")) {
    const open = Boolean(number) && li.firstChild?.getAttribute("href") === `#${id}-${number}`;
    li.classList.toggle("open", open);
    if (open) li.firstChild.setAttribute("aria-current", "location");
    else li.firstChild?.removeAttribute("aria-current");
  }
}

/** The systems' links at the top, one per system the build has a reference for. */
function renderLinks() {
  fill(document.querySelector(".rules-links"), RULESETS.filter((r) => r.rules).map((r) =>
    el("li", {}, el("a", { href: `#${r.id}`, dataset: { system: r.id }, text: lang() === "ja" ? r.name_ja : r.name_en }))));
  if (current) markSystem(current.system);
}

function markSystem(id) {
  for (const a of document.querySelectorAll(".rules-links a")) {
    if (a.dataset.system === id) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

const fold = (text) => String(text).normalize("NFKC").toLowerCase();

/** The anchor a typed rule id names in the system on screen ("R8.5", "§16.4", "D7", "16 D7"). */
function anchorFor(query) {
  if (!current) return null;
  const id = current.system;
  const bare = query.normalize("NFKC").trim().replace(/^§/, "").replace(/^#/, "");
  const tries = [bare, `${id}-${bare}`, `${id}-${bare.replace(/\s+/g, "-").replace(/§/g, "")}`];
  return tries.find((t) => t.startsWith(`${id}-`) && document.getElementById(t)) || null;
}

/** Search: a rule id jumps to that rule; words list the blocks that hold them. */
function search(jump = false) {
  const query = $("rules-search").value.trim();
  const hits = $("rules-hits");
  const count = $("rules-hits-count");
  if (!query || !current) { fill(hits); count.textContent = ""; return; }
  const elsewhere = query.normalize("NFKC").trim();
  if (jump && systemOf(elsewhere) && systemOf(elsewhere) !== current.system) {
    location.hash = `#${elsewhere}`;   // another system's anchor: "dice-A7"
    return;
  }
  const anchor = anchorFor(query);
  if (anchor && jump) {
    location.hash = `#${anchor}`;
    fill(hits);
    count.textContent = w("jumped", { id: anchor.split("-").slice(1).join(" ") });
    return;
  }
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found = [];
  let near = null;   // the nearest anchor above a block
  current.blocks.forEach((block) => {
    const own = block.anchors?.[0] || block.row_anchors?.find((a) => a.length)?.[0];
    if (own) near = own;
    const text = block.kind === "table" ? (block.rows || []).map((r) => r.join(" ")).join(" / ") : block.text;
    const folded = fold(text);
    if (words.every((x) => folded.includes(x)) && near) found.push({ anchor: near, text });
  });
  if (anchor) found.unshift({ anchor, text: document.getElementById(anchor)?.textContent || anchor });
  count.textContent = !found.length ? w("none")
    : found.length > MAX_HITS ? w("many", { n: found.length, max: MAX_HITS }) : w("hits", { n: found.length });
  fill(hits, found.slice(0, MAX_HITS).map((hit) => el("li", {},
    el("a", { href: `#${hit.anchor}`, text: hit.anchor.split("-").slice(1).join(" ") }), " ",
    el("span", { class: "muted", text: snippet(hit.text, words[0] || "") }))));
}

function snippet(text, word) {
  const plain = String(text).replace(/\*\*|`/g, "");
  const at = Math.max(0, fold(plain).indexOf(word) - 40);
  return (at ? "…" : "") + plain.slice(at, at + 120) + (plain.length > at + 120 ? "…" : "");
}

/** Static words of the page in the current language. */
function words() {
  $("rules-title").textContent = w("title");
  $("systems").setAttribute("aria-label", w("systems"));
  $("rules-search-label").textContent = w("search");
  $("rules-search").placeholder = w("placeholder");
  $("rules-search-go").textContent = w("go");
  $("rules-toc").setAttribute("aria-label", w("contents"));
}

function init() {
  document.documentElement.dataset.rules = "loading";
  setLang(initialLang());
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  onLangChange(() => { words(); renderLinks(); show(); });
  words();
  renderLinks();
  const form = $("rules-search-form");
  form.hidden = false;
  form.addEventListener("submit", (e) => { e.preventDefault(); search(true); });
  $("rules-search").addEventListener("input", () => search(false));
  window.addEventListener("hashchange", show);
  show();
  // offline: this page and every system's reference in both languages, cached with the app
  registerServiceWorker().then((registration) => {
    if (!registration) return;
    const data = BUILD.rules.flatMap((id) => ["ja", "en"].map((code) => `static/vendor/rules/${id}.${code}.json`));
    const base = new URL("../../", import.meta.url);
    return fillOfflineCache(BUILD.id, loadedUrls([location.href, ...data.map((p) => new URL(p, base).href)]));
  }).catch((error) => console.warn("offline cache not filled:", error));
}

init();
