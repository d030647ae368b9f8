// Service worker: registered at once, never waited for (Python starts in parallel).
// After the engine is ready the page hands the service worker the list of files it loaded;
// the service worker copies them into its cache from the HTTP cache (`force-cache`), so the
// first visit downloads nothing twice and the next visit works offline.

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
 * Ask the active service worker to cache `urls` (from the HTTP cache). Resolves to the number
 * of files the cache holds afterwards (0 without a service worker); sets
 * <html data-offline="ready"> when done.
 */
export async function fillOfflineCache(urls) {
  if (!("serviceWorker" in navigator)) return 0;
  const registration = await navigator.serviceWorker.ready;
  const target = registration.active;
  if (!target) return 0;
  const channel = new MessageChannel();
  const done = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data?.cached ?? 0); });
  target.postMessage({ type: "fill", urls }, [channel.port2]);
  const cached = await done;
  document.documentElement.dataset.offline = "ready";
  return cached;
}
