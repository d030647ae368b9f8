#!/usr/bin/env python3
"""Browser benchmark: a round robin of 100 seeded random legal Marguerite builds (4,950
battles) in the page's worker pool and in CPython (one process), in the same run.

Prints both times, the pool size, the ratio browser / (CPython / pool size) (aim <= 2.2) and
the longest main-thread task during the browser run (aim <= 50 ms).

Usage: ``python3 scripts/bench_browser.py [--builds 100] [--ruleset marguerite] [--seed S]``
(the site must be built: ``python3 scripts/build_site.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "pysrc"))
from serve import start_server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def random_builds(ruleset_id: str, count: int, seed: str) -> list[str]:
    """``count`` seeded random legal builds in the ruleset's notation."""
    from kassen.core import registry
    from kassen.core.rng import Rng

    ruleset = registry.get(ruleset_id)
    rng = Rng(seed)
    builds = [ruleset.random_build(rng) for _ in range(count)]
    # random_build gives the notation text (or a build object on rulesets that return one)
    return [b if isinstance(b, str) else ruleset.export(b) for b in builds]


def cpython_time(ruleset_id: str, builds: list[str], master: str) -> tuple[float, int]:
    """Seconds for the whole round robin in this process, and the battle count."""
    from kassen.core import tournament

    started = time.perf_counter()
    table = tournament.round_robin(tournament.load_entrants(ruleset_id, builds), 1, master)
    return time.perf_counter() - started, table["battles"]


def browser_time(ruleset_id: str, builds: list[str], master: str) -> dict[str, float]:
    """Run the same round robin through the page's tournament view."""
    from playwright.sync_api import sync_playwright

    server, url = start_server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
            page.select_option("#ruleset", ruleset_id)
            sep = "\n---\n" if any("\n" in b for b in builds) else "\n"
            page.fill("#t-builds", sep.join(builds))
            page.fill("#t-seeds", "1")
            page.fill("#t-seed", master)
            started = time.perf_counter()
            page.evaluate("() => window.kassenPool.warm()")
            boot = time.perf_counter() - started
            page.evaluate("""() => { window.__long = [];
                new PerformanceObserver((l) => { for (const e of l.getEntries())
                  window.__long.push(e.duration); }).observe({ type: "longtask" }); }""")
            page.click("#t-start")
            page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                                   state="attached", timeout=3_600_000)
            done = page.evaluate("window.kassenTournamentDone")
            if not done:
                raise SystemExit("the browser run failed: " + page.inner_text("#t-summary"))
            longest = max(page.evaluate("window.__long"), default=0.0)
            browser.close()
    finally:
        server.shutdown()
    return {"seconds": done["seconds"], "workers": done["workers"], "battles": done["battles"],
            "pool_boot_s": boot, "longest_task_ms": longest}


def main(argv: list[str] | None = None) -> int:
    """Run both and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=100)
    parser.add_argument("--ruleset", default="marguerite")
    parser.add_argument("--seed", default="bench-browser")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    builds = random_builds(args.ruleset, args.builds, args.seed)
    native, battles = cpython_time(args.ruleset, builds, args.seed)
    web = browser_time(args.ruleset, builds, args.seed)
    target = native / web["workers"]
    result = {"ruleset": args.ruleset, "builds": args.builds, "battles": battles,
              "cpython_s": native, "browser_s": web["seconds"], "workers": web["workers"],
              "ratio": web["seconds"] / target, "pool_boot_s": web["pool_boot_s"],
              "longest_task_ms": web["longest_task_ms"], "load_average": os.getloadavg()}
    if web["battles"] != battles:
        raise SystemExit(f"battle counts differ: browser {web['battles']}, CPython {battles}")
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{battles} battles ({args.builds} random {args.ruleset} builds, round robin)")
    print(f"CPython, one process:   {native:.2f} s")
    print(f"browser, {web['workers']} workers:    {web['seconds']:.2f} s "
          f"(+ {web['pool_boot_s']:.1f} s to start the extra workers)")
    print(f"ratio browser / (CPython / {web['workers']}): {result['ratio']:.2f}  (aim <= 2.2)")
    print(f"longest main-thread task: {web['longest_task_ms']:.0f} ms  (aim <= 50)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
