// The battle view: playback by beats, the step list, the log beside the board, the result
// (shown when the replay reaches the end, or at once when the reader asks), the HP chart.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { viewFor } from "./views/index.js";
import { beatsOf, genericBoard, stepLabel, turnWord } from "./views/steps.js";
import { drawChart } from "./views/chart.js";
import { initKeys } from "./battle-keys.js";
import { resetLog, syncLog } from "./battle-log.js";
import { closeWhy, initWhy, whyButton } from "./why.js";

const PLAY_MS = 700;
export const SPEEDS = [0.5, 1, 2, 4, 8, 16];
const SPOIL_KEY = "kassen.showResult";
let battle = null;
let index = 0;
let timer = null;
let view = null;
let speed = 1;
let merged = [];      // merged[i]: step i changes nothing on the board and plays with the next
let currentItem = null;  // the step list's current row
let lineBase = [];       // lineBase[i]: how many log lines come before step i's
let relabelWhy = () => {};
const showListeners = [];

const ctx = () => ({ battle, index, lang: lang(), t, el, fill });

/** Whether the result may be shown before the last step (the reader's setting). */
export function spoilers() {
  try { return localStorage.getItem(SPOIL_KEY) === "1"; } catch { return false; }
}

function renderBoard(step) {
  if (view) view.render($("board"), step, ctx());
  else genericBoard($("board"), step, t, battle);
}

const textOf = (step) => step.text?.[lang()] || step.text?.ja || [];

/** Number the log's lines (step heads count too): each line carries its number (data-n,
 * drawn by the style sheet) instead of taking it from the list, because Chromium numbers a
 * list's items again, and lays them all out again, whenever a <details> comes or goes
 * anywhere in the page (issue 15: about 40 ms at every step of a long battle). */
function numberLines() {
  lineBase = [];
  let n = 0;
  for (const s of battle.steps) { lineBase.push(n); n += 1 + textOf(s).length; }
}

function logLines(step, i) {
  const lines = textOf(step);
  const head = `${i + 1}. ${turnWord(view, lang())} ${step.turn ?? ""} · ${stepLabel(step, lang())}`;
  return [el("li", { class: "step-head", dataset: { step: i }, text: head }),
    ...lines.map((line, k) => el("li", { dataset: { step: i, n: lineBase[i] + k + 2 } },
      el("span", { class: "log-text", text: line }), whyButton(battle, step.events?.[k])))];
}

/** The first step of the beat that ends at (or contains) step i. */
function beatStart(i) {
  let s = i;
  while (s > 0 && merged[s - 1]) s--;
  return s;
}

/** Show step `i` (clamped) exactly: board, counters, step list, log, result, chart. */
export function show(i) {
  if (!battle || !battle.steps.length) return;
  index = Math.max(0, Math.min(battle.steps.length - 1, i));
  const step = battle.steps[index];
  renderBoard(step);  // first: a view may measure the board as it was (nothing changed yet)
  $("seek").value = String(index);
  $("turn").value = String(step.view?.turn ?? step.turn ?? "");
  $("turn-word").textContent = turnWord(view, lang());
  $("phase").value = stepLabel(step, lang());
  $("step-no").value = `${index + 1}/${battle.early ? "…" : battle.steps.length}`;  // early: more to come
  currentItem?.removeAttribute("aria-current");
  currentItem = $("steps").children[index] ?? null;
  currentItem?.setAttribute("aria-current", "step");
  const log = $("log");
  const top = syncLog(log, index, beatStart(index), (k) => logLines(battle.steps[k], k),
    () => scrollInView([[log, top, log.lastElementChild]]));  // the earlier steps came in above
  $("result").textContent = resultText();
  drawChart($("chart"), battle, index, { spoil: spoilers(), onSeek: (k) => jump(k), t, lang: lang() });
  if (index >= battle.steps.length - 1) pause();
  for (const fn of showListeners) fn(index, battle);
  // one layout per shown step, after every change (reads after all writes): the frame then
  // finds the page laid out
  scrollInView([[$("steps"), currentItem, currentItem], [log, top, log.lastElementChild]]);
}

/** Scroll each `[list, item, last]` (a scrolling box, a row in it, the row its view should
 * reach to, when it fits) so `item` shows, without scrolling the page: the page jumping at
 * every step pulled the board and the decision panel away from the reader (and from a
 * pointer about to click an option). All boxes are measured before any list scrolls, so
 * the page is laid out once, not once per list. */
function scrollInView(lists) {
  const boxes = lists.filter(([, item]) => item).map(([list, item, last]) =>
    [list, list.getBoundingClientRect(), item.getBoundingClientRect(), last.getBoundingClientRect()]);
  for (const [list, box, row, end] of boxes) {
    if (end.bottom - row.top <= box.height && end.bottom > box.bottom) list.scrollTop += end.bottom - box.bottom;
    else if (row.top < box.top || row.top > box.bottom - 8 || end.bottom - row.top > box.height) {
      list.scrollTop += row.top - box.top;
    }
  }
}

/** Next and Play pressed while only the first beat has come (issue 29): applied as the rest of
 * the battle arrives, so a press is never lost. */
let waiting = { steps: 0, play: false };

export function pause() {
  clearInterval(timer);
  timer = null;
  waiting.play = false;
  $("play").setAttribute("aria-pressed", "false");
  $("play-label").textContent = t("play");
  $("play-icon").textContent = "▶";
}

/** The last step of the beat after the current one. */
const nextBeat = (from) => {
  let j = Math.min(battle.steps.length - 1, from + 1);
  while (j < battle.steps.length - 1 && merged[j]) j++;
  return j;
};
/** The last step of the beat before the current one. */
const prevBeat = (from) => {
  let j = Math.max(0, beatStart(from) - 1);
  return j;
};

export function play() {
  if (!battle) return;
  if (battle.early) waiting.play = true;
  else {
    if (index >= battle.steps.length - 1) show(0);
    clearInterval(timer);
    timer = setInterval(() => show(nextBeat(index)), PLAY_MS / speed);
  }
  $("play").setAttribute("aria-pressed", "true");
  $("play-label").textContent = t("pause");
  $("play-icon").textContent = "❚❚";
}

export const toggle = () => (timer || waiting.play ? pause() : play());
/** Go to step `i` exactly (pauses playback). */
export const jump = (i) => { pause(); show(i); };
/** One beat forward (+1) or back (-1). */
export function step(delta) {
  if (!battle) return;
  pause();
  if (battle.early) { waiting.steps += delta; return; }
  let i = index;
  for (let k = 0; k < Math.abs(delta); k++) i = delta > 0 ? nextBeat(i) : prevBeat(i);
  show(i);
}

/** The first step of the previous (-1) or next (+1) group, `key` giving a step's group
 * (its turn; for the card duel also its round). */
function stepGroup(delta, key) {
  if (!battle) return;
  const of = (i) => key(battle.steps[i]);
  let i = index;
  if (delta > 0) while (i < battle.steps.length - 1 && of(i) === of(index)) i++;
  else {
    while (i > 0 && of(i - 1) === of(index)) i--;
    if (i > 0) { const prev = of(i - 1); i--; while (i > 0 && of(i - 1) === prev) i--; }
  }
  jump(i);
}
const turnKey = (s) => s.turn;
const roundKey = (s) => `${s.turn}:${s.view?.round ?? ""}`;
export const stepTurn = (delta) => stepGroup(delta, turnKey);
export const stepRound = (delta) => stepGroup(delta, roundKey);

/** To the last step of this turn (of the next one when already there). */
export function endOfTurn() {
  if (!battle) return;
  const last = battle.steps.length - 1;
  let i = index;
  if (i < last && battle.steps[i + 1].turn !== battle.steps[i].turn) i++;
  while (i < last && battle.steps[i + 1].turn === battle.steps[i].turn) i++;
  jump(i);
}

/** Playback speed (one of SPEEDS); restarts the timer when playing. */
export function setSpeed(value) {
  speed = SPEEDS.includes(Number(value)) ? Number(value) : 1;
  $("speed").value = String(speed);
  if (timer) { pause(); play(); }
}
export const faster = (d) => setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, SPEEDS.indexOf(speed) + d))]);

function resultText() {
  if (battle.pending) return `${t("result")}: ${t("decide.waiting")}`;
  if (battle.early) return "";  // only the first beat has come: no result yet
  if (index < battle.steps.length - 1 && !spoilers()) return "";
  const r = battle.result || {};
  const turn = `${turnWord(view, lang())} ${r.turn ?? "?"}`;
  const own = view?.resultText?.(battle, lang());  // a ruleset view may word the result itself
  if (own) return `${t("result")}: ${own} (${turn})`;
  return `${battle.result_text?.[lang()] ?? ""} (${turn})`;
}

function stepItems() {
  return battle.steps.map((s, i) => el("li", { class: merged[i] ? "merged" : null, dataset: { n: i + 1 } },
    el("button", { type: "button", onclick: () => jump(i),
      text: `${turnWord(view, lang())} ${s.turn ?? ""} · ${stepLabel(s, lang())}` })));
}

/** Take `answer` as the battle on screen: its steps, beats, step list and an empty log. */
function load(answer) {
  battle = answer;
  merged = beatsOf(answer.steps);
  $("viewer").hidden = false;
  $("seek").max = String(Math.max(0, battle.steps.length - 1));
  const rounds = battle.steps.some((s, i) => i > 0 && s.turn === battle.steps[i - 1].turn
    && s.view?.round !== undefined && s.view.round !== battle.steps[i - 1].view?.round);
  $("prev-round").hidden = !rounds;
  $("next-round").hidden = !rounds;
  fill($("steps"), stepItems());
  currentItem = null;
  resetLog($("log"));
  numberLines();
  index = -1;
}

/** Show a battle answer from the engine (with its ruleset's own view when it has one); the
 * "kassen:battle-shown" mark says when its first step is in the page (scripts/bench_first_beat.py). */
export async function showBattle(answer, start = 0) {
  pause();
  waiting = { steps: 0, play: false };
  view = await viewFor(answer.ruleset).catch(() => null);
  $("board").className = view ? `board board-${answer.ruleset}` : "board";
  load(answer);
  show(start);
  performance.mark("kassen:battle-shown");
}

/** The whole of the battle whose first beat (an `early` answer) is on screen: the same step
 * stays shown and playback goes on. */
export async function extendBattle(answer) {
  if (!battle?.early) return showBattle(answer);
  const at = index;
  const pressed = waiting;
  waiting = { steps: 0, play: false };
  load(answer);
  show(at);
  if (pressed.steps) step(pressed.steps);
  if (pressed.play) play();
}

/** The battle on screen (or null). */
export const currentBattle = () => battle;
/** The step on screen. */
export const currentIndex = () => index;
/** Call `fn(index, battle)` after every shown step. */
export const onShow = (fn) => showListeners.push(fn);

/** Re-render language-dependent parts. */
/** Each toolbar button's name as its title too: where only its icon shows, hovering names it. */
function titleIcons() {
  for (const b of document.querySelectorAll("#viewer .controls .icon-btn")) {
    b.title = b.querySelector(".btn-label")?.textContent ?? "";
  }
}

export function relabelBattle() {
  titleIcons();
  relabelWhy();
  closeWhy(false);
  if (!battle) return;
  $("play-label").textContent = t(timer ? "pause" : "play");
  fill($("steps"), stepItems());
  currentItem = null;
  resetLog($("log"));
  numberLines();
  show(index);
}

function setTab(name) {
  $("viewer").dataset.tab = name;
  for (const tab of document.querySelectorAll("#viewer [role=tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  // a hidden list cannot scroll to its current line: do it now that it shows
  if (battle && name === "log") show(index);
}

/** Wire the controls and keyboard shortcuts. */
export function initBattleControls() {
  titleIcons();
  $("play").addEventListener("click", toggle);
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("seek").addEventListener("input", (e) => jump(Number(e.target.value)));
  $("prev-turn").addEventListener("click", () => stepTurn(-1));
  $("next-turn").addEventListener("click", () => stepTurn(1));
  $("prev-round").addEventListener("click", () => stepRound(-1));
  $("next-round").addEventListener("click", () => stepRound(1));
  $("end-turn").addEventListener("click", endOfTurn);
  $("speed").addEventListener("change", (e) => setSpeed(e.target.value));
  const box = $("show-result");
  box.checked = spoilers();
  box.addEventListener("change", () => {
    try { localStorage.setItem(SPOIL_KEY, box.checked ? "1" : "0"); } catch { /* ignore */ }
    if (battle) show(index);
  });
  for (const tab of document.querySelectorAll("#viewer [role=tab]")) {
    tab.addEventListener("click", () => setTab(tab.dataset.tab));
  }
  setTab("board");
  // the log column sticks under the toolbar, whose height depends on the width and the system
  const bar = document.querySelector("#viewer .controls");
  new ResizeObserver(() => $("viewer").style.setProperty("--bar-h", `${bar.offsetHeight}px`)).observe(bar);
  const beatWhy = $("why-beat");
  relabelWhy = initWhy(beatWhy, () => ({ battle, first: beatStart(index), last: index }));
  initKeys({
    active: () => Boolean(battle), toggle, step, jump, stepTurn, endOfTurn, faster, why: () => beatWhy.click(),
    first: () => jump(0), last: () => jump(battle.steps.length - 1),
  });
}
