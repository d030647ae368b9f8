// The engine: a PyScript worker (Pyodide) running static/py/worker.py.
// The main thread never loads Python; it only calls the worker's JSON-string API.
import { PyWorker } from "../vendor/pyscript/core.js";
import { BUILD } from "../vendor/build.mjs";

const here = (path) => new URL(path, import.meta.url).href;

/** How the engine wheel reaches the worker (see README, "start-up"). */
function workerOptions(mode) {
  // runtime.mjs: Pyodide with the worker's downloads teed into the offline cache
  const version = here("./runtime.mjs");
  if (mode === "boot") {
    // a loader that passes packages:["kassen"] to loadPyodide (trimmed lock)
    return { version: here("../vendor/pyodide/kassen-boot.mjs"), config: {} };
  }
  // default: the wheel unpacked into the worker's working directory (PyScript "files")
  return { version, config: { files: { [here(`../vendor/${BUILD.wheel}`)]: "./*" } } };
}

/**
 * Start the engine. `onStage(name)` gets "runtime", "engine", "hello", "ready".
 * Resolves to an object with the API functions, each returning parsed JSON.
 */
export async function startEngine({ onStage = () => {}, mode = "files" } = {}) {
  const channel = new BroadcastChannel("kassen-engine");
  channel.onmessage = (event) => onStage(String(event.data));
  onStage("runtime");
  try {
    const worker = await PyWorker(here("../py/worker.py"), workerOptions(mode));
    onStage("hello");
    const call = async (name, ...args) => JSON.parse(await worker.sync[name](...args));
    const api = {
      hello: () => call("hello"),
      validate: (ruleset, text, lang, options = "{}") => call("validate", ruleset, text, lang, options),
      battle: (request) => call("battle", JSON.stringify(request)),
      openLink: (fragment, lang) => call("open_link", fragment, lang),
      shareBuild: (ruleset, text) => call("share_build", ruleset, text),
      digest: (record) => call("digest", typeof record === "string" ? record : JSON.stringify(record)),
      resources: () => call("resources"),
    };
    const info = await api.hello();
    onStage("ready");
    return { api, info };
  } finally {
    channel.close();
  }
}
