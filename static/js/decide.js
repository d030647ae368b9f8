// A person plays a side: per-side "AI policy / a person" selectors in the set-up, and the
// decision panel that offers exactly the engine's legal options when an answer is `pending`.
// Generic over rulesets; a ruleset view may export optionLabel(option, pending, ctx) and
// decisionTitle(pending, ctx) for nicer labels. A pending answer's steps run up to the
// decision (the engine's partial turn, from `partial_from`), so the board shows that moment.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { viewFor } from "./views/index.js";
import { currentBattle, currentIndex, jump, onShow } from "./battle.js";

let hooks = null;  // {api, showBattle, notify, play} (+ jump, from battle.js)
let rulesets = [];
let busy = false;
let lastOffer = null;  // the arguments of the open panel, to relabel it
let gameHooks = null;  // {decide, show}: a game between people decides through game.js

/** Let game.js answer the decisions of a game between people (an answer with `game`). */
export const setGameHooks = (h) => { gameHooks = h; };

const PERSON = "";

// -- set-up ------------------------------------------------------------------------------------
/** Put (or refresh) the per-side policy selector in each side's fieldset; none without policies. */
export function renderPolicies(ruleset) {
  const names = ruleset?.policies || [];
  for (const fieldset of document.querySelectorAll("fieldset.side[data-side]")) {
    const side = fieldset.dataset.side;
    let box = fieldset.querySelector(".policy-row");
    const kept = box?.querySelector("select")?.value;
    if (!names.length) { box?.remove(); continue; }
    if (!box) {
      box = el("div", { class: "policy-row" });
      fieldset.querySelector("legend")?.after(box);
    }
    const select = el("select", { id: `policy-${side}`, class: "policy", "data-side": side },
      names.map((n) => el("option", { value: n,
        text: `${t("policy.ai")}: ${ruleset.policy_labels?.[n]?.[lang()] ?? n}` })),
      el("option", { value: PERSON, text: t("policy.person") }));
    if (kept !== undefined && [...select.options].some((o) => o.value === kept)) select.value = kept;
    fill(box, el("label", { for: `policy-${side}`, text: t("policy") }), select);
  }
}

/** The request's `policies` ([name | null, …]) or undefined when the ruleset has none. */
export function readPolicies(ruleset) {
  if (!ruleset?.policies?.length) return undefined;
  return [...document.querySelectorAll("select.policy")]
    .sort((a, b) => Number(a.dataset.side) - Number(b.dataset.side))
    .map((s) => (s.value === PERSON ? null : s.value));
}

// -- the decision panel ----------------------------------------------------------------------
function panel() {
  let box = $("decide");
  if (!box) {
    box = el("section", { id: "decide", class: "decide", "aria-labelledby": "decide-h", hidden: true });
    $("board").before(box);
  }
  return box;
}

function requestFrom(answer, choices) {
  const r = answer.record;
  return { ruleset: r.ruleset, sides: r.sides, options: r.options, seed: r.seed,
    policies: r.policies, choices, lang: lang() };
}

/** Show an engine answer; with `pending`, offer the legal options once the board shows the
 * moment of the decision (until then the panel waits, with "skip to my decision"). */
export async function present(answer, start = 0) {
  const box = panel();
  lastOffer = null;
  if (!answer.pending) {
    box.hidden = true;
    fill(box);
    await hooks.showBattle(answer, start);
    if (start > 0) hooks.play();
    return;
  }
  const view = await viewFor(answer.ruleset).catch(() => null);
  const last = Math.max(0, answer.steps.length - 1);
  const at = start > 0 ? Math.min(start, last) : last;
  lastOffer = [box, answer, answer, view];
  box.dataset.state = "";
  await hooks.showBattle(answer, at);
  sync(true);
  if (at < last) hooks.play();
}

/** The panel follows the board: options at the decision's step, "waiting" before it. */
function sync(focus = false) {
  if (!lastOffer || busy) return;
  const [box, answer] = lastOffer;
  if (currentBattle() !== answer) return;
  const atDecision = currentIndex() >= answer.steps.length - 1;
  if (atDecision && box.dataset.state !== "offer") offer(...lastOffer, focus || box.dataset.state === "wait");
  else if (!atDecision && box.dataset.state !== "wait") waitFor(box, answer);
}

function waitFor(box, answer) {
  const side = t(answer.pending.side === 0 ? "sideA" : "sideB");
  fill(box,
    el("h3", { id: "decide-h", text: `${t("decide.title")} — ${side}` }),
    el("p", { id: "decide-q", class: "decide-q muted", text: t("decide.boardBehind") }),
    el("button", { type: "button", class: "decide-skip", text: t("decide.skip"),
      onclick: () => hooks.jump(answer.steps.length - 1) }));
  box.hidden = false;
  box.dataset.state = "wait";
}

const KEYS = [..."1234567890abcdefghijklmnopqrstuvwxyz"];

/** Which side's units an option names: "enemy", "ally", "self" or "" (none). */
function whoOf(option, pending, names) {
  const ids = String(typeof option === "string" ? option : JSON.stringify(option))
    .split(/[^0-9.]+/).filter((tok) => Object.hasOwn(names, tok));
  if (!ids.length) return "";
  const actor = pending.context?.actor ?? pending.context?.unit;
  if (ids.some((id) => Number(id.split(".")[0]) !== pending.side)) return "enemy";
  return ids.every((id) => id === actor) ? "self" : "ally";
}
const RANK = { enemy: 0, "": 1, self: 2, ally: 3 };

function offer(box, answer, shown, view, focus = true) {
  lastOffer = [box, answer, shown, view];
  const p = answer.pending;
  const ctx = { battle: shown, lang: lang(), t };
  const label = (o) => {
    try { return view?.optionLabel?.(o, p, ctx) || String(o); } catch { return String(o); }
  };
  const title = view?.decisionTitle?.(p, ctx) || `${p.kind}`;
  const side = t(p.side === 0 ? "sideA" : "sideB");
  const names = shown.names || {};
  const ordered = p.options.map((o) => ({ o, who: whoOf(o, p, names) }))
    .map((x, i) => ({ ...x, i })).sort((a, b) => RANK[a.who] - RANK[b.who] || a.i - b.i);
  const buttons = ordered.map(({ o, who }, i) => el("button", {
    type: "button", class: `decide-option${who ? ` who-${who}` : ""}`, dataset: { option: JSON.stringify(o), key: KEYS[i] ?? "" },
    "aria-describedby": "decide-q", onclick: () => choose(answer, o, shown.steps.length - 1),
  }, KEYS[i] ? el("kbd", { text: KEYS[i] }) : null,
  who ? el("span", { class: `decide-who ${who}`, text: t(`decide.${who}`) }) : null,
  el("span", { class: "decide-label", text: label(o) })));
  let context = null;  // what the choice is about, beside it (the card duel: the player's hand)
  try { context = view?.decisionContext?.(p, { ...ctx, board: $("board") }) || null; } catch { context = null; }
  const folded = box.dataset.folded === "true";
  const fold = el("button", { type: "button", class: "decide-fold", "aria-controls": "decide-body",
    "aria-expanded": String(!folded), title: t(folded ? "decide.unfold" : "decide.fold"),
    "aria-label": t(folded ? "decide.unfold" : "decide.fold"), text: folded ? "▴" : "▾",
    onclick: () => setFolded(box, box.dataset.folded !== "true") });
  fill(box,
    el("div", { class: "decide-head" },
      el("h3", { id: "decide-h", text: `${t("decide.title")} — ${side}` }), fold),
    el("p", { id: "decide-q", class: "decide-q", "aria-live": "assertive", text: title }),
    el("div", { id: "decide-body", class: "decide-body", hidden: folded },
      context,
      el("div", { class: "decide-options", role: "group", "aria-labelledby": "decide-q", onkeydown: roving }, buttons),
      el("details", { class: "decide-details" }, el("summary", { text: t("decide.details") }),
        el("p", { class: "muted decide-note", text: `${p.kind} · ${JSON.stringify(p.context)}` }),
        el("ol", { class: "decide-raw" }, ordered.map(({ o }) => el("li", {}, el("code", { text: JSON.stringify(o) })))))));
  box.hidden = false;
  box.dataset.kind = p.kind;
  box.dataset.state = "offer";
  buttons.forEach((b, i) => { b.tabIndex = i === 0 ? 0 : -1; });
  if (focus) {
    if (!folded) buttons[0]?.focus({ preventScroll: true });
    showQuestion(box);
  }
}

/** Fold or unfold the choices (on a small screen the panel is a sheet over the board). */
function setFolded(box, folded) {
  box.dataset.folded = String(folded);
  const body = box.querySelector(".decide-body");
  const button = box.querySelector(".decide-fold");
  if (body) body.hidden = folded;
  if (button) {
    button.setAttribute("aria-expanded", String(!folded));
    button.textContent = folded ? "▴" : "▾";
    button.title = t(folded ? "decide.unfold" : "decide.fold");
    button.setAttribute("aria-label", button.title);
  }
}

/** Arrow keys, Home and End move between the options (every one, past the 36 with a key). */
function roving(e) {
  const options = [...e.currentTarget.querySelectorAll(".decide-option")];
  const at = options.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
    Home: 0, End: options.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  e.stopPropagation();
  const next = options[Math.max(0, Math.min(options.length - 1, to))];
  options.forEach((b) => { b.tabIndex = b === next ? 0 : -1; });
  next.focus();
}

/** Bring the question into view below the sticky toolbar (a sheet at the foot of a small
 * screen is always in view). */
function showQuestion(box) {
  if (getComputedStyle(box).position === "sticky") return;
  const bar = document.querySelector("#viewer .controls")?.getBoundingClientRect();
  const head = box.getBoundingClientRect();
  const top = (bar?.bottom ?? 0) + 4;
  if (head.top < top || head.top > window.innerHeight - 80) window.scrollBy(0, head.top - top);
}
async function choose(answer, option, at) {
  if (busy) return;
  busy = true;
  const box = panel();
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  box.setAttribute("aria-busy", "true");
  box.querySelector(".decide-q").textContent = t("decide.thinking");
  try {
    const game = Boolean(answer.game && gameHooks);
    const next = game ? await gameHooks.decide(answer, option)
      : await hooks.api.battle(requestFrom(answer, answer.record.choices.concat([option])));
    if (!next.ok) { hooks.notify(t("battle"), next.problems); return; }
    hooks.notify(null);
    busy = false;
    box.removeAttribute("aria-busy");
    if (game) await gameHooks.show(next, Math.max(0, at));
    else await present(next, Math.max(0, at));
  } finally {
    busy = false;
    box.removeAttribute("aria-busy");
  }
}

/** Keys 1–9, 0, then a–z pick an option while the panel offers them. */
function onKey(e) {
  const box = $("decide");
  if (!box || box.hidden || busy || box.dataset.state !== "offer" || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(e.target?.tagName)) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : "";
  const button = key && [...box.querySelectorAll(".decide-option")].find((b) => b.dataset.key === key);
  if (button) { e.preventDefault(); button.click(); }
}

/** Wire the module to the engine and the viewer. */
export function initDecide(h, info) {
  hooks = { jump, ...h };
  rulesets = info?.rulesets || [];
  document.addEventListener("keydown", onKey);
  onShow(() => sync());
  if (!document.querySelector('link[data-view="decide"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "static/css/decide.css", "data-view": "decide" }));
  }
}

/** Re-render the open panel in the current language. */
export function relabelDecision() {
  const box = $("decide");
  if (!box || box.hidden || !lastOffer || busy) return;
  box.dataset.state = "";
  sync();
}
