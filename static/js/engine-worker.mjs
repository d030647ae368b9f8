// The engine worker: Pyodide booted directly in a module worker (no PyScript), running
// static/py/worker.py (the module `kassen_worker`) and answering the page's calls
// (static/js/engine.js).
//
// Messages in: {id, name, args} (args are strings); out: {id, result} (the function's JSON
// string) or {id, error}. Issue 29: PyScript set itself up on the main thread and again in
// the worker before it even asked for Python, then fetched and unzipped the engine wheel
// although a restored memory snapshot already holds the engine. Here Python is asked for as
// this module starts (runtime.mjs reads the snapshot at the same moment), and after a restore
// the wheel's files are written only once the engine has answered its first call.
// Every module this worker needs is named here, so they are all requested at once instead of
// one level of imports after the other (runtime.mjs imports the last two itself).
import { VERSION } from "../vendor/version.mjs";
import { loadPyodide } from "./runtime.mjs";
import { unpackInto } from "./unzip.mjs";
import "./snapshot.mjs";
import "../vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
// ?mode=boot (scripts/bench_startup.py --modes): the wheel installed by Pyodide from the
// trimmed lock while the interpreter boots, instead of unpacked into the working directory
const MODE = new URL(import.meta.url).searchParams.get("mode") || "files";
const UNGATED = new Set(["ping", "boot", "startup", "resources"]);  // need no wheel files

/** The wheel's files in Python's working directory, where the snapshot's engine was imported
 * from (scripts/make_snapshot.mjs): modules a call imports later are found there. */
async function unpackWheel(py, wheel) {
  await unpackInto(py, new Uint8Array(await wheel), py.FS.cwd());
}

async function boot() {
  const options = MODE === "boot" ? { packages: ["kassen"] } : {};
  const python = loadPyodide(options);  // first: its fetch keeps copies for offline use
  const wheel = MODE === "boot" ? null : fetch(here(`../vendor/${VERSION.wheel}`))
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`wheel: HTTP ${r.status}`))));
  wheel?.catch(() => {});  // reported where it is awaited
  const py = await python;
  let written = null;
  // () → a promise of the wheel's files written: started by the first call that needs them or
  // once the first answer is sent, whichever comes first
  let files = () => Promise.resolve();
  if (wheel && globalThis.kassenBoot?.snapshot) {
    // the snapshot holds every module a call needs at once; the rest can follow
    files = () => (written ??= unpackWheel(py, wheel)
      .catch((error) => console.warn("kassen: engine files not written:", error)));
  } else if (wheel) {
    await unpackWheel(py, wheel);
  }
  const stages = new BroadcastChannel("kassen-engine");  // the page's start-up stages
  stages.postMessage("engine");
  globalThis.kassenTimes.script = performance.now();
  const worker = await workerModule(py);
  stages.postMessage("hello");
  stages.close();
  const exported = worker.__export__;
  const names = new Set(exported.toJs());
  exported.destroy();
  const functions = new Map();  // name → its function (a proxy held for the worker's life)
  const get = (name) => {
    if (!names.has(name)) throw new Error(`no engine function ${name}`);
    if (!functions.has(name)) functions.set(name, worker[name]);
    return functions.get(name);
  };
  return { get, files };
}

/** static/py/worker.py as the module `kassen_worker`: already imported in a restored
 * snapshot (scripts/make_snapshot.mjs), else written into the working directory and imported. */
async function workerModule(py) {
  if (!globalThis.kassenBoot?.snapshot) {
    const response = await fetch(here("../py/worker.py"));
    if (!response.ok) throw new Error(`worker.py: HTTP ${response.status}`);
    py.FS.writeFile(`${py.FS.cwd()}/kassen_worker.py`, await response.text());
  }
  return py.pyimport("kassen_worker");
}

const booted = boot();
booted.catch((error) => console.error("kassen: the engine did not start:", error));

self.onmessage = async ({ data }) => {
  const { id, name, args = [] } = data || {};
  try {
    const { get, files } = await booted;
    if (!UNGATED.has(name)) await files();
    postMessage({ id, result: String(get(name)(...args.map(String))) });
    setTimeout(files, 0);  // after this answer has left
  } catch (error) {
    postMessage({ id, error: String(error?.message ?? error).split("\n")[0] });
  }
};
