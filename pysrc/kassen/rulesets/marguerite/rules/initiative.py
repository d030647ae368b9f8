"""行動権 (§7): which 剣師 act next, and which sword each executes (R4.6, R4.7, R7.1)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.marguerite.constants import LOG_ACTIONS, LOG_EVENTS, TURN_LIMIT
from kassen.rulesets.marguerite.model import QUICK, SLOW, STUN
from kassen.rulesets.marguerite.rules.executable import find, find_from
from kassen.rulesets.marguerite.rules.judgement import settle
from kassen.rulesets.marguerite.rules.processing import process, process_one, skips

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.table import MargueriteTable

_BELOW_ANY = -(1 << 62)
"""Below every key of 行動権: スロー never exceeds クイック by 2^22 (a count of 行動処理)."""


def action_phase(t: MargueriteTable) -> None:
    """The action phase: 行動権 by (クイック − スロー, 素早さ), 予備AP, executable swords; one
    行動処理 per winning group until nobody may act."""
    st = t.state
    lines = st.lines
    merge = False
    # §18.14 alternative: in turn 0 a 剣師 at HP ≤ 0 only skips (never from 予備AP)
    dead_skip = t.turn0_dead_skip and st.turn0
    runs = t.runs
    if runs.pending is not None or runs.effects or runs.hist:  # a run left from before
        runs.reset()
    pick = choose if t.reset_cycle else find
    while True:
        first, second = lines
        # lone: the winner, when one 剣師 wins alone (most beats)
        if len(first) == 1 and len(second) == 1:
            # a duel (one 剣師 per side, most beats): two keys compared, no scan (winners)
            a = first[0]
            b = second[0]
            if a.ap < 1 and (a.reserve < 1 or not may_act(t, a, dead_skip)):
                if b.ap < 1 and (b.reserve < 1 or not may_act(t, b, dead_skip)):
                    return
                lone = b
            elif b.ap < 1 and (b.reserve < 1 or not may_act(t, b, dead_skip)):
                lone = a
            else:
                sa = a.st
                sb = b.st
                # their keys (クイック − スロー, 素早さ) as winners makes them
                lead = ((((sa[QUICK] - sa[SLOW]) << 40) + a.spd)
                        - (((sb[QUICK] - sb[SLOW]) << 40) + b.spd))
                if lead > 0:
                    lone = a
                elif lead:
                    lone = b
                else:
                    lone = None
                    group = [a, b]
        else:
            group = winners(t, lines, dead_skip)
            if not group:
                return
            lone = group[0] if len(group) == 1 else None
        tally = t.tally
        if lone is not None:
            i = -3 if dead_skip and lone.hp <= 0 else -2 if lone.st[STUN] else pick(t, lone)
            if i >= 0 and tally is None:
                # the common beat: one 剣師 executing a sword while the log is whole; then
                # the tests below, but for the summary's (nothing here starts a tally)
                merge = False
                st.actions += 1
                process_one(t, lone, i)
                if (t.aborted is not None or st.actions > LOG_ACTIONS or st.grown
                        or t.rec.event_count > LOG_EVENTS) and t.after_beat():
                    return
                if (st.pending or st.turn > TURN_LIMIT) and not st.turn0 and settle(t):
                    return
                continue
            group = [lone]
            picks = [i]
            plain = i == -1 and lone.ap >= 1  # a skip for want of an executable sword
            times = lone.ap
            size = 1
        else:
            picks = []
            plain = True  # every actor skips for want of an executable sword
            times = group[0].ap  # (then the smallest AP of the group, while plain)
            for f in group:
                if dead_skip and f.hp <= 0:
                    i = -3
                elif f.st[STUN]:
                    i = -2
                else:
                    i = pick(t, f)
                picks.append(i)
                if i != -1 or f.ap < 1:
                    plain = False
                elif f.ap < times:
                    times = f.ap
            size = len(group)
        if plain:
            # A group of skips for want of a sword changes nothing but AP, and the same
            # group would win 行動権 again until the smallest AP runs out: one beat.
            st.actions += size  # the cap bounds work: one beat is one unit
            if tally is not None:
                st.work += size
                runs.reset()
            skips(t, group, times, merge)
            merge = True
        else:
            merge = False
            st.actions += size
            if tally is not None:
                st.work += size
                st.scan += len(lines[0]) + len(lines[1])  # choosing 行動権 walks every 剣師
                for f, i in zip(group, picks, strict=True):
                    # choosing a sword walks from the end of the used head (Fencer.free) to it
                    st.scan += (i if i >= 0 else len(f.swords)) - f.free
                if t.fast_forward and not t.has_mp_costs:
                    runs.beat(st, group, picks, bool(t.cycled), tally, partial(find_from, t))
            if lone is not None and i >= 0:
                process_one(t, lone, i)
            else:
                process(t, group, picks)
        # the log budget and the caps (after_beat), called only when one of its tests holds
        if (t.tally is not None or t.aborted is not None or st.actions > LOG_ACTIONS
                or st.grown or t.rec.event_count > LOG_EVENTS) and t.after_beat():
            return
        if plain:
            continue
        # settle's own test first: only a death or the counter past the limit (星霜剣) can
        # end the battle after an action (a line empties only as the dead exit, in settle)
        if (st.pending or st.turn > TURN_LIMIT) and not st.turn0 and settle(t):
            return
        if tally is not None and runs.pending is not None:
            runs.after(st, tally, partial(find_from, t))


@implements("R7.1")
def winners(t: MargueriteTable, lines: list[list[Fencer]], dead_skip: bool) -> list[Fencer]:
    """The group that wins 行動権 (R7.1): the 剣師 that may act with the greatest key
    (クイック − スロー, 素早さ); empty when nobody may act. (A duel's two keys are compared
    by :func:`action_phase` itself.)"""
    best = _BELOW_ANY
    group: list[Fencer] = []
    first, second = lines
    for f in first + second:  # (one loop over both parties costs less than two)
        if f.ap < 1 and (f.reserve < 1 or not may_act(t, f, dead_skip)):
            continue
        sts = f.st
        # (クイック − スロー, 素早さ) as one integer; 素早さ stays below 2^40
        key = ((sts[QUICK] - sts[SLOW]) << 40) + f.spd
        if key > best:
            best = key
            group = [f]
        elif key == best:
            group.append(f)
    return group


@implements("R7.1")
def may_act(t: MargueriteTable, f: Fencer, dead_skip: bool) -> bool:
    """Whether ``f``, out of AP, may act from 予備AP (R7.1): it has some, and (unless option
    ``reserve``) a sword it would execute, or スタン to use it on; never a 剣師 at HP ≤ 0 in
    turn 0 under the §18.14 alternative (``dead_skip``)."""
    if f.reserve < 1 or (dead_skip and f.hp <= 0):
        return False
    return bool(f.st[STUN]) or t.reserve_always or can_execute(t, f)


# -- executable swords (R4.6, R4.7) ---------------------------------------------------------
@implements("R7.1")
def can_execute(t: MargueriteTable, f: Fencer) -> bool:
    """Whether some sword would be executed now (for 予備AP eligibility, R7.1)."""
    if find(t, f) >= 0:
        return True
    return (t.reset_cycle and any(s.used for s in f.swords)
            and find_from(t, f, True, 0) >= 0)


@implements("R6.3")
def choose(t: MargueriteTable, f: Fencer) -> int:
    """The sword ``f`` executes; under ``reset=cycle`` an exhausted list is re-armed first
    (R6.3 alternative, logged in the beat of this action)."""
    i = find(t, f)
    if i < 0 and t.reset_cycle and any(s.used for s in f.swords):
        for s in f.swords:
            s.used = False
        f.free = 0
        t.cycled.append(f.id)  # logged in the beat of this action (processing.emit_cycles)
        i = find(t, f)
    return i
