"""Event values made when something reads them (issue 29, compact events).

An engine may hand the recorder (:mod:`kassen.core.events`) an event's values not as a dict but
as a row (:meth:`Recorder.add_row <kassen.core.events.Recorder.add_row>`: the tuple of the
keys, then the values) or as a :class:`Lazy` (a maker and its immutable arguments). Every
reader of the recorded events goes through :func:`settle`, which makes the dict once and
writes it back, so what is read is the same dict every time and the same as a dict given at
once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Lazy:
    """An event's values not made yet: ``make(*args)`` gives the dict. ``args`` holds only
    immutable data (ints, strings, floats, None, tuples of those, frozen objects), never
    anything the battle changes later, so the dict is the same whenever it is made."""

    __slots__ = ("args", "make")

    def __init__(self, make: Callable[..., dict[str, Any]], args: tuple[Any, ...]) -> None:
        self.make = make
        self.args = args

    def build(self) -> dict[str, Any]:
        """The values dict."""
        return self.make(*self.args)


class CheckedLazy(Lazy):
    """A :class:`Lazy` made while :data:`kassen.core.events.CHECK_LAZY` is on: it keeps the
    ``repr`` of the values made at once and checks the later build against it."""

    __slots__ = ("made",)

    def __init__(self, make: Callable[..., dict[str, Any]], args: tuple[Any, ...]) -> None:
        super().__init__(make, args)
        self.made = repr(make(*args))

    def build(self) -> dict[str, Any]:
        values = self.make(*self.args)
        if repr(values) != self.made:
            raise AssertionError(f"lazy values changed after they were recorded: {self.make!r} "
                                 f"made {self.made} then, {values!r} now")
        return values


def row_values(row: tuple[Any, ...]) -> dict[str, Any]:
    """The values dict of a row (:meth:`Recorder.add_row`): its keys, then the values."""
    return dict(zip(row[0], row[1:], strict=True))


def settle(raw: list[Any], start: int) -> None:
    """Make the values of the events ``raw[start:]`` (a beat's ``RawEvent`` tuples, see
    :mod:`kassen.core.events`) that are still a :class:`Lazy` or a row (:meth:`Recorder.add_row`),
    writing each dict back into its tuple (in place: the list is the recorder's)."""
    for at in range(start, len(raw)):
        event = raw[at]
        values = event[5]
        if values.__class__ is tuple:  # a row: its keys, then the values
            raw[at] = (*event[:5], row_values(values), *event[6:])  # type: ignore[arg-type]
        elif isinstance(values, Lazy):
            raw[at] = (*event[:5], values.build(), *event[6:])
