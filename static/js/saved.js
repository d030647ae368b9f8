// The saved-builds menu (a folded <details> beside the system picker): save either side, load into either side, delete, export, import.
// A store that cannot be read is reported and kept (export still offers it), never overwritten.
import { $, el, fill } from "./dom.js";
import { t } from "./i18n.js";
import { deleteBuild, discardUnreadable, exportText, importText, readStore, saveBuild } from "./storage.js";
import { download } from "./files.js";

let rulesetOf = () => null;
let setSide = () => {};

function problem(message, showDiscard = false) {
  const box = $("saved-problem");
  if (!message) { box.hidden = true; fill(box); return; }
  fill(box, el("span", { text: message }),
    showDiscard ? el("button", { type: "button", id: "saved-discard", text: t("savedDiscard"), onclick: () => {
      discardUnreadable(rulesetOf());
      render();
    } }) : null);
  box.hidden = false;
}

/** Re-read the store of the current system and show it. */
export function render() {
  const ruleset = rulesetOf();
  if (!ruleset) return;
  const store = readStore(ruleset);
  const list = $("saved-list");
  fill(list, store.builds.length
    ? store.builds.map((b, i) => el("option", { value: String(i), text: b.name }))
    : el("option", { value: "", text: t("savedNone") }));
  list.disabled = !store.builds.length;
  for (const id of ["saved-load-0", "saved-load-1", "saved-delete"]) $(id).disabled = !store.builds.length;
  $("saved-count").textContent = store.builds.length ? `(${store.builds.length})` : "";
  if (store.problem) {
    problem(`${t("savedUnreadable")} (${store.problem})`, store.raw !== null);
    $("saved-menu").open = true;  // a problem with the store is never hidden in a closed menu
  } else problem(null);
}

/** The saved builds of the current system (for the tournament view). */
export const savedBuilds = () => (rulesetOf() ? readStore(rulesetOf()).builds : []);

function chosen() {
  const store = readStore(rulesetOf());
  return store.builds[Number($("saved-list").value)] || null;
}

function defaultName(text) {
  const first = text.trim().split("\n")[0] || "build";
  const named = /^name:\s*(.+)$/i.exec(first);
  return (named ? named[1] : first).slice(0, 40);
}

function save(side) {
  const text = $(`build-${side}`).value;
  if (!text.trim()) return;
  const name = $("saved-name").value.trim() || defaultName(text);
  try {
    saveBuild(rulesetOf(), name, text);
    render();
    $("saved-list").value = String(readStore(rulesetOf()).builds.findIndex((b) => b.name === name));
    $("saved-status").value = `${t("savedSaved")}: ${name}`;
  } catch (error) {
    problem(String(error?.message || error));
  }
}

async function importFile(input) {
  const file = input.files?.[0];
  if (!file) return;
  try {
    const count = importText(rulesetOf(), await file.text());
    render();
    $("saved-status").value = `${t("savedImported")}: ${count}`;
  } catch (error) {
    problem(`${t("savedImportFailed")}: ${error?.message || error}`);
  } finally {
    input.value = "";
  }
}

/** Wire the panel; `ruleset()` gives the current system id, `load(side, text)` fills a side. */
export function initSaved({ ruleset, load }) {
  rulesetOf = ruleset;
  setSide = load;
  for (const side of [0, 1]) {
    $(`saved-save-${side}`).addEventListener("click", () => save(side));
    $(`saved-load-${side}`).addEventListener("click", () => { const b = chosen(); if (b) setSide(side, b.text); });
  }
  $("saved-delete").addEventListener("click", () => {
    const b = chosen();
    if (!b) return;
    try { deleteBuild(rulesetOf(), b.name); } catch (error) { problem(String(error?.message || error)); }
    render();
  });
  $("saved-export").addEventListener("click", () => download(`kassen-builds-${rulesetOf()}.json`, exportText(rulesetOf()), "application/json"));
  $("saved-import").addEventListener("change", (e) => importFile(e.target));
  // a menu: Escape or a click elsewhere folds it (a problem with the store keeps it open)
  const menu = $("saved-menu");
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); }
  });
  document.addEventListener("click", (e) => {
    if (menu.open && !menu.contains(e.target) && $("saved-problem").hidden) menu.open = false;
  });
  render();
}
