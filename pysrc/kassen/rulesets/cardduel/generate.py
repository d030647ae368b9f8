"""Random legal builds (benchmarks, fuzzing, property tests): characters inside the seed
ranges of §2, favoured suits by school year (§2.1), four costumes for a mage (§12.3).

Build-lab moves over legal sides (§2, inside the §12.5 seed ranges): start sides and
one-move neighbours (a stat one up or down within its range, or one part taken from a random
legal side: year, favoured suits, costumes, a whole character, or the mage partner added,
dropped or replaced). The side's own validator decides legality."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core import moves
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.catalogue import COLOURS, COSTUME_ORDER, SUITS
from kassen.rulesets.cardduel.constants import RANGES
from kassen.rulesets.cardduel.model import SideBuild


def random_fav(rng: Rng, year: int) -> str:
    """Favoured suits for a school year: 0, 1, or 2 of one colour (§2.1)."""
    if year == 1:
        return "-"
    first = rng.choice(SUITS)
    if year == 2:
        return first
    mate = next(s for s in SUITS if s != first and COLOURS[s] == COLOURS[first])
    return "".join(s for s in SUITS if s in (first, mate))


def random_character(rng: Rng, name: str, mage: bool) -> str:
    """A random legal character text inside the seed ranges."""
    def pick(key: str) -> int:
        return rng.randint(*RANGES[key])

    year = pick("year")
    head = (f"{name}:{'mage' if mage else 'warrior'} year={year} base={pick('base')} "
            f"max={pick('max')} th={pick('th')} fav={random_fav(rng, year)}")
    if not mage:
        return f"{head} hp={pick('hp')}"
    pool = list(COSTUME_ORDER)
    rng.shuffle(pool)
    return f"{head} mp={pick('mp')} costumes={','.join(pool[:4])}"


def random_side(rng: Rng, mages: int) -> str:
    """A random legal side with ``mages`` mages (0..MAX_MAGES; two or more need the option
    ``several_mages``, §2.7)."""
    n = rng.below(1000)
    parts = [random_character(rng, f"W{n}", False)]
    parts += [random_character(rng, f"M{n}_{k + 1}", True) for k in range(mages)]
    return " + ".join(parts)


def random_build(rng: Rng) -> str:
    """A random legal side: a warrior, with a mage partner half the time (§2.7)."""
    n = rng.below(1000)
    warrior = random_character(rng, f"W{n}", False)
    if rng.below(2):
        return warrior + " + " + random_character(rng, f"M{n}", True)
    return warrior


# -- build-lab moves (python -m kassen search) ----------------------------------------

_STATS = (("year", "year"), ("base", "base"), ("max_hand", "max"), ("threshold", "th"))
GRAFTS: tuple[tuple[str, ...], ...] = (
    ("warrior",), ("mage",), ("mage",),
    *((who, part) for who in ("warrior", "mage")
      for part in ("year", "fav", "base", "max_hand", "threshold")),
    ("warrior", "hp"), ("mage", "mp"), ("mage", "costumes"), ("mage", "costumes"))
NUDGES = (*(((who, attr), *RANGES[key]) for who in ("warrior", "mage")
            for attr, key in _STATS),
          (("warrior", "hp"), *RANGES["hp"]), (("mage", "mp"), *RANGES["mp"]))


def _named(side: SideBuild) -> SideBuild:
    """The side with the lab's names (equal sides, equal texts)."""
    mage = None if side.mage is None else replace(side.mage, name="LabM")
    return replace(side, warrior=replace(side.warrior, name="Lab"), mage=mage, more_mages=())


def start(ruleset: Any, rng: Rng, options: dict[str, Any]) -> SideBuild:
    """A random legal side (a warrior, half the time with a mage)."""
    while True:
        found = moves.legal(ruleset, _named(_donor(ruleset, rng)), options)
        if found is not None:
            return found


def _donor(ruleset: Any, rng: Rng) -> SideBuild:
    side, _ = ruleset.parse(ruleset.random_build(rng), {})
    assert side is not None
    return side


def move(ruleset: Any, side: SideBuild, rng: Rng, options: dict[str, Any]) -> SideBuild:
    """One legal move from ``side``."""
    def donor(r: Rng) -> SideBuild:
        found = _donor(ruleset, r)
        while found.mage is None and r.below(2):  # a donor mage half the time at least
            found = _donor(ruleset, r)
        return found

    return _named(moves.move(ruleset, _named(side), rng, options, donor, GRAFTS, NUDGES))
