"""§2 The character sheet (キャラクターシート) as a build: what it costs (§2.2–§2.3, §20), the
constraints of its board (§2.4) and the demerit abilities it must hold (§2.5), read when a
sheet is parsed (:mod:`..notation`), generated (:mod:`..generate`) and set up (§4.2)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Protocol

from kassen.core.problems import Problem
from kassen.core.rules import implements
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.catalogue import (
    ABILITY_BY_JA,
    DEMERIT,
    DEMERIT_BY_JA,
    PASSIVE_BY_JA,
    SPECIAL_BY_JA,
    TYPE_BY_JA,
)
from kassen.rulesets.dice.model import SLOTS, SPECIAL_SLOTS, Ability, Sheet, Slot, Star


class Reader(Protocol):
    """Where the checks report (the notation's reader): problems so far, and one more."""

    problems: list[Problem]

    def bad(self, code: str, line: int, column: int, rule: str, **args: object) -> None: ...


@implements("§2.3")
def ability_cost(ability: Ability) -> int:
    """List cost with derivation discounts multiplied and rounded up once (§2.3, D12)."""
    entry = ABILITY_BY_JA[ability.name]
    if entry.flag is not None:
        return 0
    cost = Fraction(entry.cost)
    for suffix in ability.derivations:
        cost *= k.DERIVATION_DISCOUNT[suffix]
    return math.ceil(cost)


@implements("§15.4")
def star_cost(star: Star) -> int:
    """ceil(cost / 使用星) (§15.4)."""
    return -(-ability_cost(star.ability) // star.use)


@implements("§2.3")
def cost_items(sheet: Sheet) -> list[tuple[str, int]]:
    """Every cost of the sheet as (where, cost), in sheet order (§2.3)."""
    items: list[tuple[str, int]] = [
        ("atk", sheet.atk * k.STAT_PRICES["atk"]),
        ("def", sheet.defence * k.STAT_PRICES["def"]),
        ("agi", sheet.agi * k.STAT_PRICES["agi"]),
    ]
    for number in SLOTS:
        slot = sheet.slot(number)
        if slot.normal is not None:
            items.append((f"slot{number}", ability_cost(slot.normal)))
        if slot.star is not None:
            items.append((f"slot{number}", star_cost(slot.star)))
    for face, name in zip(SPECIAL_SLOTS, sheet.specials, strict=False):
        if name:
            items.append((f"special{face}", SPECIAL_BY_JA[name].cost))
    for name in sheet.passives:
        items.append(("passive", PASSIVE_BY_JA[name].cost))
    if sheet.zone is not None:
        items.append(("zone", k.ZONE_PASSIVE_COST))
    if sheet.line is not None:
        items.append(("line", ability_cost(sheet.line[1])))
    if sheet.trigger is not None:
        items.append(("trigger", ability_cost(sheet.trigger[1])))
    return items


def total_cost(sheet: Sheet) -> int:
    """The sheet's whole cost."""
    return sum(cost for _, cost in cost_items(sheet))


@implements("§4.2")
def starting_lp(sheet: Sheet) -> int:
    """6000 + unused cost (§4.2), worked out once per sheet (``sheet.facts``)."""
    facts = sheet.facts
    if facts.lp_start is None:
        facts.lp_start = k.LP_BASE + max(0, k.COST_POOL - total_cost(sheet))
    return facts.lp_start

@implements("§2.5")
def demerit_count(sheet: Sheet) -> int:
    """How many demerit abilities the sheet's type requires (§2.5; none: the standard)."""
    return TYPE_BY_JA[sheet.type].demerits if sheet.type else k.DEMERIT_COUNT_STANDARD


def _at(where_at: dict[str, tuple[int, int]], key: str) -> tuple[int, int]:
    return where_at.get(key, (1, 1))


@implements("§2.4")
def check_board(sheet: Sheet, reader: Reader,
                where_at: dict[str, tuple[int, int]]) -> Sheet | None:
    """Star/奥義/demerit constraints of §2.4–2.5; returns the sheet with demerits placed."""
    ougi_count = 0
    placed: dict[str, list[int]] = {"A": [], "B": [], "C": []}
    for number in SLOTS:
        slot = sheet.slot(number)
        line, column = _at(where_at, f"slot{number}")
        if slot.star is not None and sheet.type and not TYPE_BY_JA[sheet.type].star_column:
            reader.bad("balance_no_star", line, column, "§2.4", where=f"slot{number}")
        if slot.ougi is not None:
            ougi_count += 1
            if ougi_count > 1:
                reader.bad("ougi_twice", line, column, "§15.5")
        if slot.normal is not None and slot.normal.name in DEMERIT_BY_JA:
            group = DEMERIT_BY_JA[slot.normal.name].group
            placed[group].append(number)
    need = {"A": 1, "B": 1, "C": demerit_count(sheet) - 2}
    for group in ("A", "B", "C"):
        if len(placed[group]) > need[group]:
            line, column = _at(where_at, f"slot{placed[group][need[group]]}")
            reader.bad("too_many_demerits", line, column, "§2.5", group=group,
                       count=need[group])
    if reader.problems:
        return None
    board = list(sheet.slots)
    used = {board[n - 3].normal.name for g in placed for n in placed[g]}  # type: ignore[union-attr]
    missing: list[str] = []
    for group in ("A", "B", "C"):
        pool = [e.ja for e in DEMERIT if e.group == group and e.ja not in used]
        missing.extend(pool[: need[group] - len(placed[group])])
    free = [n for n in k.DEMERIT_ORDER if board[n - 3].empty]
    if len(free) < len(missing):
        reader.bad("no_room_for_demerits", 1, 1, "§2.5", count=len(missing), free=len(free))
        return None
    for number, name in zip(free, missing, strict=False):
        board[number - 3] = Slot(Ability(name))
    return replace(sheet, slots=tuple(board))


@implements("§2.2", "§20")
def check_budget(sheet: Sheet, reader: Reader, where_at: dict[str, tuple[int, int]]) -> None:
    """The cost budget (§2.2–2.3, §20): the item that crosses COST_POOL is named."""
    total = 0
    for where, cost in cost_items(sheet):
        total += cost
        if total > k.COST_POOL:
            line, column = _at(where_at, where if where != "passive" else "passive0")
            grand = sum(c for _, c in cost_items(sheet))
            reader.bad("over_budget", line, column, "§2.2", where=where, cost=cost,
                       total=grand, pool=k.COST_POOL)
            return
