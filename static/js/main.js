// Kassen page entry: language, service worker, engine start, links, share.
import { $, el, fill } from "./dom.js";
import { BUILD } from "../vendor/build.mjs";
import { initialLang, lang, onLangChange, setLang, t } from "./i18n.js";
import { fillOfflineCache, registerServiceWorker, watchForUpdates } from "./offline.js";
import { currentBattle, extendBattle, initBattleControls, play, relabelBattle, showBattle } from "./battle.js";
import { initDecide, present, relabelDecision } from "./decide.js";
import { applyRecord, currentRuleset, initSetup, readOptions, relabelSetup, renderPicker, request, selectRuleset,
  setBuild, updateBattleState } from "./setup.js";
import { RULESETS } from "../vendor/rulesets.js";
import { viewFor } from "./views/index.js";
import { setOptions } from "./options.js";
import { copyWithFeedback, showNote } from "./copy.js";
import { initSaved, render as renderSaved, savedBuilds } from "./saved.js";
import { initTournament, relabelTournament } from "./tournament.js";
import { initTournamentShare, openTournament } from "./tournament_share.js";
import { engineReady, onEngineStage } from "./early.js";
import { initReplayDownload } from "./replay-download.js";
import { endGame, initGame, isGame, openGame, relabelGame, startGame } from "./game.js";

let api = null;
let stage = "runtime";

function setStage(name) {
  stage = name;
  $("status-text").textContent = t(`stage.${name}`);
  if (name === "ready" || name === "failed") document.documentElement.dataset.engine = name;
}

/** Show a message (or a list of engine problems) in the alert box; null hides it. */
function notify(title, problems = [], info = false) {
  const box = $("notice");
  box.classList.toggle("info", info);
  if (!title) { box.hidden = true; fill(box); return; }
  fill(box, el("strong", { text: title }),
    problems.map((p) => el("div", { text: p.line && !info ? `${p.line}:${p.column}: ${p.message}` : p.message })));
  box.hidden = false;
}

let lastRequest = null;  // the request of the battle on screen, with the seed it used

/** A fresh seed for a battle with a blank seed field: chosen here, at the edge, never in the
 * engine (whose fixed default would replay the same battle forever). Format mt1 (the engine's
 * FRESH_PREFIX, its fast generator, issue 29); a seed typed without a prefix stays xo1. */
function freshSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `mt1:${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The seed line above the battle (Rematch / Replay beside it) shows `seed`. */
function showSeedLine(seed) {
  $("seed-used").value = seed;
  $("after-battle").hidden = false;
}

/** Play a request (a blank seed gets a fresh one) and show the seed beside Rematch / Replay.
 * The first beat shows as soon as the engine has played it (issue 29); the whole battle then
 * takes its place, on the same step. */
async function runBattle(given = request()) {
  const req = { ...given, seed: given.seed || freshSeed() };
  endGame();
  if (isGame(req)) { $("after-battle").hidden = true; return startGame(req); }  // two people
  const buttons = ["battle", "rematch", "replay"].map($);
  for (const b of buttons) b.disabled = true;
  try {
    let shown = null;  // the first beat, once it is on screen
    // a person deciding gets the whole answer at once (it stops at the decision)
    const early = req.policies?.includes(null) ? null : async (first) => {
      notify(null);
      showSeedLine(first.seed || req.seed);
      await display(first);
      $("after-battle").scrollIntoView({ block: "start" });
      await painted();  // beat 1 is painted before the engine plays the rest
      shown = first;
    };
    const answer = await api.battle(req, early);
    performance.mark("kassen:battle-whole");
    if (!answer.ok) { notify(t("battle"), answer.problems); return; }
    notify(null);
    lastRequest = { ...req, seed: answer.seed || req.seed };
    showSeedLine(lastRequest.seed);
    $("after-battle").dataset.battles = String(Number($("after-battle").dataset.battles || 0) + 1);
    if (shown && currentBattle() === shown && !answer.pending) {
      await display(answer, { extend: true });  // beat 1 is on screen: keep the reader's place
    } else {
      await display(answer);
      $("after-battle").scrollIntoView({ block: "start" });  // the seed line, then the battle
    }
  } finally {
    for (const b of buttons) b.disabled = false;
    updateBattleState();
  }
}

/** Resolves once the next frame has been painted (or after 100 ms: a hidden tab paints none). */
const painted = () => new Promise((done) => {
  requestAnimationFrame(() => setTimeout(done, 0));
  setTimeout(done, 100);
});

/** Show a battle and name it in the title (names are data: set as text, never as markup).
 * `extend`: the answer is the whole of the battle whose first beat is on screen. */
async function display(answer, { extend = false } = {}) {
  if (extend) await extendBattle(answer);
  else await present(answer);
  const names = (answer.sides || []).map((side) => side?.members?.[0]?.name).filter(Boolean);
  document.title = names.length ? `${names.join(" vs ")} — Kassen 合戦` : "Kassen 合戦";
}

/** Open a #m= (battle), #b= (build), #t= (tournament) or #g= (game in progress) fragment; a
 * bad one shows a message, nothing breaks. */
async function openFragment(fragment) {
  if (!/^#[mbtg]=/.test(fragment)) return;
  endGame();
  if (fragment.startsWith("#g=")) return openGame(fragment, applyRecord);  // a game between people
  let answer;
  try {
    answer = await api.openLink(fragment, document.documentElement.lang);
  } catch (error) {
    answer = { ok: false, problems: [{ message: String(error) }] };
  }
  if (!answer.ok) { notify(t("badLink"), answer.problems || []); return; }
  // an earlier rules or engine version, or a tournament link that carries none: say so
  notify(answer.notes?.length ? t("linkNotes") : null,
    (answer.notes || []).map((n) => ({ message: n.message })), true);
  if (answer.kind === "tournament") {
    await openTournament(answer.tournament, (spec) => {
      selectRuleset(spec.ruleset, { withSamples: false });
      setOptions(spec.options || {}, false);
    });
  } else if (answer.kind === "build") {
    selectRuleset(answer.ruleset);
    setBuild(0, answer.text);
  } else {
    applyRecord(answer.record);  // Battle now plays what the link shows
    lastRequest = null;
    $("after-battle").hidden = true;
    await display(answer);
    $("viewer").scrollIntoView({ block: "start" });
  }
}

/** A newer build is ready (offline.js): say so, with a button that switches to it. */
function offerUpdate(update) {
  const button = $("update-reload");
  button.addEventListener("click", () => { button.disabled = true; update(); }, { once: true });
  $("update").hidden = false;
}

const pageUrl = (fragment) => `${location.origin}${location.pathname}${fragment}`;

/** "Share build": the side's #b= link (the engine validates the build first). */
async function shareBuild(side, button) {
  const answer = await api.shareBuild(currentRuleset().id, $(`build-${side}`).value);
  if (!answer.ok) {
    const p = answer.problems?.[0];
    showNote(button, `${t("whySide").replace("{side}", t(side ? "sideB" : "sideA"))}${p ? `: ${p.message}` : ""}`, true);
    return;
  }
  window.kassenLastShare = pageUrl(answer.link);
  await copyWithFeedback(button, window.kassenLastShare, t("linkCopied"));
}

async function share() {
  const battle = currentBattle();
  if (!battle?.link) return;
  window.kassenLastShare = pageUrl(battle.game?.link || battle.link);  // a game: its #g= link
  await copyWithFeedback($("share"), window.kassenLastShare, t("linkCopied"));
}

/** The footer's links into the rules reference, one per system it has (from the build). */
function renderRulesLinks() {
  fill(document.querySelector(".rules-links"), RULESETS.filter((r) => r.rules).map((r) =>
    el("li", {}, el("a", { href: `rules.html#${r.id}`, text: lang() === "ja" ? r.name_ja : r.name_en }))));
}

async function boot() {
  setLang(initialLang());
  renderPicker();  // the build's systems, before the engine has started
  renderRulesLinks();
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  onLangChange(() => {
    setStage(stage); renderRulesLinks(); relabelSetup(); relabelBattle(); relabelDecision(); renderSaved(); relabelTournament(); relabelGame();
  });
  initBattleControls();
  $("battle").addEventListener("click", () => runBattle());
  $("rematch").addEventListener("click", () => lastRequest && runBattle({ ...lastRequest, seed: null }));
  $("replay").addEventListener("click", () => lastRequest && runBattle(lastRequest));
  for (const side of [0, 1]) {
    $(`share-build-${side}`).addEventListener("click", (e) => shareBuild(side, e.currentTarget));
    $(`copy-text-${side}`).addEventListener("click", (e) => copyWithFeedback(e.currentTarget, $(`build-${side}`).value));
  }
  $("share").addEventListener("click", share);
  setStage("runtime");
  // not awaited: Python is already starting (boot.js)
  registerServiceWorker().then((registration) => registration && watchForUpdates(registration, offerUpdate));
  try {
    onEngineStage((name) => name !== "ready" && setStage(name));
    const engine = await engineReady;
    api = engine.api;
    // for tests and the curious: the battle on screen once the page has all of it (null while
    // only its first beat has come)
    window.kassen = { api, info: engine.info, currentBattle: () => (currentBattle()?.early ? null : currentBattle()) };
    $("engine-info").textContent = `engine ${engine.info.engine} · Python ${engine.info.python}`;
    initDecide({ api, showBattle, notify, play }, engine.info);
    // the chosen system's battle view is loaded before a click on Battle needs it (issue 29)
    $("ruleset").addEventListener("kassen:ruleset", () => setTimeout(() => viewFor(currentRuleset()?.id).catch(() => null)));
    initSetup(api, engine.info);
    initSaved({ ruleset: () => currentRuleset()?.id, load: setBuild });
    initGame({ api, notify, pageUrl, ruleset: currentRuleset });
    $("ruleset").addEventListener("kassen:ruleset", renderSaved);
    initTournament(api, { ruleset: () => currentRuleset()?.id, options: readOptions,
      samples: () => currentRuleset()?.samples || [], saved: savedBuilds });
    initTournamentShare(api, pageUrl);
    initReplayDownload(api, currentBattle, () => pageUrl(""));
    updateBattleState();
    window.kassenReadyAt = performance.now();
    setStage("ready");
    window.kassenOffline = fillOfflineCache(BUILD.id)
      .catch((error) => console.warn("offline cache not filled:", error));
    await openFragment(location.hash);
    window.addEventListener("hashchange", () => openFragment(location.hash));
  } catch (error) {
    console.error(error);
    setStage("failed");
    notify(t("stage.failed"), [{ message: String(error?.message || error) }]);
  }
}

boot();
