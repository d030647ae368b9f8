"""The units of a 行動処理 (§8): an actor's :class:`Act` and an attack's :class:`Hit` (what
each sword does is its rows' handlers: :mod:`..catalogue_effects`)."""

from __future__ import annotations

from typing import Any

from kassen.rulesets.marguerite.catalogue import SKIP, SwordDef
from kassen.rulesets.marguerite.model import Fencer, Sword

ENCHANT_RULE = "§13"

# The keys of the frequent events' values, in order: their rows (core Recorder.add_row)
PHASE_ROW = ("phase", "turn")
ACT_ROW = ("sword", "ap", "reserve", "mp", "cost", "vanished")
SKIP_ROW = ("why", "ap", "reserve", "count", "times")
DAMAGE_ROW = ("sword", "amount", "hp", "sums")
MP_DAMAGE_ROW = ("sword", "amount", "mp", "sums")


class Act:
    """One actor's action inside a 行動処理: the sword frozen at payment (D7) and its targets."""

    __slots__ = ("actor", "def_", "kind", "poison", "rank", "stun", "sword", "target", "whole")

    def __init__(self, actor: Fencer, sword: Sword | None, d: SwordDef | None) -> None:
        """``d`` is the sword's catalogue row (``SWORDS[sword.sid]``), None for a skip."""
        self.actor = actor
        self.sword = sword
        self.def_ = d
        self.kind = d.kind if d is not None else SKIP
        self.target: Any = None
        self.whole = False
        self.stun = 0
        self.poison = 0
        self.rank = 0


class Hit:
    """One computed hit of an attack (R8.5): who receives it, the final damage and its terms,
    and whom it finally came from (the attacker, or the last reflector). Made for what reads
    a hit later (riders, the 超同時 two passes); a hit without riders is applied at once."""

    __slots__ = ("act", "amount", "recv", "src", "steady", "stolen", "terms", "times")

    def __init__(self, act: Act, recv: Fencer, amount: int, stolen: Sword | None,
                 src: Fencer, terms: tuple[Any, ...], steady: bool = False) -> None:
        self.act = act
        self.recv = recv
        self.amount = amount
        self.stolen = stolen
        self.src = src
        self.terms = terms
        """The sum of ``amount`` (core.sums): formula terms, then ガード."""
        self.steady = steady
        """Whether every later hit of the same sword on the same target is the same."""
        self.times = 1
        """How many times it lands: the repetitions of a steady hit (hits.py)."""


