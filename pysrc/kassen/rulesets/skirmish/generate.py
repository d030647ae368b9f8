"""Random legal sides for benchmarks and property tests (§2.4 ranges, §11 catalogue)."""

from __future__ import annotations

from kassen.core.rng import Rng
from kassen.rulesets.skirmish.catalogue import ABILITIES, ITEMS, WEAPONS
from kassen.rulesets.skirmish.model import Character, Side
from kassen.rulesets.skirmish.samples import CHARACTERS


def random_character(rng: Rng, index: int) -> Character:
    """A sample character (half the time) or random stats inside the §2.4 ranges."""
    if rng.below(2) == 0:
        return CHARACTERS[rng.choice(list(CHARACTERS))]
    weapon = rng.choice(list(WEAPONS))
    pool = [a for a in ABILITIES if not (ABILITIES[a].needs_ranged_weapon
                                         and WEAPONS[weapon].reach < 1)]
    rng.shuffle(pool)
    abilities = tuple(pool[: rng.below(4)])
    items = tuple((i, 1 + rng.below(2)) for i in list(ITEMS)[: rng.below(3)])
    return Character(
        f"R{index}", rng.randint(20, 70), rng.randint(0, 30), rng.randint(5, 13),
        rng.randint(4, 8), rng.randint(12, 17), rng.randint(0, 9), rng.randint(1, 7),
        rng.randint(2, 8), weapon, abilities, items, fly=1 if rng.below(8) == 0 else 0)


def random_side(rng: Rng) -> Side:
    """One to five random characters at their default deployment."""
    return tuple(random_character(rng, i) for i in range(rng.randint(1, 5)))
