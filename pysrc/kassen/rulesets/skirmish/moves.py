"""Build-lab moves over encounters (§11.5, §17): enemy line-ups made of the sample enemies,
for the encounter balancer (``search --target balance`` against a party) and for counters.

A line-up holds 1 to :data:`MOST` enemies standing in area 5 or 6 (where the §17 encounters
deploy them); a move adds an enemy, removes one, replaces one with another kind, or moves one
to the other area. The side's own validator decides legality.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core import moves
from kassen.core.rng import Rng
from kassen.rulesets.skirmish.model import Character, Side
from kassen.rulesets.skirmish.samples import CHARACTERS

ENEMIES = ("ゴブリン", "ゴブリンアーチャー", "大コウモリ", "オーガ", "シャドウ")
"""The sample enemies of §11.5."""
AREAS = ((5, None), (6, None))
"""Columns 5 and 6 (a column only: the middle row on a grid, §16.4 C10)."""
MOST = 8
"""Enemies in the biggest line-up (the size of encounter R1)."""


def _enemy(rng: Rng) -> Character:
    return replace(CHARACTERS[rng.choice(ENEMIES)], area=rng.choice(AREAS))


def start(ruleset: Any, rng: Rng, options: dict[str, Any]) -> Side:
    """A random line-up of 1–6 sample enemies."""
    side = tuple(_enemy(rng) for _ in range(1 + rng.below(6)))
    found = moves.legal(ruleset, side, options)
    assert found is not None
    return found


def move(ruleset: Any, side: Side, rng: Rng, options: dict[str, Any]) -> Side:
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
