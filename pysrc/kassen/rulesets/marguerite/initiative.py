"""行動権 (§7): which 剣師 act next, and which sword each executes (R4.6, R4.7, R7.1).
A mixin of the battle class (engine.MargueriteBattle)."""

from __future__ import annotations

from itertools import islice

from kassen.core.events import Recorder
from kassen.rulesets.marguerite.actions import (
    CONTROL_NEXT,
)
from kassen.rulesets.marguerite.model import Fencer, State
from kassen.rulesets.marguerite.options import Readings
from kassen.rulesets.marguerite.statuses import MISCARRY, POISON, QUICK, SLEEP, SLOW, STUN, VENOM

_KEY_BIAS = 1 << 20


class Initiative:
    """The action phase: 行動権 by (クイック − スロー, 素早さ), 予備AP, executable swords."""

    state: State
    rec: Recorder
    readings: Readings

    def _action_phase(self) -> None:
        st = self.state
        lines = st.lines
        merge = False
        # §18.14 alternative: in turn 0 a 剣師 at HP ≤ 0 only skips (never from 予備AP)
        dead_skip = self.readings.turn0_dead_skip and st.turn0
        runs = self._runs
        runs.reset()
        reserve_always = self.reserve_always
        while True:
            best = -1
            group: list[Fencer] = []
            for line in lines:
                for f in line:
                    sts = f.st
                    if f.ap < 1 and (f.reserve < 1 or (dead_skip and f.hp <= 0) or (
                            not sts[STUN] and not reserve_always
                            and not self._can_execute(f))):
                        continue
                    # (クイック − スロー, 素早さ) as one integer; 素早さ stays below 2^40
                    key = f.spd + ((sts[QUICK] - sts[SLOW] + _KEY_BIAS) << 40)
                    if key > best:
                        best = key
                        group = [f]
                    elif key == best:
                        group.append(f)
            if not group:
                return
            picks: list[int] = []
            plain = True  # every actor skips for want of an executable sword
            cycle = self.reset_cycle
            for f in group:
                if dead_skip and f.hp <= 0:
                    picks.append(-3)
                    plain = False
                    continue
                if f.st[STUN]:
                    picks.append(-2)
                    plain = False
                    continue
                i = self._choose(f) if cycle else self._find(f)
                picks.append(i)
                if i >= 0 or f.ap < 1:
                    plain = False
            if plain:
                # A group of skips for want of a sword changes nothing but AP, and the same
                # group would win 行動権 again until the smallest AP runs out: one beat.
                times = group[0].ap if len(group) == 1 else min(f.ap for f in group)
                st.actions += len(group)  # the cap bounds work: one beat is one unit
                if self._tally is not None:
                    st.work += len(group)
                    runs.reset()
                self._skips(group, times, merge)
                merge = True
                if self._after_beat():
                    return
                continue
            merge = False
            st.actions += len(group)
            tally = self._tally
            if tally is not None:
                st.work += len(group)
                st.scan += len(lines[0]) + len(lines[1])  # choosing 行動権 walks every 剣師
                for f in group:
                    st.scan += len(f.swords)
                if self.fast_forward and not self.has_mp_costs:
                    runs.beat(st, group, picks, bool(self._cycled), tally)
            self._process(group, picks)
            if self._after_beat():
                return
            if not st.turn0 and self._settle():
                return
            if runs.pending is not None and tally is not None:
                runs.after(st, tally, self._find)

    # -- executable swords (R4.6, R4.7) -------------------------------------------------------
    def _half(self, f: Fencer) -> bool:
        if self.readings.half_ceil:
            return f.hp <= -(-f.maxhp // 2)
        return 2 * f.hp <= f.maxhp

    def _find(self, f: Fencer, ignore_used: bool = False, start: int = 0) -> int:
        """Index of the first executable sword (R4.7) from ``start`` on, or -1. The hot path:
        inlined checks."""
        turn = self.state.turn
        half: bool | None = None
        swords = f.swords
        defs = self.defs
        for i, s in enumerate(islice(swords, start, None) if start else swords, start):
            if s.used and not ignore_used:
                continue
            d = defs[s.sid]
            if d.act + s.shift > turn:
                continue
            if d.danger or s.danger:
                if half is None:
                    half = self._half(f)
                if not half:
                    continue
            if d.symptom and not (f.st[STUN] or f.st[SLEEP] or f.st[VENOM] or f.st[POISON]
                                  or f.st[MISCARRY]):
                continue
            if self.has_mp_costs and f.mp < self.mp_costs[s.sid]:
                continue
            if self.no_next_blocked and d.formula in CONTROL_NEXT and i + 1 >= len(swords):
                continue
            return i
        return -1

    def _can_execute(self, f: Fencer) -> bool:
        """Whether some sword would be executed now (for 予備AP eligibility, R7.1)."""
        if self._find(f) >= 0:
            return True
        return (self.reset_cycle and any(s.used for s in f.swords)
                and self._find(f, True) >= 0)

    def _choose(self, f: Fencer) -> int:
        i = self._find(f)
        if i < 0 and self.reset_cycle and any(s.used for s in f.swords):
            for s in f.swords:
                s.used = False
            self._cycled.append(f.id)  # logged in the beat of this action (_emit_cycles)
            i = self._find(f)
        return i
