#!/usr/bin/env python3
"""Browser benchmark: a round robin of 100 seeded random legal Marguerite builds (4,950
battles) in the page's worker pool and in CPython (one process), in the same run.

Each side runs ``--repeat`` times (default 3; this machine's single-run times vary by a
third). Prints the times, the pool size, the ratio browser / (CPython / pool size) for the
best and the median runs (aim <= 2.2), and the longest main-thread task of each browser run,
from the click on Start until the table is drawn (aim <= 50 ms).

Usage: ``python3 scripts/bench_browser.py [--builds 100] [--ruleset marguerite] [--seed S]
[--repeat 3] [--json]``
(the site must be built: ``python3 scripts/build_site.py``).

``--engines`` instead plays the speed benchmark set of ``python -m kassen bench --baseline``
(per ruleset; ``--pairs``/``--battles`` size it) through the worker API's ``digests`` in the
page's own engine worker (Pyodide) and in CPython (this process), best of ``--repeat`` each,
and prints battles/s of both, their ratio per ruleset (aim: the worker within 2.0x of
CPython) and whether both runtimes gave the same event digests.

``--cancel`` measures how fast Cancel stops a tournament (a card-duel round robin of 200 seeds
per pairing) and a build-lab search in the page, ``--repeat`` times each: from the click to
the cancelled state, and to the moment the last slice in flight has come back (the pool idle),
timed inside the page (and, for the lab, to the end of the search with the best so far).
Printed, never asserted: the e2e tests assert only that the cancel
message arrives and no result is counted after it (issue 25; a loaded machine stretches any
latency). Aim: the cancelled state within 0.5 s.

``--first-beat`` times the click on Battle to the first beat on screen for every sample pairing
of every system (aim <= 150 ms; scripts/bench_first_beat.py, whose options follow it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "pysrc"))
from browser_kit import in_page, ready_page  # noqa: E402
from serve import start_server  # noqa: E402


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
    """Seconds for the whole round robin (battles and links) in this process, and the battle
    count."""
    from kassen.tournament import formats as tournament

    started = time.perf_counter()
    table = tournament.round_robin(tournament.load_entrants(ruleset_id, builds), 1, master)
    return time.perf_counter() - started, table["battles"]


LONG_TASKS = """() => { window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries())
    window.__long.push(e.duration); }).observe({ type: "longtask" }); }"""


def browser_runs(ruleset_id: str, builds: list[str], master: str, repeat: int) -> dict[str, Any]:
    """Run the same round robin ``repeat`` times through the page's tournament view, clicking
    Start each time (later runs also clear the table the run before drew)."""
    from playwright.sync_api import sync_playwright

    server, url = start_server()
    runs = []
    try:
        with sync_playwright() as pw:
            browser, page = ready_page(pw, url)
            page.select_option("#ruleset", ruleset_id)
            sep = "\n---\n" if any("\n" in b for b in builds) else "\n"
            page.fill("#t-builds", sep.join(builds))
            page.fill("#t-seeds", "1")
            page.fill("#t-seed", master)
            started = time.perf_counter()
            page.evaluate("() => window.kassenPool.warm()")
            boot = time.perf_counter() - started
            page.evaluate(LONG_TASKS)
            for _ in range(repeat):
                page.evaluate("() => { window.__long = []; window.kassenTournamentDone = null; }")
                page.click("#t-start")
                # done = the table is drawn: long tasks while drawing it count too
                page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                                       state="attached", timeout=3_600_000)
                done = page.evaluate("window.kassenTournamentDone")
                if not done:
                    raise SystemExit("the browser run failed: " + page.inner_text("#t-summary"))
                runs.append({"seconds": done["seconds"], "battles": done["battles"],
                             "workers": done["workers"],
                             "longest_task_ms": max(page.evaluate("window.__long"), default=0.0)})
            browser.close()
    finally:
        server.shutdown()
    return {"runs": runs, "pool_boot_s": boot}


def engine_set(pairs: int, battles: int, seed: str) -> dict[str, list[list[Any]]]:
    """The benchmark set as records, per ruleset, in chunks the worker API accepts."""
    from kassen.bench.compare import benchmark_set
    from kassen.bench.runner import tree_seed
    from kassen.core import session

    chunks: dict[str, list[list[Any]]] = {}
    for entry in benchmark_set(None, pairs=pairs, battles=battles, seed=seed):
        record = session.prepare(entry["ruleset"], entry["sides"], entry["options"],
                                 tree_seed(entry["seed"])).record.to_json()
        rows = chunks.setdefault(entry["ruleset"], [[]])
        if len(rows[-1]) >= ENGINE_CHUNK:
            rows.append([])
        rows[-1].append(record)
    return chunks


ENGINE_CHUNK = 50
TIME_DIGESTS = """async (chunks) => { const t0 = performance.now(); const out = [];
  for (const c of chunks) { const a = await window.kassen.api.digests(c);
    if (!a.ok) return { error: JSON.stringify(a.problems) }; out.push(...a.digests); }
  return { seconds: (performance.now() - t0) / 1000, digests: out }; }"""


def engines_main(args: argparse.Namespace) -> int:
    """``--engines``: the speed benchmark set in the page's worker and in CPython."""

    from kassen.web import api

    chunks = engine_set(args.pairs, args.battles, args.seed)
    rows = []
    native: dict[str, tuple[float, list[str]]] = {}
    for ruleset_id, parts in chunks.items():
        best, digests = float("inf"), []
        for _ in range(max(1, args.repeat)):
            t0, out = time.perf_counter(), []
            for part in parts:
                out.extend(json.loads(api.digests(json.dumps(part)))["digests"])
            best, digests = min(best, time.perf_counter() - t0), out
        native[ruleset_id] = (best, digests)

    def work(page: Any) -> None:
        for ruleset_id, parts in chunks.items():
            runs = [page.evaluate(TIME_DIGESTS, parts) for _ in range(max(1, args.repeat))]
            if any("error" in run for run in runs):
                raise SystemExit(f"{ruleset_id}: the worker refused: {runs[0]}")
            count = sum(len(part) for part in parts)
            seconds = min(run["seconds"] for run in runs)
            cpython_s, digests = native[ruleset_id]
            rows.append({"ruleset": ruleset_id, "battles": count,
                         "cpython_per_s": count / cpython_s, "browser_per_s": count / seconds,
                         "ratio": seconds / cpython_s,
                         "same_events": runs[0]["digests"] == digests})

    in_page(work)
    if args.json:
        print(json.dumps({"rows": rows, "load_average": os.getloadavg()}, indent=1))
        return 0
    print(f"speed benchmark set, best of {max(1, args.repeat)}, one engine worker vs one "
          f"CPython process (load {os.getloadavg()[0]:.2f})")
    for row in rows:
        same = "same events" if row["same_events"] else "EVENTS DIFFER"
        print(f"{row['ruleset']:12s} {row['battles']:6d} battles  CPython "
              f"{row['cpython_per_s']:8.1f}/s  worker {row['browser_per_s']:8.1f}/s  "
              f"ratio {row['ratio']:.2f} (aim <= 2.0)  {same}")
    return 0


def longest_samples(ruleset_id: str, seed: str) -> tuple[int, int, int]:
    """The sample pairing (i, j) whose battle under ``seed`` has the most steps, and that
    count (CPython: the same battle the page plays)."""
    from kassen.core import registry, session

    texts = [s.text for s in registry.get(ruleset_id).samples]
    best = (0, 0, -1)
    for i, a in enumerate(texts):
        for j, b in enumerate(texts):
            steps = len(session.run(session.prepare(ruleset_id, [a, b], {}, seed),
                                    views=True).steps)
            best = max(best, (i, j, steps), key=lambda x: x[2])
    return best


VIEWER_ACTIONS = """async ([steps, stepping]) => {
  const pause = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const key = async (k) => { document.body.dispatchEvent(new KeyboardEvent("keydown",
    { key: k, bubbles: true })); await pause(); };
  const seek = document.getElementById("seek");
  const out = {};
  // a phase ends once the log has every line in (a long jump fills it a slice a frame)
  const filled = async () => { for (let k = 0; k < 600
    && document.getElementById("log").getAttribute("aria-busy") === "true"; k++) await pause(); };
  const phase = async (name, work) => { window.__long = []; await work(); await pause();
    await filled(); await new Promise((r) => setTimeout(r, 100));
    out[name] = Math.max(0, ...window.__long); };
  await phase("step", async () => {
    await key("Home");
    for (let k = 0; k < stepping; k++) await key("ArrowRight");
  });
  await phase("seek", async () => {
    for (let k = 1; k <= 10; k++) {
      seek.value = String(Math.floor((steps - 1) * k / 10));
      seek.dispatchEvent(new Event("input"));
      await pause();
    }
  });
  await phase("end", async () => { for (const k of ["Home", "End", "Home", "End"]) await key(k); });
  return out; }"""


def viewer_main(args: argparse.Namespace) -> int:
    """``--viewer``: long main-thread tasks while stepping, seeking and jumping to the end of
    each system's longest sample battle in the page's battle view (issue 15; a report)."""

    from kassen.core import registry

    rows = []

    def work(page: Any) -> None:
        page.evaluate(LONG_TASKS)
        for ruleset_id in args.ruleset_list or registry.ids():
            i, j, steps = longest_samples(ruleset_id, args.seed)
            page.select_option("#ruleset", ruleset_id)
            page.select_option("#sample-0", str(i))
            page.select_option("#sample-1", str(j))
            page.fill("#seed", args.seed)
            page.click("#battle")
            _wait_battle(page, ruleset_id, steps)
            worst = page.evaluate(VIEWER_ACTIONS, [steps, min(60, steps - 1)])
            rows.append({"ruleset": ruleset_id, "samples": [i, j], "steps": steps, **worst})

    in_page(work)
    if args.json:
        print(json.dumps({"rows": rows, "load_average": os.getloadavg()}, indent=1))
        return 0
    print(f"battle view, longest sample battle per system (seed {args.seed}), longest "
          f"main-thread task (load {os.getloadavg()[0]:.2f}; the long-task observer reports "
          f"only tasks of 50 ms or more: '-' is none)")

    def longest(ms: float) -> str:
        return f"{ms:5.0f} ms" if ms else "    - ms"

    for row in rows:
        worst = max(row["step"], row["seek"], row["end"])
        print(f"{row['ruleset']:12s} samples {row['samples'][0] + 1}v{row['samples'][1] + 1} "
              f"{row['steps']:4d} steps  stepping {longest(row['step'])}  seeking "
              f"{longest(row['seek'])}  jumping {longest(row['end'])}  "
              f"{'OVER 50 ms' if worst > 50 else 'within 50 ms'}")
    return 0


def _wait_battle(page: Any, ruleset_id: str, steps: int) -> None:
    """Wait until the battle view shows ``ruleset_id``'s battle of ``steps`` steps (polled
    with evaluate: the page's CSP forbids the string functions of wait_for_function)."""
    deadline = time.monotonic() + 120
    while not page.evaluate("([r, n]) => { const b = window.kassen?.currentBattle();"
                            " return b?.ruleset === r && b.steps.length === n; }",
                            [ruleset_id, steps]):
        if time.monotonic() > deadline:
            raise SystemExit(f"{ruleset_id}: the battle did not show")
        page.wait_for_timeout(50)


def main(argv: list[str] | None = None) -> int:
    """Run both, alternating nothing: CPython ``repeat`` times, then the page ``repeat`` times;
    print best and median of each and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=100)
    parser.add_argument("--ruleset", default="marguerite")
    parser.add_argument("--seed", default="bench-browser")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engines", action="store_true",
                        help="the speed benchmark set per ruleset in one worker vs CPython")
    parser.add_argument("--pairs", type=int, default=500, help="--engines: Marguerite pairs")
    parser.add_argument("--battles", type=int, default=200,
                        help="--engines: battles per random ruleset")
    parser.add_argument("--viewer", action="store_true",
                        help="long tasks while stepping, seeking, jumping in the battle view")
    parser.add_argument("--cancel", action="store_true",
                        help="how fast Cancel stops a tournament and a lab search (printed)")
    parser.add_argument("--first-beat", action="store_true",
                        help="click on Battle to the first beat on screen, every sample pairing "
                        "of every system (scripts/bench_first_beat.py; its own options there)")
    given = sys.argv[1:] if argv is None else argv
    if "--first-beat" in given:  # its options are its own (scripts/bench_first_beat.py)
        from bench_first_beat import main as first_beat

        return first_beat([a for a in given if a != "--first-beat"])
    args = parser.parse_args(argv)
    if args.cancel:
        from bench_cancel import cancel_main

        return cancel_main(args)
    if args.viewer:
        args.ruleset_list = [] if args.ruleset == "marguerite" and "--ruleset" not in (
            argv or sys.argv) else [args.ruleset]
        if args.seed == "bench-browser":
            args.seed = "xo1:bench-viewer"
        return viewer_main(args)
    if args.engines:
        return engines_main(args)
    repeat = max(1, args.repeat)
    builds = random_builds(args.ruleset, args.builds, args.seed)
    native = [cpython_time(args.ruleset, builds, args.seed) for _ in range(repeat)]
    battles = native[0][1]
    web = browser_runs(args.ruleset, builds, args.seed, repeat)
    if any(run["battles"] != battles for run in web["runs"]):
        raise SystemExit(f"battle counts differ: browser {web['runs']}, CPython {battles}")
    workers = web["runs"][0]["workers"]
    cpython_s = [seconds for seconds, _ in native]
    browser_s = [run["seconds"] for run in web["runs"]]
    result = {
        "ruleset": args.ruleset, "builds": args.builds, "battles": battles, "workers": workers,
        "repeat": repeat, "cpython_s": cpython_s, "browser_s": browser_s,
        "ratio_best": min(browser_s) / (min(cpython_s) / workers),
        "ratio_median": statistics.median(browser_s) / (statistics.median(cpython_s) / workers),
        "longest_task_ms": [run["longest_task_ms"] for run in web["runs"]],
        "pool_boot_s": web["pool_boot_s"], "load_average": os.getloadavg(),
        "cpu": platform.processor() or platform.machine(), "cores": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    seconds = lambda values: ", ".join(f"{v:.2f}" for v in values)  # noqa: E731
    print(f"{battles} battles ({args.builds} random {args.ruleset} builds, round robin), "
          f"{repeat} runs each")
    print(f"CPython, one process:  {seconds(cpython_s)} s")
    print(f"browser, {workers} workers:    {seconds(browser_s)} s "
          f"(+ {web['pool_boot_s']:.1f} s to start the extra workers, once)")
    print(f"ratio browser / (CPython / {workers}): best {result['ratio_best']:.2f}, "
          f"median {result['ratio_median']:.2f}  (aim <= 2.2)")
    print("longest main-thread task per run: "
          + ", ".join(f"{v:.0f}" for v in result["longest_task_ms"]) + " ms  (aim <= 50)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
