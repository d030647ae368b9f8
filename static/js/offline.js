// Service worker registration. The page waits (briefly) until the worker controls it, so that
// the Pyodide files fetched next are cached at runtime on the first visit: nothing twice.
const CONTROL_WAIT_MS = 3000;

/** Register ../../sw.js (scope: the site root) and wait until it controls this page. */
export async function ensureServiceWorker() {
  if (!("serviceWorker" in navigator)) return false;
  try {
    await navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url), { type: "module" });
  } catch (error) {
    console.warn("service worker not registered:", error);
    return false;
  }
  if (navigator.serviceWorker.controller) return true;
  return new Promise((resolve) => {
    const done = () => resolve(Boolean(navigator.serviceWorker.controller));
    navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
    setTimeout(done, CONTROL_WAIT_MS);
  });
}
