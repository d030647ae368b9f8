// A person plays a side: per-side "AI policy / a person" selectors in the set-up, and the
// decision panel that offers exactly the engine's legal options when an answer is `pending`.
// Generic over rulesets; a ruleset view may export optionLabel(option, pending, ctx),
// decisionTitle(pending, ctx) and pendingCut(steps, from, pending) for nicer labels and the
// "this round so far" look-ahead (the engine stops a person's battle at the start of a turn).
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { viewFor } from "./views/index.js";

let hooks = null;  // {api, showBattle, notify, play}
let rulesets = [];
let busy = false;
let lastOffer = null;  // the arguments of the open panel, to relabel it

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
      names.map((n) => el("option", { value: n, text: `${t("policy.ai")}: ${n}` })),
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

/** Steps of this turn up to the decision: the same battle with the AI in the person's seat. */
async function lookAhead(answer, view) {
  if (!view?.pendingCut) return null;
  const ai = rulesets.find((r) => r.id === answer.ruleset)?.policies?.[0];
  if (!ai) return null;
  const req = requestFrom(answer, answer.record.choices);
  req.policies = req.policies.map((p) => p ?? ai);
  const ahead = await hooks.api.battle(req);
  if (!ahead.ok) return null;
  const cut = view.pendingCut(ahead.steps, answer.steps.length, answer.pending);
  return cut >= answer.steps.length ? ahead.steps.slice(0, cut + 1) : null;
}

/** Show an engine answer; with `pending`, offer the legal options and wait for a choice. */
export async function present(answer, start = 0) {
  const box = panel();
  if (!answer.pending) {
    lastOffer = null;
    box.hidden = true;
    fill(box);
    await hooks.showBattle(answer, start);
    if (start > 0) hooks.play();
    return;
  }
  const view = await viewFor(answer.ruleset).catch(() => null);
  const ahead = await lookAhead(answer, view).catch(() => null);
  const shown = ahead ? { ...answer, steps: ahead } : answer;
  const last = Math.max(0, shown.steps.length - 1);
  const at = start > 0 ? Math.min(start, last) : last;
  await hooks.showBattle(shown, at);
  if (at < last) hooks.play();
  offer(box, answer, shown, view, Boolean(ahead));
}

function offer(box, answer, shown, view, lookedAhead, focus = true) {
  lastOffer = [box, answer, shown, view, lookedAhead];
  const p = answer.pending;
  const ctx = { battle: shown, lang: lang(), t };
  const label = (o) => {
    try { return view?.optionLabel?.(o, p, ctx) || String(o); } catch { return String(o); }
  };
  const title = view?.decisionTitle?.(p, ctx) || `${p.kind}`;
  const side = t(p.side === 0 ? "sideA" : "sideB");
  const buttons = p.options.map((o, i) => el("button", {
    type: "button", class: "decide-option", dataset: { option: JSON.stringify(o) }, title: String(o),
    "aria-describedby": "decide-q", onclick: () => choose(answer, o, shown.steps.length - 1),
  }, el("span", { class: "decide-label", text: label(o) }),
  el("code", { class: "decide-raw", text: String(o) }), i < 9 ? el("kbd", { text: String(i + 1) }) : null));
  fill(box,
    el("h3", { id: "decide-h", text: `${t("decide.title")} — ${side}` }),
    el("p", { id: "decide-q", class: "decide-q", "aria-live": "assertive", text: title }),
    lookedAhead ? el("p", { class: "muted decide-note", text: t("decide.preview") }) : null,
    el("div", { class: "decide-options", role: "group", "aria-labelledby": "decide-q" }, buttons),
    el("p", { class: "muted decide-note", text: `${t("decide.raw")}: ${p.kind} · ${JSON.stringify(p.context)}` }));
  box.hidden = false;
  box.dataset.kind = p.kind;
  if (focus) buttons[0]?.focus({ preventScroll: true });
}

async function choose(answer, option, at) {
  if (busy) return;
  busy = true;
  const box = panel();
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  box.setAttribute("aria-busy", "true");
  box.querySelector(".decide-q").textContent = t("decide.thinking");
  try {
    const next = await hooks.api.battle(requestFrom(answer, answer.record.choices.concat([option])));
    if (!next.ok) { hooks.notify(t("battle"), next.problems); return; }
    hooks.notify(null);
    await present(next, Math.max(0, at));
  } finally {
    busy = false;
    box.removeAttribute("aria-busy");
  }
}

/** Number keys 1–9 pick an option while the panel is open. */
function onKey(e) {
  const box = $("decide");
  if (!box || box.hidden || busy || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(e.target?.tagName)) return;
  const n = Number(e.key);
  if (n >= 1 && n <= 9) box.querySelectorAll(".decide-option")[n - 1]?.click();
}

/** Wire the module to the engine and the viewer. */
export function initDecide(h, info) {
  hooks = h;
  rulesets = info?.rulesets || [];
  document.addEventListener("keydown", onKey);
  if (!document.querySelector('link[data-view="decide"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "static/css/decide.css", "data-view": "decide" }));
  }
}

/** Re-render the open panel in the current language. */
export function relabelDecision() {
  const box = $("decide");
  if (box && !box.hidden && lastOffer && !busy) offer(...lastOffer, false);
}
