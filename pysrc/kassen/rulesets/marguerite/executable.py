"""Executable swords (R4.6, R4.7): the first sword of a 剣師's list that would be executed now.

Read by 行動権 (:mod:`.initiative`, §7: who may act, which sword it executes) and by an action
a status replaces (:mod:`.processing`, スタン's ``stun_sword`` reading), so it stands below both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.marguerite.actions import CONTROL_NEXT
from kassen.rulesets.marguerite.statuses import MISCARRY, POISON, SLEEP, STUN, VENOM

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.engine import MargueriteBattle
    from kassen.rulesets.marguerite.model import Fencer


def half(b: MargueriteBattle, f: Fencer) -> bool:
    """Whether HP is at most half of maxHP (<危殆>, R4.6; rounding by option ``half``)."""
    if b.readings.half_ceil:
        return f.hp <= -(-f.maxhp // 2)
    return 2 * f.hp <= f.maxhp


def find(b: MargueriteBattle, f: Fencer, ignore_used: bool = False, start: int = 0) -> int:
    """Index of the first executable sword (R4.7) from ``start`` on, or -1. The hot path:
    inlined checks. Code that makes a sword unused again, or inserts, removes or reorders
    swords, sets ``f.free = 0`` (marking a sword used keeps the hint true)."""
    turn = b.state.turn
    is_half: bool | None = None
    swords = f.swords
    defs = b.defs
    if not ignore_used:
        # skip the used head of the list from where the last search found its first unused
        # sword (a grown list under reset=cycle is mostly used; see Fencer.free)
        free = f.free
        count = len(swords)
        while free < count and swords[free].used:
            free += 1
        f.free = free
        if start < free:
            start = free
    # a slice, not islice (which would step through the skipped head one by one)
    for i, s in enumerate(swords[start:] if start else swords, start):
        if s.used and not ignore_used:
            continue
        d = defs[s.sid]
        if d.act + s.shift > turn:
            continue
        if d.danger or s.danger:
            if is_half is None:
                is_half = half(b, f)
            if not is_half:
                continue
        if d.symptom and not (f.st[STUN] or f.st[SLEEP] or f.st[VENOM] or f.st[POISON]
                              or f.st[MISCARRY]):
            continue
        if b.has_mp_costs and f.mp < b.mp_costs[s.sid]:
            continue
        if b.no_next_blocked and d.formula in CONTROL_NEXT and i + 1 >= len(swords):
            continue
        return i
    return -1
