// Repeat visits: restore the build's Pyodide memory snapshot instead of booting Python.
// scripts/make_snapshot.mjs takes it at build time (Node, the same vendored Pyodide) right
// after the engine and every ruleset are imported; the service worker caches it after the
// first visit (it is in BUILD.shell). Pyodide's loader restores it through its experimental
// `_loadSnapshot` option: the wasm heap is copied in and Python's start-up is skipped.
//
// Used only when every check passes: the build has a snapshot, it was made by this Pyodide
// version, the cached copy has the build's size and SHA-256 (checked while Pyodide loads its
// glue code), Pyodide's own build-id check passes, and the restored engine carries the
// build's key. Otherwise the worker boots as before, with one console.info line and no error
// on the page. `globalThis.kassenBoot` says which happened (the worker's `boot` call).
import { BUILD } from "../vendor/build.mjs";

const META = BUILD.snapshot || null;
const URL_ = META ? new URL(`../vendor/${META.file}`, import.meta.url).href : null;

/** Record how this worker started; returns null (so callers boot normally). */
function note(reason) {
  globalThis.kassenBoot = { snapshot: false, reason };
  return null;
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The cached snapshot's bytes, refused unless size and SHA-256 are the build's. */
async function verified(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length !== META.bytes) throw new Error(`snapshot has ${bytes.length} bytes, expected ${META.bytes}`);
  if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== META.sha256) {
    throw new Error("snapshot checksum differs from the build's");
  }
  return bytes;
}

/**
 * Try to start Pyodide from the cached snapshot. Resolves to the interpreter, or to null
 * when there is no usable snapshot (the caller then boots normally); never rejects.
 * `loadBase` is Pyodide's loadPyodide, `version` its version, `cache` a promise of the
 * offline cache (or of null).
 */
export async function restoring(options, { loadBase, version, cache }) {
  if (!META) return note("this build has no snapshot");
  if (META.pyodide !== version) return note(`snapshot made by Pyodide ${META.pyodide}, runtime is ${version}`);
  const store = await cache;
  const hit = store ? await store.match(URL_).catch(() => undefined) : undefined;
  if (!hit) return note("snapshot not cached yet");
  const started = performance.now();
  try {
    // A promise: Pyodide awaits it only after loading its glue code, so the check overlaps.
    const py = await loadBase({ ...options, _loadSnapshot: verified(hit) });
    const key = py.runPython("getattr(__import__('kassen'), '_snapshot_key', None)");
    if (key !== META.key) throw new Error("restored engine is not this build's");
    // every restore would otherwise continue the one random state frozen at build time
    py.runPython("import random; random.seed()");
    globalThis.kassenBoot = { snapshot: true, ms: Math.round(performance.now() - started) };
    return py;
  } catch (error) {
    const reason = String(error?.message ?? error).split("\n")[0];
    console.info("kassen: memory snapshot not used, booting normally:", reason);
    return note(`restore failed: ${reason}`);
  }
}
