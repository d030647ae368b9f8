#!/usr/bin/env python3
"""Start-up benchmark: time until the engine answers, next to a bare Pyodide boot.

Both pages are served by the same local server in the same run; each is opened in fresh
browser contexts (empty cache, no service worker) and the median is printed, with the ratio
(goal <= 1.2) and the shell's first contentful paint (goal <= 0.5 s). Each app context is
then opened a second time once its service worker has cached the page: the repeat visit
(restored from the build's memory snapshot; goal <= 0.3 of the bare boot). The bytes the
server sent for the first visit are printed too: until ready, and until the offline cache is
complete (goal <= 12 MB).

Usage: ``python3 scripts/bench_startup.py [--runs 3] [--modes] [--json] [--plain]``
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
                 "--disable-quic",
                 # Chromium 156 loads its omnibox popup (a WebUI page) into a renderer of its own
                 # for every new tab, ~0.4 s of CPU on the 2-core dev box, at the very moment
                 # the measured page starts (issue 29); a visitor's browser has it already
                 "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup"]
READY_TIMEOUT_MS = 120_000
DROP_SNAPSHOT = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (request.url.includes("/static/vendor/snapshot/")) await cache.delete(request);
        }
    } }"""


def _ready(page) -> tuple[float, float]:
    """Wait for the engine's first answer; return (ready, first contentful paint) in s."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    ready = page.evaluate("window.kassenReadyAt") / 1000
    fcp = page.evaluate("""() => {
        const e = performance.getEntriesByName('first-contentful-paint')[0];
        return e ? e.startTime : null; }""")
    return ready, (fcp or 0) / 1000


MILESTONES = {"start": "page started the worker", "worker": "engine worker made",
              "asked": "interpreter asked for", "python": "Python ready",
              "script": "engine API taken", "ready": "page ready"}


def timeline(page, ready: float) -> dict[str, float]:
    """The engine's start-up milestones (the worker's ``startup`` call), in seconds after the
    page's navigation began: where a visit spends its time."""
    times = page.evaluate("window.kassen.api.call('startup')") or {}
    if "origin" not in times:
        return {"ready": ready}
    shift = times["origin"] - page.evaluate("performance.timeOrigin")  # worker -> page clock
    out = {"worker": shift / 1000, "ready": ready}
    out.update({k: (shift + times[k]) / 1000 for k in ("asked", "python", "script")})
    start = page.evaluate("performance.getEntriesByName('kassen:worker')[0]?.startTime")
    out["start"] = (start or 0) / 1000  # static/js/boot.js
    return out


def measure(browser, url: str, repeat: bool = False, sent=None) -> dict:
    """Open ``url`` in a fresh context; return ready and first contentful paint in seconds.

    With ``repeat`` the same context then waits until the service worker has cached the
    page (``data-offline=ready``) and opens it again: a repeat visit with a warm cache and
    service worker; ``repeat``/``boot`` say its ready time and how its worker started.
    ``warm`` is a third visit with the snapshot removed from the cache (it is downloaded
    again, from the HTTP cache, as on a first visit).
    ``sent`` is the server's counter of body bytes per path: ``bytes`` is what it sent from
    navigation to ready, ``bytes_cached`` (with ``repeat``) until the cache was complete."""
    sent_total = (lambda: sum(sent.values())) if sent is not None else (lambda: 0)
    start = sent_total()
    context = browser.new_context(service_workers="allow")
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
        ready, fcp = _ready(page)
        out: dict = {"ready": ready, "fcp": fcp, "bytes": sent_total() - start}
        if repeat:
            page.wait_for_selector("html[data-offline=ready]", state="attached",
                                   timeout=READY_TIMEOUT_MS)
            out["bytes_cached"] = sent_total() - start
            page.close()
            page = context.new_page()
            page.goto(url)
            out["repeat"], _ = _ready(page)
            out["boot"] = page.evaluate("window.kassen.api.call('boot')")
            if (out["boot"] or {}).get("startedAt"):  # worker clock -> page clock, seconds
                out["boot"]["started"] = (out["boot"]["startedAt"]
                                          - page.evaluate("performance.timeOrigin")) / 1000
            out["timeline"] = timeline(page, out["repeat"])
            # the same warm context without the cached snapshot: it comes over the network
            page.evaluate(DROP_SNAPSHOT)
            page.close()
            page = context.new_page()
            page.goto(url)
            out["warm"], _ = _ready(page)
            # let its service worker finish (it fetches the snapshot again) before closing
            page.wait_for_selector("html[data-offline=ready]", state="attached",
                                   timeout=READY_TIMEOUT_MS)
    finally:
        context.close()
    if blocked:
        raise SystemExit(f"outside requests attempted from {url}: {blocked}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--modes", action="store_true", help="also compare wheel loading paths")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plain", action="store_true",
                        help="serve every file uncompressed (no .br/.gz copies): the baseline")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = start_server(compress=not args.plain)
    targets = {"app": base, "bare": base + "static/bench/bare.html"}
    if args.modes:
        targets["files"] = base + "static/bench/engine.html?mode=files"
        targets["boot"] = base + "static/bench/engine.html?mode=boot"
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):  # interleaved, so drift hits every target alike;
                order = list(targets.items())  # alternating, so the browser's clean-up after
                if run % 2:                    # the app's three visits slows each side alike
                    order.reverse()
                for name, url in order:
                    runs[name].append(measure(browser, url, repeat=name == "app",
                                             sent=server.sent))
            browser.close()
    finally:
        server.shutdown()
    med = {name: statistics.median(r["ready"] for r in rs) for name, rs in runs.items()}
    apps, bares = runs["app"], runs["bare"]
    med["repeat"] = statistics.median(r["repeat"] for r in apps)
    med["warm"] = statistics.median(r["warm"] for r in apps)
    fcp = statistics.median(r["fcp"] for r in apps)
    paired = statistics.median(a["ready"] / b["ready"] for a, b in zip(apps, bares, strict=True))
    paired_repeat = statistics.median(a["repeat"] / b["ready"]
                                      for a, b in zip(apps, bares, strict=True))
    sent = {key: statistics.median(r[key] for r in apps) for key in ("bytes", "bytes_cached")}
    sent["bare"] = statistics.median(r["bytes"] for r in bares)
    restored = sum(bool((r.get("boot") or {}).get("snapshot")) for r in apps)
    result = {"runs": args.runs, "ready_s": med, "ratio": med["app"] / med["bare"],
              "paired_ratio": paired, "repeat_ratio": med["repeat"] / med["bare"],
              "paired_repeat_ratio": paired_repeat, "snapshot_restored": restored,
              "fcp_s": fcp, "bytes": sent, "all": runs, "load_average": os.getloadavg()}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for name, rs in runs.items():
        each = " / ".join(f"{r['ready']:.2f}" for r in rs)
        label = "first" if name == "app" else name
        print(f"{label:6} ready median {med[name]:.2f} s  ({each})")
    each = " / ".join(f"{r['repeat']:.2f}" for r in apps)
    print(f"repeat ready median {med['repeat']:.2f} s  ({each}); restored from the memory "
          f"snapshot in {restored} of {len(apps)}")
    boots = [r["boot"] for r in apps if (r.get("boot") or {}).get("snapshot")]
    if boots:
        parts = {"readMs": "read", "unpackedMs": "unpacked", "checkedMs": "checked",
                 "ms": "restored"}
        print("  in the worker, ms after reading began (median): " + ", ".join(
            f"{label} {statistics.median(b[k] for b in boots):.0f}" for k, label in parts.items())
            + "  (read from the cache, unpacked, checksum checked, interpreter restored); "
            f"reading began {statistics.median(b['started'] for b in boots):.2f} s after "
            "navigation")
    lines = [r["timeline"] for r in apps if len(r.get("timeline", {})) > 1]
    if lines:
        print("  repeat visit, s after navigation (median): " + ", ".join(
            f"{label} {statistics.median(t[k] for t in lines):.2f}"
            for k, label in MILESTONES.items()))
    each = " / ".join(f"{r['warm']:.2f}" for r in apps)
    print(f"repeat with the snapshot dropped from the offline cache median {med['warm']:.2f} s"
          f"  ({each})")
    print(f"first visit / bare: {result['ratio']:.2f}  (goal <= 1.2); median of paired ratios "
          f"(each run over the bare run next to it): {paired:.2f}")
    print(f"first visit sent (median): {sent['bytes'] / 1e6:.1f} MB until ready, "
          f"{sent['bytes_cached'] / 1e6:.1f} MB until the offline cache is complete (goal <= "
          f"12 MB); bare boot {sent['bare'] / 1e6:.1f} MB")
    print(f"repeat visit / bare: {result['repeat_ratio']:.2f}  (goal <= 0.3); paired: "
          f"{paired_repeat:.2f}")
    print("load average during the run: " + " ".join(f"{x:.1f}" for x in os.getloadavg())
          + "  (another busy process on this machine makes every number noisy)")
    print(f"shell first contentful paint (median): {fcp:.3f} s  (goal <= 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
