"""The battle driver: runs a battle turn by turn, with snapshots at turn starts.

Stepping forward computes turns on demand; seeking back to any step restores the snapshot of
that step's turn and re-simulates at most that one turn. Safety caps on turns and steps stop a
battle with a logged reason (result ``aborted``) so nothing can run without bound.
"""

from __future__ import annotations

import bisect
from typing import Any

from kassen.core.decisions import NeedDecision
from kassen.core.events import Recorder, Step
from kassen.core.ruleset import Battle, Result


class Driver:
    """Drives one battle; ``snapshots=False`` is the fast path for headless runs."""

    def __init__(self, battle: Battle, *, snapshots: bool = True) -> None:
        self.battle = battle
        self.snapshots = snapshots
        self._marks: list[int] = []
        self._snaps: list[Any] = []
        self.turns_played = 0
        self.position = -1
        self.partial: list[Step] = []
        """Steps of the turn that stopped for a person's decision, up to that decision."""

    @property
    def steps(self) -> list[Step]:
        """Every step computed so far."""
        return self.battle.rec.steps

    @property
    def done(self) -> bool:
        """Whether the battle has ended (normally or at a cap)."""
        return self.battle.finished or self.battle.aborted is not None

    def play_turn(self) -> list[Step]:
        """Simulate one more turn and return its steps.

        Raises :class:`NeedDecision` (with the battle back at the turn start) when a person
        must answer; call :meth:`answer` and then this again.
        """
        battle = self.battle
        rec = battle.rec
        first = rec.step_count
        snap = battle.snapshot() if self.snapshots else None
        try:
            battle.play_turn()
        except NeedDecision:
            rec.close()
            self.partial = rec.steps[first:]
            if snap is not None:
                battle.restore(snap)
            raise
        self.partial = []
        rec.close()
        if snap is not None:
            self._marks.append(first)
            self._snaps.append(snap)
        self.turns_played += 1
        ruleset = battle.ruleset
        if not battle.finished:
            if self.turns_played >= ruleset.max_turns:
                battle.abort(f"turns>={ruleset.max_turns}")
            elif rec.step_count >= ruleset.max_steps:
                battle.abort(f"steps>={ruleset.max_steps}")
        return rec.steps[first:]

    def run(self) -> Result:
        """Play to the end and return the result."""
        if self.snapshots:
            while not self.done:
                self.play_turn()
            return self.battle.final_result()
        # The headless fast path (benchmarks, tournaments): the same turns and caps as
        # play_turn, without snapshot bookkeeping.
        battle = self.battle
        rec = battle.rec
        play = battle.play_turn
        max_turns = battle.ruleset.max_turns
        max_steps = battle.ruleset.max_steps
        turns = self.turns_played
        done = battle.finished or battle.aborted is not None
        close = rec.close
        while not done:
            play()
            steps = close()
            turns += 1
            done = battle.finished or battle.aborted is not None
            if done:
                break
            if turns >= max_turns:
                battle.abort(f"turns>={max_turns}")
                break
            if steps >= max_steps:
                battle.abort(f"steps>={max_steps}")
                break
        self.turns_played = turns
        return battle.final_result()

    def answer(self, value: Any) -> None:
        """Record a person's answer to the pending request."""
        self.battle.decider.choices.append(value)

    def seek(self, index: int) -> Step | None:
        """Move to step ``index`` (computing turns as needed); None past the end."""
        while index >= len(self.steps) and not self.done:
            self.play_turn()
        if not 0 <= index < len(self.steps):
            return None
        self.position = index
        return self.steps[index]

    def forward(self) -> Step | None:
        """The next step, or None at the end."""
        return self.seek(self.position + 1)

    def back(self) -> Step | None:
        """The previous step, or None at the start."""
        return self.seek(self.position - 1) if self.position > 0 else None

    def view_at(self, index: int) -> dict[str, Any]:
        """The page's view after step ``index``, re-simulating at most one turn."""
        if not self.snapshots:
            raise ValueError("view_at needs a driver with snapshots")
        if self.seek(index) is None:
            raise IndexError(index)
        at = bisect.bisect_right(self._marks, index) - 1
        battle = self.battle
        current = battle.snapshot()
        main = battle.rec
        steps, events, turn = battle.snapshot_position(self._snaps[at])
        battle.restore(self._snaps[at], truncate=False)
        battle.rec = Recorder(battle.view, first_index=steps, first_seq=events, turn=turn)
        try:
            battle.play_turn()
            battle.rec.close()
            view = battle.rec.steps[index - steps].view
        finally:
            battle.rec = main
            battle.restore(current, truncate=False)
        assert view is not None
        return view
