// Restore the build's Pyodide memory snapshot instead of booting Python: a repeat visit from
// the offline cache, the first visit downloaded (and kept in that cache; it is one of the
// build's offline files, for the service worker, too). scripts/make_snapshot.mjs takes it at
// build time (Node, the same vendored Pyodide) right after the engine and every ruleset are
// imported. Pyodide's
// loader restores it through its experimental `_loadSnapshot` option: the wasm heap is copied
// in and Python's start-up is skipped.
//
// Used only when every check passes: the build has a snapshot, it was made by this Pyodide
// version, the file has the build's size and SHA-256 (checked while Pyodide loads its
// glue code), Pyodide's own build-id check passes, and the restored engine carries the
// build's key. Otherwise the worker boots as before, with one console.info line and no error
// on the page. `globalThis.kassenBoot` says which happened (the worker's `boot` call).
import { VERSION } from "../vendor/version.mjs";

const META = VERSION.snapshot || null;
const URL_ = META ? new URL(`../vendor/${META.file}`, import.meta.url).href : null;

/** Record how this worker started; returns null (so callers boot normally). */
function note(reason) {
  globalThis.kassenBoot = { snapshot: false, reason };
  return null;
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The snapshot from its file: empty pages were left out (scripts/make_snapshot.mjs). */
export function unpacked(file) {
  const [magic, length, pageSize, pages] = new Uint32Array(file.buffer, 0, 4);
  const bitmap = file.subarray(16, 16 + Math.ceil(pages / 8));
  const kept = (i) => (bitmap[i >> 3] >> (i & 7)) & 1;
  let count = 0;
  for (let i = 0; i < pages; i++) count += kept(i);
  const expected = 16 + bitmap.length + count * pageSize;
  if (magic !== 0x314e534b || file.length !== expected) {
    throw new Error(`snapshot file has ${file.length} bytes, expected ${expected}`);
  }
  const bytes = new Uint8Array(length);
  let at = 16 + bitmap.length;
  for (let i = 0; i < pages;) {  // one copy per run of kept pages
    if (!kept(i)) { i += 1; continue; }
    let end = i + 1;
    while (end < pages && kept(end)) end += 1;
    const size = Math.min(end * pageSize, length) - i * pageSize;
    bytes.set(file.subarray(at, at + size), i * pageSize);
    at += (end - i) * pageSize;
    i = end;
  }
  return bytes;
}

/** The cached snapshot's bytes, refused unless size and SHA-256 are the build's. The digest
 * is of the file as cached (packed), taken by the browser's crypto off this thread while the
 * file is unpacked here, so the check adds next to nothing to a repeat visit. */
async function verified(response, times) {
  const packed = new Uint8Array(await response.arrayBuffer().finally(markRead));
  times.read = performance.now();
  const digest = crypto.subtle.digest("SHA-256", packed);
  digest.catch(() => {});  // awaited below, unless unpacking throws first
  const bytes = unpacked(packed);
  times.unpacked = performance.now();
  if (bytes.length !== META.bytes) throw new Error(`snapshot has ${bytes.length} bytes, expected ${META.bytes}`);
  if (hex(await digest) !== META.sha256) {
    throw new Error("snapshot checksum differs from the build's");
  }
  times.checked = performance.now();
  return bytes;
}

let prepared = null;
let markRead;
const read = new Promise((resolve) => { markRead = resolve; });

/** Resolves once the cached snapshot's bytes are read, or at once when there is none to read
 * or it must be downloaded: runtime.mjs asks for Pyodide only then. Read alongside Pyodide's
 * own files (its glue, the 9.6 MB wasm, the stdlib), the 17 MB took the worker about twice as
 * long, and the snapshot, not Pyodide, was what the restore waited for (issue 29). */
export const snapshotRead = () => read;

/**
 * Start reading, unpacking and checking the snapshot now (runtime.mjs calls this as it loads
 * in the engine worker, so the work overlaps loading Pyodide's own files). A repeat visit
 * reads it from the offline cache; a first visit downloads it with `download(url)` (which
 * keeps a copy in that cache for the next visit): restoring the engine from it is faster than
 * booting Python and importing the engine, and the first visit used to download the same
 * file for the offline cache anyway, only later.
 * Resolves to `{bytes, times, source}` (`bytes` a promise of the checked snapshot) or
 * `{reason}`. `version` is the runtime's Pyodide version, `cache` a promise of the offline
 * cache or null, `download` a fetch.
 */
export function prepareSnapshot(version, cache, download) {
  prepared ??= (async () => {
    if (!META) return { reason: "this build has no snapshot" };
    if (META.pyodide !== version) return { reason: `snapshot made by Pyodide ${META.pyodide}, runtime is ${version}` };
    const times = { started: performance.now() };
    const store = await cache;
    let response = store ? await store.match(URL_).catch(() => undefined) : undefined;
    const source = response ? "cache" : "network";
    if (!response) {
      markRead();  // a download: Pyodide's own files come at the same time
      try {
        response = await download(URL_);
      } catch (error) {
        return { reason: `snapshot not cached, nor downloaded: ${error?.message ?? error}` };
      }
      if (!response.ok) return { reason: `snapshot not cached, nor served (HTTP ${response.status})` };
    }
    const bytes = verified(response, times);
    bytes.catch(() => {});  // reported by restoring()
    return { bytes, times, source };
  })();
  prepared.then(({ bytes }) => { if (!bytes) markRead(); }, markRead);  // nothing to read
  return prepared;
}

/**
 * Try to start Pyodide from the prepared snapshot. Resolves to the interpreter, or to null
 * when there is no usable snapshot (the caller then boots normally); never rejects.
 * `loadBase` is Pyodide's loadPyodide.
 */
export async function restoring(options, { loadBase, version, cache, download }) {
  const { bytes, times, source, reason } = await prepareSnapshot(version, cache, download);
  if (!bytes) return note(reason);
  try {
    // Pyodide awaits the bytes only after loading its glue code: the checks overlap that too.
    const py = await loadBase({ ...options, _loadSnapshot: bytes });
    // modules taken directly, not through runPython (which parses and compiles its code)
    const kassen = py.pyimport("kassen");
    const key = kassen._snapshot_key;
    kassen.destroy();
    if (key !== META.key) throw new Error("restored engine is not this build's");
    // every restore would otherwise continue the one random state frozen at build time
    const random = py.pyimport("random");
    random.seed();
    random.destroy();
    const ms = (t) => Math.round(t - times.started);
    globalThis.kassenBoot = { snapshot: true, source, ms: ms(performance.now()), readMs: ms(times.read),
                              unpackedMs: ms(times.unpacked), checkedMs: ms(times.checked),
                              startedAt: performance.timeOrigin + times.started };
    return py;
  } catch (error) {
    const reason = String(error?.message ?? error).split("\n")[0];
    console.info("kassen: memory snapshot not used, booting normally:", reason);
    return note(`restore failed: ${reason}`);
  }
}
