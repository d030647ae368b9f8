// The engine's start, shared by the page's modules: static/js/boot.js (the page's first
// script) has already started the worker, so Python restores while the UI modules load; this
// adopts it (or starts one, without boot.js). main.js takes the promise and the stage reports
// from here.
import { startEngine } from "./engine.js";

const listeners = [];
let lastStage = "runtime";

/** Call `fn(stage)` now with the latest stage and again at every later one. */
export function onEngineStage(fn) {
  listeners.push(fn);
  fn(lastStage);
}

/** Resolves to `{api, info}` once the engine answered its first call. */
export const engineReady = startEngine({
  onStage: (name) => {
    lastStage = name;
    for (const fn of listeners) fn(name);
  },
});
