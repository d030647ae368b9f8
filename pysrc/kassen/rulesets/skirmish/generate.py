"""Random legal sides for benchmarks and property tests (§2.4 ranges, §11 catalogue), and the
build lab's moves over encounters (§11.5, §17).

The lab's enemy line-ups are made of the sample enemies, for the encounter balancer
(``search --target balance`` against a party) and for counters: a line-up holds 1 to
:data:`MOST` enemies standing in area 5 or 6 (where the §17 encounters deploy them); a move
adds an enemy, removes one, replaces one with another kind, or moves one to the other area.
The side's own validator decides legality.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core import moves
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


# -- build lab: encounter line-ups (§11.5, §17) ---------------------------------------------
ENEMIES = ("ゴブリン", "ゴブリンアーチャー", "大コウモリ", "オーガ", "シャドウ")
"""The sample enemies of §11.5."""
AREAS = ((5, None), (6, None))
"""Columns 5 and 6 (a column only: the middle row on a grid, §16.4 C10)."""
MOST = 8
"""Enemies in the biggest line-up (the size of encounter R1)."""


def _enemy(rng: Rng) -> Character:
    return replace(CHARACTERS[rng.choice(ENEMIES)], area=rng.choice(AREAS))


def start_lineup(ruleset: Any, rng: Rng, options: dict[str, Any]) -> Side:
    """A random line-up of 1–6 sample enemies."""
    side = tuple(_enemy(rng) for _ in range(1 + rng.below(6)))
    found = moves.legal(ruleset, side, options)
    assert found is not None
    return found


def move_lineup(ruleset: Any, side: Side, rng: Rng, options: dict[str, Any]) -> Side:
    """One legal move from ``side`` (an enemy added, removed, replaced or moved)."""
    for _ in range(moves.TRIES):
        members = list(side)
        kind = rng.below(4)
        i = rng.below(len(members))
        if kind == 0 and len(members) < MOST:
            members.insert(rng.below(len(members) + 1), _enemy(rng))
        elif kind == 1 and len(members) > 1:
            del members[i]
        elif kind == 2:
            members[i] = replace(_enemy(rng), area=members[i].area or AREAS[0])
        else:
            area = members[i].area
            members[i] = replace(members[i], area=AREAS[1] if area == AREAS[0] else AREAS[0])
        found = moves.legal(ruleset, tuple(members), options)
        if found is not None and found != side:
            return found
    return side
