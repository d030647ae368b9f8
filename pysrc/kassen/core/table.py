"""The table: what the rules of one battle act on, handed to every rule function.

A rule function takes the table, never the battle: ``def resolve_hit(t: CardTable, …)``. The
table holds the battle's mutable state, the recorder its events go to, the seeded generator,
the option readings and the decider that answers its questions, so a rule module needs
nothing else and imports no engine, not even for typing (RLCard's games hand each piece
exactly what it needs in the same way). A ruleset subclasses :class:`Table` with its own
state and readings types and, where it wants them, values made once per battle (tables of
factors, the members by id). The battle (:class:`kassen.core.ruleset.Battle`) owns the table
and keeps ``table.state`` pointing at its state when a snapshot is restored.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.rng import Rng

StateT = TypeVar("StateT")
ReadingsT = TypeVar("ReadingsT")


class Table(Generic[StateT, ReadingsT]):
    """State, recorder, generator, option readings and decider of one battle.

    Subclasses add ``__slots__`` of their own for values made once per battle.
    """

    __slots__ = ("decider", "readings", "rec", "rng", "state")

    def __init__(self, state: StateT, rec: Recorder, rng: Rng, readings: ReadingsT,
                 decider: Decider) -> None:
        self.state = state
        self.rec = rec
        self.rng = rng
        self.readings = readings
        self.decider = decider
