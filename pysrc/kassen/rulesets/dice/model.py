"""The character sheet (キャラクターシート, §2) as plain frozen data, its cost (§2.3), and the
battle's changing :class:`State` (§3, §5)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Any

from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model_state import Character, TurnValues

SLOTS = tuple(range(3, 19))
"""Ability slots 3..18 (§2.4)."""
SPECIAL_SLOTS = tuple(range(1, 7))
"""Special-ability slots 1..6 (§2.6)."""


@dataclass(frozen=True)
class Ability:
    """A normal-list ability with its derivations (渡/開/単, canonical order)."""

    name: str
    derivations: tuple[str, ...] = ()

    def text(self) -> str:
        """``攻2倍・単`` form."""
        return self.label

    # Worked out once per ability (frozen data read at every turn of every battle).
    @cached_property
    def label(self) -> str:
        """``攻2倍・単`` form."""
        return "・".join((self.name, *self.derivations))

    @cached_property
    def entry(self) -> cat.Entry:
        """The catalogue entry (normal or demerit)."""
        return cat.NORMAL_BY_JA.get(self.name) or cat.DEMERIT_BY_JA[self.name]

    @cached_property
    def is_demerit(self) -> bool:
        """Whether this is a demerit ability (デメリット能力)."""
        return self.name in cat.DEMERIT_BY_JA

    @cached_property
    def single(self) -> bool:
        """単: per-hit modifiers and on-hit effects on the first hit only (D5)."""
        return "単" in self.derivations


@dataclass(frozen=True)
class Star:
    """A star-column ability (星能力): ability, 必要星 ``need``, 使用星 ``use`` (§15.4)."""

    ability: Ability
    need: int
    use: int


@dataclass(frozen=True)
class Ougi:
    """The 奥義 in a star column, with its 奥義星 setting ``stars`` (1..9, §15.5)."""

    name: str
    stars: int


@dataclass(frozen=True)
class Slot:
    """One ability slot: normal column, star column (star ability or 奥義), based switch."""

    normal: Ability | None = None
    star: Star | None = None
    ougi: Ougi | None = None
    based: bool = False

    @property
    def empty(self) -> bool:
        """Both columns empty (D14: the only slots auto-placement fills)."""
        return self.normal is None and self.star is None and self.ougi is None

    @cached_property
    def demerit(self) -> bool:
        """A demerit square (デメリットマス, §8)."""
        return self.normal is not None and self.normal.is_demerit


@dataclass(frozen=True)
class Sheet:
    """A whole character sheet.

    ``slots[i]`` is slot ``i + 3``; ``specials[i]`` is special face ``i + 1``.
    """

    name: str
    side: str = ""
    type: str = ""
    special: str = "G"
    selected: str = "自"
    atk: int = 0
    defence: int = 0
    agi: int = 0
    cross: int = 0
    fav: int = 3
    slots: tuple[Slot, ...] = field(default_factory=lambda: tuple(Slot() for _ in SLOTS))
    specials: tuple[str, ...] = ("",) * 6
    passives: tuple[str, ...] = ()
    zone: tuple[str, str] | None = None
    line: tuple[int, Ability] | None = None
    trigger: tuple[str, Ability] | None = None

    def slot(self, number: int) -> Slot:
        """Slot ``number`` (3..18)."""
        return self.slots[number - 3]

    @property
    def demerit_count(self) -> int:
        """How many demerit abilities the type requires (§2.5)."""
        return k.DEMERIT_COUNT_RISKY if self.type == "リスキー" else k.DEMERIT_COUNT_STANDARD

    def ougi_slot(self) -> int | None:
        """The slot holding the 奥義, if any."""
        return self.ougi_number

    # Facts of the sheet worked out once (the sheet is frozen; battles read them every turn).
    @cached_property
    def ougi_number(self) -> int | None:
        """The slot holding the 奥義, if any."""
        for number in SLOTS:
            if self.slot(number).ougi is not None:
                return number
        return None

    @cached_property
    def lp_start(self) -> int:
        """6000 + unused cost (§4.2)."""
        return k.LP_BASE + max(0, k.COST_POOL - total_cost(self))


def ability_cost(ability: Ability) -> int:
    """List cost with derivation discounts multiplied and rounded up once (§2.3, D12)."""
    if ability.is_demerit:
        return 0
    cost = Fraction(ability.entry.cost)
    for suffix in ability.derivations:
        cost *= k.DERIVATION_DISCOUNT[suffix]
    return math.ceil(cost)


def star_cost(star: Star) -> int:
    """ceil(cost / 使用星) (§15.4)."""
    return -(-ability_cost(star.ability) // star.use)


def cost_items(sheet: Sheet) -> list[tuple[str, int]]:
    """Every cost of the sheet as (where, cost), in sheet order (§2.3)."""
    items: list[tuple[str, int]] = [
        ("atk", sheet.atk * k.STAT_PRICES["atk"]),
        ("def", sheet.defence * k.STAT_PRICES["def"]),
        ("agi", sheet.agi * k.STAT_PRICES["agi"]),
    ]
    for number in SLOTS:
        slot = sheet.slot(number)
        if slot.normal is not None:
            items.append((f"slot{number}", ability_cost(slot.normal)))
        if slot.star is not None:
            items.append((f"slot{number}", star_cost(slot.star)))
    for face, name in zip(SPECIAL_SLOTS, sheet.specials, strict=False):
        if name:
            items.append((f"special{face}", cat.SPECIAL_BY_JA[name].cost))
    for name in sheet.passives:
        items.append(("passive", cat.PASSIVE_BY_JA[name].cost))
    if sheet.zone is not None:
        items.append(("zone", k.ZONE_PASSIVE_COST))
    if sheet.line is not None:
        items.append(("line", ability_cost(sheet.line[1])))
    if sheet.trigger is not None:
        items.append(("trigger", ability_cost(sheet.trigger[1])))
    return items


def total_cost(sheet: Sheet) -> int:
    """The sheet's whole cost."""
    return sum(cost for _, cost in cost_items(sheet))


def starting_lp(sheet: Sheet) -> int:
    """6000 + unused cost (§4.2)."""
    return sheet.lp_start


@dataclass(frozen=True, slots=True)
class Kit:
    """A sheet's type, bought passives and zone passive as catalogue ids, with the numbers
    its passives add at fixed moments (made once per battle by ``rules.effects.kit``)."""

    type: str
    passives: tuple[str, ...]
    zone: str
    gauge_bonus: int = 0
    """Stun gauge added at the set-up (タフネス, §12.1)."""
    stardust_bonus: int = 0
    """Stardust added in step 3 (星屑集め)."""
    countdown_bonus: int = 0
    """Extra stun countdown per turn (不屈, §12.5)."""
    on_values: tuple[Any, ...] = ()
    """Step-10 handlers of the type and the bought passives, in that order (§18.3–18.4)."""
    zone_on_values: Any = None
    """Step-10 handler of the zone passive when its zone is active (§18.7), if it has one."""


class Termination(StrEnum):
    """How a dice battle ends (§17), the ``Result.reason`` (``Ruleset.terminations``)."""

    KNOCKOUT = "knockout"
    """ノックアウト: one side's LP is 0 or below after the attacks (§17.1)."""
    DOUBLE_KNOCKOUT = "double_knockout"
    """相打ち（引き分け）: both sides' LP reach 0 in one turn, a draw (§17.2)."""
    DOUBLE_KNOCKOUT_LP = "double_knockout_lp"
    """相打ち（残りLP判定）: both down, the higher LP wins (§17.2, option ``double_ko``)."""
    TURN_LIMIT = "turn_limit"
    """ターン制限（判定勝ち）: the turn limit, the higher LP ratio (or LP) wins (§17.3)."""
    TURN_LIMIT_DRAW = "turn_limit_draw"
    """ターン制限（引き分け）: the turn limit with equal LP ratios (§17.3)."""
    UNFINISHED = "unfinished"
    """未決着: the result asked for before the battle ended."""


@dataclass(slots=True)
class State:
    """Everything that changes during a battle (§3, §5): the battle's state, one deep copy a
    snapshot."""

    colour: list[str]
    chars: list[Character]
    cross_x: int
    turn: int = 0
    over: bool = False
    winner: int | None = None
    reason: Termination | None = None
    r2: int | None = None
    """The range in half steps (2 × range, 2..12); None before the initial range (D8)."""
    queued: list[tuple[int, int, bool]] = field(default_factory=list)
    """Range shifts asked for before the initial range exists: (side, amount, away)."""
    dice: dict[str, int] | None = None
    tv: list[TurnValues] = field(default_factory=list)
    """This turn's values per side; empty before the first turn."""
    decision: dict[str, Any] | None = None
