"""行動権 (§7): which 剣師 act next, and which sword each executes (R4.6, R4.7, R7.1)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from kassen.rulesets.marguerite.executable import find
from kassen.rulesets.marguerite.judgement import settle
from kassen.rulesets.marguerite.processing import process, skips
from kassen.rulesets.marguerite.statuses import QUICK, SLOW, STUN

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.engine import MargueriteBattle
    from kassen.rulesets.marguerite.model import Fencer

_BELOW_ANY = -(1 << 62)
"""Below every key of 行動権: スロー never exceeds クイック by 2^22 (a count of 行動処理)."""


def action_phase(b: MargueriteBattle) -> None:
    """The action phase: 行動権 by (クイック − スロー, 素早さ), 予備AP, executable swords; one
    行動処理 per winning group until nobody may act."""
    st = b.state
    lines = st.lines
    merge = False
    # §18.14 alternative: in turn 0 a 剣師 at HP ≤ 0 only skips (never from 予備AP)
    dead_skip = b.turn0_dead_skip and st.turn0
    runs = b.runs
    runs.reset()
    reserve_always = b.reserve_always
    cycle = b.reset_cycle
    pick = choose if cycle else find
    while True:
        best = _BELOW_ANY
        group: list[Fencer] = []
        for line in lines:
            for f in line:
                if f.ap < 1 and (f.reserve < 1 or (dead_skip and f.hp <= 0) or (
                        not f.st[STUN] and not reserve_always
                        and not can_execute(b, f))):
                    continue
                sts = f.st
                # (クイック − スロー, 素早さ) as one integer; 素早さ stays below 2^40
                key = ((sts[QUICK] - sts[SLOW]) << 40) + f.spd
                if key > best:
                    best = key
                    group = [f]
                elif key == best:
                    group.append(f)
        if not group:
            return
        picks: list[int] = []
        plain = True  # every actor skips for want of an executable sword
        for f in group:
            if dead_skip and f.hp <= 0:
                i = -3
            elif f.st[STUN]:
                i = -2
            else:
                i = pick(b, f)
            picks.append(i)
            if i != -1 or f.ap < 1:
                plain = False
        tally = b.tally
        if plain:
            # A group of skips for want of a sword changes nothing but AP, and the same
            # group would win 行動権 again until the smallest AP runs out: one beat.
            times = group[0].ap if len(group) == 1 else min(f.ap for f in group)
            st.actions += len(group)  # the cap bounds work: one beat is one unit
            if tally is not None:
                st.work += len(group)
                runs.reset()
            skips(b, group, times, merge)
            merge = True
        else:
            merge = False
            st.actions += len(group)
            if tally is not None:
                st.work += len(group)
                st.scan += len(lines[0]) + len(lines[1])  # choosing 行動権 walks every 剣師
                for f, i in zip(group, picks, strict=True):
                    # choosing a sword walks from the end of the used head (Fencer.free) to it
                    st.scan += (i if i >= 0 else len(f.swords)) - f.free
                if b.fast_forward and not b.has_mp_costs:
                    runs.beat(st, group, picks, bool(b.cycled), tally, partial(find, b))
            process(b, group, picks)
        if b.after_beat():  # the log budget and the caps
            return
        if plain:
            continue
        if not st.turn0 and settle(b):
            return
        if runs.pending is not None and tally is not None:
            runs.after(st, tally, partial(find, b))


# -- executable swords (R4.6, R4.7) ---------------------------------------------------------
def can_execute(b: MargueriteBattle, f: Fencer) -> bool:
    """Whether some sword would be executed now (for 予備AP eligibility, R7.1)."""
    if find(b, f) >= 0:
        return True
    return (b.reset_cycle and any(s.used for s in f.swords)
            and find(b, f, True) >= 0)


def choose(b: MargueriteBattle, f: Fencer) -> int:
    """The sword ``f`` executes; under ``reset=cycle`` an exhausted list is re-armed first
    (R6.3 alternative, logged in the beat of this action)."""
    i = find(b, f)
    if i < 0 and b.reset_cycle and any(s.used for s in f.swords):
        for s in f.swords:
            s.used = False
        f.free = 0
        b.cycled.append(f.id)  # logged in the beat of this action (processing.emit_cycles)
        i = find(b, f)
    return i
