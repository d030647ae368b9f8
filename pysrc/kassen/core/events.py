"""Language-free events and steps (design 3).

An :class:`Event` is data only: what happened, to whom, with which numbers, and which rule
made it happen. A :class:`Step` groups the events the page animates as one beat (a phase or an
action). The :class:`Recorder` is what an engine writes to; it numbers events and steps and,
when asked, captures the page's view of the battle at the end of every step.

While a battle plays, the recorder keeps each beat and each event as a plain tuple (a
:data:`RawBeat`, a :data:`RawEvent`): most battles are played only to be digested or counted
(benchmarks, tournaments, link checks), and building an object per event and per beat was a
large part of the engines' cost. :attr:`Recorder.steps` builds the :class:`Step` objects, and
:attr:`Step.events` the :class:`Event` objects, when something reads them (and keeps them);
the JSON of the events (:meth:`Recorder.events_json`) is made from the tuples directly. The
data is the same either way: an event's values dict is the very dict the engine gave.

An engine may hand an event's values as a row (:meth:`Recorder.add_row`): a tuple of the
values behind the tuple of their keys, which costs a fraction of a dict to make. Or as a
:class:`~kassen.core.deferred.Lazy` (:meth:`Recorder.add_lazy`): a function and the immutable
arguments it makes the dict from. Every reader of the recorded tuples (:attr:`Step.events`,
:func:`raw_json`, so the JSON, digests and views) builds the dict on first read and writes it
back into the tuple (:mod:`kassen.core.deferred`), so what is read is the same dict every time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kassen.core.deferred import CheckedLazy, Lazy, settle

RawEvent = tuple[int, int, str, "str | None", "str | None", dict[str, Any], "str | None",
                 "str | None"]
"""An event as recorded: ``(seq, turn, kind, actor, target, values, cause, rule)`` (its phase
is its beat's). Its values may be a :class:`Lazy` until something reads them."""

Known = tuple[str, "str | None", "str | None", dict[str, Any], "str | None", "str | None"]
"""An event an engine hands :meth:`Recorder.again` whole: ``(kind, actor, target, values,
cause, rule)``, without the numbers the recorder gives it."""

RawBeat = tuple[int, str, str, list[RawEvent]]
"""A beat as recorded: ``(turn, phase, kind, events)``."""

CHECK_LAZY = False
"""Tests turn this on to check every :class:`Lazy` is sound: :meth:`Recorder.add_lazy` then
also makes the values at once and keeps their ``repr``, and the first read checks that the
dict made then is the same (a maker that read something the battle changed meanwhile is not)."""


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


def raw_json(phase: str, raw: list[RawEvent]) -> list[dict[str, Any]]:
    """The recorded events of a beat of ``phase`` as :meth:`Event.to_json` gives them (the same
    keys in the same order), without building the events."""
    settle(raw, 0)
    return [{"seq": seq, "turn": turn, "phase": phase, "kind": kind, "actor": actor,
             "target": target, "values": values, "cause": cause, "rule": rule}
            for seq, turn, kind, actor, target, values, cause, rule in raw]


class Step:
    """One beat of the battle: a phase or an action, with its events.

    ``raw`` is the beat's list of recorded events (:data:`RawEvent`), shared with the recorder
    while the beat is open; :attr:`events` builds the :class:`Event` objects when first read.
    """

    __slots__ = ("_built", "_raw", "index", "kind", "phase", "turn", "view")

    def __init__(self, index: int, turn: int, phase: str, kind: str,
                 raw: list[RawEvent] | None = None) -> None:
        self.index = index
        self.turn = turn
        self.phase = phase
        self.kind = kind
        self._raw: list[RawEvent] = [] if raw is None else raw
        self._built: list[Event] = []
        self.view: dict[str, Any] | None = None

    @property
    def events(self) -> list[Event]:
        """The beat's events, built on first read (and extended if the open beat grew since);
        the same list every time."""
        built, raw = self._built, self._raw
        if len(built) < len(raw):
            settle(raw, len(built))
            phase = self.phase
            built.extend([Event(seq, turn, phase, kind, actor, target, values, cause, rule)
                          for seq, turn, kind, actor, target, values, cause, rule
                          in raw[len(built):]])
        return built

    def events_json(self) -> list[dict[str, Any]]:
        """The beat's events as JSON data (``[e.to_json() for e in self.events]``)."""
        return raw_json(self.phase, self._raw)

    def to_json(self) -> dict[str, Any]:
        """The step without its view (views are added by the page API when wanted)."""
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "events": self.events_json(),
        }


class Recorder:
    """Collects the steps and events an engine emits.

    ``step(phase, kind)`` opens a new beat and closes the previous one; ``emit`` adds an event
    to the open beat. When ``view`` is given, it is called as each beat closes and its result is
    stored on the step, so the page can show the state after every beat. Beats and events are
    kept as tuples (see the module's docstring); :attr:`steps` gives them as objects.
    """

    __slots__ = ("_again", "_beats", "_first", "_open", "_steps", "_views", "event_count",
                 "turn", "view")

    def __init__(
        self,
        view: Callable[[], dict[str, Any]] | None = None,
        *,
        first_index: int = 0,
        first_seq: int = 0,
        turn: int = 0,
    ) -> None:
        self.view = view
        self.turn = turn
        self._first = first_index
        self.event_count = first_seq
        """How many events have been emitted so far (including ``first_seq``; read-only)."""
        self._beats: list[RawBeat] = []
        self._open: list[RawEvent] | None = None
        """The open beat's events (None when no beat is open)."""
        self._steps: list[Step] = []
        """The beats built as :class:`Step` objects so far (a prefix of ``_beats``)."""
        self._views: dict[int, dict[str, Any]] = {}
        """Beat position → the view captured as it closed (only with ``view``)."""
        self._again: list[tuple[int, int, int]] = []
        """Stretches of beats :meth:`again` recorded, not yet numbered: (position of the
        first, how many, the first event's seq)."""

    @property
    def phase(self) -> str | None:
        """The phase of the latest beat (open or closed), None before the first: what a view
        names as the battle's current step."""
        beats = self._beats
        return beats[-1][1] if beats else None

    @property
    def steps(self) -> list[Step]:
        """Every beat so far as a :class:`Step` (built on first read; the same list, grown,
        every time). Treat it as read-only."""
        if self._again:
            self._number()
        built, beats = self._steps, self._beats
        if len(built) < len(beats):
            first, views = self._first, self._views
            for at in range(len(built), len(beats)):
                turn, phase, kind, raw = beats[at]
                step = Step(first + at, turn, phase, kind, raw)
                step.view = views.get(at)
                built.append(step)
        return built

    def recent(self, count: int) -> list[RawBeat]:
        """The last ``count`` beats as recorded (:data:`RawBeat`, lazy values made): what an
        engine that replays a stretch of its own battle reads, without building a
        :class:`Step` or an :class:`Event` (treat it as read-only)."""
        if self._again:
            self._number()
        beats = self._beats[len(self._beats) - count:]
        for beat in beats:
            settle(beat[3], 0)
        return beats

    def recent_turn(self, turn: int) -> list[RawBeat]:
        """The beats at the end stamped with ``turn`` (the turn an engine just played), as
        :meth:`recent` gives them: an engine that replays its turns learns how many beats a
        turn had here, without counting steps every turn."""
        beats = self._beats
        at = len(beats)
        while at > 0 and beats[at - 1][0] == turn:
            at -= 1
        return self.recent(len(beats) - at)

    def _capture(self) -> None:
        """Store the view of the open beat (the last one) as it closes."""
        assert self.view is not None
        at = len(self._beats) - 1
        view = self._views[at] = self.view()
        if at < len(self._steps):
            self._steps[at].view = view

    def step(self, phase: str, kind: str) -> None:
        """Close the open beat (if any) and open a new one."""
        if self.view is not None and self._open is not None:
            self._capture()
        events: list[RawEvent] = []
        self._beats.append((self.turn, phase, kind, events))
        self._open = events

    def step_row(self, phase: str, kind: str, e_kind: str, actor: str | None,
                 target: str | None, rule: str | None, row: tuple[Any, ...],
                 cause: str | None = None) -> None:
        """:meth:`step` and then :meth:`add_row` in one call: a beat opened with its first
        event, its values a row (an engine's phase header, or the first event of an action).
        Most beats open so, and a call is much of what recording one costs."""
        if self.view is not None and self._open is not None:
            self._capture()
        turn = self.turn
        seq = self.event_count
        self.event_count = seq + 1
        events: list[RawEvent] = [(seq, turn, e_kind, actor, target, row, cause, rule)]  # type: ignore[list-item]
        self._beats.append((turn, phase, kind, events))
        self._open = events

    def emit(
        self,
        kind: str,
        actor: str | None = None,
        target: str | None = None,
        *,
        rule: str | None = None,
        cause: str | None = None,
        **values: Any,
    ) -> None:
        """Add an event to the open beat (a beat of the event's kind is opened if none is)."""
        self.add(kind, actor, target, rule, values, cause)

    def add(self, kind: str, actor: str | None, target: str | None, rule: str | None,
            values: dict[str, Any], cause: str | None = None) -> None:
        """:meth:`emit` with positional arguments and the values as a ready dict.

        The engines' most frequent events come through here: a call with keyword arguments
        collected into ``**values`` costs about twice as much as passing a dict display.
        """
        events = self._open
        if events is None:
            self.step("", kind)
            events = self._open
            assert events is not None
        seq = self.event_count
        self.event_count = seq + 1
        events.append((seq, self.turn, kind, actor, target, values, cause, rule))

    add_row = add
    """:meth:`add` with the values as a row: ``add_row(kind, actor, target, rule, (keys, value,
    value, …), cause)``, ``keys`` a tuple of the values' keys in order (one constant per kind of
    event). ``add`` keeps what it is given as it is, so a row is recorded as a dict would be, and
    the dict ``dict(zip(keys, values))`` is made when something reads the event
    (:func:`kassen.core.deferred.settle`): a tuple costs a fraction of a dict to make, and most
    battles' events are never read one by one. A recorder that reads or drops values overrides
    both."""

    def add_rows(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                 rows: list[tuple[Any, ...]], cause: str | None = None) -> None:
        """:meth:`add_row` for each of ``rows`` in one call: events of one kind, actor, target
        and rule that differ only in their values (the hits of a sword that hits several
        times), numbered in order."""
        events = self._open
        if events is None:
            self.step("", kind)
            events = self._open
            assert events is not None
        seq = self.event_count
        turn = self.turn
        for row in rows:
            events.append((seq, turn, kind, actor, target, row, cause, rule))  # type: ignore[arg-type]
            seq += 1
        self.event_count = seq

    def add_lazy(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                 make: Callable[..., dict[str, Any]], args: tuple[Any, ...],
                 cause: str | None = None) -> None:
        """:meth:`add` with the values made only when read: ``make(*args)`` (a :class:`Lazy`;
        ``args`` immutable). Most battles' events are never read one by one, and making the
        dicts of the frequent ones was a large part of an engine's cost."""
        # add's body, not a call to it: the extra call measured +2 % of the dice's play
        events = self._open
        if events is None:
            self.step("", kind)
            events = self._open
            assert events is not None
        seq = self.event_count
        self.event_count = seq + 1
        lazy = CheckedLazy(make, args) if CHECK_LAZY else Lazy(make, args)
        events.append((seq, self.turn, kind, actor, target, lazy, cause, rule))  # type: ignore[arg-type]

    def again(self, beats: list[tuple[str, str, tuple[Known, ...]]],
              count: int | None = None) -> None:
        """Record whole beats an engine already knows, each ``(phase, kind, events)`` with its
        events as :data:`Known` tuples (a turn it replays): the record is the one :meth:`step`
        and then :meth:`add` for each event make, but the events are numbered and stored as
        :data:`RawEvent` tuples only when something reads the beats (:attr:`steps`,
        :meth:`events_json`, :meth:`recent`); :attr:`event_count` counts them at once
        (``count``: how many events the beats hold, when the engine knows). The last beat is
        closed: an event after it needs a :meth:`step` first. Only without a ``view`` (a
        beat's view is the state as it closes, which a recorded beat has not)."""
        if self.view is not None:
            raise ValueError("again() records beats without their views")
        recorded = self._beats
        seq = self.event_count
        self._again.append((len(recorded), len(beats), seq))
        turn = self.turn
        append = recorded.append
        for phase, kind, events in beats:  # (a loop: a comprehension is a frame of its own)
            append((turn, phase, kind, events))  # type: ignore[arg-type]
        if count is None:
            count = 0
            for _phase, _kind, events in beats:
                count += len(events)
        self.event_count = seq + count
        self._open = None

    def _number(self) -> None:
        """Number the events of the beats :meth:`again` recorded and store them as
        :data:`RawEvent` lists, as :meth:`add` would have."""
        beats = self._beats
        for start, count, first in self._again:
            seq = first
            for at in range(start, start + count):
                turn, phase, kind, events = beats[at]
                beats[at] = (turn, phase, kind, [
                    (number, turn, e_kind, actor, target, values, cause, rule)
                    for number, (e_kind, actor, target, values, cause, rule)
                    in enumerate(events, seq)])
                seq += len(events)
        self._again = []

    def close(self) -> int:
        """Close the open beat, capturing the view when one is wanted; returns
        :attr:`step_count` (the driver checks its cap after every turn, and one call costs
        less than two)."""
        if self._open is not None:
            if self.view is not None:
                self._capture()
            self._open = None
        return self._first + len(self._beats)

    @property
    def step_count(self) -> int:
        """How many steps have been opened so far (including ``first_index``)."""
        return self._first + len(self._beats)

    def truncate(self, step_count: int, event_count: int) -> None:
        """Drop what came after ``step_count`` steps and ``event_count`` events."""
        keep = step_count - self._first
        if self._again:
            self._number()
        del self._beats[keep:]
        del self._steps[keep:]
        for at in [at for at in self._views if at >= keep]:
            del self._views[at]
        self.event_count = event_count
        self._open = None

    def events(self) -> list[Event]:
        """All events in order."""
        return [e for s in self.steps for e in s.events]

    def events_json(self) -> list[dict[str, Any]]:
        """All events as JSON data, made from the recorded tuples (no objects built)."""
        if self._again:
            self._number()
        out: list[dict[str, Any]] = []
        for _turn, phase, _kind, raw in self._beats:
            out += raw_json(phase, raw)
        return out
