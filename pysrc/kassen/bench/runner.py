"""One timed pass over a benchmark set, runnable against any commit's engine.

``python -m kassen bench --baseline REV`` runs this file's source with ``python -c`` in a
fresh process whose ``PYTHONPATH`` is one tree's ``pysrc`` (REV's worktree or the current
tree), so both sides are timed by the same harness and play the same battles. It uses only
the API every commit since the skeleton has (``session.prepare``, ``session.run``,
``session.event_digest``), reads the set from the JSON file named by ``argv[1]`` and prints
one JSON object: per ruleset the battle count, CPU and wall seconds of playing them all with
events recorded, the seed format played, and (with ``argv[2] == "digest"``) the digest of
every battle's events.

The set's seeds are bare texts: each tree plays them in its own fresh-seed format
(:func:`tree_seed`: ``FRESH_PREFIX`` of its ``kassen.core.rng``, ``xo1:`` in trees from before
issue 29), so a comparison times each tree on the generator its new battles use.

Each battle is timed on its own and dropped once its digest is taken (not timed), as a
tournament's worker plays them: keeping hundreds of finished battles alive would make the
cyclic garbage collector's full passes walk every recorded event again and again, a cost of
the harness, not of playing a battle.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any


def tree_format() -> str:
    """The seed prefix of fresh seeds in the tree on ``sys.path`` (``xo1:`` before issue 29)."""
    from kassen.core import rng

    return str(getattr(rng, "FRESH_PREFIX", "xo1:"))


def tree_seed(text: str) -> str:
    """A set's bare seed text in this tree's fresh-seed format."""
    return tree_format() + text


def run_set(entries: list[dict[str, Any]], *, with_digest: bool) -> dict[str, Any]:
    """Time one pass over the set, grouped by ruleset (set-up parsing is not timed)."""
    from kassen.core import session

    by_ruleset: dict[str, list[Any]] = {}
    for entry in entries:
        prepared = session.prepare(entry["ruleset"], entry["sides"], entry["options"],
                                   tree_seed(entry["seed"]))
        by_ruleset.setdefault(entry["ruleset"], []).append(prepared)
    out: dict[str, Any] = {}
    for ruleset_id, setups in by_ruleset.items():
        cpu = wall = 0.0
        total = hashlib.sha256()
        for prepared in setups:
            w0, c0 = time.perf_counter(), time.process_time()
            battle = session.run(prepared).battle
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            if with_digest:
                total.update(session.event_digest(battle).encode())
            del battle  # played and dropped one at a time, as a tournament's worker does
        row: dict[str, Any] = {"battles": len(setups), "cpu": cpu, "wall": wall,
                               "format": tree_format()}
        if with_digest:
            row["digest"] = total.hexdigest()
        out[ruleset_id] = row
    return out


def main(argv: list[str]) -> int:
    """Read the set, play it once, print the timings as JSON."""
    with open(argv[1], encoding="utf-8") as handle:
        entries = json.load(handle)
    print(json.dumps(run_set(entries, with_digest=len(argv) > 2 and argv[2] == "digest")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
