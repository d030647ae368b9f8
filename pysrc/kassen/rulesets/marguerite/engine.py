"""The battle of マーガレット2011α: turn loop (§6), 行動権 (§7), 行動処理 (§8), 事象確定 (§9),
judgement (§10). Deterministic: no random draws at all.

Every event names the rule that produced it. Steps: one per phase (行動回数決定, 状態効果, the
post-turn-0 death check, judgement) and one per 行動処理 (one action or one simultaneous group);
a 状態効果 beat where nothing happens has no log line. Runs of plain skips (no executable
sword) are one beat with one ``skip`` event per actor carrying ``times``.
An event that uses up a status (skip by スタン, スリープ, 反射, ガード, 流産, ソウル/ライフ) carries
``status`` and the remaining ``count``; ``status_gain`` carries both too. This module is the
set-up (it builds the :class:`MargueriteTable` of :mod:`.table`, which also keeps the log
budget) and the turn loop (§6); the rule sections are modules of functions of the table, named
for them, in :mod:`.rules`: 行動権 in :mod:`.rules.initiative` (§7) over the executable
swords of :mod:`.rules.executable` (R4.7), 行動処理 in :mod:`.rules.processing` (§8),
attacks in :mod:`.rules.hits` (R8.5), the other sword effects in
:mod:`.rules.sword_effects` (§12), HP, death and 蘇生 in :mod:`.rules.life` (§9, §11),
exits and judgement in :mod:`.rules.judgement` (§9.3, §10); the statuses' rows and
handlers in :mod:`.catalogue_conditions`, the swords' effects and riders in
:mod:`.catalogue_effects`; the page's picture in :mod:`.view`.
"""

from __future__ import annotations

from typing import Any

from kassen.core.events import Recorder
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.marguerite import view as view_mod
from kassen.rulesets.marguerite.catalogue import swords_for_start
from kassen.rulesets.marguerite.catalogue_conditions import CONDITIONS, slots, sole
from kassen.rulesets.marguerite.constants import (
    TURN_LIMIT,
)
from kassen.rulesets.marguerite.model import Build, Fencer, State, enlist
from kassen.rulesets.marguerite.options import Readings, parse_mp_costs, readings
from kassen.rulesets.marguerite.rules import repeat, summary
from kassen.rulesets.marguerite.rules.actions import PHASE_ROW
from kassen.rulesets.marguerite.rules.executable import start_table
from kassen.rulesets.marguerite.rules.initiative import action_phase
from kassen.rulesets.marguerite.rules.judgement import Termination, judge, settle
from kassen.rulesets.marguerite.rules.life import die, hp_changed
from kassen.rulesets.marguerite.table import MargueriteTable, Settings

_MP_CACHE: dict[str, tuple[tuple[int, ...], bool]] = {}
"""Option ``mp_costs`` text → the per-sword costs and whether any is set (read once per text)."""
_SETTINGS: list[Any] = [None, None]
"""The readings of the last call and their settings: a bench or a tournament plays battle
after battle under the same options, for which ``readings()`` returns the same (frozen)
object; holding it keeps its identity from being reused."""


def settings(r: Readings) -> Settings:
    """The table's values (:class:`Settings`) read from ``r`` (a frozen dataclass, so they
    depend on nothing else), made once for a run of battles with the same readings."""
    last = _SETTINGS
    if r is last[0]:
        return last[1]  # type: ignore[no-any-return]
    defs = swords_for_start(r.untagged_start)  # R4.2, §18.9
    text = r.mp_costs or ""
    cached = _MP_CACHE.get(text)
    if cached is None:
        costs = parse_mp_costs(text)
        if len(_MP_CACHE) > 64:
            _MP_CACHE.clear()
        cached = _MP_CACHE[text] = costs, any(costs)
    costs, has_costs = cached
    made = Settings(defs, costs, has_costs, start_table(defs, r.no_next_blocked, has_costs),
                    r.reset == "cycle", r.no_next_blocked, r.reserve_always,
                    r.turn0_dead_skip, r.status_end, r.heal_negative,
                    2 if r.reset == "keep0" else 1, r.live_sword)
    last[0] = r
    last[1] = made
    return made


_AP_SLOT, _on_ap_phase = sole("on_ap_phase")
"""The status that takes its bearer's AP at 行動回数決定 (スリープ), read once."""
_PHASE_SLOTS = tuple(slot for slot, _handler in slots("on_status_phase"))
"""The statuses that act in the 状態効果フェイズ (猛毒, 毒): whether the phase has work."""
_VENOM, _POISON = _PHASE_SLOTS
"""The same two slots, tested inline by the turn (a third row there fails this unpacking)."""


class MargueriteBattle(Battle):
    """A battle between two parties; ``self.state`` is a :class:`State`, ``self.table`` the
    :class:`MargueriteTable` the rule functions act on. ``rec`` is the table's, so a recorder
    swapped on the battle (the driver's replay) is the rules' too; a cap the rules hit (the
    table's ``aborted``) is the battle's once the turn returns."""

    table: MargueriteTable

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        self._rec: Recorder | None = None
        super().__init__(setup, ruleset)
        st = State()
        for side, build in enumerate(setup.builds):
            fencer = enlist(st, side, build.name, build.hp, build.atk, build.def_,
                            build.spd, build.swords, built=False)
            st.lines[side].append(fencer)
        self.state = st
        rec = self._rec
        assert rec is not None
        r = readings(self.options)
        self.table = MargueriteTable(st, rec, self.rng, r, self.decider, settings(r))

    @property  # type: ignore[override]
    def rec(self) -> Recorder:
        """The table's recorder (the summary's tally while the log is summarised)."""
        return self.table.rec

    @rec.setter
    def rec(self, value: Recorder) -> None:
        table = self.table
        if table is None:  # the core's set-up, before the table exists
            self._rec = value
        else:
            table.rec = value

    # -- the Battle interface --------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.turn

    def play_turn(self) -> None:
        """Turn 0 (R6.1) the first time, then one turn ≥ 1 (R6.2) per call; past the log
        budget the turn is one summarised beat (constants.py, summary.py)."""
        t = self.table
        if t.state.summary:
            t.tally = summary.begin(t.rec, t.state)
            t.rec = t.tally
        if t.state.turn0:
            _turn_zero(t)
        else:
            repeat.play(t, _turn)  # a turn that repeats is replayed (rules/repeat.py)
        if t.tally is not None:
            t.write_summary()
        if t.aborted is not None:
            self.aborted = t.aborted

    def abort(self, cap: str) -> None:
        """Stop at a hard cap; what was summarised so far is written first."""
        self.table.abort(cap)
        self.aborted = cap

    def result(self) -> Result:
        st = self.state
        reason = st.reason  # the judgement's Termination ("" before one), made one if not
        if not isinstance(reason, Termination):  # (the enum's call costs two frames)
            reason = Termination(reason or Termination.DRAW)
        return Result(st.winner, reason, st.turn)

    # -- output ------------------------------------------------------------------------------
    def members(self) -> list[dict[str, Any]]:
        """Per side, every 剣師 in order of entry with final values (design 4.1)."""
        return view_mod.members(self.state)

    def names(self) -> dict[str, str]:
        """Member id → display name."""
        return view_mod.names(self.state)

    def view(self) -> dict[str, Any]:
        """The page's picture of the current state (see :mod:`.view`)."""
        return view_mod.view(self.state, self.table.defs)


# -- turn skeleton (§6) ----------------------------------------------------------------------------
def _turn_zero(t: MargueriteTable) -> None:
    st = t.state
    st.last = 0
    t.rec.turn = 0
    t.open_phase("ap", "R6.1")
    defs = t.defs
    fast = t.readings.turn0_fast
    for line in st.lines:
        for f in line:
            if fast:
                f.ap = sum(1 for s in f.swords if defs[s.sid].act + s.shift <= 0)
            else:
                f.ap = f.spd
    action_phase(t)
    if t.aborted is not None:
        st.over = True
        return
    t.open_phase("death_check", "R6.1")
    for line in st.lines:
        for f in line:
            if f.hp <= 0:
                die(t, f, "R6.1")
    st.turn0 = False
    settle(t)


def _turn(t: MargueriteTable) -> None:
    st = t.state
    turn = st.turn = st.last = st.turn + 1
    rec = t.rec  # (the recorder of the turn's first beats: a summary may swap it later)
    rec.turn = turn
    reset = turn >= t.reset_from
    # the 行動回数決定 beat: t.open_phase("ap", "R5.3"), inline
    st.phase = "ap"
    if st.executing:
        st.executing = {}
    rec.step_row("ap", "phase", "phase", None, None, "R5.3", (PHASE_ROW, "ap", turn))
    poisoned = False  # whether the 状態効果フェイズ has anything to do
    first, second = st.lines
    for f in first + second:  # (one loop over both parties costs less than two)
        if reset:  # R6.3 (Q1): every sword unused again
            for s in f.swords:
                s.used = False
            f.free = 0
        sts = f.st
        if sts[_AP_SLOT] > 0:
            _on_ap_phase(t, f)
        else:
            f.ap = f.spd
        if sts[_VENOM] or sts[_POISON]:
            poisoned = True
    status_end = t.status_end
    if not status_end:
        if poisoned:
            _status_phase(t, True)
            if st.over:
                return
        else:  # a quiet beat (nothing to report): open_phase("status", log=False) inline
            st.phase = "status"  # (nothing executed since the "ap" beat cleared executing)
            rec.step("status", "phase")
    action_phase(t)
    if st.over:
        return
    if t.aborted is not None:
        st.over = True
        return
    if status_end:
        _status_phase(t)
        if st.over:
            return
    if st.turn >= TURN_LIMIT:  # (星霜剣 moves the counter, §12.7)
        judge(t, "R10.1")


def _status_phase(t: MargueriteTable, poisoned: bool | None = None) -> None:
    """猛毒 then every 毒 at once, then deaths (R6.2.4, D17); ``poisoned``: whether
    anyone has 毒 or 猛毒, when the caller knows."""
    st = t.state
    if poisoned is None:
        poisoned = any(f.st[slot] for line in st.lines for f in line for slot in _PHASE_SLOTS)
    if not poisoned:
        t.open_phase("status", "R6.2", log=False)  # a quiet beat: nothing to report
        return
    t.open_phase("status", "R6.2")
    fencers = [f for line in st.lines for f in line]
    hurt: list[Fencer] = []
    CONDITIONS.dispatch("on_status_phase", t, fencers, hurt)
    for f in hurt:
        hp_changed(t, f, "R9.1")
    settle(t)


def new_battle(setup: Setup, ruleset: Ruleset) -> MargueriteBattle:
    """A battle at its start (builds are :class:`Build` objects)."""
    for build in setup.builds:
        assert isinstance(build, Build)
    return MargueriteBattle(setup, ruleset)
