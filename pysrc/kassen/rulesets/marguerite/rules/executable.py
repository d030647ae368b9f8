"""Executable swords (R4.6, R4.7): the first sword of a 剣師's list that would be executed now.

Read by 行動権 (:mod:`.initiative`, §7: who may act, which sword it executes) and by an action
a status replaces (:mod:`.processing`, スタン's ``stun_sword`` reading), so it stands below both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.marguerite.model import MISCARRY, POISON, SLEEP, STUN, VENOM

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.catalogue import SwordDef
    from kassen.rulesets.marguerite.model import Fencer, Sword
    from kassen.rulesets.marguerite.table import MargueriteTable


@implements("R4.6")
def half(t: MargueriteTable, f: Fencer) -> bool:
    """Whether HP is at most half of maxHP (<危殆>, R4.6; rounding by option ``half``)."""
    if t.readings.half_ceil:
        return f.hp <= -(-f.maxhp // 2)
    return 2 * f.hp <= f.maxhp


_STARTS: dict[tuple[int, bool, bool], tuple[int | None, ...]] = {}


@implements("R4.2")
def start_table(defs: tuple[SwordDef, ...], no_next_blocked: bool,
                has_mp_costs: bool) -> tuple[int | None, ...]:
    """Per catalogue row, the turn it starts in (R4.2) when that is all that decides whether
    an unused instance without ＜危殆起動＞ is executable, else None (<危殆>, <対症>, MP
    costs, a control sword under ``no_next=blocked``: :func:`find` checks those in full).
    Shared by every battle with the same readings."""
    key = (id(defs), no_next_blocked, has_mp_costs)
    table = _STARTS.get(key)
    if table is None:
        table = tuple(
            None if (has_mp_costs or d.danger or d.symptom
                     or (no_next_blocked and d.aims_next)) else d.act
            for d in defs)
        _STARTS[key] = table
    return table


@implements("R4.7")
def find(t: MargueriteTable, f: Fencer) -> int:
    """Index of ``f``'s first executable sword (R4.7), or -1: the hot path (行動権 asks it at
    every beat), with inlined checks. It skips the used head of the list from where the last
    search found its first unused sword (a grown list under reset=cycle is mostly used; see
    Fencer.free): code that makes a sword unused again, or inserts, removes or reorders
    swords, sets ``f.free = 0`` (marking a sword used keeps the hint true)."""
    swords = f.swords
    count = len(swords)
    i = f.free
    while i < count and swords[i].used:
        i += 1
    f.free = i
    turn = t.state.turn
    starts = t.starts
    # indices from there on: neither a copy of the tail nor a walk through the head
    while i < count:
        s = swords[i]
        if not s.used:
            at = starts[s.sid]
            if at is None or s.danger:
                if executable(t, f, s, i, turn):
                    return i
            elif at + s.shift <= turn:
                return i
        i += 1
    return -1


@implements("R4.7")
def find_from(t: MargueriteTable, f: Fencer, ignore_used: bool, start: int) -> int:
    """:func:`find` from index ``start`` on, and with ``ignore_used`` as if no sword were
    used (whether a re-armed list would have one, R6.3)."""
    if not ignore_used and start <= f.free:
        return find(t, f)
    swords = f.swords
    count = len(swords)
    turn = t.state.turn
    starts = t.starts
    if ignore_used:
        i = start
    else:
        i = f.free
        while i < count and swords[i].used:
            i += 1
        f.free = i
        if i < start:
            i = start
    while i < count:
        s = swords[i]
        if not s.used or ignore_used:
            at = starts[s.sid]
            if at is None or s.danger:
                if executable(t, f, s, i, turn):
                    return i
            elif at + s.shift <= turn:
                return i
        i += 1
    return -1


@implements("R4.6")
def executable(t: MargueriteTable, f: Fencer, s: Sword, i: int, turn: int) -> bool:
    """Whether the unused sword ``s`` at index ``i`` of ``f``'s list would be executed now
    (R4.6): started, <危殆>/＜危殆起動＞ at half HP, <対症> with a bad status, MP, a next
    sword for a control sword (option ``no_next``)."""
    d = t.defs[s.sid]
    if d.act + s.shift > turn:
        return False
    if (d.danger or s.danger) and not half(t, f):
        return False
    sts = f.st
    if d.symptom and not (sts[STUN] or sts[SLEEP] or sts[VENOM] or sts[POISON]
                          or sts[MISCARRY]):
        return False
    if t.has_mp_costs and f.mp < t.mp_costs[s.sid]:
        return False
    return not (t.no_next_blocked and d.aims_next and i + 1 >= len(f.swords))
