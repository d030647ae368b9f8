// Rules reference page: shows the bundled specification (Markdown) of the ruleset in the hash,
// as text (headings, lists, paragraphs, code blocks); never as HTML.
import { $, el, fill } from "./dom.js";
import { BUILD } from "../vendor/build.mjs";

function render(markdown) {
  const out = [];
  let code = null;
  let list = null;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      if (code) { out.push(el("pre", {}, el("code", { text: code.join("\n") }))); code = null; }
      else code = [];
      continue;
    }
    if (code) { code.push(line); continue; }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      if (!list) { list = el("ul"); out.push(list); }
      list.append(el("li", { text: item[1] }));
      continue;
    }
    list = null;
    if (heading) out.push(el(`h${Math.min(6, heading[1].length + 1)}`, { text: heading[2] }));
    else if (line.trim()) out.push(el("p", { text: line }));
  }
  return out;
}

async function show() {
  const id = location.hash.slice(1) || "marguerite";
  const main = $("rules");
  if (!BUILD.rules.includes(id)) {
    fill(main, el("p", { text: `No bundled specification for "${id}" in this build.` }));
    return;
  }
  const response = await fetch(new URL(`../vendor/rules/${id}.md`, import.meta.url));
  fill(main, render(await response.text()));
}

window.addEventListener("hashchange", show);
show();
