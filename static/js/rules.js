// Rules reference page: draws a system's specification (docs/rules/, cut into blocks with
// anchors by scripts/build_site.py through kassen.core.rulesdoc) as text, never as HTML.
// The hash is a system id (#skirmish) or a rule anchor (#skirmish-16.4, #marguerite-R8.5,
// #skirmish-16-D7): the page opens that system and scrolls to the rule.
import { $, el, fill } from "./dom.js";
import { BUILD } from "../vendor/build.mjs";
import { RULESETS } from "../vendor/rulesets.js";

let shown = null;

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
  if (first) node.append(" ", el("a", { class: "rule-link", href: `#${first}`, text: "¶", "aria-label": first }));
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

function render(blocks) {
  const out = [];
  let list = null;
  for (const block of blocks) {
    if (block.kind === "li") {
      if (!list) { list = el("ul"); out.push(list); }
      list.append(anchored(inline("li", block.text), block.anchors));
      continue;
    }
    list = null;
    if (block.kind === "pre") out.push(el("pre", {}, el("code", { text: block.text })));
    else if (block.kind === "table") out.push(table(block));
    else out.push(anchored(inline(/^h[2-6]$/.test(block.kind) ? block.kind : "p", block.text), block.anchors));
  }
  return out;
}

/** The system a hash names: "#dice" or "#dice-A7" → "dice". */
const systemOf = (hash) => BUILD.rules.find((id) => hash === id || hash.startsWith(`${id}-`));

async function show() {
  const hash = decodeURIComponent(location.hash.slice(1)) || "marguerite";
  const id = systemOf(hash);
  const main = $("rules");
  if (!id) {
    fill(main, el("p", { text: `No rules reference for "${hash}" in this build.` }));
    shown = null;
    return;
  }
  if (shown !== id) {
    const response = await fetch(new URL(`../vendor/rules/${id}.json`, import.meta.url));
    fill(main, render(await response.json()));
    shown = id;
    document.title = `${id} — Rules reference — Kassen 合戦`;
  }
  for (const old of main.querySelectorAll(".target")) old.classList.remove("target");
  const target = hash === id ? null : document.getElementById(hash);
  const node = target?.classList.contains("alias") ? target.parentElement : target;
  if (node) { node.classList.add("target"); node.scrollIntoView({ block: "start" }); }
  else window.scrollTo(0, 0);
  document.documentElement.dataset.rules = "ready";
}

/** The systems' links at the top, one per system the build has a reference for. */
function renderLinks() {
  fill(document.querySelector(".rules-links"), RULESETS.filter((r) => r.rules).map((r) =>
    el("li", {}, el("a", { href: `#${r.id}`, text: `${r.name_ja} (${r.id})` }))));
}

window.addEventListener("hashchange", show);
renderLinks();
show();
