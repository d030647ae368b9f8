"""§9 Statuses and durations: timed effects (§9.1, §9.5), 睡眠 and waking (§9.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.conditions import Condition
from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue_conditions import ACTING
from kassen.rulesets.skirmish.model import Effect, Unit

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


@implements("§9.5")
def add_effect(t: SkirmishTable, v: Unit, row: Condition, rounds: int, amount: int) -> None:
    """A timed effect of condition ``row``; the same row refreshes instead of stacking (§9.5;
    stacks with ``same_effect_stacks``)."""
    found = None if t.readings.same_effect_stacks else v.effect(row)
    if found is not None:
        found.remaining = rounds
        found.amount = max(found.amount, amount)
    else:
        v.effects.append(Effect(row.key, rounds, amount, row.index))
    t.rec.emit("status", v.id, rule="§9", status=row.key, rounds=rounds, amount=amount)


@implements("§9.2")
def asleep(t: SkirmishTable, u: Unit) -> bool:
    """睡眠 (§9.2): an effect whose row keeps ``u`` asleep (the rows' ``on_asleep``)."""
    if not u.effects:
        return False
    handlers = ACTING.asleep
    for e in u.effects:
        handler = handlers[e.index]
        if handler is not None and handler(t, e):
            return True
    return False


@implements("§9.2")
def awake_able(t: SkirmishTable, u: Unit) -> bool:
    """戦闘可能 and not asleep: may use AA, obstruct, cover (§9.2)."""
    if u.hp <= 0 or u.escaped:  # not 戦闘可能 (§9.4, §10.4)
        return False
    return not u.effects or not asleep(t, u)


@implements("§9.3", "§16 D34")
def flight(t: SkirmishTable, u: Unit) -> int:
    """飛行 rank: the trait or the best timed effect (§9.3, §16 D34; the rows' ``on_flight``)."""
    rank = u.fly
    if u.effects:
        handlers = ACTING.flight
        for e in u.effects:
            handler = handlers[e.index]
            if handler is not None:
                rank = max(rank, handler(t, e))
    return rank


@implements("§9.5")
def armour(t: SkirmishTable, u: Unit) -> int:
    """装甲 with modifier effects (§9.5; the rows' ``on_armour``)."""
    if not u.effects:
        return u.arm
    handlers = ACTING.armour
    total = u.arm
    for e in u.effects:
        handler = handlers[e.index]
        if handler is not None:
            total += handler(t, e)
    return total


@implements("§9.2")
def woken(t: SkirmishTable, u: Unit) -> None:
    """End every effect of ``u`` that waking ends (the rows' ``on_wake``: 睡眠, §9.2)."""
    ends = ACTING.wake
    u.effects = [e for e in u.effects if (h := ends[e.index]) is None or not h(t, e)]


@implements("§6.2", "§16 D6")
def wake(t: SkirmishTable, u: Unit, target: Unit, rule: str) -> None:
    """Wake one character in the same area (§6.2; not an effect, §16 D6)."""
    woken(t, target)
    t.rec.emit("wake", u.id, target.id, rule=rule)


@implements("§9.1")
def count_down(t: SkirmishTable) -> None:
    """EP (§9.1): effects at 0 end, the others count down one round."""
    units = t.state.units
    for u in units:
        kept = []
        for e in u.effects:
            if e.remaining == 0:
                t.rec.emit("expire", u.id, rule="§9.1", status=e.name)
            else:
                e.remaining -= 1
                kept.append(e)
        u.effects = kept
    t.rec.emit("durations", rule="§9.1", left={
        u.id: {e.name: e.remaining for e in u.effects} for u in units if u.effects})
