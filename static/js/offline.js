// Service worker (sw.js): registered at once, never waited for (Python starts in parallel).
// After the engine is ready the page asks the service worker to complete the offline cache of
// this build; it copies what the page loaded from the HTTP cache (`force-cache`), so the first
// visit downloads nothing twice and the next visit works offline. Later visits are served from
// that cache; a newer build is fetched by the browser in the background and offered here.

/** Register ../../sw.js (scope: the site root); resolves to the registration or null. */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url), { type: "module" });
  } catch (error) {
    console.warn("service worker not registered:", error);
    return null;
  }
}

/** Same-origin http(s) URLs this page (and its workers) loaded, without fragments. */
export function loadedUrls(extra = []) {
  const names = performance.getEntriesByType("resource").map((e) => e.name).concat(extra);
  const out = new Set();
  for (const name of names) {
    try {
      const url = new URL(name, location.href);
      if (url.origin !== location.origin) continue;
      url.hash = "";
      out.add(url.href);
    } catch { /* not a URL */ }
  }
  return [...out];
}

/**
 * Ask the active service worker to complete the offline cache of build `build` (the page's
 * BUILD.id): every file of the build, or only `urls` when given (the rules page keeps just its
 * own). Resolves to the number of files the cache holds afterwards (0 without a service
 * worker); sets <html data-offline="ready"> when done.
 */
export async function fillOfflineCache(build, urls = null) {
  if (!("serviceWorker" in navigator)) return 0;
  const registration = await navigator.serviceWorker.ready;
  const target = registration.active;
  if (!target) return 0;
  const channel = new MessageChannel();
  const done = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data?.cached ?? 0); });
  target.postMessage({ type: "fill", build, urls }, [channel.port2]);
  const cached = await done;
  document.documentElement.dataset.offline = "ready";
  return cached;
}

/**
 * Watch for a newer build. `offer(update)` is called once a new service worker has that build
 * in its cache and waits for this page (`update()` lets it take over, then reloads the page),
 * or once another tab has let it take over (`update()` reloads). The first service worker of
 * a first visit taking over is no update.
 */
export function watchForUpdates(registration, offer) {
  const container = navigator.serviceWorker;
  const controlled = Boolean(container.controller);
  let accepted = false;
  let offered = false;
  const once = (update) => {
    if (offered || !controlled) return;
    offered = true;
    offer(update);
  };
  container.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    else once(() => location.reload());
  });
  const waiting = (worker) => once(() => {
    accepted = true;
    if (worker.state === "installed") worker.postMessage({ type: "activate" });
    else location.reload();  // it has taken over already (another tab's button)
  });
  if (registration.waiting) waiting(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") waiting(worker); });
  });
}
