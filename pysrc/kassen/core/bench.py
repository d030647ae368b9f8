"""``python -m kassen bench``: battles per second per ruleset over fixed, seeded build pairs.

Each ruleset that can generate random legal builds (``random_build``) is measured over the
same pairs every run, with events recorded, single-threaded.
"""

from __future__ import annotations

import time
from typing import Any

from kassen.core import registry, session
from kassen.core.rng import Rng


def bench_setups(ruleset_id: str, pairs: int, seed: str) -> list[session.Prepared]:
    """The fixed list of prepared battles for one ruleset."""
    ruleset = registry.get(ruleset_id)
    rng = Rng(seed).derive(ruleset_id)
    out = []
    for index in range(pairs):
        sides = [ruleset.random_build(rng) for _ in range(ruleset.sides)]
        out.append(session.prepare(ruleset_id, sides, {}, f"{seed}-{index}"))
    return out


def run_bench(ruleset_ids: list[str] | None, *, pairs: int, seed: str) -> dict[str, Any]:
    """Measure every (given) ruleset; returns rows of battles/s."""
    rows = []
    for ruleset_id in ruleset_ids or registry.ids():
        ruleset = registry.get(ruleset_id)
        if ruleset.random_build(Rng("probe")) is None:
            continue
        setups = bench_setups(ruleset_id, pairs, seed)
        events = 0
        start = time.perf_counter()
        for prepared in setups:
            outcome = session.run(prepared)
            events += outcome.battle.rec.event_count
        seconds = time.perf_counter() - start
        rows.append({
            "ruleset": ruleset_id,
            "battles": len(setups),
            "seconds": round(seconds, 4),
            "battles_per_second": round(len(setups) / seconds, 1) if seconds else None,
            "events_per_battle": round(events / max(1, len(setups)), 1),
        })
    return {"rulesets": rows}
