"""The battle of マーガレット2011α: turn loop (§6), 行動権 (§7), 行動処理 (§8), 事象確定 (§9),
judgement (§10). Deterministic: no random draws at all.

Every event names the rule that produced it. Steps: one per phase (行動回数決定, 状態効果, the
post-turn-0 death check, judgement) and one per 行動処理 (one action or one simultaneous group);
a 状態効果 beat where nothing happens has no log line. Runs of plain skips (no executable
sword) are one beat with one ``skip`` event per actor carrying ``times``.
An event that uses up a status (skip by スタン, スリープ, 反射, ガード, 流産, ソウル/ライフ) carries
``status`` and the remaining ``count``; ``status_gain`` carries both too. This module is the
set-up, the turn loop (§6) and the log budget; the rule sections are modules of functions of
the battle, named for them: 行動権 in :mod:`.initiative` (§7) over the executable swords of
:mod:`.executable` (R4.7), 行動処理 in :mod:`.processing` (§8), attacks in :mod:`.hits`
(R8.5), the other sword effects in :mod:`.sword_effects` (§12), HP, death and 蘇生 in
:mod:`.life` (§9, §11), exits and judgement in :mod:`.judgement` (§9.3, §10); the statuses'
handlers in :mod:`.statuses`; the page's picture in :mod:`.view`.
"""

from __future__ import annotations

from typing import Any

from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.marguerite import summary
from kassen.rulesets.marguerite import view as view_mod
from kassen.rulesets.marguerite.catalogue import swords_for_start
from kassen.rulesets.marguerite.constants import (
    LOG_ACTIONS,
    LOG_EVENTS,
    LOG_FENCERS,
    LOG_SWORDS,
    MAX_ACTIONS,
    MAX_EVENTS,
    MAX_SCAN,
    TURN_LIMIT,
)
from kassen.rulesets.marguerite.executable import start_table
from kassen.rulesets.marguerite.initiative import action_phase
from kassen.rulesets.marguerite.judgement import judge, settle
from kassen.rulesets.marguerite.life import die, hp_changed
from kassen.rulesets.marguerite.model import Build, Fencer, State, enlist
from kassen.rulesets.marguerite.options import parse_mp_costs, readings
from kassen.rulesets.marguerite.runs import Runs
from kassen.rulesets.marguerite.statuses import POISON, SLEEP, STATUS_PHASE, STATUSES, VENOM

_MP_CACHE: dict[str, tuple[int, ...]] = {}

on_sleep = STATUSES[SLEEP].on_ap_phase


class MargueriteBattle(Battle):
    """A battle between two parties; ``self.state`` is a :class:`State`."""

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        r = self.readings = readings(self.options)
        self.defs = swords_for_start(r.untagged_start)  # R4.2, §18.9
        self.reset_cycle = r.reset == "cycle"
        self.no_next_blocked = r.no_next_blocked
        self.reserve_always = r.reserve_always
        # readings the turn loop asks about every turn, read once
        self.turn0_dead_skip = r.turn0_dead_skip
        self.status_end = r.status_end
        self.heal_negative = r.heal_negative
        self.reset_from = 2 if r.reset == "keep0" else 1  # R6.3 (Q1): the first turn resetting
        text = r.mp_costs or ""
        costs = _MP_CACHE.get(text)
        if costs is None:
            costs = parse_mp_costs(text)
            if len(_MP_CACHE) > 64:
                _MP_CACHE.clear()
            _MP_CACHE[text] = costs
        self.mp_costs = costs
        self.cycled: list[str] = []  # 剣師 re-armed by the cycle reading, not yet logged
        self.tally: summary.Tally | None = None  # while the log is summarised (constants.py)
        self.runs = Runs()  # repeating summarised beats, fast-forwarded (runs.py)
        self.fast_forward = True
        """Off only in the test that checks fast-forwarding changes nothing."""
        self.has_mp_costs = any(costs)
        self.starts = start_table(self.defs, self.no_next_blocked, self.has_mp_costs)
        st = State()
        for side, build in enumerate(setup.builds):
            fencer = enlist(st, side, build.name, build.hp, build.atk, build.def_,
                            build.spd, build.swords, built=False)
            st.lines[side].append(fencer)
        self.state = st

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
        if self.state.summary:
            self.tally = summary.begin(self.rec, self.state)
            self.rec = self.tally
        if self.state.turn0:
            self._turn_zero()
        else:
            self._turn()
        if self.tally is not None:
            self.write_summary()

    def abort(self, cap: str) -> None:
        """Stop at a hard cap; what was summarised so far is written first."""
        self.write_summary()
        super().abort(cap)

    # -- the log budget (constants.py) ----------------------------------------------------------
    def after_beat(self) -> bool:
        """After a 行動処理: start summarising past the log budget, stop at a hard cap.
        True when the battle stopped."""
        st = self.state
        if self.aborted is not None:
            st.over = True
            return True
        tally = self.tally
        if tally is not None:
            cap = ""
            if st.work > MAX_ACTIONS:
                cap = f"actions>{MAX_ACTIONS}"
            elif tally.played + st.work_events > MAX_EVENTS:
                cap = f"events>{MAX_EVENTS}"
            elif st.scan > MAX_SCAN:
                cap = f"scan>{MAX_SCAN}"
            if cap:
                self.abort(cap)
                st.over = True
                return True
            return False
        why = ("actions" if st.actions > LOG_ACTIONS else
               "events" if self.rec.event_count > LOG_EVENTS else
               st.grown)
        if why:
            st.summary = why
            self.tally = summary.begin(self.rec, st)
            self.rec = self.tally
        return False

    def write_summary(self) -> None:
        """Write the open tally (if any) as the turn's summary beat."""
        tally = self.tally
        if tally is None:
            return
        self.tally = None
        st = self.state
        limit = {"actions": LOG_ACTIONS, "events": LOG_EVENTS, "fencers": LOG_FENCERS}.get(
            st.summary, LOG_SWORDS)
        self.rec = summary.write(tally, st, st.summary, limit, not st.summary_logged)
        st.summary_logged = True

    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or "draw", st.turn)

    # -- turn skeleton ---------------------------------------------------------------------
    def open_phase(self, phase: str, rule: str, *, log: bool = True) -> None:
        """Open the beat of a phase; ``log`` adds its header line to the log."""
        st = self.state
        st.phase = phase
        if st.executing:
            st.executing = {}
        rec = self.rec
        rec.step(phase, "phase")
        if log:
            rec.add("phase", None, None, rule, {"phase": phase, "turn": st.turn})

    def _turn_zero(self) -> None:
        st = self.state
        st.last = 0
        self.rec.turn = 0
        self.open_phase("ap", "R6.1")
        for line in st.lines:
            for f in line:
                if self.readings.turn0_fast:
                    f.ap = sum(1 for s in f.swords if self.defs[s.sid].act + s.shift <= 0)
                else:
                    f.ap = f.spd
        action_phase(self)
        if self.aborted is not None:
            st.over = True
            return
        self.open_phase("death_check", "R6.1")
        for line in st.lines:
            for f in line:
                if f.hp <= 0:
                    die(self, f, "R6.1")
        st.turn0 = False
        settle(self)

    def _turn(self) -> None:
        st = self.state
        turn = st.turn = st.last = st.turn + 1
        self.rec.turn = turn
        reset = turn >= self.reset_from
        self.open_phase("ap", "R5.3")
        poisoned = False  # whether the 状態効果フェイズ right after has anything to do
        for line in st.lines:
            for f in line:
                if reset:  # R6.3 (Q1): every sword unused again
                    for s in f.swords:
                        s.used = False
                    f.free = 0
                sts = f.st
                if sts[SLEEP] > 0:
                    on_sleep(self, f)
                else:
                    f.ap = f.spd
                if sts[POISON] or sts[VENOM]:
                    poisoned = True
        status_end = self.status_end
        if not status_end:
            self._status_phase(poisoned)
            if st.over:
                return
        action_phase(self)
        if st.over:
            return
        if self.aborted is not None:
            st.over = True
            return
        if status_end:
            self._status_phase()
            if st.over:
                return
        if st.turn >= TURN_LIMIT:  # 星霜剣 moves the counter (§12.7)
            judge(self, "R10.1")

    def _status_phase(self, poisoned: bool | None = None) -> None:
        """猛毒 then every 毒 at once, then deaths (R6.2.4, D17); ``poisoned``: whether
        anyone has 毒 or 猛毒, when the caller knows."""
        st = self.state
        if poisoned is None:
            poisoned = any(f.st[POISON] or f.st[VENOM] for line in st.lines for f in line)
        if not poisoned:
            self.open_phase("status", "R6.2", log=False)  # a quiet beat: nothing to report
            return
        self.open_phase("status", "R6.2")
        fencers = [f for line in st.lines for f in line]
        hurt: list[Fencer] = []
        for status in STATUS_PHASE:
            status.on_status_phase(self, fencers, hurt)
        for f in hurt:
            hp_changed(self, f, "R9.1")
        settle(self)

    # -- output ------------------------------------------------------------------------------
    def members(self) -> list[dict[str, Any]]:
        """Per side, every 剣師 in order of entry with final values (design 4.1)."""
        return view_mod.members(self.state)

    def names(self) -> dict[str, str]:
        """Member id → display name."""
        return view_mod.names(self.state)

    def view(self) -> dict[str, Any]:
        """The page's picture of the current state (see :mod:`.view`)."""
        return view_mod.view(self.state, self.defs)


def new_battle(setup: Setup, ruleset: Ruleset) -> MargueriteBattle:
    """A battle at its start (builds are :class:`Build` objects)."""
    for build in setup.builds:
        assert isinstance(build, Build)
    return MargueriteBattle(setup, ruleset)
