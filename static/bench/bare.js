// Baseline for scripts/bench_startup.py: the same Pyodide, nothing of Kassen.
const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  window.kassenReadyAt = performance.now();
  document.getElementById("out").textContent = event.data;
  document.documentElement.dataset.engine = "ready";
};
