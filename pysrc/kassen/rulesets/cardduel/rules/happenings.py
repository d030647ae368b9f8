"""The enchant happening (§6.1): the Emotion Event (エモーション・イベント), with the §12.2
table v0 as an option (each effect its suit's row, :mod:`..catalogue_suits`), and the
happening draw of three deck cards (§5.3.2b, A1-b).
The attack happening, the Mana Storm (§6.2), is in ``storm.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import CARD_VALUES
from kassen.rulesets.cardduel.catalogue_suits import SUIT_OF_CARD
from kassen.rulesets.cardduel.model import Happening, Member

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


@implements("§6.1", "§12.2")
def emotion_event(t: CardDuelTable, mage: Member, card: str, rule: str) -> None:
    """§6.1: log the Emotion Event; with ``emotion_table = v0`` the card's suit row applies
    its §12.2 effect."""
    value = CARD_VALUES[card]
    k = 2 if value >= 11 else 1
    if t.readings.emotion_table != "v0":
        t.rec.add("emotion", mage.id, None, rule, {
            "card": card, "team": mage.side, "effect": "narrative", "k": k})
        return
    row = SUIT_OF_CARD[card]
    t.rec.add("emotion", mage.id, None, rule, {
        "card": card, "team": mage.side, "effect": row.emotion, "k": k})
    row.on_emotion(t, mage, k, value)


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
