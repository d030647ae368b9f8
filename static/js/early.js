// Starts the engine worker as early as the page can: this module runs before main.js and its
// import graph is small (the engine only), so Python boots while the rest of the
// UI modules are still loading. main.js takes the promise and the stage reports from here.
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
