"""Builds of the card duel: a character (§2) and a side (§2.7: one warrior, an optional mage;
with the option ``severalMages`` up to ``MAX_MAGES`` mages).

Builds are frozen data; the running battle keeps its own mutable state (see ``state.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

WARRIOR = "warrior"
"""戦士科 / 魔法戦士: has HP 耐久力 (§2.3)."""
MAGE = "mage"
"""術士科 / 魔法術師: has MP 魔素力 and costumes 衣装 (§2.4)."""

RANGES: dict[str, tuple[int, int]] = {
    "year": (1, 3),     # 学年 (§2.1 得意スート by year)
    "base": (3, 5),     # 基礎魔力 BaseHand
    "max": (6, 8),      # 上限魔力 MaxHand
    "th": (8, 10),      # 発現値 Threshold
    "hp": (10, 15),     # 耐久力 (warrior)
    "mp": (3, 5),       # 魔素力 (mage); 上限魔素力 = starting MP (§2.4 [designed])
}
"""Seed ranges of §2 (year is the school year, 1st–3rd)."""
MAX_COSTUMES = 6
"""Bound on a mage's costumes [designed]; the sample loadout is 4 (§12.3)."""
MAX_NAME = 40
MAX_MAGES = 3
"""Cap on mages per side under ``severalMages`` (§2.7 option [designed])."""


@dataclass(frozen=True)
class Character:
    """One participant's stats (§2). ``fav`` is in suit order ♠♥♦♣; ``unmet`` lists favoured
    suits whose 使用条件 does not hold (§2.2, D15); ``weapon``/``ornament`` feed
    ``condModel = table`` (§12.1)."""

    name: str
    role: str
    year: int
    base: int
    max_hand: int
    threshold: int
    fav: tuple[str, ...]
    hp: int = 0
    mp: int = 0
    costumes: tuple[str, ...] = ()
    weapon: str = "none"
    ornament: bool = False
    unmet: tuple[str, ...] = ()

    @property
    def is_mage(self) -> bool:
        """Whether this is a mage (術士)."""
        return self.role == MAGE


@dataclass(frozen=True)
class SideBuild:
    """A side (team): a warrior and an optional mage partner (§2.7); ``more_mages`` holds
    the second and later mages, in order of entry (option ``severalMages``)."""

    warrior: Character
    mage: Character | None = None
    more_mages: tuple[Character, ...] = ()

    @property
    def mages(self) -> list[Character]:
        """Every mage of the side, in order of entry."""
        return ([] if self.mage is None else [self.mage]) + list(self.more_mages)

    def members(self) -> list[Character]:
        """The side's characters in seating order: warrior, then the mages (§2.8)."""
        return [self.warrior, *self.mages]
