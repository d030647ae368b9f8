// Pyodide, as the engine worker (engine-worker.mjs) loads it.
// Every same-origin GET the worker makes while Pyodide starts (the 9.6 MB wasm, the stdlib,
// the lock, the engine wheel) is served from the offline cache when it is there, and otherwise
// fetched once and copied into that cache as it streams to Pyodide. So Python starts at once on
// the first visit (no waiting for the service worker), nothing is downloaded twice, and the
// service worker (sw.js) finds the runtime in its cache for the next, offline, visit. A copy is
// stored only if it has the build's SHA-256 (version.mjs), so the cache holds one build.
// Python starts from the build's memory snapshot (engine already imported; ./snapshot.mjs),
// read from that cache or, on the first visit, downloaded through it; anything wrong with it
// means an ordinary boot, silently.
import { VERSION } from "../vendor/version.mjs";
import { loadPyodide as loadBase, version } from "../vendor/pyodide/pyodide.mjs";
import { prepareSnapshot, restoring, snapshotRead } from "./snapshot.mjs";

const CACHE = `kassen-${VERSION.id}`;  // the same name sw.js uses
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const ROOT = new URL("../../", import.meta.url).href;  // the site's root (version.mjs paths)

// Copies waiting for the interpreter to finish booting: writing 12 MB into the Cache API
// while the wasm compiles slowed the start measurably, so the writes start right after.
const waiting = [];
let booted = false;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** Store `response` (a file of this build, `path` relative to the site) once it proves to be
 * this build's (SHA-256 of version.mjs), after the interpreter has booted. */
function keep(cache, request, response, path) {
  const put = async () => {
    const body = await response.clone().arrayBuffer();
    if (!hex(await crypto.subtle.digest("SHA-256", body)).startsWith(VERSION.files[path])) {
      console.warn("not cached (not this build's file):", path);
      return;
    }
    await cache.put(request, response);
  };
  const run = () => put().catch((error) => console.warn("not cached:", path, error));
  if (booted) run(); else waiting.push(run);
}

let cacheOpened = null;

/** The offline cache (null without the Cache API). */
function openCache() {
  cacheOpened ??= (self.caches ? caches.open(CACHE) : Promise.reject(new Error("no Cache API")))
    .catch(() => null);
  return cacheOpened;
}

function teeFetch(fetchBase) {
  const cachePromise = openCache();
  return async function fetch(input, init) {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== self.location.origin) return fetchBase(input, init);
    const cache = await cachePromise;
    if (!cache) return fetchBase(input, init);
    const hit = await cache.match(request).catch(() => undefined);
    if (hit) return hit;
    const response = await fetchBase(request);
    const path = url.href.startsWith(ROOT) && !url.search ? url.href.slice(ROOT.length) : null;
    if (response.ok && response.type === "basic" && VERSION.files[path]) {
      keep(cache, request, response.clone(), path);
    }
    return response;
  };
}

const cachedFetch = teeFetch(globalThis.fetch.bind(globalThis));

// At once, as the engine's worker starts: reading the snapshot overlaps loading Pyodide.
if (typeof WorkerGlobalScope !== "undefined") prepareSnapshot(version, openCache(), cachedFetch);

/** Pyodide's own loadPyodide, with the worker's fetch teed into the offline cache and the
 * build's memory snapshot restored when the cache holds a good one. */
export async function loadPyodide(options = {}) {
  globalThis.fetch = cachedFetch;
  prepareSnapshot(version, openCache(), cachedFetch);  // begun as the worker started, if in one
  await snapshotRead();  // a cached snapshot is read first, undisturbed (snapshot.mjs)
  const asked = performance.now();
  const base = { ...options, indexURL: INDEX_URL };
  const py = await restoring(base, { loadBase, version, cache: openCache(), download: cachedFetch })
    ?? await loadBase(base);
  // the start-up's milestones in this worker's clock (scripts/bench_startup.py prints them)
  globalThis.kassenTimes = { origin: performance.timeOrigin, asked, python: performance.now() };
  booted = true;
  for (const put of waiting.splice(0)) put();
  return py;
}
