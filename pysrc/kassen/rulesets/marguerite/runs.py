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
executed), leaving at least one period of AP to be played beat by beat. The result and every
summarised count are those of playing each beat; ``test_fast_forward_changes_nothing``
checks it battle by battle.
"""

from __future__ import annotations

from typing import Any

from kassen.rulesets.marguerite.catalogue import ADD, CONTROL, SUPPORT, SWORDS
from kassen.rulesets.marguerite.model import Fencer, State
from kassen.rulesets.marguerite.statuses import (
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
)
from kassen.rulesets.marguerite.summary import Tally

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


def self_only(f: Fencer, index: int, line: list[Fencer]) -> bool:
    """Whether executing ``f.swords[index]`` can change nothing but ``f`` itself (a whole
    補助 reaches only ``f`` while ``f`` stands alone in its line)."""
    sword = f.swords[index]
    d = SWORDS[sword.sid]
    if d.kind not in _SELF_KINDS:
        return False
    return not (d.kind == SUPPORT and (sword.whole or d.whole) and len(line) > 1)


def _shape(f: Fencer, pick: int) -> tuple[Any, ...]:
    st = f.st
    return (f.id, pick, f.hp, f.maxhp, f.dead, tuple(st[i] for i in _KEPT),
            tuple((s.sid, s.used, s.shift, s.stun, s.poison, s.whole, s.limited, s.danger)
                  for s in f.swords))


def _counters(f: Fencer) -> list[int]:
    st = f.st
    return [f.atk, f.def_, f.spd, f.mp, f.reserve] + [st[i] for i in _COUNTED]


def _set_counters(f: Fencer, values: list[int]) -> None:
    f.atk, f.def_, f.spd, f.mp, f.reserve = values[:5]
    for i, v in zip(_COUNTED, values[5:], strict=True):
        f.st[i] = v


class Runs:
    """The beats of the current run of one group (reset whenever the run is broken)."""

    __slots__ = ("hist", "ids", "seen")

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.seen: dict[tuple[Any, ...], int] = {}
        self.hist: list[tuple[list[int], list[list[int]], int, int, list[str]]] = []

    def reset(self) -> None:
        """The run is broken (another group acts, a skip, an effect on someone else)."""
        if self.hist:
            self.seen.clear()
            self.hist.clear()

    def beat(self, st: State, group: list[Fencer], picks: list[int], cycled: bool,
             tally: Tally) -> None:
        """Before a summarised 行動処理 of ``group``: note it, and skip whole periods when
        the group's state repeats (see the module text)."""
        if not all(i >= 0 and self_only(f, i, st.lines[f.side])
                   for f, i in zip(group, picks, strict=True)):
            self.reset()
            return
        if sum(len(f.swords) for f in group) > MAX_SHAPE:
            self.reset()  # too long to compare at every beat (and a growing list never repeats)
            return
        ids = [f.id for f in group]
        if ids != self.ids:
            self.reset()
            self.ids = ids
        key = (st.turn, cycled, tuple(_shape(f, i) for f, i in zip(group, picks, strict=True)))
        aps = [f.ap for f in group]
        codes = [SWORDS[f.swords[i].sid].code for f, i in zip(group, picks, strict=True)]
        entry = (aps, [_counters(f) for f in group], tally.count, st.actions, codes)
        at = self.seen.get(key)
        if at is None:
            if len(self.hist) >= MAX_PERIOD:
                self.reset()  # a growing list never repeats: start over, memory stays small
            self.seen[key] = len(self.hist)
            self.hist.append(entry)
            return
        period = len(self.hist) - at
        aps0, counters0, count0, actions0, _ = self.hist[at]
        if any(a0 - a != period for a0, a in zip(aps0, aps, strict=True)):
            self.reset()  # some beat was paid from 予備AP: not a plain repetition
            return
        k = min(a // period for a in aps) - 1
        if k >= 1:
            for f, c0, c in zip(group, counters0, entry[1], strict=True):
                _set_counters(f, [v + k * (v - v0) for v0, v in zip(c0, c, strict=True)])
                f.ap -= k * period
            st.actions += k * (st.actions - actions0)
            tally.extra += k * (tally.count - count0)
            for _, _, _, _, beat_codes in self.hist[at:]:
                for f, code in zip(group, beat_codes, strict=True):
                    per = tally.acts.setdefault(f.id, {})
                    per[code] = per.get(code, 0) + k
        self.reset()
