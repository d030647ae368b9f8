"""Many random legal battles, and the largest sizes they reach (issue 13 §2).

:func:`sample` plays battles ``0 … n-1`` of one *kind* (a ruleset with its default options,
or a Marguerite variant: builds biased towards the growth swords, ``reset=cycle``, free
budget) on a few processes, and answers how many were aborted (with examples), the largest
size of each kind seen with the battle that reached it, and the peak memory. Battle ``i`` is
always the same battle, whatever the number of processes. Used by ``test_caps_slow.py``;
``python tests/caps_sampler.py KIND N`` prints the same report.
"""

from __future__ import annotations

import os
import resource
import sys
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kassen.core import registry, session
from kassen.core.problems import ProblemError
from kassen.core.rng import Rng

GROWTH = "増虚鳴複光星灼泡涙再儀速"
"""The swords that grow lists, parties, actions or events (issue 13 §2)."""
CHUNK = 2000
EXAMPLES = 5


def _marguerite_biased(rng: Rng) -> str:
    """A random legal 10-point build whose swords are half the time growth swords."""
    from kassen.rulesets.marguerite.catalogue import SWORDS

    hp = 1 + rng.below(4)
    points = 10 - hp
    n_swords = 1 + rng.below(min(points, 8))
    points -= n_swords
    stats = [0, 0, 0]
    for _ in range(points):
        stats[rng.below(3)] += 1
    swords = "".join(GROWTH[rng.below(len(GROWTH))] if rng.below(2)
                     else SWORDS[rng.below(len(SWORDS))].code for _ in range(n_swords))
    return f"{hp * 5}/{stats[0]}/{stats[1]}/{stats[2]}/{swords}/R{rng.below(1000)}"


def _marguerite_free(rng: Rng) -> str:
    """A random build with no budget: big stats, up to 32 swords, growth swords often."""
    from kassen.rulesets.marguerite.catalogue import SWORDS

    swords = "".join(GROWTH[rng.below(len(GROWTH))] if rng.below(3) == 0
                     else SWORDS[rng.below(len(SWORDS))].code for _ in range(rng.below(33)))
    return (f"{5 * (1 + rng.below(40))}/{rng.below(60)}/{rng.below(20)}/{rng.below(40)}/"
            f"{swords}/F{rng.below(99)}")


KINDS: dict[str, tuple[str, dict[str, Any], str]] = {
    "marguerite": ("marguerite", {}, "uniform"),
    "marguerite-growth": ("marguerite", {}, "growth"),
    "marguerite-cycle": ("marguerite", {"reset": "cycle"}, "uniform"),
    "marguerite-free": ("marguerite", {"budget": 0}, "free"),
    "cardduel": ("cardduel", {}, "uniform"),
    "dice": ("dice", {}, "uniform"),
    "skirmish": ("skirmish", {}, "uniform"),
}
"""Kind → (ruleset, options, build generator)."""


def pair(kind: str, index: int) -> tuple[list[str], dict[str, Any], str]:
    """The side texts, options and seed of battle ``index`` of a kind."""
    ruleset_id, options, gen = KINDS[kind]
    rng = Rng(f"xo1:caps-{kind}-{index}")
    if gen == "growth":
        sides = [_marguerite_biased(rng), _marguerite_biased(rng)]
    elif gen == "free":
        sides = [_marguerite_free(rng), _marguerite_free(rng)]
    else:
        ruleset = registry.get(ruleset_id)
        sides = [ruleset.random_build(rng) or "", ruleset.random_build(rng) or ""]
    return sides, dict(options), f"xo1:caps-{index}"


def sizes(battle: Any) -> dict[str, int]:
    """The sizes a battle reached: generic ones, and Marguerite's own caps."""
    rec = battle.rec
    out = {"turns": int(battle.turn), "steps": rec.step_count, "events": rec.event_count,
           "party": max(len(side["members"]) for side in battle.members())}
    st = battle.state
    if hasattr(st, "peak_swords"):
        out["events"] += st.folded
        out["swords"] = max([st.peak_swords] + [len(f.swords) for side in st.members
                                                for f in side])
        out["held"] = max(st.peak_total, sum(len(f.swords) for side in st.members
                                             for f in side))
        out["fencers"] = max(st.counts)
        out["actions"] = st.actions
        out["scan"] = st.scan
        out["work"] = st.work
        out["work_events"] = st.work_events
        out["atk_bits"] = max(abs(f.atk).bit_length() for side in st.members for f in side)
        out["summarised"] = int(bool(st.summary))
    return out


def _play(kind: str, start: int, stop: int) -> dict[str, Any]:
    ruleset_id = KINDS[kind][0]
    report: dict[str, Any] = {"n": 0, "aborted": 0, "examples": [], "max": {}, "illegal": 0,
                              "summarised": 0}
    best = report["max"]
    for i in range(start, stop):
        sides, options, seed = pair(kind, i)
        try:
            prepared = session.prepare(ruleset_id, sides, options, seed)
        except ProblemError:  # counted: a generator made an illegal build
            report["illegal"] += 1
            continue
        outcome = session.run(prepared)
        report["n"] += 1
        result = outcome.result
        if result is not None and result.reason == "aborted":
            report["aborted"] += 1
            if len(report["examples"]) < EXAMPLES:
                report["examples"].append([i, sides, result.detail.get("cap")])
        for key, value in sizes(outcome.battle).items():
            if key == "summarised":
                report["summarised"] += value
            elif key not in best or value > best[key][0]:
                best[key] = [value, i]
    report["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return report


def _merge(into: dict[str, Any], part: dict[str, Any]) -> None:
    for key in ("n", "aborted", "illegal", "summarised"):
        into[key] += part[key]
    into["examples"] = (into["examples"] + part["examples"])[:EXAMPLES]
    for key, (value, index) in part["max"].items():
        if key not in into["max"] or value > into["max"][key][0]:
            into["max"][key] = [value, index]
    into["rss_mb"] = max(into["rss_mb"], part["rss_mb"])


def traced_peak_mb(kind: str, index: int) -> float:
    """Peak traced memory (MB) of one battle, played with the page's views on every step."""
    ruleset_id = KINDS[kind][0]
    sides, options, seed = pair(kind, index)
    prepared = session.prepare(ruleset_id, sides, options, seed)
    tracemalloc.start()
    try:
        session.run(prepared, views=True)
        return tracemalloc.get_traced_memory()[1] / 2 ** 20
    finally:
        tracemalloc.stop()


def sample(kind: str, n: int, workers: int | None = None) -> dict[str, Any]:
    """Play battles ``0 … n-1`` of a kind and answer the report (see the module text)."""
    workers = workers or int(os.environ.get("KASSEN_CAP_WORKERS", "2"))
    report: dict[str, Any] = {"n": 0, "aborted": 0, "examples": [], "max": {}, "illegal": 0,
                              "summarised": 0, "rss_mb": 0.0}
    began = time.process_time(), time.perf_counter()
    ranges = [(s, min(n, s + CHUNK)) for s in range(0, n, CHUNK)]
    if workers <= 1 or len(ranges) == 1:
        for s, e in ranges:
            _merge(report, _play(kind, s, e))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(_play, [kind] * len(ranges), *zip(*ranges, strict=True)):
                _merge(report, part)
    report["seconds"] = time.perf_counter() - began[1]
    if "events" in report["max"]:
        report["traced_peak_mb"] = traced_peak_mb(kind, report["max"]["events"][1])
    return report


def describe(kind: str, report: dict[str, Any]) -> str:
    """The report as lines: counts, the largest sizes (with the battle), memory."""
    lines = [f"{kind}: {report['n']:,} battles in {report['seconds']:.0f} s "
             f"(load {os.getloadavg()[0]:.2f}), aborted {report['aborted']:,} "
             f"({100 * report['aborted'] / max(1, report['n']):.4f} %), summarised "
             f"{report['summarised']:,}, illegal builds skipped {report['illegal']:,}"]
    for key, (value, index) in sorted(report["max"].items()):
        sides, _, _ = pair(kind, index)
        lines.append(f"  largest {key}: {value:,} (battle {index}: {' vs '.join(sides)[:160]})")
    lines.append(f"  peak RSS of a worker {report['rss_mb']:.0f} MB; traced peak of the battle "
                 f"with most events, views on: {report.get('traced_peak_mb', 0):.1f} MB")
    for index, sides, cap in report["examples"]:
        lines.append(f"  aborted: battle {index} {cap}: {' vs '.join(sides)[:160]}")
    return "\n".join(lines)


if __name__ == "__main__":
    kind_arg, n_arg = sys.argv[1], int(sys.argv[2])
    print(describe(kind_arg, sample(kind_arg, n_arg)), flush=True)
