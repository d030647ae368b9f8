"""``python -m kassen bench``: battles per second per ruleset over fixed, seeded build pairs.

Each ruleset that can generate random legal builds (``random_build``) is measured over the
same pairs every run, single-threaded: once with every event recorded, and once as a bare loop
that plays the same battles with a recorder that keeps nothing (the practical limit of the
engine's arithmetic); the ratio says what events cost.
"""

from __future__ import annotations

import time
from typing import Any

from kassen.core import registry, session
from kassen.core.driver import Driver
from kassen.core.null_recorder import NullRecorder
from kassen.core.rng import Rng


def bench_setups(ruleset_id: str, pairs: int, seed: str) -> list[session.Prepared]:
    """The fixed list of prepared battles for one ruleset: the same set ``--baseline``
    plays (random pairs, or ``pairs`` battles over the ruleset's specification line-ups)."""
    from kassen.bench.compare import benchmark_set
    from kassen.bench.runner import tree_seed

    return [session.prepare(e["ruleset"], e["sides"], e["options"], tree_seed(e["seed"]))
            for e in benchmark_set([ruleset_id], pairs=pairs, battles=pairs, seed=seed)]


def _recorded(setups: list[session.Prepared]) -> None:
    """Play every battle with its events recorded."""
    for prepared in setups:
        session.run(prepared)


def _bare(setups: list[session.Prepared]) -> None:
    """Play the same battles with a recorder that keeps nothing."""
    for prepared in setups:
        battle = prepared.ruleset.new_battle(prepared.setup())
        battle.rec = NullRecorder()
        Driver(battle, snapshots=False).run()


def _timed(func: Any, repeats: int) -> tuple[float, float]:
    """Best wall time and best CPU time of ``repeats`` runs (the machine may be shared)."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        func()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def run_bench(ruleset_ids: list[str] | None, *, pairs: int, seed: str,
              repeats: int = 3) -> dict[str, Any]:
    """Measure every (given) ruleset; rows of battles/s (best of ``repeats`` runs)."""
    rows = []
    for ruleset_id in ruleset_ids or registry.ids():
        ruleset = registry.get(ruleset_id)
        if ruleset.random_build(Rng("probe")) is None:
            continue
        setups = bench_setups(ruleset_id, pairs, seed)
        events = sum(session.run(p).battle.rec.event_count for p in setups[:50])

        seconds, cpu = _timed(lambda s=setups: _recorded(s), repeats)
        bare, _ = _timed(lambda s=setups: _bare(s), repeats)
        rows.append({
            "ruleset": ruleset_id,
            "battles": len(setups),
            "seconds": round(seconds, 4),
            "cpu_seconds": round(cpu, 4),
            "battles_per_second": round(len(setups) / seconds, 1) if seconds else None,
            "battles_per_cpu_second": round(len(setups) / cpu, 1) if cpu else None,
            "events_per_battle": round(events / max(1, min(50, len(setups))), 1),
            "bare_seconds": round(bare, 4),
            "bare_battles_per_second": round(len(setups) / bare, 1) if bare else None,
            "ratio_to_bare": round(seconds / bare, 3) if bare else None,
        })
    return {"rulesets": rows}
