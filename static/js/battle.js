// The generic battle view: steps list, playback, per-member panels, log.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { viewFor } from "./views/index.js";

const PLAY_MS = 700;
const SKIP = new Set(["id", "name", "hp", "max_hp", "statuses"]);
let battle = null;
let index = 0;
let timer = null;
let view = null;
let speed = 1;

const isScalar = (v) => ["string", "number", "boolean"].includes(typeof v);

function memberView(m) {
  const parts = [el("div", { class: "name", text: m.name ?? m.id ?? "?" })];
  if (typeof m.hp === "number" && typeof m.max_hp === "number" && m.max_hp > 0) {
    const pct = Math.max(0, Math.min(100, (100 * m.hp) / m.max_hp));
    const bar = el("div", { class: `hpbar${pct <= 25 ? " low" : ""}`, role: "meter",
      "aria-label": "HP", "aria-valuemin": 0, "aria-valuemax": m.max_hp, "aria-valuenow": m.hp },
    el("span"));
    bar.firstChild.style.width = `${pct}%`;
    parts.push(el("div", { class: "hp", text: `HP ${m.hp}/${m.max_hp}` }), bar);
  }
  const fields = Object.entries(m).filter(([k, v]) => !SKIP.has(k) && isScalar(v));
  if (fields.length) {
    parts.push(el("dl", { class: "fields" },
      fields.map(([k, v]) => el("div", {}, el("dt", { text: k }), el("dd", { text: String(v) })))));
  }
  const statuses = Object.entries(m.statuses || {});
  if (statuses.length) {
    parts.push(el("div", { class: "statuses" },
      statuses.map(([name, count]) => el("span", { class: "badge", text: count > 1 ? `${name}×${count}` : name }))));
  }
  return el("div", { class: `member${m.exited ? " exited" : ""}` }, parts);
}

function renderBoard(step) {
  if (view) {
    view.render($("board"), step, { battle, index, lang: lang(), t, el, fill });
    return;
  }
  const sides = step?.view?.sides || [];
  fill($("board"), sides.map((side, i) => el("section", { class: "side-view", "aria-label": `${i + 1}` },
    el("h3", { text: t(i === 0 ? "sideA" : "sideB") }),
    (side.members || []).map(memberView))));
}

function logLines(step) {
  const lines = step.text?.[lang()] || step.text?.ja || [];
  return [el("li", { class: "step-head", text: `#${step.index ?? ""} ${t("turn")} ${step.turn ?? ""} ${step.phase ?? ""}` }),
    ...lines.map((line) => el("li", { text: line }))];
}

function rebuildLog() {
  const log = $("log");
  log.setAttribute("aria-busy", "true");
  fill(log, battle.steps.slice(0, index + 1).flatMap(logLines));
  log.setAttribute("aria-busy", "false");
  log.scrollTop = log.scrollHeight;
}

/** Show step `i` (clamped). Stepping forward by one appends to the log; anything else rebuilds it. */
export function show(i) {
  if (!battle || !battle.steps.length) return;
  const prev = index;
  index = Math.max(0, Math.min(battle.steps.length - 1, i));
  const step = battle.steps[index];
  $("seek").value = String(index);
  $("turn").value = String(step.view?.turn ?? step.turn ?? "");
  $("phase").value = String(step.phase ?? "");
  $("step-no").value = `${index + 1}/${battle.steps.length}`;
  for (const li of $("steps").children) li.removeAttribute("aria-current");
  const item = $("steps").children[index];
  if (item) {
    item.setAttribute("aria-current", "step");
    keepInView($("steps"), item);
  }
  renderBoard(step);
  if (index === prev + 1) {
    for (const line of logLines(step)) $("log").append(line);
    $("log").scrollTop = $("log").scrollHeight;
  } else rebuildLog();
  if (index >= battle.steps.length - 1) pause();
}

/** Scroll `list` (a scrolling box) so `item` shows, without scrolling the page: the page
 * jumping to the step list at every step pulled the board and the decision panel away from
 * the reader (and from a pointer about to click an option). */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const row = item.getBoundingClientRect();
  if (row.top < box.top) list.scrollTop -= box.top - row.top;
  else if (row.bottom > box.bottom) list.scrollTop += row.bottom - box.bottom;
}

export function pause() {
  clearInterval(timer);
  timer = null;
  $("play").setAttribute("aria-pressed", "false");
  $("play").textContent = t("play");
}

export function play() {
  if (!battle) return;
  if (index >= battle.steps.length - 1) show(0);
  clearInterval(timer);
  timer = setInterval(() => show(index + 1), PLAY_MS / speed);
  $("play").setAttribute("aria-pressed", "true");
  $("play").textContent = t("pause");
}

export const toggle = () => (timer ? pause() : play());
export const step = (delta) => { pause(); show(index + delta); };

/** Jump to the first step of the previous (-1) or next (+1) turn. */
export function stepTurn(delta) {
  if (!battle) return;
  const turnOf = (i) => battle.steps[i]?.turn;
  let i = index;
  if (delta > 0) while (i < battle.steps.length - 1 && turnOf(i) === turnOf(index)) i++;
  else {
    while (i > 0 && turnOf(i - 1) === turnOf(index)) i--;
    if (i > 0) { const prev = turnOf(i - 1); i--; while (i > 0 && turnOf(i - 1) === prev) i--; }
  }
  step(i - index);
}

/** Playback speed (0.5, 1, 2, 4); restarts the timer when playing. */
export function setSpeed(value) {
  speed = [0.5, 1, 2, 4].includes(Number(value)) ? Number(value) : 1;
  $("speed").value = String(speed);
  if (timer) { pause(); play(); }
}

function resultText() {
  if (battle.pending) return `${t("result")}: ${t("decide.waiting")}`;
  const r = battle.result || {};
  const own = view?.resultText?.(battle, lang());  // a ruleset view may word the result itself
  if (own) return `${t("result")}: ${own} (${t("turn")} ${r.turn ?? "?"})`;
  const who = r.winner === 0 || r.winner === 1 ? `${t("winner")}: ${t(r.winner === 0 ? "sideA" : "sideB")}` : t("draw");
  return `${t("result")}: ${who} — ${r.reason ?? ""} (${t("turn")} ${r.turn ?? "?"})`;
}

/** Show a whole battle answer from the engine (with its ruleset's own view when it has one). */
export async function showBattle(answer, start = 0) {
  pause();
  view = await viewFor(answer.ruleset).catch(() => null);
  $("board").className = view ? `board board-${answer.ruleset}` : "board";
  battle = answer;
  index = 0;
  $("viewer").hidden = false;
  $("result").textContent = resultText();
  $("seek").max = String(Math.max(0, battle.steps.length - 1));
  fill($("steps"), battle.steps.map((s, i) => el("li", {},
    el("button", { type: "button", onclick: () => step(i - index),
      text: `${t("turn")} ${s.turn ?? ""} · ${s.phase ?? ""}${s.kind ? ` · ${s.kind}` : ""}` }))));
  index = -1;
  show(start);
}

/** The battle on screen (or null). */
export const currentBattle = () => battle;

/** Re-render language-dependent parts. */
export function relabelBattle() {
  if (!battle) return;
  $("result").textContent = resultText();
  $("play").textContent = t(timer ? "pause" : "play");
  renderBoard(battle.steps[index]);
  rebuildLog();
}

/** Wire the controls and keyboard shortcuts. */
export function initBattleControls() {
  $("play").addEventListener("click", toggle);
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("seek").addEventListener("input", (e) => { pause(); show(Number(e.target.value)); });
  $("prev-turn").addEventListener("click", () => stepTurn(-1));
  $("next-turn").addEventListener("click", () => stepTurn(1));
  $("speed").addEventListener("change", (e) => setSpeed(e.target.value));
  const speeds = [0.5, 1, 2, 4];
  const keys = { PageUp: () => stepTurn(-1), PageDown: () => stepTurn(1), "[": () => stepTurn(-1),
    "]": () => stepTurn(1), Home: () => step(-index), End: () => step(battle.steps.length),
    "+": () => setSpeed(speeds[Math.min(3, speeds.indexOf(speed) + 1)]),
    "-": () => setSpeed(speeds[Math.max(0, speeds.indexOf(speed) - 1)]) };
  document.addEventListener("keydown", (e) => {
    if (!battle || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target?.tagName;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
    if (e.key === " " && tag !== "BUTTON") { e.preventDefault(); toggle(); }
    else if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
    else if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}
