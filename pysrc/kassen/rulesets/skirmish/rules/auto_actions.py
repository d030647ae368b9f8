"""§7 Auto actions (AA) during a use: かばう (§7.2) and 《ガード》 (§7.3, §11.3, §16 D7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import ABILITIES
from kassen.rulesets.skirmish.model import Instance, Unit, Use
from kassen.rulesets.skirmish.rules.breakdowns import cost_sums
from kassen.rulesets.skirmish.rules.initiative import ladder
from kassen.rulesets.skirmish.rules.statuses import armour, awake_able

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable

GUARD_ROW = ABILITIES["guard"]
"""《ガード》's row (§7.3, §11.3): the AA whose cost and amount the guard rule reads."""


@implements("§7.2", "§16 D6")
def cover(t: SkirmishTable, use: Use, target: Unit) -> Instance:
    """かばう (§7.2): 未行動, able, awake characters in the target's area may cover (§16 D6;
    only the target's allies with ``cover_allies_only``)."""
    allies_only = t.readings.cover_allies_only
    at, user = target.pos, use.user
    eligible = [c for c in t.state.units
                if c.pos == at and not c.acted and c is not target and c is not user
                and awake_able(t, c) and (c.side == target.side or not allies_only)]
    if not eligible:
        return Instance(target, target)
    context = None
    willing: list[Unit] = []
    for c in eligible:
        # the AI's answer from the context's values, without the request (Decider.shortcut)
        shortcut = t.decider.shortcut(c.side, "cover")
        if shortcut is not None:
            answer = t.decider.record(shortcut(c, target, user, use.effect, use.acc, use.atk,
                                               use.attribute))
        else:
            if context is None:
                context = use.context()
            answer = t.ask(c.side, "cover", ["yes", "no"], unit=c.id, protect=target.id,
                           **context)
        if answer == "yes":
            willing.append(c)
    if not willing:
        return Instance(target, target)
    coverer = willing[0] if len(willing) == 1 else ladder(t, willing, "cover")
    coverer.acted = True
    t.rec.emit("cover", coverer.id, target.id, rule="§7.2", source=use.source)
    return Instance(coverer, target, covered=True)


@implements("§7.2")
def defender(t: SkirmishTable, inst: Instance) -> Unit:
    """Whose 装甲/抵抗, modifiers, 弱点/耐性 and defensive abilities an instance uses (§7.2):
    a covered instance is resolved as a hit on the protected target and only its result moves
    to the coverer (seed 「対象が受けるはずだった効果やダメージなどを自身が肩代わりする」); with
    ``cover_damage=coverer`` it is recomputed against the coverer (rules version 1)."""
    if inst.covered and t.readings.cover_damage == "target":
        return inst.original
    return inst.victim


@implements("§11.1", "§16 D17")
def affinity(t: SkirmishTable, use: Use, v: Unit) -> int:
    """弱点 +5 / 耐性 −5 with option attribute_affinity (§11.1, §16 D17)."""
    if not t.readings.attribute_affinity or use.attribute is None:
        return 0
    return (5 if use.attribute in v.weak else 0) - (5 if use.attribute in v.resist else 0)


@implements("§6.3.3", "§11.3", "§16 D2", "§7.2")
def offer_guard(t: SkirmishTable, use: Use, inst: Instance) -> None:
    """D7: 《ガード》 after the hit is decided (§6.3.3, §11.3; magic per §16 D2), by the
    :func:`defender`: under a cover the protected target decides and pays (§7.2), or with
    ``cover_damage=coverer`` the coverer (``coverers_may_guard``)."""
    v = defender(t, inst)
    if GUARD_ROW.id not in v.abilities or v.guard_used or v.mp < GUARD_ROW.cost:
        return
    if not awake_able(t, v) or (not use.physical and not t.readings.guard_vs_magic):
        return
    if inst.covered and v is inst.victim and not t.readings.coverers_may_guard:
        return
    defence = armour(t, v) if use.physical else v.res
    answer = t.ask(v.side, "guard", ["yes", "no"], unit=v.id, crit=inst.crit,
                   base=use.atk - defence + affinity(t, use, v), **use.context())
    if answer == "yes":
        v.mp -= GUARD_ROW.cost
        v.guard_used = True
        inst.guarded = True
        t.rec.emit("guard", v.id, rule="§11.3", mp=v.mp,
                   sums=cost_sums(v.mp + GUARD_ROW.cost, GUARD_ROW.cost, "§11.3"))
