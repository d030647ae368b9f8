"""Language-free events and steps (design 3).

An :class:`Event` is data only: what happened, to whom, with which numbers, and which rule
made it happen. A :class:`Step` groups the events the page animates as one beat (a phase or an
action). The :class:`Recorder` is what an engine writes to; it numbers events and steps and,
when asked, captures the page's view of the battle at the end of every step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_new = object.__new__


class Event:
    """One thing that happened. ``values`` holds plain JSON data (ints, strings, lists)."""

    __slots__ = ("actor", "cause", "kind", "phase", "rule", "seq", "target", "turn", "values")

    def __init__(
        self,
        seq: int,
        turn: int,
        phase: str,
        kind: str,
        actor: str | None,
        target: str | None,
        values: dict[str, Any],
        cause: str | None,
        rule: str | None,
    ) -> None:
        self.seq = seq
        self.turn = turn
        self.phase = phase
        self.kind = kind
        self.actor = actor
        self.target = target
        self.values = values
        self.cause = cause
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        """The event as the JSON object of design 3."""
        return {
            "seq": self.seq,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "actor": self.actor,
            "target": self.target,
            "values": self.values,
            "cause": self.cause,
            "rule": self.rule,
        }

    def __repr__(self) -> str:
        return f"Event({self.to_json()!r})"


class Step:
    """One beat of the battle: a phase or an action, with its events."""

    __slots__ = ("events", "index", "kind", "phase", "turn", "view")

    def __init__(self, index: int, turn: int, phase: str, kind: str) -> None:
        self.index = index
        self.turn = turn
        self.phase = phase
        self.kind = kind
        self.events: list[Event] = []
        self.view: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The step without its view (views are added by the page API when wanted)."""
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "events": [e.to_json() for e in self.events],
        }


class Recorder:
    """Collects the steps and events an engine emits.

    ``step(phase, kind)`` opens a new beat and closes the previous one; ``emit`` adds an event
    to the open beat. When ``view`` is given, it is called as each beat closes and its result is
    stored on the step, so the page can show the state after every beat.
    """

    __slots__ = ("_first", "_open", "_seq", "steps", "turn", "view")

    def __init__(
        self,
        view: Callable[[], dict[str, Any]] | None = None,
        *,
        first_index: int = 0,
        first_seq: int = 0,
        turn: int = 0,
    ) -> None:
        self.steps: list[Step] = []
        self.view = view
        self.turn = turn
        self._first = first_index
        self._seq = first_seq
        self._open: Step | None = None

    @property
    def event_count(self) -> int:
        """How many events have been emitted so far."""
        return self._seq

    def step(self, phase: str, kind: str) -> Step:
        """Close the open beat (if any) and open a new one."""
        if self.view is not None and self._open is not None:
            self._open.view = self.view()
        steps = self.steps
        # Step's fields stored directly: one beat per phase or action is on every hot path
        step = _new(Step)
        step.index = self._first + len(steps)
        step.turn = self.turn
        step.phase = phase
        step.kind = kind
        step.events = []
        step.view = None
        steps.append(step)
        self._open = step
        return step

    def emit(
        self,
        kind: str,
        actor: str | None = None,
        target: str | None = None,
        *,
        rule: str | None = None,
        cause: str | None = None,
        **values: Any,
    ) -> Event:
        """Add an event to the open beat (a beat of the event's kind is opened if none is)."""
        return self.add(kind, actor, target, rule, values, cause)

    def add(self, kind: str, actor: str | None, target: str | None, rule: str | None,
            values: dict[str, Any], cause: str | None = None) -> Event:
        """:meth:`emit` with positional arguments and the values as a ready dict.

        The engines' most frequent events come through here: a call with keyword arguments
        collected into ``**values`` costs about twice as much as passing a dict display.
        """
        step = self._open or self.step("", kind)
        seq = self._seq
        self._seq = seq + 1
        # Event's fields stored directly (no __init__ frame): every event passes here
        event = _new(Event)
        event.seq = seq
        event.turn = self.turn
        event.phase = step.phase
        event.kind = kind
        event.actor = actor
        event.target = target
        event.values = values
        event.cause = cause
        event.rule = rule
        step.events.append(event)
        return event

    def close(self) -> None:
        """Close the open beat, capturing the view when one is wanted."""
        step = self._open
        if step is not None:
            if self.view is not None:
                step.view = self.view()
            self._open = None

    @property
    def step_count(self) -> int:
        """How many steps have been opened so far (including ``first_index``)."""
        return self._first + len(self.steps)

    def truncate(self, step_count: int, event_count: int) -> None:
        """Drop what came after ``step_count`` steps and ``event_count`` events."""
        del self.steps[step_count - self._first :]
        self._seq = event_count
        self._open = None

    def events(self) -> list[Event]:
        """All events in order."""
        return [e for s in self.steps for e in s.events]


class NullRecorder(Recorder):
    """A recorder that keeps nothing: the bench's bare loop moves the same numbers with no
    event bookkeeping, which measures what the event layer costs."""

    __slots__ = ()

    def step(self, phase: str, kind: str) -> Step:
        """A throwaway beat."""
        return Step(0, self.turn, phase, kind)

    def add(self, kind: str, actor: str | None, target: str | None, rule: str | None,
            values: dict[str, Any], cause: str | None = None) -> Event:
        """Count the event, keep nothing."""
        self._seq += 1
        return _NULL_EVENT

    def close(self) -> None:
        """Nothing is open."""


_NULL_EVENT = Event(0, 0, "", "", None, None, {}, None, None)
