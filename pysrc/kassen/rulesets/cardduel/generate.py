"""Random legal builds (benchmarks, fuzzing, property tests): characters inside the seed
ranges of §2, favoured suits by school year (§2.1), four costumes for a mage (§12.3)."""

from __future__ import annotations

from kassen.core.rng import Rng
from kassen.rulesets.cardduel.catalogue import COLOURS, COSTUME_ORDER, SUITS
from kassen.rulesets.cardduel.constants import RANGES


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
