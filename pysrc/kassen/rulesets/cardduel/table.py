"""The card duel's table: what its rule functions act on (:mod:`kassen.core.table`).

Every rule function takes ``t: CardDuelTable`` first: the match's :class:`State`, the
recorder, the seeded generator, the option readings and the decider, plus what is made once
per match (``index``: member id → seat). No rule module imports the engine.
"""

from __future__ import annotations

from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.core.table import Table
from kassen.rulesets.cardduel.model import Member, State
from kassen.rulesets.cardduel.options import Readings


class CardDuelTable(Table[State, Readings]):
    """State, recorder, generator, readings and decider of one card duel match."""

    __slots__ = ("index",)

    def __init__(self, state: State, rec: Recorder, rng: Rng, readings: Readings,
                 decider: Decider) -> None:
        super().__init__(state, rec, rng, readings, decider)
        self.index: dict[str, int] = {m.id: m.seat for m in state.members}

    def member(self, mid: str) -> Member:
        """The state of member ``mid`` (``"side.n"``)."""
        return self.state.members[self.index[mid]]
