"""Fast-forward of repeating runs while the log is summarised (constants.py, summary.py).

加速剣 in a loop (再来剣 + 増殖剣 with the default reset, or one 加速剣 under ``reset=cycle``)
grows 素早さ, and so the next turn's AP, by a constant factor: a legal 10-point battle can
need millions of 行動処理 by turn 20. Those are runs in which the same group of 剣師 keeps
行動権 and executes swords that act on the executor alone (補助 that is not whole or whose
executor stands alone, 制御, 追加),
so nothing they do reaches anyone else, and the only numbers that change are counters no
choice reads while the run lasts (攻撃力, 防御力, 素早さ, MP, 予備AP, the good statuses).

:class:`Runs` watches the summarised beats. When the group's whole state, counters aside,
is the same as some beats before, and every beat in between was paid from AP, the beats in
between are a period: everything they do repeats exactly while AP lasts. It then applies
``k`` more periods at once (the counters, AP, the action and event counts, the swords
executed), leaving at least one period of AP to be played beat by beat.

A list that grows every cycle never repeats: under ``reset=cycle`` 増殖剣 appends a copy of
加速剣 each time round, so a period never comes back while 素早さ still doubles each turn
(``15/2/3/1/後`` against ``10/2/2/2/増速``: 818,975 行動処理, a list of 1,281 swords).
What such a run spends its AP on is long stretches of the same additive 補助 (加速剣 and
the like): once one of them has been played, :func:`batch` applies the executor's next ones
at once from what that one changed, so only the few other beats of each cycle are played.
When 増殖剣 copies a sword that cannot be executed (快癒剣 with no bad status) every cycle,
the list grows only by a dead tail that every choice walks past: :func:`dead_tail` leaves it
out of the repeating state, and a period that lengthened it is applied with as many more
copies each time. A whole 補助 is a run of its executor too while its line-mates rank below
it for 行動権 or act with it, as one group of the same rank, the others skipping for want of
a sword (:func:`reach`; two アイシア built as fast as their builder by 造氷剣, raised alike by
its whole 加速剣 each turn under ``reset=cycle``: 782,436 行動処理 played before, 69 now).

The result and every summarised count are those of playing each beat;
``test_fast_forward_changes_nothing`` checks it battle by battle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kassen.rulesets.marguerite.catalogue import ADD, CONTROL, SUPPORT, SWORDS
from kassen.rulesets.marguerite.constants import MAX_BATTLE_SWORDS, MAX_SWORDS
from kassen.rulesets.marguerite.model import (
    GUARD,
    LIFE,
    MISCARRY,
    POISON,
    PUSH,
    QUICK,
    REFLECT,
    SLEEP,
    SLOW,
    SOUL,
    STUN,
    TAUNT,
    VENOM,
    Fencer,
    State,
    Sword,
    swords_held,
)
from kassen.rulesets.marguerite.rules.summary import Tally

_COUNTED = (GUARD, REFLECT, SOUL, LIFE, PUSH, QUICK, TAUNT)
"""Statuses that only count up during a run (no choice of the run reads them)."""
_KEPT = (STUN, SLEEP, VENOM, POISON, MISCARRY, SLOW)
"""Statuses that must not change (they decide skips, 対症 and 行動権)."""
_SELF_KINDS = (SUPPORT, CONTROL, ADD)
MAX_PERIOD = 48
"""Beats remembered while looking for a period (速速儀速速速増再's is 7 beats); the memory is
at most this many shapes."""
MAX_SHAPE = 256
"""Swords in the group's lists beyond which no period is looked for."""


def reach(f: Fencer, index: int, line: list[Fencer],
          group: list[Fencer] | None = None) -> list[Fencer] | None:
    """Whom executing ``f.swords[index]`` can change, if none of them can take 行動権 from
    ``f`` because of it: ``f`` alone, or for a whole 補助 ``f``'s line, when every other
    member there acts with ``f`` in this 行動処理 (``group``: same rank), ranks below ``f``
    for 行動権 (a whole 補助 moves every target's rank alike, so each keeps its place) or can
    take no 行動権 this turn (no AP, no 予備AP, and the sword gives none). ``None`` when the
    sword may reach anyone else."""
    sword = f.swords[index]
    d = SWORDS[sword.sid]
    if d.kind not in _SELF_KINDS:
        return None
    if len(line) == 1 or not (d.kind == SUPPORT and (sword.whole or d.whole)):
        return [f]
    mine = _rank(f)
    together = group or [f]
    for o in line:
        if not (any(o is g for g in together) or _rank(o) < mine or (
                o.ap < 1 and o.reserve < 1 and not d.gives_reserve)):
            return None
    return line


def _rank(f: Fencer) -> tuple[int, int]:
    """The order of 行動権 (initiative.py): (クイック − スロー, 素早さ)."""
    return f.st[QUICK] - f.st[SLOW], f.spd


def _shape(f: Fencer, pick: int, cut: int | None = None) -> tuple[Any, ...]:
    st = f.st
    return (f.id, pick, f.hp, f.maxhp, f.dead, tuple(st[i] for i in _KEPT),
            tuple((s.sid, s.used, s.shift, s.stun, s.poison, s.whole, s.limited, s.danger)
                  for s in f.swords[:cut]))


def dead_tail(st: State, f: Fencer, pick: int, find: Find) -> int:
    """Where ``f``'s dead tail begins: the longest run of swords at the end of the list, after
    ``pick``, that are all alike, unused and not executable now (the list's length if none).
    The choice of sword walks past them and nothing else reads them, so a run whose list only
    grows there repeats like one whose list stays the same (:meth:`Runs.beat`). The slots
    walked to find it count towards MAX_SCAN."""
    swords = f.swords
    n = len(swords)
    if n - 1 <= pick:
        return n
    like = _like(swords[-1])
    if like[0]:
        return n  # used
    p = n - 1
    while p - 1 > pick and _like(swords[p - 1]) == like:
        p -= 1
    st.scan += 2 * (n - p)  # back over the run, then find's check of it
    return p if find(f, False, p) < 0 else n


def _counters(f: Fencer) -> list[int]:
    st = f.st
    return [f.atk, f.def_, f.spd, f.mp, f.reserve] + [st[i] for i in _COUNTED]


def _set_counters(f: Fencer, values: list[int]) -> None:
    f.atk, f.def_, f.spd, f.mp, f.reserve = values[:5]
    for i, v in zip(_COUNTED, values[5:], strict=True):
        f.st[i] = v


def additive(f: Fencer, index: int, line: list[Fencer]) -> bool:
    """Whether ``f.swords[index]`` is a 補助 that stays in the list and only adds a constant
    to a counter of each target (加熱剣, 加護剣, 加速剣, 盾の剣, 詠唱剣), reaching nobody who
    could take 行動権 from ``f`` (:func:`reach`)."""
    sword = f.swords[index]
    d = SWORDS[sword.sid]
    return (d.additive and not (sword.limited or d.limited)
            and reach(f, index, line) is not None)


Find = Callable[[Fencer, bool, int], int]
"""executable.find_from of the battle: the first executable sword from an index on (R4.7)."""


class Runs:
    """The beats of the current run of one group (reset whenever the run is broken)."""

    __slots__ = ("effects", "hist", "ids", "pending", "seen")

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.seen: dict[tuple[Any, ...], int] = {}
        self.hist: list[tuple[Any, ...]] = []
        self.effects: dict[tuple[int, bool], tuple[list[list[int]], int]] = {}
        """Per additive sword (id, whole): what one execution changed (the counters of each
        reached 剣師, the events)."""
        self.pending: tuple[Fencer, int, list[Fencer], list[list[int]], int, int] | None = None
        """The beat being played, if it can teach ``effects`` (actor, index, reached, before)."""

    def reset(self) -> None:
        """The run is broken (another group acts, a skip, an effect on someone else)."""
        self.pending = None
        if self.effects:
            self.effects.clear()
        if self.hist:  # forget(), inlined: every action phase starts here
            self.seen.clear()
            self.hist.clear()

    def forget(self) -> None:
        """Stop looking for a period from the beats so far (the run itself goes on)."""
        if self.hist:
            self.seen.clear()
            self.hist.clear()

    def beat(self, st: State, group: list[Fencer], picks: list[int], cycled: bool,
             tally: Tally, find: Find) -> None:
        """Before a summarised 行動処理 of ``group``: note it, and skip whole periods when
        the group's state repeats (see the module text). A lone actor's dead tail
        (:func:`dead_tail`) is left out of its state; a period in which it grew by ``c``
        swords is applied with ``c`` more copies each time (the list stays below
        MAX_SWORDS and MAX_BATTLE_SWORDS)."""
        self.pending = None
        reached = list(group)  # the group, then the line-mates its whole 補助 reach
        for f, i in zip(group, picks, strict=True):
            # a skip beside the others of its group (no executable sword) changes its AP only
            mates = reach(f, i, st.lines[f.side], group) if i >= 0 else [f] if (
                i == -1 and len(group) > 1) else None
            if mates is None:
                self.reset()
                return
            reached += [o for o in mates if all(o is not r for r in reached)]
        ids = [f.id for f in reached]
        if ids != self.ids:
            self.reset()
            self.ids = ids
        events = tally.count + tally.extra
        counters = [_counters(o) for o in reached]
        f = group[0]
        if len(group) == 1 and not cycled and additive(f, picks[0], st.lines[f.side]):
            self.pending = (f, picks[0], reached, counters, events, f.ap)
        cut = dead_tail(st, f, picks[0], find) if len(reached) == 1 else len(f.swords)
        tail = len(f.swords) - cut
        if sum(len(o.swords) for o in reached) - tail > MAX_SHAPE:
            self.forget()  # too long to compare at every beat (and a growing list never repeats)
            return
        shown = picks + [-1] * (len(reached) - len(group))
        mark = (cut, _like(f.swords[-1])) if tail else None  # where the dead tail is, of what
        key = (st.turn, cycled, len(group), tuple(
            _shape(o, i) for o, i in zip(reached, shown, strict=True)),
               ) if not tail else (st.turn, cycled, _shape(f, picks[0], cut), mark[1])
        aps = [f.ap for f in group]
        codes = [{SWORDS[f.swords[i].sid].code: 1} if i >= 0 else {}
                 for f, i in zip(group, picks, strict=True)]
        skipped = [tally.skips.get(f.id, 0) for f in group]
        entry = (aps, counters, events, st.actions, codes, tail, mark, skipped)
        at = self.seen.get(key)
        if at is None:
            if len(self.hist) >= MAX_PERIOD:
                self.forget()  # a growing list never repeats: start over, memory stays small
            self.seen[key] = len(self.hist)
            self.hist.append(entry)
            return
        aps0, counters0, events0, actions0, _, tail0, _, skipped0 = self.hist[at]
        drop = (st.actions - actions0) // len(group)  # 行動処理 per actor in one period
        grow = tail - tail0  # swords the period adds to the dead tail
        if grow < 0 or any(a0 - a != drop for a0, a in zip(aps0, aps, strict=True)):
            self.reset()  # some beat was paid from 予備AP: not a plain repetition
            return
        if grow and any(e[6] != mark for e in self.hist[at:]):
            self.reset()  # the tail was not dead, at the same place, at every beat in between
            return
        k = min(aps) // drop - 1
        if grow:
            k = min(k, (MAX_SWORDS - len(f.swords)) // grow,
                    (MAX_BATTLE_SWORDS - swords_held(st)) // grow)
        if k >= 1:
            if grow:
                copy = f.swords[-1]
                f.swords.extend(copy.copy() for _ in range(k * grow))
                st.peak_swords = max(st.peak_swords, len(f.swords))
                st.peak_total = max(st.peak_total, swords_held(st))
            for o, c0, c in zip(reached, counters0, counters, strict=True):
                _set_counters(o, [v + k * (v - v0) for v0, v in zip(c0, c, strict=True)])
            for f, n0, n in zip(group, skipped0, skipped, strict=True):
                f.ap -= k * drop
                if n != n0:
                    tally.skips[f.id] = n + k * (n - n0)
            st.actions += k * (st.actions - actions0)
            tally.extra += k * (events - events0)
            for _, _, _, _, beat_codes, _, _, _ in self.hist[at:]:
                for f, done in zip(group, beat_codes, strict=True):
                    _count(tally, f, done, k)
        self.reset()

    def after(self, st: State, tally: Tally, find: Find) -> None:
        """After the summarised 行動処理 noted by :meth:`beat`: once one execution of an
        additive 補助 has been seen, the executor's next swords of the same kinds are applied
        at once from what that execution changed (see :func:`batch`)."""
        pending = self.pending
        self.pending = None
        if pending is None:
            return
        f, index, reached, before, events0, ap0 = pending
        sword = f.swords[index]
        if f.ap != ap0 - 1 or not sword.used:
            return  # paid from 予備AP (not a plain beat)
        self.effects[(sword.sid, sword.whole)] = (
            [[v - v0 for v0, v in zip(b, _counters(o), strict=True)]
             for o, b in zip(reached, before, strict=True)],
            tally.count + tally.extra - events0)
        done = batch(st, tally, f, index, reached, self.effects, find)
        if done and self.hist:
            _merge(self.hist[-1][4][0], done)


def batch(st: State, tally: Tally, f: Fencer, index: int, reached: list[Fencer],
          effects: dict[tuple[int, bool], tuple[list[list[int]], int]],
          find: Find) -> dict[str, int]:
    """Right after ``f`` executed ``f.swords[index]``: the swords ``f`` would execute next, one
    行動処理 each, while they are additive 補助 whose effect is known, applied at once.

    Why this is exact: ``f`` acted alone, so its key of 行動権 was the best, and an additive
    補助 only raises it (素早さ) or leaves it; nobody else changes but the ``reached``
    line-mates of a whole one, who stay below ``f`` (:func:`reach`), so ``f`` keeps 行動権
    while its AP lasts (each of these is paid from AP). Nothing that decides which sword is
    executable (ターン数, HP, the bad statuses, the list) changes either, so the next one is
    the first executable unused sword after the last; the sword each adds the same numbers
    every time. 増殖剣 adding a 加速剣 every cycle (reset=cycle) builds such runs: the list
    never repeats, so :meth:`Runs.beat` finds no period, while 素早さ doubles each turn.
    Answers the swords applied, by code."""
    line = st.lines[f.side]
    swords = f.swords
    counts: dict[tuple[int, bool], int] = {}
    n = 0
    j = find(f, False, index + 1)
    while j >= 0 and n < f.ap:
        sword = swords[j]
        key = (sword.sid, sword.whole)
        if key not in effects or not additive(f, j, line):
            break
        # the unused swords just like it that follow are executable too, and are next
        like = _like(sword)
        stop = min(len(swords), j + f.ap - n)
        end = j + 1
        while end < stop and _like(swords[end]) == like:
            end += 1
        for k in range(j, end):
            swords[k].used = True
        counts[key] = counts.get(key, 0) + end - j
        n += end - j
        j = find(f, False, end)
    st.scan += (j if j >= 0 else len(swords)) - index
    if not n:
        return {}
    values = [_counters(o) for o in reached]
    done: dict[str, int] = {}
    for key, times in counts.items():
        changes, events = effects[key]
        values = [[v + times * c for v, c in zip(vs, change, strict=True)]
                  for vs, change in zip(values, changes, strict=True)]
        tally.extra += times * events
        code = SWORDS[key[0]].code
        done[code] = done.get(code, 0) + times
    for o, vs in zip(reached, values, strict=True):
        _set_counters(o, vs)
    f.ap -= n
    st.actions += n
    _count(tally, f, done, 1)
    return done


def _like(s: Sword) -> tuple[Any, ...]:
    """What decides whether a sword is executable and what it does (an unused one)."""
    return (s.used, s.sid, s.shift, s.danger, s.whole, s.limited, s.stun, s.poison)


def _count(tally: Tally, f: Fencer, done: dict[str, int], k: int) -> None:
    """``k`` more times the swords ``done`` (code → times) in ``f``'s summarised counts."""
    per = tally.acts.setdefault(f.id, {})
    for code, times in done.items():
        per[code] = per.get(code, 0) + k * times


def _merge(into: dict[str, int], done: dict[str, int]) -> None:
    for code, times in done.items():
        into[code] = into.get(code, 0) + times
