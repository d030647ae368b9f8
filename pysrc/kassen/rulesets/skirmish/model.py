"""Plain data: a character as built (notation), a unit as it stands in battle (state) and one
use as it resolves.

Everything mutable between steps lives in :class:`State`, which deep-copies cleanly for
snapshots; a :class:`Use` and its :class:`Instance` live only while one use resolves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kassen.core.conditions import Condition
from kassen.rulesets.skirmish.catalogue import WEAPONS, Weapon
from kassen.rulesets.skirmish.catalogue_conditions import ACTING

Pos = tuple[int, int]
"""An area: ``(x, 0)`` on the line map, ``(x, y)`` on the grid."""

StartArea = tuple[int, int | None]
"""A start area as a side's text names it: ``(x, None)`` names only a column (``area=3``),
whose row deployment decides (§16.4 C10); ``(x, y)`` names the area (``area=3/1``)."""


@dataclass(frozen=True)
class Character:
    """One character of a side's text (§2): stats, equipment, abilities, items, start area."""

    name: str
    hp: int
    mp: int
    ini: int        # 行動値
    acc: int        # 命中値
    eva: int        # 回避値
    mag: int        # 魔力
    arm: int        # 装甲
    res: int        # 抵抗
    weapon: str
    abilities: tuple[str, ...] = ()
    items: tuple[tuple[str, int], ...] = ()
    fly: int = 0                     # permanent 飛行 rank (trait)
    weak: tuple[str, ...] = ()       # 弱点 attributes (option attribute_affinity)
    resist: tuple[str, ...] = ()     # 耐性 attributes
    area: StartArea | None = None    # starting area; None = default deployment (§16 D22)


Side = tuple[Character, ...]


@dataclass(slots=True)
class Effect:
    """A timed effect (§9.1): ``remaining`` counts down in every EP. ``name`` is the key of
    its condition row (:mod:`.catalogue_conditions`), ``index`` the row's index, through which
    the row's handlers act."""

    name: str
    remaining: int
    amount: int = 0
    index: int = -1

    def __post_init__(self) -> None:
        if self.index < 0:
            self.index = ACTING.conditions[self.name].index


@dataclass(slots=True)
class Unit:
    """A character in battle."""

    id: str
    side: int
    index: int
    name: str
    max_hp: int
    hp: int
    max_mp: int
    mp: int
    ini: int
    acc: int
    eva: int
    mag: int
    arm: int
    res: int
    weapon: str
    abilities: tuple[str, ...]
    items: dict[str, int]
    fly: int
    weak: tuple[str, ...]
    resist: tuple[str, ...]
    pos: Pos
    acted: bool = False
    guard_used: bool = False
    obstructed: bool = False  # obstructed this round (obstruct_once_per_round, §6.6.2)
    escaped: bool = False
    idle_turns: int = 0
    effects: list[Effect] = field(default_factory=list)
    wpn: Weapon = field(init=False, repr=False, compare=False)
    """The equipped weapon, looked up once (a unit's weapon never changes)."""

    def __post_init__(self) -> None:
        self.wpn = WEAPONS[self.weapon]

    @property
    def able(self) -> bool:
        """戦闘可能: HP above 0 and still in the battle (§9.4, §10.4). The hot scans (the AI's
        estimates, the initiative steps, the end check) test these two fields inline instead:
        a property call per unit was a measured share of play."""
        return self.hp > 0 and not self.escaped

    def effect(self, row: Condition) -> Effect | None:
        """The first effect of condition ``row``, if any."""
        return next((e for e in self.effects if e.index == row.index), None)


@dataclass(slots=True)
class State:
    """Everything that changes during a battle."""

    units: list[Unit]
    round: int = 0
    phase: str = "start"
    actor: str | None = None
    order: list[str] = field(default_factory=list)
    turns_this_round: int = 0
    over: bool = False
    winner: int | None = None
    reason: str = ""  # a victory.Termination once the combat is over
    moved_rs: bool = False
    rs_kind: str = "none"


@dataclass(slots=True)
class Use:
    """One use of an attack, ability or item: what it does and with which numbers."""

    user: Unit
    source: str          # "attack", an ability id or an item id
    effect: str          # the key of its kind's row (:mod:`.catalogue_effects`)
    acc: int = 0
    atk: int = 0
    attribute: str | None = None
    rounds: int = 0
    amount: int = 0
    acc_parts: tuple[Any, ...] = ()   # 命中値's addends, for the hit check's sum (issue 16)
    atk_parts: tuple[Any, ...] = ()   # 攻撃力's (or a heal's bonus) addends
    physical: bool = False
    """Physical (装甲, hit check) or magic (抵抗, no hit check): its kind's ``physical``."""

    def context(self) -> dict[str, Any]:
        """Plain JSON for requests raised during the use."""
        return {"user": self.user.id, "source": self.source, "effect": self.effect,
                "acc": self.acc, "atk": self.atk, "attribute": self.attribute}


@dataclass(slots=True)
class Instance:
    """The use as it lands on one character (a covered target's instance hits the coverer)."""

    victim: Unit
    original: Unit
    covered: bool = False
    hit: bool = True
    crit: bool = False
    guarded: bool = False
