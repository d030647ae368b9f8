// The engine: a PyScript worker (Pyodide) running static/py/worker.py.
// The main thread never loads Python; it only calls the worker's JSON-string API.
import { PyWorker, hooks } from "../vendor/pyscript/core.js";
import { BUILD } from "../vendor/build.mjs";

const here = (path) => new URL(path, import.meta.url).href;

/** How the engine wheel reaches the worker (see README, "start-up"). */
function workerOptions(mode) {
  // runtime.mjs: the vendored Pyodide with the worker's own downloads (the 9.6 MB wasm, the
  // stdlib, the wheel) teed into the offline cache as they stream. Filling that cache later
  // from the HTTP cache alone was measured to download the wasm twice on a busy machine.
  const version = here("./runtime.mjs");
  // sync_main_only: calls only go main → worker, so the worker never needs synchronous
  // access to the page (SharedArrayBuffer); PyScript then starts each worker without the
  // "requires SharedArrayBuffer" warning (README, "Cross-origin isolation").
  const base = { sync_main_only: true };
  if (mode === "boot") {
    // a loader that passes packages:["kassen"] to loadPyodide (trimmed lock)
    return { version: here("../vendor/pyodide/kassen-boot.mjs"), config: base };
  }
  // default: the wheel unpacked into the worker's working directory (PyScript "files")
  return { version, config: { ...base, files: { [here(`../vendor/${BUILD.wheel}`)]: "./*" } } };
}

// PyScript turns worker hooks (JS functions) into code with Function(), which the page's CSP
// forbids (no 'unsafe-eval'). Its only default worker hook registers the pyscript.fs module,
// which the engine does not use; with the sets empty, no code is built from strings.
const WORKER_HOOKS = ["onReady", "onBeforeRun", "onBeforeRunAsync", "onAfterRun", "onAfterRunAsync"];

function newWorker(mode) {
  for (const name of WORKER_HOOKS) hooks.worker[name]?.clear?.();
  return PyWorker(here("../py/worker.py"), workerOptions(mode));
}

/** Play `request` in two calls and resolve to the whole answer: first only its first beat
 * (an answer with that one step and `early` set), which `onEarly(answer)` shows (its promise
 * settles once that is painted), then the whole battle. The worker stays idle while the page
 * draws beat 1, so on a busy machine the two do not share a core. Issue 29. */
async function twoStep(call, request, onEarly) {
  const text = JSON.stringify(request);
  const first = await call("battle_first", text);
  performance.mark("kassen:first-beat-came");
  if (first.ok && first.steps?.length) await onEarly(first);
  return call("battle", text);
}

/** Wrap a PyWorker: `call(name, ...strings)` → parsed JSON, plus the named API functions. */
function wrap(worker) {
  const call = async (name, ...args) => JSON.parse(await worker.sync[name](...args));
  const json = (value) => (typeof value === "string" ? value : JSON.stringify(value));
  return {
    call,
    worker,
    ping: () => call("ping"),
    hello: () => call("hello"),
    validate: (ruleset, text, lang, options = "{}") => call("validate", ruleset, text, lang, options),
    battle: (request, onEarly) => (onEarly ? twoStep(call, request, onEarly)
      : call("battle", JSON.stringify(request))),
    openLink: (fragment, lang) => call("open_link", fragment, lang),
    shareBuild: (ruleset, text) => call("share_build", ruleset, text),
    digest: (record) => call("digest", json(record)),
    digests: (records) => call("digests", json(records)),
    resources: () => call("resources"),
    tournamentPlan: (request) => call("tournament_plan", json(request)),
    tournamentPlay: (request, work) => call("tournament_play", json(request), json(work)),
    tournamentTable: (request, tally) => call("tournament_table", json(request), json(tally)),
    matchupPlan: (request) => call("matchup_plan", json(request)),
    matchupTable: (request, results) => call("matchup_table", json(request), json(results)),
    eliminationNext: (request, tally) => call("elimination_next", json(request), json(tally)),
    tableCsv: (table) => call("table_csv", json(table)),
    tournamentLink: (request) => call("tournament_link", json(request)),
    tournamentReport: (request, table, page, lang) => call("tournament_report", json(request), json(table), page, lang),
    replayFile: (fragment, files, why, site) => call("replay_file", fragment, json(files), json(why), site),
    gameStart: (request) => call("game_start", json(request)),
    gameDecide: (request) => call("game_decide", json(request)),
    gameOpen: (fragment, lang, known) => call("game_open", fragment, lang, json(known || {})),
    gameTakeOver: (request) => call("game_take_over", json(request)),
  };
}

/** One more engine worker (for the tournament pool); resolves once it answered. */
export async function startWorker({ mode = "files" } = {}) {
  const api = wrap(await newWorker(mode));
  await api.ping();
  return api;
}

/**
 * Start the engine. `onStage(name)` gets "runtime", "engine", "hello", "ready".
 * Resolves to `{api, info}`: `api` has the API functions, each returning parsed JSON.
 */
export async function startEngine({ onStage = () => {}, mode = "files" } = {}) {
  const channel = new BroadcastChannel("kassen-engine");
  channel.onmessage = (event) => onStage(String(event.data));
  onStage("runtime");
  try {
    const worker = await newWorker(mode);
    onStage("hello");
    const api = wrap(worker);
    // The first call is the cheapest one; the rulesets' descriptions (what `hello` answers)
    // were computed at build time from the same sources as the wheel.
    const info = { ...(await api.ping()), rulesets: BUILD.hello.rulesets };
    onStage("ready");
    return { api, info };
  } finally {
    channel.close();
  }
}
