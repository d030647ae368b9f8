"""Random legal builds of マーガレット2011α (benchmarks, fuzzing and property tests)."""

from __future__ import annotations

from kassen.core.rng import Rng
from kassen.rulesets.marguerite.catalogue import SWORDS


def random_build(rng: Rng) -> str:
    """A random legal 10-point build (R3.1: HP in steps of 5; at least 1 HP point)."""
    points = 10
    hp = 1 + rng.below(4)
    points -= hp
    stats = [0, 0, 0]
    n_swords = 1 + rng.below(min(points, 6))
    points -= n_swords
    while points > 0:
        k = rng.below(3)
        stats[k] += 1
        points -= 1
    swords = "".join(SWORDS[rng.below(len(SWORDS))].code for _ in range(n_swords))
    return f"{hp * 5}/{stats[0]}/{stats[1]}/{stats[2]}/{swords}/R{rng.below(1000)}"
