// The build lab: search builds that beat a field (counter), top it (champion) or bring a
// party's win rate to a goal (balance), on the page's worker pool. The page's own engine
// worker holds the search (kassen.web.lab): it proposes each round's candidates; the pool's
// workers play the racing stages' tasks in slices; the main thread only relays and draws.
// A time budget ends the search at the end of the round under way (the same rounds, and so
// the same table, as `python -m kassen search … --evaluations N` with the evaluations shown).
import { $, el, fill } from "./dom.js";
import { engineReady } from "./early.js";
import { onLangChange, t } from "./i18n.js";
import { Pool } from "./pool.js";
import { PoolRun } from "./pool-run.js";
import { savedBuilds } from "./saved.js";
import { currentRuleset, readOptions, setBuild } from "./setup.js";
import { parseBuildList } from "./tournament.js";
import { drawBest } from "./lab-view.js";
import { showNote } from "./copy.js";
import { initLabHelpers } from "./lab-helpers.js";

const MAX_EVALUATIONS = 200000;
let api = null;
let pool = null;
let runner = null;  // the search in progress (PoolRun)
let shown = null;  // the last best-so-far table drawn: {best, links, field}

const field = () => parseBuildList($("lab-field").value);

function setField(texts) {
  const clean = texts.map((text) => text.trim()).filter(Boolean);
  // a lone multi-line build still needs its "---" (else each line would read as a build)
  $("lab-field").value = clean.some((text) => text.includes("\n"))
    ? `${clean.join("\n---\n")}${clean.length === 1 ? "\n---" : ""}` : clean.join("\n");
}

const showProblems = (answer) => runner.showProblems(answer);

function progress(evaluations, seconds, answer = {}) {
  const elapsed = (performance.now() - runner.state.started) / 1000;
  const bar = $("lab-progress");
  bar.max = seconds;
  bar.value = Math.min(seconds, elapsed);
  const rate = elapsed > 0 ? evaluations / elapsed : 0;
  // champion: the field's own round robin comes first, in stages (kassen.web.lab)
  const field = answer.field_total && answer.field_played < answer.field_total
    ? `${answer.field_played}/${answer.field_total} ${t("tBattles")} · ` : "";
  $("lab-progress-text").value = `${field}${evaluations} ${t("labEvaluations")} · ${rate.toFixed(1)}/s · `
    + `${Math.min(seconds, elapsed).toFixed(0)}/${seconds} s · ${pool.members.length} ${t("tPool")}`;
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;

/** Draw the best-so-far table (links once the search has ended). */
function showBest(best, target, withLinks = false) {
  shown = { best, target, withLinks };
  drawBest($("lab-best"), best, target, { withLinks });
}

function request() {
  const number = (id, fallback) => {
    const value = Number.parseFloat($(id).value);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const given = (id, fallback) => {
    const text = $(id).value.trim();
    return text === "" ? fallback : Number(text);
  };
  return {
    ruleset: currentRuleset()?.id, field: field(), options: readOptions(),
    // K as typed (the engine refuses 0 or 2.5 with a message; never rounded or replaced here)
    target: $("lab-target").value, seeds: given("lab-seeds", 10),
    seed: $("lab-seed").value.trim() || "lab", evaluations: MAX_EVALUATIONS,
    seconds: Math.min(3600, number("lab-seconds", 10)),
  };
}

/** One slice's tasks in calls of at most `limit` battles each (the worker refuses more);
 * a task [null, first, stop] is a range of the field's own round robin. */
async function playTasks(member, context, tasks, perGame, limit) {
  const answers = [];
  let part = [];
  let battles = 0;
  const flush = async () => {
    if (!part.length) return null;
    const answer = await member.call("lab_play", context, JSON.stringify(part));
    if (!answer.ok) return answer;
    answers.push(...answer.answers);
    part = [];
    battles = 0;
    return null;
  };
  for (const task of tasks) {
    const cost = (task[2] - task[1]) * (task[0] === null ? 1 : perGame);
    if (part.length && battles + cost > limit) {
      const failed = await flush();
      if (failed) return failed;
    }
    part.push(task);
    battles += cost;
  }
  return (await flush()) ?? { ok: true, answers };
}

/** Play one stage's tasks on the pool; the answers in task order, or null when cancelled. */
async function playStage(start0, tasks, state) {
  const { context, perGame, limit } = start0;
  const answers = new Array(tasks.length);
  const out = await pool.run(tasks.length, (member, start, stop) =>
    playTasks(member, context, tasks.slice(start, stop), perGame, limit)
      .then((answer) => ({ ...answer, start })), {
    onAnswer: (answer) => answer.answers.forEach((value, i) => { answers[answer.start + i] = value; }),
    cancelled: () => state.cancelled,
  });
  return out.cancelled ? null : answers;
}

export async function startLab() {
  if (!runner || runner.running) return;
  const req = request();
  await runner.start((state) => search(req, state), async () => {
    fill($("lab-summary"));
    fill($("lab-best"));  // the old table belonged to the last search
    shown = null;
  });
}

/** The search itself, on a booted pool; its final state, or nothing after a problem. */
async function search(req, state) {
  let answer = await api.call("lab_start", JSON.stringify(req));
  if (!answer.ok) { showProblems(answer); return undefined; }
  const plays = { context: JSON.stringify(answer.context), limit: answer.max_battles,
    perGame: answer.context.field.length * answer.context.seatings };
  while (!answer.done) {
    const answers = await playStage(plays, answer.tasks, state);
    if (answers === null) break;
    const more = (performance.now() - state.started) / 1000 < req.seconds ? "1" : "0";
    answer = await api.call("lab_answer", JSON.stringify(answers), more);
    if (!answer.ok) { showProblems(answer); return undefined; }
    progress(answer.evaluations, req.seconds, answer);
    showBest(answer.best, req.target);
  }
  const result = await api.call("lab_result");
  if (!result.ok) { showProblems(result); return undefined; }
  result.cancelled = state.cancelled;
  showBest(result.best, req.target, true);
  const seconds = ((performance.now() - state.started) / 1000).toFixed(1);
  $("lab-progress-text").value = `${state.cancelled ? t("tCancelled") : t("tDone")} · `
    + `${result.evaluations} ${t("labEvaluations")} · ${seconds} s · `
    + `${t("labSeed")} ${req.seed}`;
  if (result.field_best !== undefined && result.field_best !== null) {
    fill($("lab-summary"), el("p", { class: "muted", text: `${t("labFieldBest")} ${pct(result.field_best)}` }));
  }
  window.kassenLab = result;  // for tests and the curious
  return state.cancelled ? "cancelled" : "done";
}

/** Stop the search: the pool hands out no more slices, the best so far is kept. */
export const cancelLab = () => runner?.cancel();

/** "Use this build": into the side's editor, which comes into view, with a word of it. */
function useBuild(event) {
  const button = event.target.closest("button.lab-use");
  if (!button || !shown) return;
  const row = shown.best[Number(button.dataset.row)];
  if (!row) return;
  const side = Number(button.dataset.side);
  setBuild(side, row.text);
  const editor = $(`build-${side}`);
  editor.closest("fieldset")?.scrollIntoView({ block: "start", behavior: "smooth" });
  editor.focus({ preventScroll: true });
  showNote($(`copy-text-${side}`), t("labUsed").replace("{side}", t(side ? "sideB" : "sideA")));
  editor.closest("fieldset")?.classList.add("just-filled");
  setTimeout(() => editor.closest("fieldset")?.classList.remove("just-filled"), 2000);
}

async function init() {
  const engine = await engineReady;
  api = engine.api;
  pool = new Pool(api);
  runner = new PoolRun(pool, { section: "lab", start: "lab-start", cancel: "lab-cancel",
    text: "lab-progress-text", summary: "lab-summary" }, { failState: "idle", settleOnCancel: true });
  $("lab-start").disabled = false;
  $("lab-start").addEventListener("click", startLab);
  $("lab-cancel").addEventListener("click", cancelLab);
  $("lab-best").addEventListener("click", useBuild);
  $("lab-from-sides").addEventListener("click", () => setField([$("build-0").value, $("build-1").value]));
  $("lab-from-tournament").addEventListener("click", () => setField(parseBuildList($("t-builds").value)));
  $("lab-add-saved").addEventListener("click", () => setField([...field(), ...savedBuilds().map((b) => b.text)]));
  onLangChange(() => shown && showBest(shown.best, shown.target, shown.withLinks));
  initLabHelpers({ setField, start: startLab });
}

init().catch((error) => console.warn("build lab not started:", error));
