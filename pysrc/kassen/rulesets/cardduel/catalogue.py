"""Cards, suits and costumes of the card duel (§1, §2.1, §12.3).

A card is a short code: suit letter + rank, e.g. ``"SA"``, ``"H10"``, ``"DK"``; Jokers are
``"X1"``/``"X2"`` (§12.4). Suits: S ♠ スペード, H ♥ ハート, D ♦ ダイヤ, C ♣ クラブ.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

SUITS = ("S", "H", "D", "C")
"""Suit order ♠ ♥ ♦ ♣, also the AI's tie order (§10)."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "X": "🃏"}
SYMBOL_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_VALUES = {r: i + 1 for i, r in enumerate(RANKS)}
"""§1.3: A = 1, 2–10 face value, J = 11, Q = 12, K = 13 [inferred]."""
SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, "X": 4}
"""Suit letter → its place in the ♠♥♦♣ order, a Joker last (the AI's tie order, §10)."""
COLOURS = {"S": "black", "C": "black", "H": "red", "D": "red"}
"""§2.1: same colour = {♠,♣} or {♥,♦}."""


def suit_of(card: str) -> str:
    """The suit letter (``"X"`` for a Joker)."""
    return card[0]


def rank_of(card: str) -> str:
    """The rank text (``""`` for a Joker)."""
    return "" if card[0] == "X" else card[1:]


def value_of(card: str) -> int:
    """The printed value (§1.3); a Joker is 0 (§12.4)."""
    return 0 if card[0] == "X" else RANK_VALUES[card[1:]]


def is_joker(card: str) -> bool:
    """Whether the card is a Joker (§12.4)."""
    return card[0] == "X"


ALL_CARDS = (*(s + r for s in SUITS for r in RANKS), "X1", "X2")
"""The 52 cards in canonical order (§1.1), then the two Jokers (§1.2, §12.4)."""


def full_deck(jokers: int) -> list[str]:
    """One participant's 判定デック in canonical order (§1.1, §1.2)."""
    return list(ALL_CARDS[: 52 + jokers])


CARD_VALUES: dict[str, int] = {c: value_of(c) for c in ALL_CARDS}
"""Every card code (both Jokers included) → its printed value (§1.3, §12.4)."""
CARD_RANKS: dict[str, str] = {c: rank_of(c) for c in ALL_CARDS}
"""Every card code → its rank text (``""`` for a Joker, which has no rank, §12.4)."""


@functools.lru_cache(maxsize=256)
def _valid_cards(threshold: int, fav: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for c, v in CARD_VALUES.items() if v <= threshold or c[0] in fav)


def valid_cards(threshold: int, fav: list[str] | tuple[str, ...]) -> frozenset[str]:
    """The cards valid for a character with ``threshold`` and the favoured suits ``fav``
    whose condition holds (§4.1: value ≤ 発現値 or a favoured suit; a Joker always)."""
    return _valid_cards(threshold, tuple(fav))


def same_card(a: str, b: str) -> bool:
    """§1.5: same suit and rank; a Joker is never the same card as another (§12.4)."""
    return a == b and not is_joker(a)


@dataclass(frozen=True)
class Costume:
    """One 衣装 (§2.4, §12.3): ``mp`` = 変換魔素量 (= マナ変換力, §2.5), ``cards`` = 変換魔力量."""

    key: str
    name_ja: str
    name_en: str
    mp: int
    cards: int


COSTUMES: dict[str, Costume] = {c.key: c for c in (
    Costume("ribbon", "リボン", "ribbon", 1, 1),
    Costume("gloves", "手袋", "gloves", 1, 1),
    Costume("hat", "帽子", "hat", 1, 2),
    Costume("shoes", "靴", "shoes", 2, 1),
    Costume("cloak", "マント", "cloak", 2, 2),
    Costume("robe", "ローブ", "robe", 3, 2),
)}
COSTUME_BY_JA = {c.name_ja: c.key for c in COSTUMES.values()}
COSTUME_ORDER = tuple(COSTUMES)



@dataclass(frozen=True)
class Weapon:
    """One 武器 of the §12.1 usage conditions (read only with ``cond_model = table``):
    ``serves`` are the favoured suits whose condition it meets (♠ a sword, ♣ a staff)."""

    key: str
    name_ja: str
    name_en: str
    serves: tuple[str, ...]


WEAPONS: dict[str, Weapon] = {w.key: w for w in (
    Weapon("none", "なし", "none", ()),
    Weapon("sword", "剣", "sword", ("S",)),
    Weapon("staff", "杖", "staff", ("C",)),
    Weapon("both", "剣と杖", "sword and staff", ("S", "C")),
)}
"""The weapons a character may name (``weapon=``), by key, in notation order (§12.1)."""
