"""Build lab benchmarks (issue 18; a README command, not a test).

    PYTHONPATH=pysrc python scripts/bench_lab.py [--part speed|marguerite|dice|all]
        [--evaluations 20000] [--dice-evaluations 160] [--workers 2]

speed: candidates scored per second against 20 random Marguerite builds in this process, on 2
processes and on a 2-worker LocalCluster (the cluster's overhead per evaluation is its CPU-free
wall time over the local one's). marguerite: against 100 random legal 10-point builds (fixed
seed), the best of 20,000 evaluations vs the field's own best member (points rate in the
field's round robin; the search's score is its points rate against the field). dice: against
the five type samples of §23 with K = 50, the best sheet's win rate against each sample.
Prints the load average beside the numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from kassen.core import registry
from kassen.core.rng import Rng
from kassen.lab.search import Search, Settings
from kassen.tournament.runners import DaskRunner, ProcessRunner, Runner


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"


def marguerite_field(n: int) -> list[str]:
    ruleset = registry.get("marguerite")
    rng = Rng("bench-lab-field")
    return [ruleset.random_build(rng) for _ in range(n)]


def speed(evaluations: int) -> dict[str, float]:
    field = marguerite_field(20)
    out: dict[str, float] = {}

    def timed(label: str, runner: Runner) -> None:
        settings = Settings(evaluations=evaluations, seed="speed")
        began = time.perf_counter()
        Search("marguerite", field, {}, settings, runner).run()
        out[label] = round(evaluations / (time.perf_counter() - began), 1)

    timed("1 process", Runner())
    with ProcessRunner(2) as runner:
        timed("2 processes", runner)
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, DaskRunner(cluster.scheduler_address) \
            as runner:
        timed("2-worker LocalCluster", runner)
    out["cluster overhead ms/evaluation"] = round(
        1000 * (1 / out["2-worker LocalCluster"] - 1 / out["2 processes"]), 3)
    return out


def _note(done: int, total: int | None, best: list) -> None:
    """Progress on stderr every 640 evaluations (long runs on a shared machine)."""
    if done % 640 == 0 and best:
        print(f"{done}/{total} best {best[0].score.value:.4f} load {_load()}", file=sys.stderr,
              flush=True)


def marguerite(evaluations: int, workers: int) -> dict[str, object]:
    field = marguerite_field(100)
    with (ProcessRunner(workers) if workers > 1 else Runner()) as runner:
        champion = Search("marguerite", field, {"budget": 10},
                          Settings(target="champion", evaluations=32, seed="q"), runner)
        field_best = champion.run()["field_best"]
        began = time.perf_counter()
        out = Search("marguerite", field, {"budget": 10},
                     Settings(evaluations=evaluations, seed="q"), runner).run(_note)
    best = out["best"][0]
    return {"field_best": field_best, "search_best": best["score"], "build": best["text"],
            "evaluations": out["evaluations"], "seconds": round(time.perf_counter() - began, 1),
            "ok": best["score"] >= field_best}


def dice_field_best(runner: Runner) -> float:
    """The best type sample's points rate in the five samples' own round robin (K = 50)."""
    samples = [s.text for s in registry.get("dice").samples[:5]]
    search = Search("dice", samples, {}, Settings(target="champion", games=50, seed="q"),
                    runner)
    search.prepare()
    return round(max(search.rivals), 6)


def dice(evaluations: int, workers: int) -> dict[str, object]:
    samples = [s.text for s in registry.get("dice").samples[:5]]
    with (ProcessRunner(workers) if workers > 1 else Runner()) as runner:
        field_best = dice_field_best(runner)
        began = time.perf_counter()
        out = Search("dice", samples, {}, Settings(evaluations=evaluations, games=50, seed="q"),
                     runner).run()
    best = out["best"][0]
    rates = [round((m["wins"] + m["draws"] / 2) / m["battles"], 3) for m in best["members"]]
    return {"field_best": field_best, "search_best": best["score"],
            "interval": [best["low"], best["high"]],
            "rate_vs_each_sample": rates, "evaluations": out["evaluations"],
            "battles": best["battles"], "seconds": round(time.perf_counter() - began, 1),
            "ok": all(r > 0.5 for r in rates), "build": best["text"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--part", choices=("speed", "marguerite", "dice", "all"), default="all")
    parser.add_argument("--evaluations", type=int, default=20_000)
    parser.add_argument("--dice-evaluations", type=int, default=160)
    parser.add_argument("--speed-evaluations", type=int, default=320)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    report: dict[str, object] = {"load_before": _load()}
    if args.part in ("speed", "all"):
        report["evaluations_per_second"] = speed(args.speed_evaluations)
    if args.part in ("marguerite", "all"):
        report["marguerite"] = marguerite(args.evaluations, args.workers)
    if args.part in ("dice", "all"):
        report["dice"] = dice(args.dice_evaluations, args.workers)
    report["load_after"] = _load()
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
