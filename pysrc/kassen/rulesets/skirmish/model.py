"""Plain data: a character as built (notation) and a unit as it stands in battle (state).

Everything mutable lives in :class:`State`, which deep-copies cleanly for snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kassen.rulesets.skirmish.catalogue import WEAPONS, Weapon

Pos = tuple[int, int]
"""An area: ``(x, 0)`` on the line map, ``(x, y)`` on the grid."""


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
    weak: tuple[str, ...] = ()       # 弱点 attributes (option attributeAffinity)
    resist: tuple[str, ...] = ()     # 耐性 attributes
    area: Pos | None = None          # starting area; None = default deployment (§16 D22)


Side = tuple[Character, ...]


@dataclass
class Effect:
    """A timed effect (§9.1): ``remaining`` counts down in every EP."""

    name: str
    remaining: int
    amount: int = 0


@dataclass
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
    obstructed: bool = False  # obstructed this round (obstructOncePerRound, §6.6.2)
    escaped: bool = False
    idle_turns: int = 0
    effects: list[Effect] = field(default_factory=list)

    @property
    def able(self) -> bool:
        """戦闘可能: HP above 0 and still in the battle (§9.4, §10.4)."""
        return self.hp > 0 and not self.escaped

    @property
    def asleep(self) -> bool:
        """睡眠 (§9.2)."""
        return bool(self.effects) and any(e.name == "sleep" for e in self.effects)

    @property
    def awake_able(self) -> bool:
        """戦闘可能 and not asleep: may use AA, obstruct, cover (§9.2)."""
        return self.able and not self.asleep

    @property
    def flight(self) -> int:
        """飛行 rank: the trait or the best timed effect (§16 D34)."""
        rank = self.fly
        for e in self.effects:
            if e.name == "flight":
                rank = max(rank, e.amount)
        return rank

    @property
    def armour(self) -> int:
        """装甲 with modifier effects (§9.5)."""
        return self.arm + sum(e.amount for e in self.effects if e.name == "stone_skin")

    @property
    def wpn(self) -> Weapon:
        """The equipped weapon."""
        return WEAPONS[self.weapon]

    def effect(self, name: str) -> Effect | None:
        """The effect called ``name``, if any."""
        return next((e for e in self.effects if e.name == name), None)


@dataclass
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
    reason: str = ""
    moved_rs: bool = False
    rs_kind: str = "none"
