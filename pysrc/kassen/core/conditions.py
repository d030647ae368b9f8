"""Conditions: every status, flag or member state of every ruleset is one row of this type.

As in Pokémon Showdown's ``data/conditions.ts``, a :class:`Condition` row holds a status's
names (English key, Japanese term, English gloss), the rule that defines it, whether it is a
bad status, its ``order`` among conditions acting at the same moment, and one handler per
*moment* it reacts to (``on_status_phase``, ``on_hit_taken``…; each ruleset names its own
moments after its rules). A ruleset keeps its rows in one :class:`Conditions` catalogue, and
its rule code reaches them only through :meth:`Conditions.at` (the rows acting at a moment, in
order) or :meth:`Conditions.dispatch`, never by if/elif on names: a new status is one row in
one file.

How a bearer holds its conditions (a count per row, a list of timed effects, a flag) is the
ruleset's state; a row's ``index`` is its position in the catalogue, so a holder may keep a
list of counts indexed by it and the hot paths test an integer slot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Handler = Callable[..., Any]
"""A handler: called with the table first, then what its moment passes."""


class Condition:
    """One status row: identity, rule, order and the handlers by moment."""

    __slots__ = ("bad", "en", "handlers", "index", "ja", "key", "order", "rule")

    def __init__(self, key: str, ja: str, en: str, rule: str, *, bad: bool = False,
                 order: int = 0, **handlers: Handler) -> None:
        self.key = key
        self.ja = ja
        self.en = en
        self.rule = rule
        self.bad = bad
        self.order = order
        self.index = -1
        self.handlers: Mapping[str, Handler] = dict(handlers)
        for moment in self.handlers:
            if not moment.startswith("on_"):
                raise ValueError(f"condition {key}: moment {moment!r} must start with 'on_'")

    def on(self, moment: str) -> Handler | None:
        """The handler for ``moment``, or None when the row does not react to it."""
        return self.handlers.get(moment)

    def __repr__(self) -> str:
        return f"Condition({self.key!r})"


class Conditions:
    """A ruleset's catalogue of condition rows, in a fixed order (the row's ``index``), with
    the rows of each moment sorted once by ``order`` (then catalogue order)."""

    __slots__ = ("_at", "by_key", "rows")

    def __init__(self, rows: Iterable[Condition]) -> None:
        self.rows: tuple[Condition, ...] = tuple(rows)
        self.by_key: dict[str, Condition] = {}
        moments: dict[str, list[Condition]] = {}
        for index, row in enumerate(self.rows):
            if row.key in self.by_key:
                raise ValueError(f"condition {row.key} is listed twice")
            row.index = index
            self.by_key[row.key] = row
            for moment in row.handlers:
                moments.setdefault(moment, []).append(row)
        self._at: dict[str, tuple[tuple[Condition, Handler], ...]] = {
            moment: tuple((row, row.handlers[moment])
                          for row in sorted(found, key=lambda r: (r.order, r.index)))
            for moment, found in moments.items()}

    def __getitem__(self, key: str) -> Condition:
        return self.by_key[key]

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def at(self, moment: str) -> tuple[tuple[Condition, Handler], ...]:
        """The (row, handler) pairs acting at ``moment``, in order; empty when none does."""
        return self._at.get(moment, ())

    def dispatch(self, moment: str, table: Any, *args: Any) -> None:
        """Call every handler of ``moment`` in order with the table and ``args``."""
        for _row, handler in self._at.get(moment, ()):
            handler(table, *args)
