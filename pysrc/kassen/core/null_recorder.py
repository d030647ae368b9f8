"""A recorder that keeps nothing (:class:`NullRecorder`): the bench's bare loop plays the same
battles with no event bookkeeping, which measures what the event layer costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kassen.core.events import Known, Recorder


class NullRecorder(Recorder):
    """A recorder that keeps nothing: the bench's bare loop moves the same numbers with no
    event bookkeeping, which measures what the event layer costs."""

    __slots__ = ()

    def step(self, phase: str, kind: str) -> None:
        """Nothing is kept."""

    def add(self, kind: str, actor: str | None, target: str | None, rule: str | None,
            values: dict[str, Any], cause: str | None = None) -> None:
        """Count the event, keep nothing."""
        self.event_count += 1

    def add_row(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                row: tuple[Any, ...], cause: str | None = None) -> None:
        """Count the event, keep nothing."""
        self.event_count += 1

    def step_row(self, phase: str, kind: str, e_kind: str, actor: str | None,
                 target: str | None, rule: str | None, row: tuple[Any, ...],
                 cause: str | None = None) -> None:
        """Count the event, keep nothing."""
        self.event_count += 1

    def add_rows(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                 rows: list[tuple[Any, ...]], cause: str | None = None) -> None:
        """Count the events, keep nothing."""
        self.event_count += len(rows)

    def again(self, beats: list[tuple[str, str, tuple[Known, ...]]],
              count: int | None = None) -> None:
        """Count the events, keep nothing."""
        if count is not None:
            self.event_count += count
            return
        for _phase, _kind, events in beats:
            self.event_count += len(events)

    def add_lazy(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                 make: Callable[..., dict[str, Any]], args: tuple[Any, ...],
                 cause: str | None = None) -> None:
        """Count the event, keep nothing (the values are never made)."""
        self.event_count += 1

    def close(self) -> int:
        """Nothing is open; the step count is kept as :class:`Recorder` keeps it."""
        return self.step_count
