// The page's first script (a classic one, at the top of <head>; issue 29): start the engine
// worker now, so Python is restoring while the page parses, styles and loads its UI modules.
// static/js/engine.js adopts this worker (`window.kassenStart`) with the start-up stage it
// has reported meanwhile, and any error it met before the page was listening.
(() => {
  const start = { worker: null, stage: "runtime", error: null };
  performance.mark("kassen:worker");  // scripts/bench_startup.py prints when this ran
  try {
    const url = new URL("engine-worker.mjs", document.currentScript.src);
    start.worker = new Worker(url, { type: "module" });
    start.worker.onerror = (event) => { start.error = event; };
    start.channel = new BroadcastChannel("kassen-engine");  // the worker's start-up stages
    start.channel.onmessage = ({ data }) => { start.stage = String(data); };
  } catch (error) {  // no module workers here: engine.js tries again and reports
    console.warn("engine worker not started early:", error);
    start.worker = null;
  }
  window.kassenStart = start;
})();
