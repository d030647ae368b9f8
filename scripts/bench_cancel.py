#!/usr/bin/env python3
"""How fast Cancel stops a tournament and a build-lab search in the page (``python3
scripts/bench_browser.py --cancel``, or this script): a card-duel round robin of 200 seeds per
pairing and a Marguerite lab search, ``--repeat`` times each, timed inside the page from the
click to the cancelled state and to the moment the last slice in flight has come back (and,
for the lab, to the end of the search with the best so far). Printed, never asserted (issue
25: a loaded machine stretches any latency). Aim: the cancelled state within 0.5 s.
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
from browser_kit import ROOT, in_page, poll

sys.path.insert(0, str(ROOT / "pysrc"))

CANCEL_WATCH = """([section, button]) => {
  window.__cancel = {};
  document.getElementById(button).addEventListener("click", () => {
    window.__cancel.click = performance.now();
  }, { capture: true, once: true });
  const node = document.getElementById(section);
  const seen = new MutationObserver(() => {
    if (node.dataset.state === "cancelled" && window.__cancel.click !== undefined) {
      window.__cancel.state = performance.now();
      seen.disconnect();
      window.kassenPool.idle().then(() => { window.__cancel.idle = performance.now(); });
    }
  });
  seen.observe(node, { attributes: true, attributeFilter: ["data-state"] });
}"""


def cancel_main(args: argparse.Namespace) -> int:
    """``--cancel``: Cancel's latency in the page for a tournament and a build-lab search."""
    from kassen.core import registry

    duel = registry.get("cardduel")
    marguerite = registry.get("marguerite")
    rows: dict[str, list[dict[str, float]]] = {"tournament": [], "lab": []}

    def once(page: Any, kind: str) -> None:
        section, button = ("tournament", "t-cancel") if kind == "tournament" else ("lab",
                                                                                  "lab-cancel")
        page.evaluate(CANCEL_WATCH, [section, button])
        if kind == "tournament":
            page.select_option("#ruleset", "cardduel")
            page.fill("#t-builds", "\n---\n".join(s.text for s in duel.samples[:4]))
            page.select_option("#t-format", "round-robin")
            page.fill("#t-seeds", "200")
            page.click("#t-start")
            poll(page, "() => (window.kassenTournament?.done || 0) > 0")
        else:
            from kassen.core.rng import Rng

            rng = Rng("bench-cancel")
            page.select_option("#ruleset", "marguerite")
            page.fill("#lab-field", "\n".join(marguerite.random_build(rng) for _ in range(5)))
            page.fill("#lab-seconds", "600")
            page.evaluate("() => { window.kassenLab = null; }")
            page.click("#lab-start")
            poll(page, "() => document.querySelectorAll('#lab-best tbody tr').length > 0")
        page.click(f"#{button}")
        times = poll(page, "() => window.__cancel.idle !== undefined && window.__cancel")
        row = {"state_ms": times["state"] - times["click"],
               "idle_ms": times["idle"] - times["click"]}
        if kind == "lab":  # the search ends with the best so far (its last round finished)
            ended = poll(page, "() => window.kassenLab?.cancelled === true && performance.now()")
            row["ended_ms"] = ended - times["click"]
        rows[kind].append(row)

    def work(page: Any) -> None:
        page.evaluate("() => window.kassenPool.warm()")
        for _ in range(max(1, args.repeat)):
            once(page, "tournament")
            once(page, "lab")

    in_page(work)
    if args.json:
        print(json.dumps({**rows, "load_average": os.getloadavg()}, indent=1))
        return 0
    print(f"Cancel in the page, {max(1, args.repeat)} runs each (load {os.getloadavg()[0]:.2f}; "
          f"timed in the page from the click; aim: cancelled within 500 ms)")
    for kind, runs in rows.items():
        state = [r["state_ms"] for r in runs]
        idle = [r["idle_ms"] for r in runs]
        ended = [r["ended_ms"] for r in runs if "ended_ms" in r]
        print(f"{kind:10s} cancelled state: median {statistics.median(state):6.0f} ms, "
              f"worst {max(state):6.0f} ms; last slice back: median "
              f"{statistics.median(idle):6.0f} ms, worst {max(idle):6.0f} ms"
              + (f"; search ended (best so far shown): median "
                 f"{statistics.median(ended):6.0f} ms, worst {max(ended):6.0f} ms"
                 if ended else ""))
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--json", action="store_true")
    sys.exit(cancel_main(parser.parse_args()))
