// Loading-path comparison for scripts/bench_startup.py --modes: ?mode=files|boot
import { startEngine } from "../js/engine.js";

const mode = new URLSearchParams(location.search).get("mode") || "files";
const { info } = await startEngine({ mode });
window.kassenReadyAt = performance.now();
document.getElementById("out").textContent = JSON.stringify(info).slice(0, 200);
document.documentElement.dataset.engine = "ready";
