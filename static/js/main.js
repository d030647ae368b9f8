// Kassen page entry: language, service worker, engine start, links, share.
import { $, el, fill } from "./dom.js";
import { BUILD } from "../vendor/build.mjs";
import { initialLang, onLangChange, setLang, t } from "./i18n.js";
import { fillOfflineCache, loadedUrls, registerServiceWorker } from "./offline.js";
import { initBattleControls, play, relabelBattle, showBattle, currentBattle } from "./battle.js";
import { initDecide, present, relabelDecision } from "./decide.js";
import { currentRuleset, initSetup, readOptions, relabelSetup, request, selectRuleset, setBuild } from "./setup.js";
import { initSaved, render as renderSaved, savedBuilds } from "./saved.js";
import { initTournament, relabelTournament } from "./tournament.js";
import { engineReady, onEngineStage } from "./early.js";

let api = null;
let stage = "runtime";

function setStage(name) {
  stage = name;
  $("status-text").textContent = t(`stage.${name}`);
  if (name === "ready" || name === "failed") document.documentElement.dataset.engine = name;
}

/** Show a message (or a list of engine problems) in the alert box; null hides it. */
function notify(title, problems = []) {
  const box = $("notice");
  if (!title) { box.hidden = true; fill(box); return; }
  fill(box, el("strong", { text: title }),
    problems.map((p) => el("div", { text: p.line ? `${p.line}:${p.column}: ${p.message}` : p.message })));
  box.hidden = false;
}

async function runBattle() {
  const button = $("battle");
  button.disabled = true;
  try {
    const answer = await api.battle(request());
    if (!answer.ok) { notify(t("battle"), answer.problems); return; }
    notify(null);
    await display(answer);
  } finally {
    button.disabled = false;
  }
}

/** Show a battle and name it in the title (names are data: set as text, never as markup). */
async function display(answer) {
  await present(answer);
  const names = (answer.sides || []).map((side) => side?.members?.[0]?.name).filter(Boolean);
  document.title = names.length ? `${names.join(" vs ")} — Kassen 合戦` : "Kassen 合戦";
}

/** Open a #m= (battle) or #b= (build) fragment; a bad one shows a message, nothing breaks. */
async function openFragment(fragment) {
  if (!/^#[mb]=/.test(fragment)) return;
  let answer;
  try {
    answer = await api.openLink(fragment, document.documentElement.lang);
  } catch (error) {
    answer = { ok: false, problems: [{ message: String(error) }] };
  }
  if (!answer.ok) { notify(t("badLink"), answer.problems || []); return; }
  notify(null);
  if (answer.kind === "build") {
    selectRuleset(answer.ruleset);
    setBuild(0, answer.text);
  } else {
    await display(answer);
    $("viewer").scrollIntoView({ block: "start" });
  }
}

async function share() {
  const battle = currentBattle();
  if (!battle?.link) return;
  const url = `${location.origin}${location.pathname}${battle.link}`;
  try {
    await navigator.clipboard.writeText(url);
    notify(null);
    $("status-text").textContent = t("shared");
  } catch {
    notify(t("shareFailed"), [{ message: url }]);
  }
  window.kassenLastShare = url;
}

async function boot() {
  setLang(initialLang());
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  onLangChange(() => {
    setStage(stage); relabelSetup(); relabelBattle(); relabelDecision(); renderSaved(); relabelTournament();
  });
  initBattleControls();
  $("battle").addEventListener("click", runBattle);
  $("share").addEventListener("click", share);
  setStage("runtime");
  registerServiceWorker();  // not awaited: Python is already starting (early.js)
  try {
    onEngineStage((name) => name !== "ready" && setStage(name));
    const engine = await engineReady;
    api = engine.api;
    window.kassen = { api, info: engine.info, currentBattle };  // for tests and the curious
    $("engine-info").textContent = `engine ${engine.info.engine} · Python ${engine.info.python}`;
    initDecide({ api, showBattle, notify, play }, engine.info);
    initSetup(api, engine.info);
    initSaved({ ruleset: () => currentRuleset()?.id, load: setBuild });
    $("ruleset").addEventListener("change", renderSaved);
    initTournament(api, { ruleset: () => currentRuleset()?.id, options: readOptions,
      samples: () => currentRuleset()?.samples || [], saved: savedBuilds });
    $("battle").disabled = !engine.info.rulesets?.length;
    window.kassenReadyAt = performance.now();
    setStage("ready");
    window.kassenOffline = api.resources()
      .then((workerUrls) => fillOfflineCache(loadedUrls([...workerUrls, location.href, ...BUILD.shell])))
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
