"""The enchant happening (§6.1): the Emotion Event (エモーション・イベント), with the §12.2
table v0 as an option, and the happening draw of three deck cards (§5.3.2b, A1-b).
The attack happening, the Mana Storm (§6.2), is in ``storm.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import suit_of, value_of
from kassen.rulesets.cardduel.model import Happening, Member
from kassen.rulesets.cardduel.rules.checks import total_terms
from kassen.rulesets.cardduel.rules.resources import lose_mp, mp_gain_terms

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable

EMOTIONS = {"H": "elation", "D": "vanity", "S": "rivalry", "C": "agitation"}
"""§12.2: the Emotion Event's effect by suit (♥ 高揚, ♦ 虚栄, ♠ 対抗, ♣ 動揺)."""


@implements("§6.1", "§12.2")
def emotion_event(t: CardDuelTable, mage: Member, card: str, rule: str) -> None:
    """§6.1: log the Emotion Event; with ``emotion_table = v0`` apply §12.2."""
    suit = suit_of(card)
    value = value_of(card)
    k = 2 if value >= 11 else 1
    table = t.readings.emotion_table == "v0"
    t.rec.add("emotion", mage.id, None, rule, {
        "card": card, "team": mage.side, "effect": EMOTIONS[suit] if table else "narrative",
        "k": k})
    if not table:
        return
    if suit == "H":
        before = mage.mp
        mage.mp += k
        t.rec.add("mp_gain", mage.id, None, "§12.2", {
            "amount": k, "mp": mage.mp,
            "sums": {"mp": mp_gain_terms(before, "elation", k, "§12.2", mage.max_mp)}})
    elif suit == "D":
        got = mage.draw_to_hand(k)
        t.rec.add("hand_draw", mage.id, None, "§12.2", {"drawn": len(got), "hand": len(mage.hand)})
    elif suit == "S":
        adv = t.state.adv
        before = adv[mage.side]
        adv[mage.side] = before + k
        t.rec.add("advantage", t.state.warriors[mage.side].id, None, "§12.2", {
            "gain": k, "total": adv[mage.side], "sums": {
                "gain": (("=", "rivalry", k, "§12.2"), ("note", "card_value", value)),
                "total": total_terms(before, "rivalry", k, "§12.2")}})
    else:
        lose_mp(t, mage, k, "§12.2")


@implements("§5.3.2a")
def enchant_happening(t: CardDuelTable, mage: Member, card: str, emotion_rule: str,
                      draw_rule: str) -> None:
    """A duplicate enchant rank (§5.3.2a–b, A1-b): noted for the table view, the Emotion
    Event, then the happening draw."""
    t.state.happenings.append(Happening("emotion", mage, card))
    emotion_event(t, mage, card, emotion_rule)
    happening_draw(t, mage, draw_rule)


@implements("§5.3.2b")
def happening_draw(t: CardDuelTable, mage: Member, rule: str) -> None:
    """§5.3.2b / A1-b: three deck cards straight onto the field as activated enchantments."""
    cards = []
    for _ in range(3):
        card = mage.take_top()
        if card is None:
            break
        t.state.place(card, mage, "happening")
        cards.append(card)
    t.rec.add("happening_draw", mage.id, None, rule, {"cards": cards})
