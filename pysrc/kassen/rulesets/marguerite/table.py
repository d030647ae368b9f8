"""The table of a マーガレット2011α battle: what every rule function acts on.

:class:`MargueriteTable` is the core's :class:`kassen.core.table.Table` (state, recorder,
generator, option readings, decider) with the values made once per battle that the hot paths
read as slots (the sword rows for the start, the executable-sword starts, the MP costs, the
readings the turn loop asks every turn), the log budget's working parts (the open tally, the
fast-forwarded runs, the 剣師 re-armed by the cycle reading) and the safety cap that stopped
the battle, and what the replay of repeated turns knows (:class:`Repeats`, rules/repeat.py).
The log budget (constants.py) lives here because rule sections reach it: a
行動処理 ends with :meth:`MargueriteTable.after_beat`, the judgement writes the open summary
first. The engine builds the table in its set-up and the battle forwards ``rec`` and
``aborted`` to it, so whoever swaps the battle's recorder (the driver, the summary) swaps the
table's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.core.table import Table
from kassen.rulesets.marguerite.catalogue import SwordDef
from kassen.rulesets.marguerite.constants import (
    LOG_ACTIONS,
    LOG_EVENTS,
    LOG_FENCERS,
    LOG_SWORDS,
    MAX_ACTIONS,
    MAX_EVENTS,
    MAX_SCAN,
)
from kassen.rulesets.marguerite.model import State
from kassen.rulesets.marguerite.options import Readings
from kassen.rulesets.marguerite.rules import summary
from kassen.rulesets.marguerite.rules.actions import PHASE_ROW
from kassen.rulesets.marguerite.rules.runs import Runs


class Settings(NamedTuple):
    """The values a table reads from its battle's readings, in the order of
    :class:`MargueriteTable`'s slots they fill: the same for every battle with the same
    readings, so the engine's ``settings`` makes them once per readings object."""

    defs: tuple[SwordDef, ...]
    """The sword rows for the start (R4.2, §18.9)."""
    mp_costs: tuple[int, ...]
    has_mp_costs: bool
    """any(mp_costs)."""
    starts: tuple[int | None, ...]
    """The executable-sword starts (executable.start_table)."""
    reset_cycle: bool
    no_next_blocked: bool
    reserve_always: bool
    turn0_dead_skip: bool
    status_end: bool
    heal_negative: bool
    reset_from: int
    """R6.3 (Q1): the first turn resetting."""
    live_sword: bool
    """§21 D7 alternative: the executing sword is read at effect time."""


class Repeats:
    """What rules/repeat.py knows of a battle's turns: the state key at the end of the last
    watched turn (of ``state``), and the template of a turn that repeats once one is found."""

    __slots__ = ("actions", "events", "heads", "key", "phase", "sign", "state", "template")

    def __init__(self) -> None:
        self.state: object = None
        """The state object the record is of (a restored snapshot is another one)."""
        self.key: tuple[Any, ...] | None = None
        self.sign: list[int] | None = None
        """The HP, 攻撃力, 防御力, 素早さ, MP and sword count of every 剣師 in the lines at
        the end of the last watched turn."""
        self.template: list[tuple[str, str, tuple[tuple[Any, ...], ...]]] | None = None
        """Per step of the fixed-point turn: phase, kind and its events (Recorder.again's)."""
        self.heads: list[tuple[int, str, str, tuple[Any, ...], tuple[Any, ...]]] = []
        """The template's steps that open with a phase header, the one event that carries the
        turn: position, phase, kind, the header and the events after it."""
        self.actions = 0
        """行動処理 the template's turn counted."""
        self.events = 0
        """Events the template's turn emitted."""
        self.phase = ""
        """The phase the template's turn ended in."""


class MargueriteTable(Table[State, Readings]):
    """State, recorder, readings and the per-battle values of one battle (see the module)."""

    __slots__ = ("aborted", "cycled", "defs", "fast_forward", "has_mp_costs", "heal_negative",
                 "live_sword", "mp_costs", "no_next_blocked", "repeats", "replay",
                 "reserve_always", "reset_cycle", "reset_from", "runs", "starts", "status_end",
                 "tally", "turn0_dead_skip", "turn_read")

    def __init__(self, state: State, rec: Recorder, rng: Rng, readings: Readings,
                 decider: Decider, settings: Settings) -> None:
        super().__init__(state, rec, rng, readings, decider)
        # the sword rows, MP costs, executable-sword starts and the readings the turn loop
        # asks about every turn: the same for every battle with these readings
        (self.defs, self.mp_costs, self.has_mp_costs, self.starts, self.reset_cycle,
         self.no_next_blocked, self.reserve_always, self.turn0_dead_skip, self.status_end,
         self.heal_negative, self.reset_from, self.live_sword) = settings
        self.cycled: list[str] = []  # 剣師 re-armed by the cycle reading, not yet logged
        self.tally: summary.Tally | None = None  # while the log is summarised (constants.py)
        self.runs = Runs()  # repeating summarised beats, fast-forwarded (runs.py)
        self.fast_forward = True
        """Off only in the test that checks fast-forwarding changes nothing."""
        self.repeats = Repeats()  # a turn that repeats, replayed (rules/repeat.py)
        self.replay = True
        """Off only in the test that checks replaying repeated turns changes nothing."""
        self.turn_read = False
        """Whether a sword that reads or moves the turn number was executed since the turn
        began (set at payment; rules/repeat.py never replays such a turn)."""
        self.aborted: str | None = None
        """The safety cap that stopped the battle, if one did."""

    def open_phase(self, phase: str, rule: str, *, log: bool = True) -> None:
        """Open the beat of a phase; ``log`` adds its header line to the log."""
        st = self.state
        st.phase = phase
        if st.executing:
            st.executing = {}
        if log:
            self.rec.step_row(phase, "phase", "phase", None, None, rule,
                              (PHASE_ROW, phase, st.turn))
        else:
            self.rec.step(phase, "phase")

    def abort(self, cap: str) -> None:
        """Stop at a safety cap (the core's ``Battle.abort``): what was summarised so far is
        written first, then the ``aborted`` event; the result becomes ``aborted``."""
        self.write_summary()
        self.aborted = cap
        rec = self.rec
        rec.step("end", "aborted")
        rec.emit("aborted", rule="cap", cap=cap)
        rec.close()

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
