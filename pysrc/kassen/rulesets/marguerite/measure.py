"""Figures over many battles: ``python -m kassen.rulesets.marguerite.measure [PAIRS]``.

マーガレット2011α is deterministic, so a pairing has one outcome; the specification gives no
measured figures to compare with. This prints how random legal 10-point battles end (reasons,
turns, first-side wins) and the round robin of the sample builds, for regression watching.
"""

from __future__ import annotations

import sys
from collections import Counter

from kassen.core import registry, session
from kassen.core.rng import Rng

RULESET = registry.get("marguerite")  # through the registry: it registers the text


def random_pairs(pairs: int, seed: str = "xo1:measure") -> dict[str, object]:
    """Reasons, average turn and side wins over ``pairs`` random legal build pairs."""
    rng = Rng(seed)
    reasons: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    turns = 0
    for _ in range(pairs):
        a, b = RULESET.random_build(rng), RULESET.random_build(rng)
        result = session.run(session.prepare("marguerite", [a, b])).result
        reasons[result.reason] += 1
        wins[str(result.winner)] += 1
        turns += result.turn
    return {"pairs": pairs, "reasons": dict(reasons.most_common()),
            "winner": dict(wins.most_common()), "mean_turn": round(turns / max(1, pairs), 2)}


def sample_matrix() -> list[tuple[str, str, str]]:
    """Every sample against every other (legal under the defaults): winner name or draw."""
    out = []
    legal = {"budget": 10, "hp_step": "5"}
    samples = [s for s in RULESET.samples if not RULESET.parse(s.text, legal)[1]]
    for i, a in enumerate(samples):
        for b in samples[i + 1:]:
            result = session.run(session.prepare("marguerite", [a.text, b.text])).result
            winner = "draw" if result.winner is None else (a.name, b.name)[result.winner]
            out.append((f"{a.name} vs {b.name}", winner, f"{result.reason}@{result.turn}"))
    return out


def main(argv: list[str]) -> int:
    """Print the figures."""
    pairs = int(argv[0]) if argv else 2000
    print(random_pairs(pairs))
    for row in sample_matrix():
        print("  ".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
