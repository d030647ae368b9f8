"""Random legal sheets (for benchmarks, property tests and fuzzing).

Build-lab moves over legal sheets (§2): start sheets within the cost pool and one-move
neighbours (a stat, 交差 or 得意 one up or down, or one part taken from a random legal sheet:
the type, a die choice, a slot, the whole board, a special face, passives, zone, line or
trigger). The sheet's own validator decides legality (cost pool, demerits, §16.3 line)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core import moves
from kassen.core.rng import Rng
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import (
    SLOTS,
    Ability,
    Ougi,
    Sheet,
    Slot,
    Star,
)
from kassen.rulesets.dice.notation import export
from kassen.rulesets.dice.rules.sheet import ability_cost, star_cost

MAX_FILLED = 10
"""Keep enough empty slots for the six demerits of リスキー (§2.5)."""


def _ability(rng: Rng) -> Ability:
    entry = rng.choice(cat.NORMAL)
    derivs = tuple(d for d in cat.DERIVATIONS if rng.below(10) == 0)
    return Ability(entry.ja, derivs)


def random_sheet(rng: Rng) -> Sheet:
    """A random sheet within the budget (demerits are placed when its text is parsed)."""
    budget = k.COST_POOL
    kind = rng.choice(("", *(t.ja for t in cat.TYPES)))
    atk = rng.randint(0, k.STAT_MAX["atk"])
    defence = rng.randint(0, k.STAT_MAX["def"])
    agi = rng.randint(0, k.STAT_MAX["agi"])
    while atk * 40 + defence * 20 + agi * 40 > budget // 2:
        atk, defence, agi = atk // 2, defence // 2, agi // 2
    budget -= atk * 40 + defence * 20 + agi * 40
    slots = [Slot() for _ in SLOTS]
    numbers = list(SLOTS)
    rng.shuffle(numbers)
    has_ougi = False
    for number in numbers[: rng.randint(0, MAX_FILLED)]:
        normal: Ability | None = _ability(rng) if rng.below(5) else None
        star: Star | None = None
        ougi: Ougi | None = None
        roll = rng.below(10)
        if roll < 2 and (not kind or cat.TYPE_BY_JA[kind].star_column):
            need = rng.randint(0, 4)
            star = Star(_ability(rng), need, rng.randint(1, need + 1))
        elif roll == 2 and not has_ougi:
            ougi = Ougi(rng.choice(cat.OUGI).ja, rng.randint(1, 9))
            has_ougi = True
        cost = (ability_cost(normal) if normal else 0) + (star_cost(star) if star else 0)
        if cost > budget or (normal is None and star is None and ougi is None):
            continue
        budget -= cost
        slots[number - 3] = Slot(normal, star, ougi, rng.below(4) == 0 and
                                 (star is not None or ougi is not None))
    specials = []
    for _ in range(6):
        entry = rng.choice(cat.SPECIAL)
        if rng.below(2) and entry.cost <= budget:
            budget -= entry.cost
            specials.append(entry.ja)
        else:
            specials.append("")
    passives: list[str] = []
    for _ in range(rng.below(3)):
        entry = rng.choice(cat.PASSIVE)
        if entry.ja not in passives and entry.cost <= budget:
            budget -= entry.cost
            passives.append(entry.ja)
    zone = None
    if rng.below(3) == 0 and budget >= k.ZONE_PASSIVE_COST:
        budget -= k.ZONE_PASSIVE_COST
        zone = (rng.choice(k.ZONES), rng.choice(cat.ZONE_PASSIVE).ja)
    line = None
    ability = _ability(rng)
    if rng.below(3) == 0 and ability_cost(ability) <= budget:
        budget -= ability_cost(ability)
        line = (rng.randint(1, 60) * 100, ability)
    trigger = None
    ability = _ability(rng)
    if rng.below(3) == 0 and ability_cost(ability) <= budget:
        budget -= ability_cost(ability)
        trigger = (rng.choice(cat.DEMERIT).ja, ability)
    return Sheet(
        name=f"R{rng.below(10000)}", side=rng.choice(("", "", "赤", "青")), type=kind,
        special=rng.choice(("Y", "G")), selected=rng.choice(("R", "B", "Y", "G", "自", "敵")),
        atk=atk, defence=defence, agi=agi, cross=rng.randint(0, 5), fav=rng.randint(1, 6),
        slots=tuple(slots), specials=tuple(specials), passives=tuple(passives), zone=zone,
        line=line, trigger=trigger)


def random_text(rng: Rng) -> str:
    """A random legal sheet as text."""
    return export(random_sheet(rng))


# -- build-lab moves (python -m kassen search) ----------------------------------------

NAME = "Lab"
GRAFTS: tuple[tuple[str, ...], ...] = tuple((name,) for name in (
    "type", "special", "selected", "slots", "slots", "slots", "specials", "specials",
    "passives", "zone", "line", "trigger"))
NUDGES = ((("atk",), 0, k.STAT_MAX["atk"]), (("defence",), 0, k.STAT_MAX["def"]),
          (("agi",), 0, k.STAT_MAX["agi"]), (("cross",), 0, 5), (("fav",), 1, 6))


def start(ruleset: Any, rng: Rng, options: dict[str, Any]) -> Sheet:
    """A random legal sheet named :data:`NAME`."""
    while True:
        found = moves.legal(ruleset, replace(random_sheet(rng), name=NAME, side=""), options)
        if found is not None:
            return found


def move(ruleset: Any, sheet: Sheet, rng: Rng, options: dict[str, Any]) -> Sheet:
    """One legal move from ``sheet``."""
    return moves.move(ruleset, replace(sheet, name=NAME, side=""), rng, options, random_sheet,
                      GRAFTS, NUDGES)
