// Kassen service worker: offline after the first visit.
// The page does not wait for this worker: it starts Python at once. The engine worker's own
// downloads (the 9.6 MB wasm, the stdlib, the wheel) are copied into this cache as they stream
// (static/js/runtime.mjs); once the engine is ready the page posts the list of everything
// else it loaded plus the shell files (BUILD.shell) ("fill"), and they are copied here from
// the browser's HTTP cache (`cache: "force-cache"`), so nothing is downloaded twice.
// Requests that pass through this worker are cached as they go, too.
// Vendored runtime files (static/vendor/) are served cache-first; the page's own files
// network-first with the cache as fallback. One cache per build id.
import { BUILD } from "./static/vendor/build.mjs";

const CACHE = `kassen-${BUILD.id}`;

// Nothing is fetched at install (the page is loading the same files right now): the cache
// is filled by the page's "fill" message once the engine is ready, from the HTTP cache.
self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The response goes to the page at once; the copy is written to the cache alongside
// (event.waitUntil), so a 9.6 MB body never waits for the cache write.
function store(event, cache, request, response) {
  if (response.ok) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  return store(event, cache, event.request, await fetch(event.request));
}

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    return store(event, cache, request, await fetch(request));
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const vendored = url.pathname.includes("/static/vendor/");
  event.respondWith(vendored ? cacheFirst(event) : networkFirst(event));
});

// Copy what the page loaded into the cache, from the HTTP cache: no second download.
async function fill(urls) {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    const url = new URL(href);
    if (url.origin !== self.location.origin || url.pathname.startsWith("/static/bench/")) continue;
    if (await cache.match(url, { ignoreSearch: false })) continue;
    try {
      const response = await fetch(new Request(url, { cache: "force-cache" }));
      if (response.ok) await cache.put(url, response);
    } catch { /* offline already: keep what we have */ }
  }
  return (await cache.keys()).length;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "fill" || !Array.isArray(data.urls)) return;
  const reply = event.ports[0];
  event.waitUntil(fill(data.urls.map(String)).then(
    (cached) => reply?.postMessage({ cached }),
    () => reply?.postMessage({ cached: 0 })));
});
