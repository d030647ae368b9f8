"""The card duel's data: builds (a character §2, a side §2.7) and the battle's typed state.

Builds are frozen. The running battle's state is one :class:`State` holding every
:class:`Member` (participant) and the field; all of it is plain slotted data, deep-copyable
(the driver snapshots it at every battle start), compared by identity.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from kassen.core.conditions import Condition
from kassen.rulesets.cardduel.catalogue import full_deck
from kassen.rulesets.cardduel.constants import ENCHANT_KINDS
from kassen.rulesets.cardduel.rules.checks import CardChecks, card_checks

WARRIOR = "warrior"
"""戦士科 / 魔法戦士: has HP 耐久力 (§2.3)."""
MAGE = "mage"
"""術士科 / 魔法術師: has MP 魔素力 and costumes 衣装 (§2.4)."""


class Termination(StrEnum):
    """Why the match's result is what it is (§8.2): the result reason."""

    SURRENDER = "surrender"
    """降参: a side surrendered (§8.1b); both surrendering is a draw."""
    KNOCKOUT = "knockout"
    """撃破数: more defeated opponents (§8.2.1)."""
    DAMAGE = "damage"
    """与ダメージ: defeats equal, more damage dealt (§8.2.2)."""
    DRAW = "draw"
    """引き分け: defeats and damage equal (§8.2.3)."""


@dataclass(frozen=True)
class Character:
    """One participant's stats (§2). ``fav`` is in suit order ♠♥♦♣; ``unmet`` lists favoured
    suits whose 使用条件 does not hold (§2.2, D15); ``weapon``/``ornament`` feed
    ``cond_model = table`` (§12.1)."""

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
    the second and later mages, in order of entry (option ``several_mages``)."""

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


@dataclass(slots=True, eq=False)
class Member:
    """One participant in the match (§3.2): stats, resources, cards and statuses.

    ``id`` is ``"side.n"`` (n = order of entry, the warrior is 0); ``seat`` is the index in
    :attr:`State.members` (clockwise seating, §2.8). ``fav_active`` are the favoured suits
    whose usage condition holds now (§2.2, §12.1). ``conds`` holds the member's states, an
    integer per row of :data:`catalogue_conditions.CONDITIONS` (0 = not held), through
    :meth:`has`, :meth:`gain` and :meth:`lose`.

    ``checks`` are the §4.1–§4.2 checks of every card for this member now (from
    ``threshold`` and ``fav_active``), ``valid`` its valid cards and ``deck_valid`` how many
    of them are in the deck; the deck is changed only through the methods below, which keep
    that count (the AI's W1 reads it, §10).
    """

    id: str
    side: int
    seat: int
    name: str
    role: str
    is_mage: bool
    threshold: int
    fav: tuple[str, ...]
    fav_active: list[str]
    base: int
    max_hand: int
    weapon: str
    ornament: bool
    hp: int
    max_hp: int
    mp: int
    max_mp: int
    costumes: list[str]
    costumes_start: int
    deck: list[str]
    checks: CardChecks
    hand: list[str] = dataclasses.field(default_factory=list)
    discard: list[str] = dataclasses.field(default_factory=list)
    conds: list[int] = dataclasses.field(default_factory=list)
    valid: frozenset[str] = frozenset()
    deck_valid: int = 0

    @classmethod
    def enter(cls, c: Character, side: int, n: int, seat: int, jokers: int,
              conditions: int) -> Member:
        """The participant at match start, deck in canonical order, hand empty, none of the
        ``conditions`` states held (§3.2)."""
        fav_active = [s for s in c.fav if s not in c.unmet]
        return cls(
            id=f"{side}.{n}", side=side, seat=seat, name=c.name, role=c.role,
            is_mage=c.is_mage, threshold=c.threshold, fav=c.fav,
            fav_active=fav_active, base=c.base,
            max_hand=c.max_hand, weapon=c.weapon, ornament=c.ornament, hp=c.hp, max_hp=c.hp,
            mp=c.mp, max_mp=c.mp, costumes=list(c.costumes), costumes_start=len(c.costumes),
            deck=full_deck(jokers), checks=card_checks(c.threshold, tuple(fav_active)),
            conds=[0] * conditions).activate()

    def has(self, row: Condition) -> int:
        """The member's value of condition ``row`` (0: not held)."""
        return self.conds[row.index]

    def gain(self, row: Condition, value: int = 1) -> None:
        """Hold condition ``row`` (with ``value``, e.g. the last round sat out)."""
        self.conds[row.index] = value

    def lose(self, row: Condition) -> None:
        """Stop holding condition ``row``."""
        self.conds[row.index] = 0

    def activate(self, fav_active: list[str] | None = None) -> Member:
        """Set the favoured suits whose condition holds (default: as they are) and recount
        the valid cards (§4.1, §12.1)."""
        if fav_active is not None:
            self.fav_active = fav_active
        self.checks = card_checks(self.threshold, tuple(self.fav_active))
        self.valid = self.checks.valid
        return self.recount()

    def recount(self) -> Member:
        """Recount the deck's valid cards (a deck holds each card once)."""
        self.deck_valid = len(self.valid.intersection(self.deck))
        return self

    def set_deck(self, cards: list[str]) -> None:
        """Replace the deck (top first), e.g. the deal of §3.2."""
        self.deck = cards
        self.recount()

    def take_top(self) -> str | None:
        """The top card of the deck (§1.6), or None when the deck is empty (§9.2)."""
        if not self.deck:
            return None
        card = self.deck.pop(0)
        if card in self.valid:
            self.deck_valid -= 1
        return card

    def draw_to_hand(self, count: int) -> list[str]:
        """Draw up to ``count`` cards into the hand, stopping at 上限魔力 (§5.1.0, D14)."""
        got: list[str] = []
        while len(got) < count and len(self.hand) < self.max_hand and self.deck:
            card = self.take_top()
            assert card is not None
            self.hand.append(card)
            got.append(card)
        return got

    def to_deck(self, cards: list[str]) -> None:
        """Put cards at the bottom of the deck (the reset §5.10.3, A2-4)."""
        self.deck.extend(cards)
        self.deck_valid += len(self.valid.intersection(cards))


@dataclass(slots=True, eq=False)
class FieldCard:
    """A face-up card on the field (場), tagged with its owner (§1.4). ``kind`` is
    ``enchant``, ``happening`` (both activated enchantments), ``attack`` or ``storm``;
    ``used`` marks an enchantment already pointed at (§5.5.4 RB1); ``team`` is the owner's
    side; ``attack_by`` the warrior that pointed at it."""

    card: str
    owner: Member
    team: int
    kind: str
    used: bool
    battle_round: int
    attack_by: str | None = None


@dataclass(slots=True, eq=False)
class Commit:
    """A card set face down (M1 enchant or W1 attack, §5.1.1, §5.4.1) and, once revealed,
    its ``outcome`` (``checks.OK`` / ``FAIL`` / ``NONE``) and effective ``value``.
    ``card`` is None for a pass; ``source`` is ``hand``, ``deck``, ``field`` or ``pass``."""

    member: Member
    card: str | None
    source: str
    outcome: str | None = None
    value: int | None = None


@dataclass(slots=True, eq=False)
class Happening:
    """A happening of the current battle, for the table view: ``emotion`` (§6.1, with the
    mage and card) or ``storm`` (§6.2)."""

    kind: str
    member: Member | None = None
    card: str | None = None


@dataclass(slots=True, eq=False)
class DamageCheck:
    """The last damage check (B9 / A4, §4.6): advantages and damage dealt per side."""

    adv: list[int]
    damage: list[int]


@dataclass(slots=True, eq=False)
class Storm:
    """The Mana Storm being resolved (§6.2): its power S (the pool)."""

    pool: int = 0


@dataclass(slots=True, eq=False)
class StormTally:
    """One resolved Mana Storm, for the §16 statistics: its first pool and how many
    warriors fainted in it."""

    pool: int
    knocked: int


@dataclass(slots=True, eq=False)
class State:
    """The whole battle state: members in seating order (side 0's warrior and mages, then
    side 1's), the field, advantages and counters, and the match's outcome.

    ``warriors`` (side 0 first) and ``mages`` (seating order) are the same objects as in
    ``members`` (a deep copy keeps them shared). ``storm`` is the match's latest Mana Storm
    (§6.2), if any; ``played`` are the last revealed attacks. ``enchants[team]`` are the
    team's activated enchantments on the field that no warrior has used yet, in field order
    (kept by the methods below, which are the only way cards reach or leave the field or
    are used). ``shuffle_due``: the last reset's shuffle of every deck is still to be made
    (at the next battle's start).
    """

    members: list[Member]
    warriors: list[Member]
    mages: list[Member]
    battle: int = 0
    round: int = 0
    field: list[FieldCard] = dataclasses.field(default_factory=list)
    enchants: list[list[FieldCard]] = dataclasses.field(default_factory=lambda: [[], []])
    adv: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    dealt: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    surrendered: list[bool] = dataclasses.field(default_factory=lambda: [False, False])
    over: bool = False
    ended_by: str | None = None
    winner: int | None = None
    reason: Termination | None = None
    played: list[Commit | None] = dataclasses.field(default_factory=list)
    face_down: list[Commit] = dataclasses.field(default_factory=list)
    happenings: list[Happening] = dataclasses.field(default_factory=list)
    last_damage: DamageCheck | None = None
    storm_now: bool = False
    storm: Storm | None = None
    storms: list[StormTally] = dataclasses.field(default_factory=list)
    battle_ends: list[str] = dataclasses.field(default_factory=list)
    rounds_total: int = 0
    max_adv: int = 0
    shuffle_due: bool = False

    @classmethod
    def seat(cls, members: list[Member]) -> State:
        """The state at match start with ``members`` in seating order."""
        return cls(members, [m for m in members if not m.is_mage],
                   [m for m in members if m.is_mage])

    def place(self, card: str, owner: Member, kind: str) -> FieldCard:
        """Put ``card`` face up on the field, tagged with its owner (§1.4)."""
        entry = FieldCard(card, owner, owner.side, kind, False, self.round)
        self.field.append(entry)
        if kind in ENCHANT_KINDS:
            self.enchants[owner.side].append(entry)
        return entry

    def point_at(self, team: int, card: str, by: str, consumed: bool) -> None:
        """A warrior ``by`` of ``team`` attacks with the team's enchantment ``card``
        (§5.5.4); ``consumed``: it is used once (RB1) and leaves the usable list."""
        mine = self.enchants[team]
        for i, f in enumerate(mine):
            if f.card == card:
                f.attack_by = by
                if consumed:
                    f.used = True
                    del mine[i]
                return

    def clear_field(self) -> list[FieldCard]:
        """Take every card off the field (the reset, §5.10.3); returns them in field order."""
        cards = self.field
        self.field = []
        self.enchants = [[], []]
        return cards

    def take_back(self, owner: Member) -> list[FieldCard]:
        """Take ``owner``'s cards off the field (A2-4); returns them in field order."""
        back = [f for f in self.field if f.owner is owner]
        if back:
            self.field = [f for f in self.field if f.owner is not owner]
            mine = self.enchants[owner.side]
            self.enchants[owner.side] = [f for f in mine if f.owner is not owner]
        return back
