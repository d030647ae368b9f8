// The engine: Pyodide in a module worker (engine-worker.mjs) running static/py/worker.py.
// The main thread never loads Python; it only calls the worker's JSON-string API.
import { BUILD } from "../vendor/build.mjs";

/** A new engine worker; `mode` "boot" installs the wheel from the trimmed lock instead of
 * unpacking it (scripts/bench_startup.py --modes compares the two). */
function newWorker(mode) {
  const url = new URL("./engine-worker.mjs", import.meta.url);
  if (mode !== "files") url.searchParams.set("mode", mode);
  return new Worker(url, { type: "module" });
}

/** `send(name, ...strings)` → a promise of the worker's answer (a string). A worker that
 * fails (an uncaught error, or one that cannot load) rejects every call still waiting, and
 * every later one; `failed` is an error event the worker met before this was listening. */
function messenger(worker, failed = null) {
  const waiting = new Map();
  let last = 0;
  let failure = null;
  worker.onmessage = ({ data }) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if ("error" in data) entry.reject(new Error(data.error)); else entry.resolve(data.result);
  };
  worker.onerror = (event) => {
    failure = new Error(`engine worker failed: ${event.message || "could not load"}`);
    for (const entry of waiting.values()) entry.reject(failure);
    waiting.clear();
  };
  if (failed) worker.onerror(failed);
  return (name, ...args) => new Promise((resolve, reject) => {
    if (failure) { reject(failure); return; }
    last += 1;
    waiting.set(last, { resolve, reject });
    worker.postMessage({ id: last, name, args: args.map(String) });
  });
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

/** Wrap an engine worker: `call(name, ...strings)` → parsed JSON, plus the named API functions. */
function wrap(worker, failed = null) {
  const send = messenger(worker, failed);
  const call = async (name, ...args) => JSON.parse(await send(name, ...args));
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
  const api = wrap(newWorker(mode));
  await api.ping();
  return api;
}

/** The worker static/js/boot.js started as the page began (once; null without one). */
function takeEarlyStart() {
  const start = globalThis.kassenStart;
  if (!start?.worker) return null;
  globalThis.kassenStart = null;
  return start;
}

/**
 * Start the engine (adopting the worker boot.js started, if any). `onStage(name)` gets
 * "runtime", "engine", "hello", "ready".
 * Resolves to `{api, info}`: `api` has the API functions, each returning parsed JSON.
 */
export async function startEngine({ onStage = () => {}, mode = "files" } = {}) {
  const early = mode === "files" ? takeEarlyStart() : null;
  const channel = early?.channel ?? new BroadcastChannel("kassen-engine");
  channel.onmessage = (event) => onStage(String(event.data));
  onStage("runtime");
  if (early && early.stage !== "runtime") onStage(early.stage);
  try {
    // its stages "engine", "hello" come on the channel
    const api = early ? wrap(early.worker, early.error) : wrap(newWorker(mode));
    // The first call is the cheapest one; the rulesets' descriptions (what `hello` answers)
    // were computed at build time from the same sources as the wheel.
    const info = { ...(await api.ping()), rulesets: BUILD.hello.rulesets };
    onStage("ready");
    return { api, info };
  } finally {
    channel.close();
  }
}
