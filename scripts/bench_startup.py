#!/usr/bin/env python3
"""Start-up benchmark: time until the engine answers, next to a bare Pyodide boot.

Both pages are served by the same local server in the same run; each is opened in fresh
browser contexts (empty cache, no service worker) and the median is printed, with the ratio
(goal <= 1.2) and the shell's first contentful paint (goal <= 0.5 s).

Usage: ``python3 scripts/bench_startup.py [--runs 3] [--modes] [--json]``
(``--modes`` also times the two ways of bringing the engine wheel into the worker).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import start_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
READY_TIMEOUT_MS = 120_000


def measure(browser, url: str, service_workers: str = "allow") -> dict[str, float]:
    """Open ``url`` in a fresh context; return ready and first-contentful-paint in seconds."""
    context = browser.new_context(service_workers=service_workers)
    blocked: list[str] = []

    def guard(route):
        if urllib.parse.urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        ready = page.evaluate("window.kassenReadyAt") / 1000
        fcp = page.evaluate("""() => {
            const e = performance.getEntriesByName('first-contentful-paint')[0];
            return e ? e.startTime : null; }""")
    finally:
        context.close()
    if blocked:
        raise SystemExit(f"outside requests attempted from {url}: {blocked}")
    return {"ready": ready, "fcp": (fcp or 0) / 1000}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--modes", action="store_true", help="also compare wheel loading paths")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    targets = {"app": base, "bare": base + "static/bench/bare.html"}
    if args.modes:
        targets["files"] = base + "static/bench/engine.html?mode=files"
        targets["boot"] = base + "static/bench/engine.html?mode=boot"
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):  # interleaved, so drift hits every target alike
                for name, url in targets.items():
                    runs[name].append(measure(browser, url))
            browser.close()
    finally:
        server.shutdown()
    med = {name: statistics.median(r["ready"] for r in rs) for name, rs in runs.items()}
    fcp = statistics.median(r["fcp"] for r in runs["app"])
    paired = statistics.median(a["ready"] / b["ready"]
                               for a, b in zip(runs["app"], runs["bare"], strict=True))
    result = {"runs": args.runs, "ready_s": med, "ratio": med["app"] / med["bare"],
              "paired_ratio": paired, "fcp_s": fcp, "all": runs,
              "load_average": os.getloadavg()}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for name, rs in runs.items():
        each = " / ".join(f"{r['ready']:.2f}" for r in rs)
        print(f"{name:6} ready median {med[name]:.2f} s  ({each})")
    print(f"ratio app/bare: {result['ratio']:.2f}  (goal <= 1.2); median of paired ratios "
          f"(each app run over the bare run next to it): {paired:.2f}")
    print("load average during the run: " + " ".join(f"{x:.1f}" for x in os.getloadavg())
          + "  (another busy process on this machine makes every number noisy)")
    print(f"shell first contentful paint (median): {fcp:.3f} s  (goal <= 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
