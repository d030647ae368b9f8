"""HP, death and revival (§9, §11 蘇生), healing (R15.3) and giving statuses (§11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.core.rules import implements
from kassen.rulesets.marguerite.catalogue_conditions import STATUS_EN, slots
from kassen.rulesets.marguerite.model import LIFE, SOUL, TAUNT

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.table import MargueriteTable

_ON_DEATH = slots("on_death")
"""The 蘇生 statuses in the order a death tries them (ソウル before ライフ, D2)."""

NOT_BELOW_ZERO_HEAL = ("max", "not_below_zero", 0, "R15.3")
"""A heal gives nothing when HP ≥ maxHP or the amount is ≤ 0 (R15.3)."""

def hp_changed(t: MargueriteTable, f: Fencer, rule: str) -> None:
    if t.state.turn0:
        return
    if f.hp <= 0:
        if not f.dead:
            die(t, f, rule)
    elif f.dead:
        f.dead = False
        t.rec.add("revive", f.id, None, "R9.4", {"hp": f.hp, "status": ""})


def die(t: MargueriteTable, f: Fencer, rule: str) -> None:
    """Death, then at most one 蘇生 (ソウル before ライフ, D2)."""
    f.dead = True
    f.death_hp = f.hp
    t.state.pending = True
    t.rec.add("death", f.id, None, rule, {"hp": f.hp})
    revival(t, f)


@implements("§11 蘇生")
def revival(t: MargueriteTable, f: Fencer) -> None:
    """A dead 剣師 uses one ソウル, else one ライフ (§11 蘇生); a ソウル that cannot bring
    HP to ≥ 1 (maxHP ≤ 0) ends it (D2), or falls through to ライフ (option ``revival``)."""
    for slot, revive in _ON_DEATH:
        if f.st[slot] and revive(t, f):
            return


@implements("R15.3")
def heal(t: MargueriteTable, f: Fencer, amount: int, rule: str, by: Fencer,
         source: tuple[Any, ...]) -> None:
    """回復: never above maxHP, nothing when HP ≥ maxHP (R15.3); ``source`` is the sum of
    ``amount`` (core.sums), which the event's sum continues."""
    room = f.maxhp - f.hp
    if f.hp >= f.maxhp or amount <= 0:
        gained = 0
    else:
        gained = min(amount, room)
        f.hp += gained
    terms = (*source, ("min", "hp_missing", room, "R15.3"))
    if min(amount, room) < 0:
        terms = (*terms, NOT_BELOW_ZERO_HEAL)
    t.rec.add("heal", by.id, f.id, rule, {"amount": gained, "hp": f.hp, "sums": {"amount": terms}})
    if gained:
        hp_changed(t, f, rule)


@implements("§11")
def give(t: MargueriteTable, f: Fencer, status: int, n: int, rule: str,
         by: Fencer) -> None:
    """Give ``n`` of a status; 挑発 does not stack; 蘇生 on the dead fires at once (§11)."""
    if status == TAUNT:
        f.st[TAUNT] = 1
    else:
        f.st[status] += n
    t.rec.add("status_gain", by.id, f.id, rule, {"status": STATUS_EN[status], "n": n,
                                                 "count": f.st[status]})
    if f.dead and status in (SOUL, LIFE) and not f.exited:
        revival(t, f)
