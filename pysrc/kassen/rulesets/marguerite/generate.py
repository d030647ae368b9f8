"""Random legal builds of マーガレット2011α (benchmarks, fuzzing and property tests).

Search moves of the build lab over legal entrants (R3.1): start builds within the point
budget (途心) and one-move neighbours.

A build's points are HP/5 + 攻 + 防 + 速 + its number of swords. A move keeps the cost within
the budget option (``budget``; 0 = free, then :data:`FREE_POINTS` bounds a start build) and HP
on its step (``hp_step``): move a point between HP and the stats, change, insert, delete or
swap swords, or spend a point left unused. Every build keeps at least one HP point (a fencer
with no HP enters dead) and the name :data:`NAME`, so equal builds have equal texts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core.rng import Rng
from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.model import Build
from kassen.rulesets.marguerite.notation import MAX_BUILD_SWORDS, MAX_STAT, cost


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


# -- build-lab moves (python -m kassen search) ----------------------------------------

NAME = "Lab"
FREE_POINTS = 10
"""Points of a start build when the budget is free (0)."""
STAT_FIELDS = ("hp", "atk", "def_", "spd")
HP_POINT = 5
"""HP bought by one point (R3.1)."""


def budget_of(options: dict[str, Any]) -> int:
    """The point budget a search works within (the option, or :data:`FREE_POINTS`)."""
    budget = int(options.get("budget", 10))
    return budget if budget > 0 else FREE_POINTS


def _limit(options: dict[str, Any]) -> int:
    """The most points a neighbour may cost (unbounded budgets stay unbounded)."""
    budget = int(options.get("budget", 10))
    return budget if budget > 0 else 10 ** 6


def start(rng: Rng, options: dict[str, Any]) -> Build:
    """A random build spending the whole budget: 1–4 HP points, 1–6 swords, the rest on
    stats (at least one point goes to HP, at least one to a sword when the budget allows)."""
    points = budget_of(options)
    hp = 1 + rng.below(min(4, points))
    points -= hp
    swords = tuple(rng.below(len(SWORDS)) for _ in range(min(points, 1 + rng.below(6))))
    points -= len(swords)
    stats = [0, 0, 0]
    for _ in range(points):
        stats[rng.below(3)] += 1
    return Build(NAME, hp * HP_POINT, stats[0], stats[1], stats[2], swords)


def _points(build: Build, field: str) -> int:
    value = getattr(build, field)
    return value // HP_POINT if field == "hp" else value


def _add(build: Build, field: str, delta: int) -> Build | None:
    """``build`` with ``delta`` points on ``field``, or None when that leaves its range."""
    step = HP_POINT if field == "hp" else 1
    value = getattr(build, field) + delta * step
    low = HP_POINT if field == "hp" else 0
    if not low <= value <= MAX_STAT:
        return None
    return replace(build, **{field: value})


def _anywhere(build: Build, rng: Rng, delta: int) -> Build | None:
    """A point added (``delta`` 1) or taken (-1) from a random stat or HP."""
    return _add(build, STAT_FIELDS[rng.below(4)], delta)


def _move_point(build: Build, rng: Rng) -> Build | None:
    source, target = rng.below(4), rng.below(3)
    target += target >= source
    taken = _add(build, STAT_FIELDS[source], -1)
    return None if taken is None else _add(taken, STAT_FIELDS[target], 1)


def _change_sword(build: Build, rng: Rng) -> Build | None:
    if not build.swords:
        return None
    swords = list(build.swords)
    swords[rng.below(len(swords))] = rng.below(len(SWORDS))
    return replace(build, swords=tuple(swords))


def _insert_sword(build: Build, rng: Rng, room: bool) -> Build | None:
    if len(build.swords) >= MAX_BUILD_SWORDS:
        return None
    paid = build if room else _anywhere(build, rng, -1)
    if paid is None:
        return None
    swords = list(build.swords)
    swords.insert(rng.below(len(swords) + 1), rng.below(len(SWORDS)))
    return replace(paid, swords=tuple(swords))


def _delete_sword(build: Build, rng: Rng) -> Build | None:
    if not build.swords:
        return None
    swords = list(build.swords)
    del swords[rng.below(len(swords))]
    return _anywhere(replace(build, swords=tuple(swords)), rng, 1)


def _swap_swords(build: Build, rng: Rng) -> Build | None:
    if len(build.swords) < 2:
        return None
    i = rng.below(len(build.swords))
    j = rng.below(len(build.swords) - 1)
    j += j >= i
    swords = list(build.swords)
    swords[i], swords[j] = swords[j], swords[i]
    return replace(build, swords=tuple(swords))


def move(build: Build, rng: Rng, options: dict[str, Any]) -> Build:
    """One legal move from ``build`` (a different build whenever one exists). Builds that
    do not keep the search's name or HP step are first brought to them."""
    build = replace(build, name=NAME, hp=max(HP_POINT, build.hp - build.hp % HP_POINT))
    limit = _limit(options)
    for _ in range(64):
        room = cost(build) < limit
        kind = rng.below(6)
        if kind == 0:
            found = _move_point(build, rng)
        elif kind == 1:
            found = _change_sword(build, rng)
        elif kind == 2:
            found = _insert_sword(build, rng, room)
        elif kind == 3:
            found = _delete_sword(build, rng)
        elif kind == 4:
            found = _swap_swords(build, rng)
        else:
            found = _anywhere(build, rng, 1) if room else None
        if found is not None and found != build and cost(found) <= limit:
            return found
    return build
