"""``python -m kassen bench --baseline REV``: this tree against an earlier commit, same run.

The benchmark set (issue 15) is made once, by this tree: Marguerite-like systems (no
``bench_lineups``) play random legal build pairs, random systems play their specification's
sample line-ups over many seeds. REV is checked out into a temporary git worktree; then, for
each round, both trees play the whole set in fresh processes, one after the other (the order
alternates between rounds), through the same harness (:mod:`kassen.bench.runner`).
Rates are battles per CPU second; the report gives best and median per side and their ratios,
the median of each round's own ratio ("x pair": the two passes of a round ran next to each
other, so a machine that speeds up or slows down between rounds cancels out), and says whether
both sides produced the same events (they must, unless REV's rules differ). The set's seeds
are bare texts each tree plays in its own fresh-seed format (issue 29: ``mt1`` here, ``xo1`` in
older trees); when the formats differ the battles differ, and the report says "formats differ"
instead of comparing events. The random build pairs are always drawn from ``xo1`` streams, so
the set itself does not depend on the format.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from kassen.core import registry
from kassen.core.rng import Rng

ROOT = Path(__file__).resolve().parents[3]
RUNNER = Path(__file__).with_name("runner.py")


class BenchError(Exception):
    """The comparison could not run (not a git checkout, unknown revision, a side failed)."""


def benchmark_set(ruleset_ids: list[str] | None, *, pairs: int, battles: int,
                  seed: str) -> list[dict[str, Any]]:
    """The battles both sides play: ``pairs`` random pairs or ``battles`` over the line-ups
    (seeds are bare texts: :func:`kassen.bench.runner.tree_seed` gives them a format)."""
    entries: list[dict[str, Any]] = []
    for ruleset_id in ruleset_ids or registry.ids():
        ruleset = registry.get(ruleset_id)
        lineups = list(ruleset.bench_lineups())
        if lineups:
            games = max(1, -(-battles // len(lineups)))
            for index, sides in enumerate(lineups):
                entries.extend({"ruleset": ruleset_id, "sides": list(sides), "options": {},
                                "seed": f"{seed}-{index}-{game}"}
                               for game in range(games))
            continue
        rng = Rng(f"xo1:{seed}").derive(ruleset_id)
        for index in range(pairs):
            sides = [ruleset.random_build(rng) for _ in range(ruleset.sides)]
            if any(side is None for side in sides):
                break
            entries.append({"ruleset": ruleset_id, "sides": sides, "options": {},
                            "seed": f"{seed}-{index}"})
    return entries


def _git(*args: str) -> str:
    """Run git in the project's checkout; its output, or BenchError."""
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    if done.returncode:
        raise BenchError(f"git {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done.stdout.strip()


def _pass(tree: Path, set_file: Path, *, digest: bool) -> dict[str, Any]:
    """One timed pass of the set by the engine in ``tree`` (a fresh process)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "pysrc"), "PYTHONHASHSEED": "0"}
    args = [sys.executable, "-c", RUNNER.read_text(encoding="utf-8"), str(set_file)]
    done = subprocess.run([*args, *(["digest"] if digest else [])], capture_output=True,
                          text=True, env=env, cwd=set_file.parent)
    if done.returncode:
        tail = done.stderr.strip().splitlines()[-3:]
        raise BenchError(f"the engine in {tree} failed: {' / '.join(tail)}")
    return json.loads(done.stdout)


def _summary(runs: list[dict[str, Any]], ruleset_id: str) -> dict[str, Any]:
    """Best and median battles per CPU second of one side for one ruleset."""
    rates = [run[ruleset_id]["battles"] / run[ruleset_id]["cpu"] for run in runs]
    return {"best": max(rates), "median": statistics.median(rates), "rates": rates}


def compare(rev: str, ruleset_ids: list[str] | None, *, rounds: int = 3, pairs: int = 2000,
            battles: int = 600, seed: str = "bench") -> dict[str, Any]:
    """Both trees over the same set, alternating for ``rounds`` rounds; the report."""
    commit = _git("rev-parse", "--verify", f"{rev}^{{commit}}")
    entries = benchmark_set(ruleset_ids, pairs=pairs, battles=battles, seed=seed)
    with tempfile.TemporaryDirectory(prefix="kassen-bench-") as tmp:
        base_tree = Path(tmp) / "baseline"
        _git("worktree", "add", "--detach", "--quiet", str(base_tree), commit)
        try:
            set_file = Path(tmp) / "set.json"
            set_file.write_text(json.dumps(entries), encoding="utf-8")
            sides = {"baseline": base_tree, "current": ROOT}
            runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
            for round_index in range(max(1, rounds)):
                order = ["baseline", "current"] if round_index % 2 == 0 else [
                    "current", "baseline"]
                for name in order:
                    runs[name].append(_pass(sides[name], set_file, digest=round_index == 0))
        finally:
            _git("worktree", "remove", "--force", str(base_tree))
    rows = []
    for ruleset_id in dict.fromkeys(e["ruleset"] for e in entries):
        if any(ruleset_id not in run for side in runs.values() for run in side):
            continue
        base, cur = _summary(runs["baseline"], ruleset_id), _summary(runs["current"], ruleset_id)
        rows.append({
            "ruleset": ruleset_id,
            "battles": runs["current"][0][ruleset_id]["battles"],
            "baseline": base, "current": cur,
            "ratio_best": cur["best"] / base["best"],
            "ratio_median": cur["median"] / base["median"],
            # each round's two passes ran next to each other: their ratio cancels drift
            "ratio_paired": statistics.median(c / b for c, b in zip(cur["rates"],
                                                                    base["rates"], strict=True)),
            "formats": [runs[side][0][ruleset_id].get("format", "xo1:")[:-1]
                        for side in ("baseline", "current")],
            # battles on different seed formats differ: their events are not compared
            "same_events": (runs["baseline"][0][ruleset_id]["digest"]
                            == runs["current"][0][ruleset_id]["digest"])
            if runs["baseline"][0][ruleset_id].get("format", "xo1:")
            == runs["current"][0][ruleset_id].get("format", "xo1:") else None,
        })
    return {"baseline": rev, "baseline_commit": commit, "rounds": max(1, rounds),
            "python": sys.version.split()[0], "rulesets": rows}


def format_report(report: dict[str, Any]) -> list[str]:
    """The report as the lines the command prints."""
    lines = [f"baseline {report['baseline']} ({report['baseline_commit'][:10]}) vs this tree; "
             f"{report['rounds']} alternating rounds, battles per CPU second, events recorded, "
             f"Python {report['python']}",
             f"{'ruleset':12s} {'battles':>7s} {'base best':>10s} {'base med':>9s} "
             f"{'now best':>9s} {'now med':>9s} {'x best':>7s} {'x med':>6s} {'x pair':>6s}  "
             f"events"]
    for row in report["rulesets"]:
        base, cur = row["baseline"], row["current"]
        same = ("formats differ ({}/{})".format(*row["formats"]) if row["same_events"] is None
                else "same" if row["same_events"] else "DIFFER")
        lines.append(f"{row['ruleset']:12s} {row['battles']:7d} {base['best']:10.1f} "
                     f"{base['median']:9.1f} {cur['best']:9.1f} {cur['median']:9.1f} "
                     f"{row['ratio_best']:7.2f} {row['ratio_median']:6.2f} "
                     f"{row['ratio_paired']:6.2f}  {same}")
    return lines
