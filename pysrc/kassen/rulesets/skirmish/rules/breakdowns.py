"""The sum behind every number the skirmish shows (issue 16, ``kassen.core.sums``): the terms
of hit checks (§4.2, §4.4, §6.3), damage (§6.4), healing and MP (§11.3, §11.4, §16 D19),
opposed checks (§6.6.4, §11.3) and the move allowance (§2.3).

A use carries the parts of its 命中値 and 攻撃力 as ``(label, value, rule)`` triples
(:func:`accuracy_parts`, :func:`attack_parts`); the functions here turn them into term lists
that fold to exactly the number the event reports. Labels are ids with ``sum.<label>`` words
in :mod:`.text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import Ability

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.model import Unit
    from kassen.rulesets.skirmish.table import SkirmishTable

Part = tuple[str, int, str | None]
"""One addend of a number: (label, value, rule id or None)."""
Terms = list[list[Any]]

ZERO = ["max", "at_least_zero", 0, "§6.4"]
"""Damage and HP are floored at 0 (§6.4.3)."""


def term(op: str, label: str, value: Any, rule: str | None = None) -> list[Any]:
    """One term, its rule left off when there is none (the ``core.sums`` format). The sums of
    every hit check and damage roll (:func:`hit_sums`, :func:`damage_sums`) write their fixed
    terms as the lists this makes."""
    return [op, label, value] if rule is None else [op, label, value, rule]


def signed(label: str, value: int, rule: str | None = None) -> list[Any]:
    """``+ value``, or ``− |value|`` for a negative one (a penalty reads as a subtraction)."""
    return term("+", label, value, rule) if value >= 0 else term("-", label, -value, rule)


def fold_parts(parts: tuple[Part, ...], start: bool = True) -> Terms:
    """The parts as terms: with ``start`` the first one starts the sum (=), the others add
    as :func:`signed` does (written out: every hit check and damage roll folds its parts)."""
    out: Terms = []
    for label, value, rule in parts:
        if start and not out:
            op = "="
        elif value >= 0:
            op = "+"
        else:
            op, value = "-", -value
        out.append([op, label, value] if rule is None else [op, label, value, rule])
    return out


@implements("§6.3", "§11.3")
def accuracy_parts(u: Unit, ability: Ability | None) -> tuple[Part, ...]:
    """命中値 and the ability's modifier (§6.3, §11.3)."""
    mod = ability.acc_mod if ability else 0
    base: Part = ("accuracy", u.acc, None)
    return (base, ("ability_accuracy", mod, "§11.3")) if mod else (base,)


@implements("§6.4", "§11.2", "§11.3")
def weapon_parts(u: Unit, ability: Ability | None) -> tuple[Part, ...]:
    """The weapon's 攻撃力 and the ability's bonus (§6.4, §11.2, §11.3)."""
    mod = ability.atk_mod if ability else 0
    base: Part = ("weapon_attack", u.wpn.atk, "§11.2")
    return (base, ("ability_attack", mod, "§11.3")) if mod else (base,)


@implements("§6.5", "§16 D1")
def magic_parts(t: SkirmishTable, u: Unit) -> tuple[Part, ...]:
    """魔力 with the staff's +1 unless it is already in the stat line (§6.5, §16 D1)."""
    bonus = 0 if t.readings.staff_bonus_in_stat_line else u.wpn.magic_bonus
    base: Part = ("magic_power", u.mag, None)
    return (base, ("staff_bonus", bonus, "§16 D1")) if bonus else (base,)


@implements("§6.5", "§11.3")
def spell_parts(t: SkirmishTable, u: Unit, ability: Ability) -> tuple[Part, ...]:
    """攻撃力 of a spell: 魔力 (the weapon's for 魔法技) + the spell's power (§6.5, §11.3)."""
    base = (("weapon_attack", u.wpn.atk, "§11.2"),) if ability.magic_art else magic_parts(t, u)
    return (*base, ("spell_power", ability.power, "§11.3")) if ability.power else base


@implements("§4.2", "§4.4", "§6.3")
def hit_sums(parts: tuple[Part, ...], dice: list[int], need: int, eva: int, crit: bool,
             fumble: bool, note: str | None = None) -> dict[str, Terms]:
    """The hit check's total (2D10 + 命中値, critical and fumble as notes) and the number it
    is compared with (回避値; +1 with ``hit_needs_greater``), §4.2, §4.4, §6.3."""
    total = [["=", "dice_2d10", dice[0] + dice[1]], *fold_parts(parts, False)]
    if crit:
        total.append(["note", "critical", "10+10", "§4.4"])
    elif fumble:
        total.append(["note", "fumble", "1+1", "§4.4"])
    if note:
        total.append(["note", note, None, "§7.2"])
    target = [["=", "evasion", eva]]
    if need != eva:
        target.append(["+", "tie_misses", need - eva, "§4.2"])
    return {"total": total, "need": target}


@implements("§7.2")
def covered_terms(terms: Terms, covered: bool) -> Terms:
    """``terms``, noting when their values are the protected target's, not the coverer's
    (§7.2, ``cover_damage=target``)."""
    if covered:
        terms.append(["note", "covered_values", None, "§7.2"])
    return terms


@implements("§6.4", "§4.4", "§11.1", "§11.3", "§16 D17", "§7.2")
def damage_sums(parts: tuple[Part, ...], dice: list[int], v: Unit, physical: bool,
                defence: int, affinity: int, after_floor: bool, guard: int, before: int,
                amount: int, covered: bool = False) -> dict[str, Terms]:
    """Damage: (攻撃力 + 2D10 (+1D10 critical)) − 装甲 or 抵抗 (± 弱点/耐性), at least 0, then
    《ガード》 (§6.4, §4.4, §11.1, §11.3, §16 D17), and the HP it leaves. ``v`` is whose values
    the hit uses (under a cover the protected target's, noted with ``covered``, §7.2), ``defence``
    its 装甲 with modifiers (physical) or 抵抗."""
    power = [*fold_parts(parts), ["+", "dice_2d10", dice[0] + dice[1]]]
    if len(dice) > 2:
        power.append(["+", "crit_die", dice[2], "§4.4"])
    terms: Terms = [["=", "power", power, "§6.4"]]
    if physical:
        terms.append(["-", "armour", v.arm])
        skin = defence - v.arm
        if skin:
            terms.append(["-", "stone_skin", skin, "§11.3"])
    else:
        terms.append(["-", "resistance", v.res])
    if affinity:
        if after_floor:
            terms.append(ZERO)
        label = "weakness" if affinity > 0 else "attribute_resistance"
        terms.append(signed(label, affinity, "§11.1"))
    terms.append(ZERO)
    if guard:
        terms.extend((["-", "guard", guard, "§11.3"], ZERO))
    covered_terms(terms, covered)
    hp = [["=", "hp_before", before], ["-", "damage", amount], ZERO]
    return {"amount": terms, "hp": hp}


@implements("§11.3", "§11.4", "§16 D19")
def heal_sums(parts: tuple[Part, ...], dice: list[int], v: Unit, before: int, healed: int
              ) -> dict[str, Terms]:
    """Healing: 2D10 (+ 魔力 for 《ヒール》), at most the HP missing (§11.3, §11.4, §16 D19)."""
    terms = [term("=", "dice_2d10", dice[0] + dice[1]), *fold_parts(parts, False),
             term("min", "hp_missing", v.max_hp - before, "§16 D19")]
    return {"healed": terms, "hp": [term("=", "hp_before", before), term("+", "healed", healed)]}


@implements("§11.4", "§16 D19")
def mana_sums(amount: int, v: Unit, before: int, restored: int) -> dict[str, Terms]:
    """A mana potion: +10 MP, at most the MP missing (§11.4, §16 D19)."""
    return {"restored": [term("=", "mana_potion", amount, "§11.4"),
                         term("min", "mp_missing", v.max_mp - before, "§16 D19")],
            "mp": [term("=", "mp_before", before), term("+", "restored", restored)]}


@implements("§2.2", "§16 D30")
def cost_sums(before: int, cost: int, rule: str) -> dict[str, Terms]:
    """MP left after paying a cost (§2.2, §16 D30)."""
    return {"mp": [["=", "mp_before", before], ["-", "mp_cost", cost, rule]]}


@implements("§4.3", "§16 D18")
def opposed_terms(dice: list[int], parts: tuple[Part, ...], crit_on_opposed: bool) -> Terms:
    """One side of an opposed check: 2D10 + its parts; natural doubles noted with
    ``crit_on_opposed`` (§4.3, §16 D18)."""
    terms = [term("=", "dice_2d10", dice[0] + dice[1]), *fold_parts(parts, False)]
    if crit_on_opposed and dice[0] == dice[1] and dice[0] in (1, 10):
        terms.append(term("note", "critical" if dice[0] == 10 else "fumble",
                          f"{dice[0]}+{dice[1]}", "§16 D18"))
    return terms


@implements("§2.3")
def allowance_terms(ini: int) -> Terms:
    """Move allowance = ceil(行動値 ÷ 5) + 1 (§2.3, seed)."""
    return [["=", "initiative", ini], ["ceil/", "per_five", 5, "§2.3"],
            ["+", "plus_one", 1, "§2.3"]]
