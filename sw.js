// Kassen service worker: offline after the first visit, and every later visit served from the
// offline cache without waiting for the network (issue 29: a repeat visit used to ask the
// server for each of its ~50 files before using them).
//
// One cache per build (`kassen-<build id>`), holding exactly the files of static/vendor/
// version.mjs (`VERSION.files`), each checked against the build's SHA-256 before it is stored,
// so a cache never mixes two builds. A page is served from the cache of the build it was
// opened with (the navigation says which; its workers inherit it), so a page never mixes two
// builds either, even while a newer build has taken over.
//
// First visit: the page does not wait for this worker (Python starts at once). The engine
// worker stores the runtime it downloads (static/js/runtime.mjs); once the engine is ready the
// page asks this worker to "fill" the rest, copied from the browser's HTTP cache
// (`cache: "force-cache"`), so nothing is downloaded twice.
// A new build: the browser finds a changed sw.js or version.mjs on a visit and installs the new
// worker, which fetches the new build in the background (files whose SHA-256 did not change are
// copied from the older cache, not downloaded) and then waits: the page says an update is ready
// (static/js/offline.js) and its button makes the new worker take over and reloads.
import { VERSION } from "./static/vendor/version.mjs";

const PREFIX = "kassen-";
const CACHE = PREFIX + VERSION.id;
const CLIENTS = "kassen:clients";  // which build each open page runs, kept across restarts
const ROOT = new URL("./", self.location).href;
const OWN = "static/vendor/version.mjs";  // this worker's own module: stored from VERSION itself
const SKIPPED = "static/bench/";  // the benchmarks' pages always come from the network

const isBuildCache = (name) => /^kassen-[0-9a-f]+$/.test(name);
const urlOf = (path) => new URL(path, ROOT).href;

/** The text of version.mjs as build_site.py writes it (compact JSON of the same object). */
const ownModule = () => new Response(`export const VERSION = ${JSON.stringify(VERSION)};\n`,
  { headers: { "Content-Type": "text/javascript; charset=utf-8" } });

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** Whether `response`'s body has the SHA-256 this build lists for `path` (reads a clone). */
async function isBuilds(path, response) {
  const expected = VERSION.files[path];
  if (!expected || !response?.ok) return false;
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return hex(digest).startsWith(expected);
}

// --- which build a client (page or worker) runs -------------------------------------------

const builds = new Map();  // client id → build id

/** Remember that client `id` runs `build` (in memory, and in a small cache for restarts). */
function remember(event, id, build) {
  if (!id || builds.get(id) === build) return;
  builds.set(id, build);
  event.waitUntil(caches.open(CLIENTS)
    .then((store) => store.put(urlOf(`clients/${encodeURIComponent(id)}`), new Response(build)))
    .catch(() => {}));
}

/** The build client `id` runs: a page is the build it was opened with, a worker its page's;
 * one never seen (opened before this worker existed) is this worker's build. */
async function buildOf(id) {
  if (!id) return VERSION.id;
  if (!builds.has(id)) {
    const hit = await caches.open(CLIENTS)
      .then((store) => store.match(urlOf(`clients/${encodeURIComponent(id)}`))).catch(() => null);
    builds.set(id, hit ? await hit.text() : VERSION.id);
  }
  return builds.get(id);
}

// --- serving ------------------------------------------------------------------------------

const NETWORK = "network";  // the build of a page whose document this cache did not have

async function respond(event, path) {
  const { request } = event;
  const navigate = request.mode === "navigate";
  const build = navigate ? VERSION.id : await buildOf(event.clientId);
  if (!navigate && event.resultingClientId) remember(event, event.resultingClientId, build);  // a worker
  if (build === NETWORK) return fetch(request);
  const cache = await caches.open(PREFIX + build);
  const file = navigate && (path === "" || path.endsWith("/")) ? `${path}index.html` : path;
  const hit = await cache.match(navigate ? urlOf(file) : request, { ignoreSearch: navigate });
  if (hit) {
    if (navigate) remember(event, event.resultingClientId, build);
    return hit;
  }
  const response = await fetch(request);
  const listed = !new URL(request.url).search || navigate;
  if (build !== VERSION.id || !listed || !(file in VERSION.files)) return response;
  // a file the cache still lacks: kept only if it is this build's; a page whose document is
  // not (the server has another build) gets everything from the network, never this cache
  const copy = response.clone();
  const ours = isBuilds(file, copy);
  event.waitUntil(ours.then((ok) => ok && cache.put(urlOf(file), copy)).catch(() => {}));
  if (navigate) remember(event, event.resultingClientId, await ours.catch(() => false) ? build : NETWORK);
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return;
  const path = new URL(request.url).pathname.slice(new URL(ROOT).pathname.length);
  if (path.startsWith(SKIPPED)) return;
  event.respondWith(respond(event, path));
});

// --- filling the cache: first visit, and a new build in the background ---------------------

/** Put every file of this build into its cache that is not there yet. `candidates(path, url)`
 * gives responses that may hold it (the first with the build's SHA-256 is stored); without
 * one, the server is asked. Returns how many of the build's files the cache holds. */
async function fillWith(candidates, paths = Object.keys(VERSION.files)) {
  const cache = await caches.open(CACHE);
  let held = 0;
  for (const path of paths) {
    const url = urlOf(path);
    if (await cache.match(url)) { held += 1; continue; }
    let found = null;
    for (const response of await candidates(path, url)) {
      if (await isBuilds(path, response)) { found = response; break; }
    }
    if (!found) {  // not cached, or an older copy: ask the server
      const response = await fetch(new Request(url, { cache: "no-cache" })).catch(() => null);
      if (!await isBuilds(path, response)) continue;  // the server has another build, or is gone
      found = response;
    }
    await cache.put(url, found);
    held += 1;
  }
  if (!await cache.match(urlOf(OWN))) await cache.put(urlOf(OWN), ownModule());
  return held;
}

/** First visit: the files the page has loaded come out of the HTTP cache, the rest (the rules
 * data, the other systems' views) are downloaded. `urls`: only those of the build's files. */
function fillFromHttpCache(urls) {
  let paths;
  if (Array.isArray(urls)) {
    paths = urls.map(String).filter((url) => url.startsWith(ROOT))
      .map((url) => new URL(url).pathname.slice(new URL(ROOT).pathname.length) || "index.html")
      .filter((path) => path in VERSION.files);
  }
  return fillWith(async (path, url) =>
    [await fetch(new Request(url, { cache: "force-cache" })).catch(() => null)], paths);
}

/** A new build: unchanged files (same SHA-256) are copied from the older caches; throws when
 * the server no longer has all of this build (a newer one is there: the next visit finds it). */
async function fillFromOlder(names) {
  const olders = await Promise.all(names.map((name) => caches.open(name)));
  const held = await fillWith((path, url) => Promise.all(olders.map((older) => older.match(url))));
  if (held < Object.keys(VERSION.files).length) throw new Error("this build is not complete on the server");
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const olders = (await caches.keys()).filter((name) => isBuildCache(name) && name !== CACHE);
    // first visit: take over at once (the page fills the cache when it is ready)
    if (!self.registration.active && !olders.length) return self.skipWaiting();
    return fillFromOlder(olders);  // then wait for the page's "activate"
  })());
});

/** Delete the caches of builds no open page runs (never while a newer build is installing). */
async function prune() {
  if (self.registration.installing || self.registration.waiting) return;
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" }))
    .map((client) => client.id));
  const store = await caches.open(CLIENTS);
  for (const request of await store.keys()) {
    const id = decodeURIComponent(request.url.slice(urlOf("clients/").length));
    if (!open.has(id)) await store.delete(request);
  }
  const used = new Set([VERSION.id]);
  for (const id of open) used.add(await buildOf(id));
  for (const name of await caches.keys()) {
    if (isBuildCache(name) && !used.has(name.slice(PREFIX.length))) await caches.delete(name);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(prune().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "activate") {  // the page's "update" button
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "fill") {  // the page is ready: complete the cache, drop old ones
    const reply = event.ports[0];
    const build = String(data.build);  // the page's: a first visit's page is first seen here
    event.waitUntil(caches.has(PREFIX + build).then((cached) =>
      remember(event, event.source?.id, build === VERSION.id || cached ? build : NETWORK)));
    event.waitUntil((build === VERSION.id ? fillFromHttpCache(data.urls) : Promise.resolve(0))
      .then((held) => prune().then(() => reply?.postMessage({ cached: held, build: VERSION.id })))
      .catch(() => reply?.postMessage({ cached: 0, build: VERSION.id })));
  }
});
