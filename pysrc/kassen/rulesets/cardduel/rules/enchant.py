"""Enchanting, shared by both procedures: the enchant choice M1 (§5.1.1), set face down,
and its check (§5.2, A1-b): duplicate ranks (``enchant_rank_scope``) and validity."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import CARD_RANKS
from kassen.rulesets.cardduel.constants import ENCHANT_KINDS
from kassen.rulesets.cardduel.model import Commit, Member
from kassen.rulesets.cardduel.rules.attack import holds_right
from kassen.rulesets.cardduel.rules.battle import set_face_down

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


@implements("§5.2.2")
def field_ranks(t: CardDuelTable, side: int, extra: list[tuple[int, str]]) -> set[str]:
    """Ranks that make an enchant card a duplicate (§5.2.2 ``enchant_rank_scope``).

    ``extra`` are (team, card) of the other enchant cards revealed in the same step."""
    scope = t.readings.enchant_rank_scope
    field = t.state.field
    if scope == "all_field":
        ranks = {CARD_RANKS[f.card] for f in field}
    else:
        ranks = {CARD_RANKS[f.card] for f in field if f.kind in ENCHANT_KINDS and (
            scope == "enchant_only" or f.team == side)}
    for team, card in extra:
        if scope != "own_team" or team == side:
            ranks.add(CARD_RANKS[card])
    ranks.discard("")  # a Joker has no rank (§12.4)
    return ranks


@implements("§5.1.1")
def ask_enchant(t: CardDuelTable, mage: Member, kind: str = "M1") -> Commit | None:
    """M1: a hand card, the deck top or pass; the card is set face down (§5.1.1)."""
    warrior = t.state.warriors[mage.side]
    shortcut = t.decider.shortcut(mage.side, kind)
    if shortcut is not None:
        # the M1 context's values (the hand itself, the ranks as a set: only read)
        answer = t.decider.record(shortcut(
            mage.threshold, mage.checks.fav, mage.mp, mage.hand, len(mage.deck),
            warrior.threshold, warrior.checks.fav, holds_right(t, warrior),
            field_ranks(t, mage.side, [])))
    else:
        opts = (*mage.hand, *(("deck",) if mage.deck else ()), "pass")
        answer = t.decider.decide(Request(mage.side, kind, opts, {
            "member": mage.id, "threshold": mage.threshold, "fav": mage.checks.fav,
            "mp": mage.mp, "hand": list(mage.hand), "deck_size": len(mage.deck),
            "w_threshold": warrior.threshold, "w_fav": warrior.checks.fav,
            "w_right": holds_right(t, warrior),
            "field_ranks": sorted(field_ranks(t, mage.side, []))}))
    if answer == "pass":
        t.rec.add("enchant_pass", mage.id, None, "§5.1.1", {})
        return None
    return set_face_down(t, mage, answer, "enchant_set", "§5.1.1")


@implements("§5.2.2", "§4.1")
def check_enchants(t: CardDuelTable, sets: list[Commit]) -> list[tuple[Member, str, bool, bool]]:
    """Reveal the enchant cards set in one step: per card (mage, card, duplicate, valid),
    a duplicate being a rank already on the field or among the others revealed with it
    (§5.2.2, A1-b); validity against the mage (§4.1)."""
    t.state.face_down = []
    results = []
    for s in sets:
        m = s.member
        card = s.card
        assert card is not None
        others = [(o.member.side, o.card) for o in sets if o is not s and o.card is not None]
        dup = CARD_RANKS[card] in field_ranks(t, m.side, others)  # a Joker's "" never is
        results.append((m, card, dup, card in m.valid))
    return results
