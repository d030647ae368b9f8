// Pyodide, as the engine worker loads it (PyScript's `version:` points here).
// Every same-origin GET the worker makes while Pyodide starts (the 9.6 MB wasm, the stdlib,
// the lock, the engine wheel) is served from the offline cache when it is there, and otherwise
// fetched once and copied into that cache as it streams to Pyodide. So Python starts at once on
// the first visit (no waiting for the service worker), nothing is downloaded twice, and the
// service worker (sw.js) finds the runtime in its cache for the next, offline, visit.
import { BUILD } from "../vendor/build.mjs";
import { loadPyodide as loadBase } from "../vendor/pyodide/pyodide.mjs";

export * from "../vendor/pyodide/pyodide.mjs";

const CACHE = `kassen-${BUILD.id}`;  // the same name sw.js uses
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;

function teeFetch(fetchBase) {
  const cachePromise = (self.caches ? caches.open(CACHE) : Promise.reject(new Error("no Cache API")))
    .catch(() => null);
  return async function fetch(input, init) {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== self.location.origin) return fetchBase(input, init);
    const cache = await cachePromise;
    if (!cache) return fetchBase(input, init);
    const hit = await cache.match(request).catch(() => undefined);
    if (hit) return hit;
    const response = await fetchBase(request);
    if (response.ok && response.type === "basic") {
      cache.put(request, response.clone()).catch((error) => console.warn("not cached:", url.pathname, error));
    }
    return response;
  };
}

/** Pyodide's own loadPyodide, with the worker's fetch teed into the offline cache. */
export function loadPyodide(options = {}) {
  if (!globalThis.__kassenTee) {
    globalThis.fetch = teeFetch(globalThis.fetch.bind(globalThis));
    globalThis.__kassenTee = true;
  }
  return loadBase({ ...options, indexURL: INDEX_URL });
}
