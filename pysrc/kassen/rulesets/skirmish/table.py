"""The skirmish table (issue 28): what every rule function of this ruleset acts on.

The engine builds it once per battle in its set-up; rule functions take ``t: SkirmishTable``
and read the state, the recorder, the generator, the option readings (``t.readings``), the
decider and the area map from it, never the battle.
"""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Decider, Request
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.core.table import Table
from kassen.rulesets.skirmish.model import State, Unit
from kassen.rulesets.skirmish.options import Readings
from kassen.rulesets.skirmish.rules.battlefield import AreaMap


class SkirmishTable(Table[State, Readings]):
    """State, recorder, generator, readings and decider of one skirmish, with its area map
    and the units by id."""

    __slots__ = ("__weakref__", "_index", "_index_of", "able_seen", "map")

    def __init__(self, state: State, rec: Recorder, rng: Rng, readings: Readings,
                 decider: Decider, area_map: AreaMap) -> None:
        super().__init__(state, rec, rng, readings, decider)
        self.map = area_map
        self._index_of: list[Unit] | None = None
        self._index: dict[str, Unit] = {}
        self.able_seen: tuple[list[Unit], Unit, Unit] | None = None
        """The units list and, in it, a unit of each side last seen 戦闘可能 (§10.1): where
        :func:`.victory.check_end` looks first."""

    def unit(self, uid: str) -> Unit:
        """The unit with id ``uid`` (the index is rebuilt when a snapshot replaced the state)."""
        if self._index_of is not self.state.units:
            return self.by_id()[uid]
        return self._index[uid]

    def by_id(self) -> dict[str, Unit]:
        """The units by id, for a caller that looks up several (shared: never change it)."""
        units = self.state.units
        if self._index_of is not units:
            self._index = {u.id: u for u in units}
            self._index_of = units
        return self._index

    def ask(self, side: int, kind: str, options: list[str], **context: Any) -> str:
        """Raise decision ``kind`` for ``side`` (§12) and return the answer."""
        return self.decider.decide(Request(side, kind, tuple(options), context))
