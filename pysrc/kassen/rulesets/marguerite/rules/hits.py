"""Attacks (R8.3, R8.5, §12.3): reflection, damage from current (or frozen) values, ガード,
riders, and 超同時 sets in two passes (Q8, D5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.core.rules import implements
from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.catalogue_conditions import STATUSES, sole
from kassen.rulesets.marguerite.catalogue_effects import RIDER_OF
from kassen.rulesets.marguerite.model import POISON, STUN
from kassen.rulesets.marguerite.rules.actions import (
    DAMAGE_ROW,
    ENCHANT_RULE,
    MP_DAMAGE_ROW,
    Act,
    Hit,
)
from kassen.rulesets.marguerite.rules.life import give, heal, hp_changed
from kassen.rulesets.marguerite.rules.sword_effects import check_swords

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.catalogue import SwordDef
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.table import MargueriteTable

_TURNS_BACK, on_hit_taken = sole("on_hit_taken")
"""The status that turns a hit back (反射): its count slot and handler."""
_CHANGES_DAMAGE, on_damage_taken = sole("on_damage_taken")
"""The status that changes the damage its bearer takes (ガード)."""
REFLECT_RULE = STATUSES[_TURNS_BACK].rule
# Sums are tuples (core.sums reads any sequence; JSON makes them arrays): the collector
# untracks tuples of plain values, so the terms every retained event carries cost the
# garbage collector nothing
GUARD_TERM = ("ceil/", "guard", 2, STATUSES[_CHANGES_DAMAGE].rule)
"""ガード halves the damage, rounded up."""
NOT_BELOW_ZERO = ("max", "not_below_zero", 0, "R8.5")
"""Negative damage does nothing (option ``negative``, Q4)."""
HITS_NOTES = {d.reps: ("note", "hits", d.reps) if d.reps > 1 else None for d in SWORDS}
"""How many times a sword hits, noted on each of its hits (shared terms)."""


@implements("R8.4")
def targets(t: MargueriteTable, act: Act) -> list[Fencer]:
    """The enemies an attack reaches: the whole line, or its single target (R8.4)."""
    if act.whole:
        return list(t.state.lines[1 - act.actor.side])
    target = act.target
    return [target] if target is not None else []


@implements("R8.5")
def attack(t: MargueriteTable, act: Act) -> None:
    """One attack: each target, each repetition, computed and applied at once (R8.5). A
    :class:`Hit` is made only for the riders to read."""
    d = act.def_
    assert d is not None
    f = act.actor
    if not (d.rider or act.stun or act.poison):
        if not act.whole:  # (most attacks: their single target, without a list)
            if act.target is not None:
                strike(t, f, d, act.target)
            return
        for target in targets(t, act):
            strike(t, f, d, target)
        return
    reps = d.reps
    note = HITS_NOTES[reps]
    for target in targets(t, act):
        for _ in range(reps):
            recv, src, amount, terms, _steady = compute(t, f, d, target, None)
            if note is not None:
                terms = (note, *terms)
            apply(t, f, d, recv, amount, terms, 1)
            if amount >= 1:
                riders(t, Hit(act, recv, amount, None, src, terms))
    if d.rider:
        after = RIDER_OF[d.index].after
        if after is not None:
            after(t, act, d)


@implements("R8.5")
def strike(t: MargueriteTable, f: Fencer, d: SwordDef, target: Fencer) -> None:
    """The hits of an attack without riders on one target (R8.5): once a hit is steady
    (see :func:`compute`), every later hit is that same hit, applied that many times."""
    reps = d.reps
    note = HITS_NOTES[reps]
    sts = target.st
    if not d.reads_hp and (d.pierce or not (sts[_TURNS_BACK] or sts[_CHANGES_DAMAGE])):
        # (most strikes) no 反射 or ガード takes part and the formula reads no HP: the first
        # hit is steady, and is what compute makes of it (the formula, nothing else)
        amount, terms = d.damage(f.atk, target.def_, target.hp, f.hp, f.maxhp, t.state.turn,
                                 d.rule)
        if note is not None:
            terms = (note, *terms)
        apply(t, f, d, target, amount, terms, reps)
        return
    left = reps
    while left > 0:
        recv, _src, amount, terms, steady = compute(t, f, d, target, None)
        if note is not None:
            terms = (note, *terms)
        if steady:
            apply(t, f, d, recv, amount, terms, left)
            return
        apply(t, f, d, recv, amount, terms, 1)
        left -= 1


def attack_two_phase(t: MargueriteTable, acts: list[Act]) -> None:
    """超同時 attacks: compute every hit from the values before the set, then apply, then
    riders (Q8, D5)."""
    frozen: dict[str, tuple[int, int, int, int]] = {}
    for line in t.state.lines:
        for f in line:
            frozen[f.id] = (f.atk, f.def_, f.hp, f.maxhp)
    turn = t.state.turn
    hits: list[Hit] = []
    for act in acts:
        d = act.def_
        assert d is not None
        reps = d.reps
        note = HITS_NOTES[reps]
        has_riders = bool(d.rider or act.stun or act.poison)
        for target in targets(t, act):
            for k in range(reps):
                recv, src, amount, terms, steady = compute(t, act.actor, d, target, frozen,
                                                           turn)
                if note is not None:
                    terms = (note, *terms)
                # the sword a 強盗剣 hit takes is fixed with the hit (Q8)
                stolen = recv.swords[0] if (d.steals and recv.swords) else None
                hit = Hit(act, recv, amount, stolen, src, terms, steady)
                hits.append(hit)
                if steady and not has_riders:
                    hit.times = reps - k
                    break
    for hit in hits:
        act = hit.act
        assert act.def_ is not None
        apply(t, act.actor, act.def_, hit.recv, hit.amount, hit.terms, hit.times)
    for hit in hits:
        riders(t, hit)
    for act in acts:
        independent(t, act)


@implements("R8.5")
def compute(t: MargueriteTable, f: Fencer, d: SwordDef, target: Fencer,
            frozen: dict[str, tuple[int, int, int, int]] | None,
            turn: int | None = None) -> tuple[Fencer, Fencer, int, tuple[Any, ...], bool]:
    """A hit of ``f``'s sword ``d`` on ``target``: reflection chain, damage from current (or
    frozen) values, ガード (R8.5 1-3). Gives who receives the hit, whom it finally came from
    (the attacker, or the last reflector), the damage and its terms (core.sums: formula
    terms, then ガード), and whether it is steady: every later hit of the same sword on the
    same target is bound to be the same, because no 反射 or ガード took part (they only run
    out during an attack) and the formula reads no HP (nothing but HP, MP and 蘇生 changes
    between hits without riders)."""
    recv = target
    src = f
    reflected = 0
    if not d.pierce and target is not f and target.st[_TURNS_BACK]:
        recv, src, reflected = on_hit_taken(t, f, target)  # src: the 反射元 it came from
    if frozen is None:
        amount, terms = d.damage(f.atk, recv.def_, recv.hp, f.hp, f.maxhp, t.state.turn,
                                 d.rule)
    else:
        atk = frozen.get(f.id, (f.atk,))[0]
        rv = frozen.get(recv.id) or (recv.atk, recv.def_, recv.hp, recv.maxhp)
        ov = frozen.get(f.id) or (f.atk, f.def_, f.hp, f.maxhp)
        now = turn if turn is not None else t.state.turn
        amount, terms = d.damage(atk, rv[1], rv[2], ov[2], ov[3], now, d.rule)
    # the damage's sum (core.sums): the sword's formula, then ガード
    if reflected:
        terms = (("note", "reflected", reflected, REFLECT_RULE), *terms)
    steady = not reflected and not d.reads_hp
    if not d.pierce and recv.st[_CHANGES_DAMAGE]:
        amount = on_damage_taken(t, recv, f, amount)
        terms = (*terms, GUARD_TERM)
        steady = False
    return recv, src, amount, terms, steady


@implements("R8.5")
def apply(t: MargueriteTable, f: Fencer, d: SwordDef, recv: Fencer, amount: int,
          terms: tuple[Any, ...], times: int) -> None:
    """Apply one hit of ``f``'s sword ``d`` to ``recv``, ``times`` times (R8.5 4-5; 魔封剣 to
    MP, D4)."""
    fid = f.id
    if amount < 0 and not t.heal_negative:
        amount = 0
        terms = (*terms, NOT_BELOW_ZERO)
    sums = {"amount": terms}  # the same terms for every repetition: one mapping for all
    rec = t.rec
    # (while loops: a range() costs more than the one repetition most hits have)
    if d.to_mp:
        while times > 0:
            times -= 1
            recv.mp -= amount
            rec.add_row("mp_damage", fid, recv.id, d.rule,
                        (MP_DAMAGE_ROW, d.code, amount, recv.mp, sums))
    elif amount > 0:
        while times > 0:
            times -= 1
            recv.hp -= amount
            rec.add_row("damage", fid, recv.id, d.rule, (DAMAGE_ROW, d.code, amount, recv.hp, sums))
            if recv.hp <= 0:
                hp_changed(t, recv, "R8.5")
    elif amount < 0:  # negative damage heals (option ``negative``)
        source = (("-", "negative_damage", list(terms), "R8.5"),)
        while times > 0:
            times -= 1
            heal(t, recv, -amount, "R8.5", f, source)
    elif times == 1:
        rec.add_row("damage", fid, recv.id, d.rule, (DAMAGE_ROW, d.code, 0, recv.hp, sums))
    else:  # nothing changes between the repetitions: their events share one row, one call
        row = (DAMAGE_ROW, d.code, 0, recv.hp, sums)
        rec.add_rows("damage", fid, recv.id, d.rule, [row] * times)


@implements("R8.5.6")
def riders(t: MargueriteTable, hit: Hit) -> None:
    """さらに riders and enchantment riders on ≥ 1 damage, then そして riders (R8.5.6)."""
    act = hit.act
    d = act.def_
    assert d is not None
    if hit.amount < 1 or not (d.rider or act.stun or act.poison):
        return
    f = act.actor
    recv = hit.recv
    rider = RIDER_OF[d.index]
    further = rider.further
    if further is not None:
        further(t, hit, d)
    if act.stun:
        give(t, recv, STUN, act.stun, ENCHANT_RULE + " スタン与え", f)
    if act.poison:
        give(t, recv, POISON, act.poison, ENCHANT_RULE + " 毒与え", f)
    then = rider.then
    if then is not None:
        grown = then(t, hit, d)
        if grown is not None:
            check_swords(t, grown)


def independent(t: MargueriteTable, act: Act) -> None:
    """／ effects after everything else (舞踏剣 re-arms its own instance, D7)."""
    d = act.def_
    if d is not None and d.rider:
        after = RIDER_OF[d.index].after
        if after is not None:
            after(t, act, d)
