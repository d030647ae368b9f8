"""The build: the character sheet (キャラクターシート, §2) as plain frozen data, and what the
catalogue works out once per sheet (:class:`Kit`, :class:`SheetFacts`; the cost of §2.3 is
:mod:`..catalogue`'s)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

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
    def facts(self) -> SheetFacts:
        """What the catalogue works out once per sheet (its starting LP and its kit), kept
        with the frozen sheet so that every battle of the sheet reads them
        (:func:`kassen.rulesets.dice.rules.sheet.starting_lp`,
        :func:`kassen.rulesets.dice.catalogue.kit`)."""
        return SheetFacts()


@dataclass(frozen=True, slots=True)
class Kit:
    """What a sheet's type, bought passives and zone passive do, taken from their catalogue
    rows once per sheet (:func:`.catalogue.kit`): the handlers and the numbers they add at
    fixed moments."""

    on_values: tuple[Any, ...] = ()
    """Step-10 handlers of the type and the bought passives, in that order (§18.3–18.4)."""
    zone_on_values: Any = None
    """Step-10 handler of the zone passive when its zone is active (§18.7), if it has one."""
    on_zone: Any = None
    """Step-4 handler of the zone passive when its zone is active (星読み), if it has one."""
    gauge_bonus: int = 0
    """Stun gauge added at the set-up (タフネス, §12.1)."""
    stardust_bonus: int = 0
    """Stardust added in step 3 (星屑集め)."""
    countdown_bonus: int = 0
    """Extra stun countdown per turn (不屈, §12.5)."""
    demerit_guard: bool = False
    """A passive that may pay 1 VP against a demerit square's penalties (§8.3)."""
    stun_flag_guard: bool = False
    """A passive that may pay 1 VP to keep the good flags when stunned (§12.3)."""
    slots: tuple[Slot | None, ...] = ()
    """The sheet's slots by slot number N (3..18; None below 3), read at every turn's
    selection, 奥義 pre-step, demerit square and abilities (§7.1–§8)."""
    squares: tuple[bool, ...] = ()
    """By slot number: whether its normal column holds a demerit ability, a demerit square
    (§8)."""
    ougi_squares: tuple[bool, ...] = ()
    """By slot number: whether its 奥義 column holds the 奥義 (step 6 may act there, §15.5)."""
    ougi: Ougi | None = None
    """The sheet's 奥義 (its first, §2.4), whose setting caps 奥義星 (§15.5)."""
    trigger_vp: int = 0
    """VP of the trigger's ability (§7.1: the trigger needs 1 VP more than it)."""


@dataclass(slots=True)
class SheetFacts:
    """Values the catalogue works out once per sheet (``Sheet.facts``); None until then."""

    lp_start: int | None = None
    kit: Kit | None = None
