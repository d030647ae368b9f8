// Kassen service worker: offline after the first visit.
// Only the page's own small files (BUILD.shell) are precached at install; everything else,
// the 9.6 MB wasm included, is cached at runtime as the page fetches it, so nothing big is
// ever downloaded twice. Vendored runtime files (static/vendor/) are served cache-first; the
// page's own files network-first with the cache as fallback. One cache per build id.
import { BUILD } from "./static/vendor/build.mjs";

const CACHE = `kassen-${BUILD.id}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(BUILD.shell.map((path) => new URL(path, self.registration.scope)));
    await self.skipWaiting();
  })());
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
