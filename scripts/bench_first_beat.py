#!/usr/bin/env python3
"""From a click on Battle to the first beat on screen, for every sample pairing of every
system (``python3 scripts/bench_browser.py --first-beat``, or this script; issue 29).

The page is loaded once. Per system and per ordered pair of its samples (the pickers' "sample"
choices, mirrors included) the two sides are set through the pickers, both validations are
awaited, Battle is clicked, and the time from the click to the first animation frame after
the battle view shows the new battle (``window.kassen.currentBattle()`` changed: the board,
the counters and the log of beat 1 are in the DOM and about to be painted) is taken inside
the page with ``performance.now()``. Also taken, from the page's marks when it sets them:
when the engine's first beat came (``kassen:first-beat-came``) and when the page had the
whole battle (``kassen:battle-whole``).
``--against DIR`` times another built copy of the site (an earlier commit's) in the same run,
pairing by pairing in alternating order, so the machine's load hits both alike.
Prints a table per system (every pairing, then median and worst) and the aim (<= 150 ms).
Printed, never asserted: a loaded machine stretches any latency.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_kit import ROOT, ready_page
from serve import start_server

sys.path.insert(0, str(ROOT / "pysrc"))

AIM_MS = 150.0

# One pairing: pick both samples, wait for both validations, then click Battle and watch the
# frames until the battle on screen is a new one. Runs inside the page (the CSP forbids the
# string functions of wait_for_function, not an evaluated function).
ONE_PAIRING = """async ([a, b]) => {
  const $ = (id) => document.getElementById(id);
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const validated = (side) => new Promise((r) => $(`build-${side}`).addEventListener(
    "kassen:validated", r, { once: true }));
  const pick = async (side, value) => {
    const done = validated(side);
    const select = $(`sample-${side}`);
    select.value = String(value);
    select.dispatchEvent(new Event("change"));
    await done;
  };
  await pick(0, a);
  await pick(1, b);
  for (let k = 0; k < 600 && $("battle").disabled; k++) await frame();
  await frame();
  await new Promise((r) => setTimeout(r, 30));
  const before = window.kassen.currentBattle();
  const mark = (name) => performance.getEntriesByName(name).filter((e) => e.startTime > t0)
    .map((e) => e.startTime - t0)[0] ?? null;
  const t0 = performance.now();
  $("battle").click();
  // the page marks "kassen:battle-shown" when a battle's first step is in the DOM (a page
  // without the mark: the battle on screen changed); the frame after it paints it
  const shown = () => window.kassen.currentBattle() !== before
    || mark("kassen:battle-shown") !== null;
  let first = null;
  for (let k = 0; k < 3000 && first === null; k++) {
    await frame();
    if (shown()) first = performance.now() - t0;
  }
  // the whole battle: the Battle button comes back once the page has it all
  for (let k = 0; k < 3000 && $("battle").disabled; k++) await frame();
  const battle = window.kassen.currentBattle();
  return { first, came: mark("kassen:first-beat-came"), whole: mark("kassen:battle-whole"),
           steps: battle?.steps?.length ?? 0 };
}"""


def pairings(ruleset_id: str) -> list[tuple[int, int]]:
    """Every ordered pair of the system's samples (mirrors included), in picker order."""
    from kassen.core import registry

    count = len(registry.get(ruleset_id).samples)
    return [(i, j) for i in range(count) for j in range(count)]


def open_sites(pw: Any, roots: list[Path]) -> list[tuple[Any, Any, Any]]:
    """Each built site served and open in its own Chromium, engine ready: (server, browser,
    page) per root."""
    opened = []
    for root in roots:
        server, url = start_server(root=root)
        browser, page = ready_page(pw, url)
        opened.append((server, browser, page))
    return opened


def run_all(args: argparse.Namespace, systems: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Every pairing on this site (and on ``--against``'s, interleaved pairing by pairing in
    alternating order, so the machine's load hits both alike): rows per site label."""
    from playwright.sync_api import sync_playwright

    roots = {"now": args.site or ROOT}
    if args.against:
        roots = {"before": args.against, **roots}
    rows: dict[str, list[dict[str, Any]]] = {label: [] for label in roots}
    with sync_playwright() as pw:
        opened = dict(zip(roots, open_sites(pw, list(roots.values())), strict=True))
        try:
            for _, _, page in opened.values():
                page.fill("#seed", args.seed)
            n = 0
            for ruleset_id in systems:
                for _, _, page in opened.values():
                    page.select_option("#ruleset", ruleset_id)
                    page.wait_for_timeout(300)  # the system's first validations
                for i, j in pairings(ruleset_id)[: args.limit or None]:
                    order = list(opened.items())
                    n += 1
                    for label, (_, _, page) in order if n % 2 else order[::-1]:
                        got = page.evaluate(ONE_PAIRING, [i, j])
                        rows[label].append({"ruleset": ruleset_id, "samples": [i, j], **got})
        finally:
            for server, browser, _ in opened.values():
                browser.close()
                server.shutdown()
    return rows


def ms(value: float | None) -> str:
    """A time in whole ms, or '-' when there is none."""
    return f"{value:5.0f}" if value is not None else "    -"


def first_beat_main(args: argparse.Namespace) -> int:
    """``--first-beat``: the table of click-to-first-beat times per system and pairing."""
    from kassen.core import registry

    systems = args.ruleset_list or registry.ids()
    rows = run_all(args, systems)
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"rows": rows, "load_average": load, "seed": args.seed}, indent=1))
        return 0
    print(f"click on Battle -> first beat on screen, every sample pairing (seed {args.seed}, "
          f"load {load[0]:.2f} {load[1]:.2f}); 'came': the engine's first beat reached the "
          f"page, 'whole': its last")
    for label, mine_all in rows.items():
        if len(rows) > 1:
            print(f"-- {label} ({args.against if label == 'before' else args.site or ROOT})")
        for ruleset_id in systems:
            mine = [r for r in mine_all if r["ruleset"] == ruleset_id]
            if not args.summary:
                for r in mine:
                    print(f"  {ruleset_id:11s} {r['samples'][0] + 1:2d}v{r['samples'][1] + 1:<2d}"
                          f" {r['steps']:4d} steps  first beat {ms(r['first'])} ms  (came "
                          f"{ms(r['came'])} ms, whole {ms(r['whole'])} ms)")
            times = [r["first"] for r in mine if r["first"] is not None]
            if not times:
                print(f"{ruleset_id:11s} no battle showed")
                continue
            slowest = max(mine, key=lambda r: r["first"] if r["first"] is not None else 1e9)
            print(f"{ruleset_id:11s} {len(mine):3d} pairings  median "
                  f"{statistics.median(times):5.0f} ms  worst {max(times):5.0f} ms "
                  f"({slowest['samples'][0] + 1}v{slowest['samples'][1] + 1}, "
                  f"{slowest['steps']} steps)  "
                  f"{'within' if max(times) <= AIM_MS else 'OVER'} {AIM_MS:.0f} ms")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", dest="ruleset_list", default=[],
                        help="only this system (repeatable; default: every system)")
    parser.add_argument("--seed", default="mt1:f1257be40a7b")
    parser.add_argument("--limit", type=int, default=0, help="at most this many pairings each")
    parser.add_argument("--summary", action="store_true", help="only the per-system lines")
    parser.add_argument("--site", type=Path, help="serve this built copy of the site instead")
    parser.add_argument("--against", type=Path, help="also time this built copy of the site "
                        "(e.g. an earlier commit's), pairing by pairing: a before/after table")
    parser.add_argument("--json", action="store_true")
    return first_beat_main(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
