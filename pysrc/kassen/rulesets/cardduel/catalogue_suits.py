"""The four suits as catalogue rows that own their behaviour (§12.1, §12.2).

A :class:`Suit` row holds the suit's 使用条件 and its Emotion Event effect as handlers by
moment, which rule code reaches only through the row:

- ``usage(t, m) -> bool``: with ``cond_model = table``, whether member ``m``'s favoured suit
  holds at a battle's start (§12.1, D15);
- ``on_emotion(t, mage, k, value)``: with ``emotion_table = v0``, the effect of an Emotion
  Event on a card of the suit, intensity ``k`` (1 for A–10, 2 for J–K), the card's printed
  ``value`` (§12.2).

A new suit meaning is one row here. The rows sit above the rule sections they call (MP,
advantage), so :mod:`.catalogue` (the cards, below the model) does not import them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import ALL_CARDS, WEAPONS
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.rules.checks import total_terms
from kassen.rulesets.cardduel.rules.resources import lose_mp, mp_gain_terms

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable

Usage = Callable[["CardDuelTable", Member], bool]
Emotion = Callable[["CardDuelTable", Member, int, int], None]


@dataclass(frozen=True)
class Suit:
    """One suit (§1, §12.1): its letter, meaning, the §12.2 emotion (``emotion`` is the
    event's effect word) and the handlers of its two moments."""

    letter: str
    name_ja: str
    name_en: str
    meaning_ja: str
    emotion: str
    emotion_ja: str
    usage: Usage
    on_emotion: Emotion


def _armed(letter: str) -> Usage:
    """♠ and ♣: the member's weapon serves the suit (a sword ♠, a staff ♣, both both)."""

    @implements("§12.1")
    def usage(t: CardDuelTable, m: Member) -> bool:
        return letter in WEAPONS[m.weapon].serves

    return usage


@implements("§12.1")
def _partnered(t: CardDuelTable, m: Member) -> bool:
    """♥: the side has a partner in the battle (a mage on the member's side)."""
    return any(x.side == m.side for x in t.state.mages)


@implements("§12.1")
def _adorned(t: CardDuelTable, m: Member) -> bool:
    """♦: a mage holds a costume; a warrior has the ``ornament`` flag."""
    if m.is_mage:
        return bool(m.costumes)
    return bool(m.ornament)


@implements("§12.2")
def _elation(t: CardDuelTable, mage: Member, k: int, value: int) -> None:
    """♥ 高揚: the mage gains k MP (MaxMP may be exceeded)."""
    before = mage.mp
    mage.mp += k
    t.rec.add("mp_gain", mage.id, None, "§12.2", {
        "amount": k, "mp": mage.mp,
        "sums": {"mp": mp_gain_terms(before, "elation", k, "§12.2", mage.max_mp)}})


@implements("§12.2")
def _vanity(t: CardDuelTable, mage: Member, k: int, value: int) -> None:
    """♦ 見栄: the mage draws k cards into the hand (up to its cap)."""
    got = mage.draw_to_hand(k)
    t.rec.add("hand_draw", mage.id, None, "§12.2", {"drawn": len(got), "hand": len(mage.hand)})


@implements("§12.2")
def _rivalry(t: CardDuelTable, mage: Member, k: int, value: int) -> None:
    """♠ 対抗心: the mage's side gains k advantage."""
    adv = t.state.adv
    before = adv[mage.side]
    adv[mage.side] = before + k
    t.rec.add("advantage", t.state.warriors[mage.side].id, None, "§12.2", {
        "gain": k, "total": adv[mage.side], "sums": {
            "gain": (("=", "rivalry", k, "§12.2"), ("note", "card_value", value)),
            "total": total_terms(before, "rivalry", k, "§12.2")}})


@implements("§12.2")
def _agitation(t: CardDuelTable, mage: Member, k: int, value: int) -> None:
    """♣ 動揺: the mage loses k MP (the MP-0 costume rule applies, §5.3.1)."""
    lose_mp(t, mage, k, "§12.2", "agitation")


SUIT_ROWS: dict[str, Suit] = {s.letter: s for s in (
    Suit("S", "スペード", "spades", "剣", "rivalry", "対抗心", _armed("S"), _rivalry),
    Suit("H", "ハート", "hearts", "心", "elation", "高揚", _partnered, _elation),
    Suit("D", "ダイヤ", "diamonds", "財宝", "vanity", "見栄", _adorned, _vanity),
    Suit("C", "クラブ", "clubs", "棍棒・杖", "agitation", "動揺", _armed("C"), _agitation),
)}
"""Suit letter → its row, in the ♠♥♦♣ order of :data:`~.catalogue.SUITS`."""

SUIT_OF_CARD: dict[str, Suit] = {c: SUIT_ROWS[c[0]] for c in ALL_CARDS if c[0] in SUIT_ROWS}
"""Every card code but the Jokers (which have no suit, §12.4) → its suit's row, so a card's
row is one look-up."""
