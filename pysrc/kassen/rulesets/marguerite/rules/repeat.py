"""Repeated turns: a turn that ends in the very state it started from is replayed, not
recomputed, in every later turn (R6.2, issue 29).

マーガレット2011α draws no random numbers, so a turn ≥ 1 (R6.2) is a function of what it
reads: the battle state (:class:`State`, every :class:`Fencer` and :class:`Sword`), the
table's ``cycled``, the log budget (the action and event counts against LOG_ACTIONS and
LOG_EVENTS) and the turn number. :func:`state_key` is all of the state but the turn number and
the counters, the classes' slots listed in one place (``KEYED``, ``EXCLUDED``: a slot added
to a class and listed in neither fails ``test_every_slot_is_keyed_or_excluded``, and a keyed
slot the key does not read fails ``test_the_key_moves_with_every_keyed_slot``).

When turn M ends with the key it started with (a fixed point) and the turn number reads the
same way in every later turn (:func:`turn_free`), turn N > M starts in the same state as M did
and does exactly what M did: the same steps and events, stamped with N's turn and sequence
numbers, and the same change of state (none, besides the counters). :func:`play` then writes
M's steps again (:func:`replay`) while the log budget holds. Some turns are
never replayed: the first one of a battle, a turn whose recorder captures the page's view of
every beat (only the turn's final state is reproduced), a summarised turn, and any turn after
the state was replaced (a snapshot restored).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from kassen.rulesets.marguerite.catalogue import BUILT_WITH
from kassen.rulesets.marguerite.constants import LOG_ACTIONS, LOG_EVENTS, TURN_LIMIT
from kassen.rulesets.marguerite.rules.actions import PHASE_ROW
from kassen.rulesets.marguerite.rules.judgement import judge

if TYPE_CHECKING:
    from kassen.core.events import Known
    from kassen.rulesets.marguerite.table import MargueriteTable

KEYED: dict[str, tuple[str, ...]] = {
    "State": ("counts", "folded", "grown", "over", "pending", "peak_swords", "peak_total",
              "reason", "scan", "summary", "summary_logged", "turn0", "winner", "work",
              "work_events"),
    "Fencer": ("ap", "atk", "atk0", "built", "dead", "death_hp", "def0", "def_", "exited",
               "free", "hp", "id", "maxhp", "mp", "name", "overkill", "reserve", "side",
               "spd", "spd0"),
    "Sword": ("danger", "gone", "limited", "poison", "shift", "sid", "stun", "used", "whole"),
}
"""The scalar slots :func:`state_key` copies as they are (``counts`` as a tuple), each named
there one by one."""

EXCLUDED: dict[str, dict[str, str]] = {
    "State": {
        "lines": "keyed as the member ids in each line, front first",
        "members": "keyed as every member's own key (scalars, statuses, swords)",
        "turn": "read only as turn_free bounds it: sword starts, 2^ターン数, 星霜剣, the limit",
        "last": "written at each turn's start, read by no rule",
        "actions": "read only against LOG_ACTIONS, which play() checks for the whole turn",
        "phase": "written by every beat before anything reads it; replay sets the last one",
        "executing": "cleared by the turn's first beat before a rule reads it (the view's)",
    },
    "Fencer": {
        "st": "keyed as a tuple of the status counts",
        "swords": "keyed as every sword's key, in list order",
    },
    "Sword": {},
    "MargueriteTable": {
        "cycled": "keyed as a tuple (re-armed 剣師 not yet logged)",
        "aborted": "None whenever a turn is watched or replayed",
        "tally": "None whenever a turn is watched or replayed (the log is not summarised)",
        "runs": "reset by every action phase; read only while the log is summarised",
        "rec": "the recorder the turn writes to: replay writes the same steps to it",
        "repeats": "this module's own record",
        "state": "keyed as above",
        "rng": "never drawn from (no randomness)",
        "decider": "never asked (no decisions)",
        "readings": "fixed for the battle",
        "defs": "fixed for the battle",
        "mp_costs": "fixed for the battle",
        "has_mp_costs": "fixed for the battle",
        "starts": "fixed for the battle",
        "reset_cycle": "fixed for the battle",
        "no_next_blocked": "fixed for the battle",
        "reserve_always": "fixed for the battle",
        "turn0_dead_skip": "fixed for the battle",
        "status_end": "fixed for the battle",
        "heal_negative": "fixed for the battle",
        "live_sword": "fixed for the battle",
        "reset_from": "fixed for the battle (turn_free: the turn is past it)",
        "fast_forward": "fixed for the battle (a test switch)",
        "replay": "fixed for the battle (a test switch)",
        "turn_read": "this module's own record of the watched turn (set at payment)",
    },
}
"""Every slot :func:`state_key` does not copy as a scalar, and why that is safe."""


_fencer_id = attrgetter("id")



def state_key(t: MargueriteTable) -> tuple[Any, ...]:
    """Everything a turn reads but the turn number and the counters (see the module): the
    slots of ``KEYED`` (a test checks every one of them moves the key) as one flat tuple,
    each part a tuple whose length tells what it is (the state's counts, a line's ids, a
    member's 20 scalars, its 13 status counts, then each of its swords' 9), read slot by slot
    (an attrgetter of many names costs a generic lookup per name)."""
    st = t.state
    key: list[Any] = [
        tuple(t.cycled), tuple(st.counts), st.folded, st.grown, st.over, st.pending,
        st.peak_swords, st.peak_total, st.reason, st.scan, st.summary, st.summary_logged,
        st.turn0, st.winner, st.work, st.work_events]
    append = key.append
    for line in st.lines:
        append(tuple(map(_fencer_id, line)))
    for side in st.members:
        for f in side:
            append((f.ap, f.atk, f.atk0, f.built, f.dead, f.death_hp, f.def0, f.def_, f.exited,
                    f.free, f.hp, f.id, f.maxhp, f.mp, f.name, f.overkill, f.reserve, f.side,
                    f.spd, f.spd0))
            append(tuple(f.st))
            for s in f.swords:
                append((s.danger, s.gone, s.limited, s.poison, s.shift, s.sid, s.stun, s.used,
                        s.whole))
    return tuple(key)


def turn_free(t: MargueriteTable) -> bool:
    """Whether every later turn reads its number as the turn just played (``st.turn``) did:
    every start compared is in the past (:func:`started_by` this turn) and no sword that reads
    or moves the number was executed (``t.turn_read``, set at payment: catalogue.READS_TURN).
    The turn limit is the one reading left: the engine judges at it after a replay as after
    a turn."""
    return not t.turn_read and started_by(t, t.state.turn)


def started_by(t: MargueriteTable, turn: int) -> bool:
    """Whether ``turn`` is past turn 0 and the first resetting turn (R6.3), every sword held
    has started by then (R4.2), and so has every sword a 構築 can add (虚構剣 adds ヌル剣,
    which starts at turn 0; copies keep their start)."""
    st = t.state
    if st.turn0 or turn < t.reset_from:
        return False
    defs = t.defs
    for side in st.members:
        for f in side:
            for s in f.swords:
                d = defs[s.sid]
                if d.act + s.shift > turn:
                    return False
                built = BUILT_WITH.get(s.sid)
                if built:  # (a loop: a generator is a frame of its own)
                    for row in built:
                        if defs[row].act > turn:
                            return False
    return True


def play(t: MargueriteTable, turn: Callable[[MargueriteTable], None]) -> None:
    """Turn ≥ 1: replayed from a known fixed point when the log budget allows it (with the
    judgement at the turn limit, R10.1, as ``turn`` has), else played by ``turn`` and
    watched for a fixed point."""
    rp = t.repeats
    st = t.state
    if rp.state is not st:
        rp.state, rp.key, rp.sign, rp.template = st, None, None, None
    rec = t.rec
    if not t.replay or t.tally is not None or rec.view is not None:
        rp.key = rp.sign = None
        turn(t)
        return
    if rp.template is not None:
        # the log budget: the counts only grow during a turn, so ending within it means no
        # beat passed it (LOG_ACTIONS, LOG_EVENTS)
        if (st.actions + rp.actions <= LOG_ACTIONS
                and rec.event_count + rp.events <= LOG_EVENTS):
            replay(t)
        else:
            turn(t)  # past the log budget: played, and nothing left to watch for
        return
    actions = st.actions
    t.turn_read = False
    turn(t)
    if (st.over or t.turn_read or t.tally is not None or t.aborted is not None
            or t.rec is not rec):
        rp.key = rp.sign = None  # (a turn that read its number is no template: not watched)
        return
    # The whole key costs as much as a quiet turn: it is made only when the turn left the HP,
    # 攻撃力, 防御力, 素早さ, MP and sword count of every 剣師 in the lines as they were (the
    # numbers most turns change; the sign of the turn before is this one's start; an exited
    # one's stay as they are), as a fixed point does, and the next turn could become a
    # template (its starts all in the past: a turn that repeats this one holds the same
    # swords). One loop, not a comprehension (a frame of its own in 3.11).
    sign = []
    first, second = st.lines
    for f in first + second:
        sign += (f.hp, f.atk, f.def_, f.spd, f.mp, len(f.swords))
    if sign != rp.sign:
        rp.sign, rp.key = sign, None
        return
    if not started_by(t, st.turn + 1):
        rp.key = None
        return
    start = rp.key  # this turn's start, when the turn before kept the sign too
    rp.key = end = state_key(t)
    if end == start:
        capture(t, st.actions - actions)


def capture(t: MargueriteTable, actions: int) -> None:
    """Keep the turn just played (its beats, stamped with its number) as the template of
    every later turn, when it reads its number as they do (:func:`turn_free`); ``actions``:
    the 行動処理 it counted. Its events' values are the very dicts the turn recorded (events
    are read-only data), and so are every replay's but the phase headers'."""
    if not turn_free(t):
        return
    template: list[tuple[str, str, tuple[Known, ...]]] = []
    heads: list[tuple[int, str, str, Known, tuple[Known, ...]]] = []
    events = 0
    for _turn, phase, kind, raw in t.rec.recent_turn(t.state.turn):
        made_known: list[Known] = []  # (loops: a comprehension is a frame of its own)
        for _seq, _at, e_kind, actor, target, made, cause, rule in raw:
            if e_kind == "phase" and made_known:
                return  # a header inside a beat: not the shape open_phase records
            made_known.append((e_kind, actor, target, made, cause, rule))
        known = tuple(made_known)
        if known and known[0][0] == "phase":
            heads.append((len(template), phase, kind, known[0], known[1:]))
        template.append((phase, kind, known))
        events += len(known)
    rp = t.repeats
    rp.template = template
    rp.heads = heads
    rp.actions = actions
    rp.events = events
    rp.phase = t.state.phase


def replay(t: MargueriteTable) -> None:
    """The next turn as the template's (R6.2): its steps and events with this turn's number
    (the ``phase`` events carry it) and its counts; then the judgement once the turn limit
    is reached (R10.1, R6.2.6), as a played turn ends."""
    rp = t.repeats
    assert rp.template is not None
    st = t.state
    rec = t.rec
    now = st.turn = st.last = st.turn + 1
    rec.turn = now
    beats = rp.template.copy()
    for at, phase, kind, (e_kind, actor, target, values, cause, rule), rest in rp.heads:
        # a phase's header carries the turn
        beats[at] = (phase, kind, ((e_kind, actor, target, (PHASE_ROW, values["phase"], now),
                                    cause, rule), *rest))
    rec.again(beats, rp.events)
    st.actions += rp.actions
    st.phase = rp.phase
    if now >= TURN_LIMIT:
        judge(t, "R10.1")
