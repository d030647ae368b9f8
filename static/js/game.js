// Two people play each other (issue 30): on one device (hot-seat) and by link.
//
// When both sides are "Played by: a person", the set-up asks how: on this device, taking turns
// (a cover screen "pass the device to side 2" hides the hands whenever the decision passes to
// the other side), or by sending links (after each move the page offers the #g= link to send;
// opening one shows the board at the opener's decision with the last moves replayed, or says
// whose move it is, or that a newer move exists). In a game each player sees only their own
// hand (the card duel's board is locked to the player's side). Every game in progress is kept
// in the saved-games list (game-store.js); the AI can take a side over when a player leaves.
import { $, el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { present, setGameHooks } from "./decide.js";
import { currentBattle, showBattle } from "./battle.js";
import { copyWithFeedback } from "./copy.js";
import { forgetGame, gameEntry, keepGame, readGames } from "./game-store.js";

let api = null;
let notify = () => {};
let pageUrl = (f) => f;
let rulesetOf = () => null;
let game = null;  // {answer, mode, mine, lastSide}

const sideWord = (side) => t(side === 0 ? "sideA" : "sideB");
const fmt = (key, args = {}) => t(key).replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ""));

/** An engine call whose failure (a worker that died) is an answer with the problem, never a
 * rejected promise: the rest of the page keeps working. */
async function call(fn) {
  try { return await fn(); } catch (error) { return { ok: false, problems: [{ message: String(error) }] }; }
}

// -- set-up ----------------------------------------------------------------------------------
/** The row under "Played by": how two people play (or that the system has no decisions). */
export function renderGameRow() {
  const ruleset = rulesetOf();
  let row = $("game-row");
  if (!row) {
    row = el("div", { id: "game-row", class: "row game-row", hidden: true });
    $("actions").before(row);
  }
  if (!ruleset) { row.hidden = true; return; }
  if (!ruleset.policies?.length) {
    fill(row, el("p", { class: "muted", id: "game-none", text: t("game.noDecisions") }));
    row.hidden = false;
    return;
  }
  const people = [...document.querySelectorAll("select.policy")];
  if (people.length < 2 || people.some((s) => s.value !== "")) { row.hidden = true; fill(row); return; }
  const kept = row.querySelector("input[name=game-how]:checked")?.value || "hotseat";
  const keptSide = row.querySelector("#game-side")?.value || "0";
  const radio = (value) => el("label", {}, el("input", { type: "radio", name: "game-how", value,
    id: `game-how-${value}`, checked: kept === value, onchange: renderGameRow }), ` ${t(`game.${value}`)}`);
  const side = el("select", { id: "game-side" },
    [0, 1].map((s) => el("option", { value: String(s), text: sideWord(s) })));
  side.value = keptSide;
  fill(row, el("fieldset", { class: "game-how" },
    el("legend", { text: t("game.how") }), radio("hotseat"), radio("link"),
    kept === "link" ? el("span", { class: "game-iplay" },
      el("label", { for: "game-side", text: ` ${t("game.iplay")} ` }), side) : null));
  row.hidden = false;
}

/** Whether a battle request is a game between two people (both sides played by a person). */
export const isGame = (request) => Array.isArray(request.policies) && request.policies.length > 1
  && request.policies.every((p) => p === null);

/** Start a game between people from the set-up's request. */
export async function startGame(request) {
  const how = document.querySelector("input[name=game-how]:checked")?.value || "hotseat";
  const mine = how === "link" ? [Number($("game-side")?.value || 0)] : [0, 1];
  const answer = await call(() => api.gameStart(request));
  if (!answer.ok) { notify(t("battle"), answer.problems); return; }
  notify(null);
  game = { mode: how, mine, lastSide: null };
  await show(answer, 0);
  $("viewer").scrollIntoView({ block: "start" });
}

// -- showing a game --------------------------------------------------------------------------
function panel() {
  let box = $("game-panel");
  if (!box) {
    box = el("section", { id: "game-panel", class: "game-panel", "aria-live": "polite", hidden: true });
    $("viewer").before(box);
  }
  return box;
}

function keep(answer) {
  const g = answer.game;
  keepGame({ id: g.id, ruleset: answer.ruleset, link: g.link, n: g.n, sides: game.mine,
    mode: game.mode, toMove: g.to_move, finished: g.finished,
    names: (answer.sides || []).map((s) => s?.members?.[0]?.name ?? "").join(" vs ") });
  renderSavedGames();
}

/** Show a game answer: the decision (when it is this device's), the cover screen in hot-seat,
 * or the link to send. */
async function show(answer, start) {
  const g = answer.game;
  game.answer = answer;
  keep(answer);
  const side = g.to_move;
  if (g.finished) {
    g.viewer = game.mode === "link" ? game.mine[0] : null;
    await present(answer, start);
    return status(answer);
  }
  const mine = game.mine.includes(side);
  g.viewer = mine ? side : game.mine[0];
  if (mine && game.mode === "hotseat" && game.lastSide !== null && game.lastSide !== side) {
    await cover(side);
  }
  if (mine) {
    game.lastSide = side;
    await present(answer, start);
  } else {
    const box = $("decide");
    if (box) { box.hidden = true; fill(box); }
    await showBattle(answer, start);
  }
  status(answer);
}

/** "Pass the device to side N": hides the board and hands until that player is ready. */
function cover(side) {
  return new Promise((resolve) => {
    $("viewer").hidden = true;
    panel().hidden = true;
    let box = $("game-cover");
    if (!box) {
      box = el("section", { id: "game-cover", class: "game-cover", role: "dialog", "aria-modal": "true",
        "aria-labelledby": "game-cover-h" });
      $("viewer").before(box);
    }
    const ready = el("button", { type: "button", id: "game-ready", class: "primary", onclick: () => {
      box.hidden = true;
      fill(box);
      $("viewer").hidden = false;
      resolve();
    } });
    fill(box, el("h2", { id: "game-cover-h" }), el("p", { class: "muted", id: "game-cover-note" }), ready);
    box.dataset.side = String(side);
    labelCover();
    box.hidden = false;
    box.scrollIntoView({ block: "start" });  // the whole cover in sight of the next player
    ready.focus({ preventScroll: true });
  });
}

/** The cover screen's words in the current language. */
function labelCover() {
  const box = $("game-cover");
  if (!box?.dataset.side) return;
  const side = { side: sideWord(Number(box.dataset.side)) };
  for (const [id, key] of [["game-cover-h", "game.pass"], ["game-cover-note", "game.passNote"], ["game-ready", "game.ready"]]) {
    const node = $(id);
    if (node) node.textContent = fmt(key, side);
  }
}

function linkButtons(link) {
  const url = pageUrl(link);
  const copy = el("button", { type: "button", id: "game-copy", class: "primary", text: t("game.send"),
    onclick: (e) => copyWithFeedback(e.currentTarget, url, t("linkCopied")) });
  const share = navigator.share ? el("button", { type: "button", id: "game-share", text: t("game.shareSheet"),
    onclick: () => navigator.share({ title: "Kassen", url }).catch(() => {}) }) : null;
  window.kassenGameLink = url;  // for tests and the curious
  return el("div", { class: "game-send" }, copy, share);
}

function takeOverButton(side, key) {
  return el("button", { type: "button", class: "game-takeover", dataset: { side: String(side) },
    text: fmt(key, { side: sideWord(side) }), onclick: () => takeOver(side) });
}

/** The panel above the board: whose move, the link to send, the AI taking over, the notes. */
function status(answer, note = null) {
  const g = answer.game;
  const box = panel();
  const parts = [];
  if (note) parts.push(note);
  if (g.finished) {
    parts.push(el("p", { id: "game-status", text: t("game.finished") }), linkButtons(g.link));
  } else {
    const mine = game.mine.includes(g.to_move);
    const says = mine ? (game.mode === "link" ? fmt("game.yourMove", { side: sideWord(g.to_move) })
      : fmt("game.turnOf", { side: sideWord(g.to_move) }))
      : fmt(game.mode === "link" && !note ? "game.sendNote" : "game.waiting", { side: sideWord(g.to_move) });
    parts.push(el("p", { id: "game-status", dataset: { move: String(g.n) }, text: `${says} · ${fmt("game.move", { n: g.n + 1 })}` }));
    if (game.mode === "link" && !mine) parts.push(linkButtons(g.link));  // after this side's move
    parts.push(el("div", { class: "game-ai" }, mine ? takeOverButton(g.to_move, "game.takeOver")
      : takeOverButton(g.to_move, "game.takeOverOther")));
  }
  if (g.hidden_information && game.mode === "link") {  // the ruleset says: hands
    parts.push(el("p", { class: "muted game-hidden", text: t("game.hiddenNote") }));
  }
  for (const taken of g.took_over || []) {
    parts.push(el("p", { class: "muted", text: fmt("game.tookOver", { side: sideWord(taken.side - 1), n: taken.from }) }));
  }
  fill(box, parts);
  box.hidden = false;
  box.dataset.mode = game.mode;
}

async function takeOver(side) {
  const answer = game?.answer;
  if (!answer) return;
  const next = await call(() => api.gameTakeOver({ link: answer.game.link, side, lang: lang() }));
  if (!next.ok) { notify(t("battle"), next.problems); return; }
  game.mine = game.mine.filter((s) => s !== side);
  if (!game.mine.length) game.mine = [side];
  await show(next, Math.max(0, answer.steps.length - 1));
}

// -- opening a link --------------------------------------------------------------------------
/** Open a #g= link: the board at the decision, or whose move it is, or that it is old. */
export async function openGame(fragment, applyRecord) {
  const answer = await call(() => api.gameOpen(fragment, lang(), {}));
  if (!answer.ok) { notify(t("badLink"), answer.problems || []); return; }
  notify(answer.notes?.length ? t("linkNotes") : null, (answer.notes || []).map((n) => ({ message: n.message })), true);
  applyRecord(answer.record);
  const g = answer.game;
  const entry = gameEntry(g.id);
  // a hot-seat game reopened: whoever holds the device, the cover comes first
  game = { mode: entry?.mode || "link", mine: entry?.sides?.length ? entry.sides : [g.to_move],
    lastSide: entry?.mode === "hotseat" ? -1 : null };
  renderGameRow();  // the set-up now shows this game's way of playing
  const how = $(`game-how-${game.mode}`);
  if (how) { how.checked = true; renderGameRow(); }
  if ($("game-side")) $("game-side").value = String(game.mine[0]);
  const start = g.replay_from ?? 0;
  if (entry && entry.n > g.n) {  // an older link: say so, show it, keep the newest
    g.viewer = game.mine[0];
    game.answer = answer;
    const box = $("decide");
    if (box) { box.hidden = true; fill(box); }
    await showBattle(answer, Math.max(0, answer.steps.length - 1));
    const newest = el("a", { href: entry.link, id: "game-newest", text: t("game.openNewest") });
    status(answer, el("p", { id: "game-behind", class: "game-note", text: `${fmt("game.behind", { n: entry.n + 1 })} ` }, newest));
    $("game-panel").querySelector(".game-send")?.remove();
    $("game-panel").querySelector(".game-ai")?.remove();
    return;
  }
  const theirs = !g.finished && !game.mine.includes(g.to_move);
  await show(answer, start);
  if (theirs) {
    status(answer, el("p", { id: "game-not-yours", class: "game-note", text: fmt("game.notYours", { side: sideWord(g.to_move) }) }));
  }
  $("viewer").scrollIntoView({ block: "start" });
}

// -- the saved-games list --------------------------------------------------------------------
/** The games in progress, in the saved menu (each opens its newest link). */
export function renderSavedGames() {
  const host = $("saved");
  if (!host) return;
  let box = $("saved-games");
  if (!box) {
    box = el("div", { id: "saved-games", class: "saved-games" });
    host.append(box);
  }
  const games = readGames().filter((g) => !g.finished);
  fill(box, el("h4", { text: t("game.inProgress") }), games.length
    ? el("ul", {}, games.map((g) => el("li", { dataset: { game: g.id } },
      el("a", { href: g.link, text: `${g.names || g.ruleset} · ${fmt("game.move", { n: g.n + 1 })} · ${
        g.sides.includes(g.toMove) ? t("game.yours") : fmt("game.theirs", { side: sideWord(g.toMove) })}` }),
      " ", el("button", { type: "button", class: "game-forget", text: t("savedDelete"),
        onclick: () => { forgetGame(g.id); renderSavedGames(); } }))))
    : el("p", { class: "muted", text: t("game.noneKept") }));
}

/** Re-render the game's words in the current language. */
export function relabelGame() {
  renderGameRow();
  renderSavedGames();
  labelCover();
  if (game?.answer && currentBattle() === game.answer && !$("game-panel")?.hidden) status(game.answer);
}

/** Wire the module: the engine, the notice box, page URLs, the current ruleset. */
export function initGame(hooks) {
  ({ api, notify, pageUrl } = hooks);
  rulesetOf = hooks.ruleset;
  setGameHooks({
    decide: (answer, option) => call(() => api.gameDecide({ link: answer.game.link, answer: option, lang: lang() })),
    show: (next, at) => show(next, at),
  });
  document.addEventListener("change", (e) => { if (e.target?.matches?.("select.policy")) renderGameRow(); });
  $("ruleset").addEventListener("kassen:ruleset", () => setTimeout(renderGameRow));
  renderGameRow();
  renderSavedGames();
  window.kassenGame = () => game;  // for tests and the curious
}

/** Leave game mode (another battle or link was opened). */
export function endGame() {
  game = null;
  const box = $("game-panel");
  if (box) { box.hidden = true; fill(box); }
}
