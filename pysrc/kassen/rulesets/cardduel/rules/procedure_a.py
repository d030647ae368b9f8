"""Procedure A (option ``procedure = original``): 対戦判定 + 魔法強化 (§7).

One call plays one 対戦 (duel): engagements 交戦 (A1 enchant, A2 engagement, A3 continue?)
until the duel ends, then A4 damage and A5 reset."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue_conditions import EXHAUSTED, LOCKED
from kassen.rulesets.cardduel.constants import ENCHANT_STEP_CAP
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.rules.attack import (
    Commits,
    apply_fails,
    reveal_attacks,
    score,
    usable_enchants,
)
from kassen.rulesets.cardduel.rules.enchant import ask_enchant, check_enchants
from kassen.rulesets.cardduel.rules.happenings import enchant_happening
from kassen.rulesets.cardduel.rules.resources import lose_mp, voluntary_conversions
from kassen.rulesets.cardduel.rules.rounds import RoundLoop, ask_attacks, ask_continues

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def enchant_phase(t: CardDuelTable) -> None:
    """A1: each enchanting mage plays one card per step, simultaneously (A1-a, D10); a
    duplicate rank is a happening (A1-b); an invalid card costs MP (A1-c, D9); every card
    stays on the field as the mage's enchant card (A1-d); then keep going or stop (M2)."""
    st = t.state
    active = [m for m in st.mages if not m.has(EXHAUSTED)]
    if not active:
        return
    t.rec.step("A1", "enchant_setup")
    for m in active:
        voluntary_conversions(t, m, "§15 D10")
    for _ in range(ENCHANT_STEP_CAP):
        active = [m for m in active if not m.has(EXHAUSTED)]
        if not active:
            return
        t.rec.step("A1", "enchant_step")
        sets = []
        for m in active:
            chosen = ask_enchant(t, m)
            if chosen is not None:
                sets.append(chosen)
            else:
                m.gain(LOCKED)
        if not sets:
            return
        for m, card, dup, valid in check_enchants(t, sets):
            st.place(card, m, "enchant")
            t.rec.add("enchant_placed", m.id, None, "§7 A1-d", {
                "card": card, "duplicate": dup, "valid": valid})
            if dup:
                enchant_happening(t, m, card, "§7 A1-b", "§7 A1-b")
                m.gain(LOCKED)
                t.rec.add("locked", m.id, None, "§7 A1-b", {})
            if not valid:
                lose_mp(t, m, 1, "§7 A1-c")
        for m in active:
            if not m.has(LOCKED) and not m.has(EXHAUSTED):
                ask_keep_enchanting(t, m)
        active = [m for m in active if not m.has(LOCKED)]


def ask_keep_enchanting(t: CardDuelTable, m: Member) -> None:
    """M2 (A1-e): keep enchanting next step, or stop for this engagement."""
    warrior = t.state.warriors[m.side]
    usable = [f for f in usable_enchants(t, m.side) if f.card in warrior.valid]
    played = sum(1 for f in t.state.field if f.owner is m and f.kind == "enchant")
    answer = t.decider.decide(Request(m.side, "M2", ("continue", "stop"), {
        "member": m.id, "usable": len(usable), "played": played, "mp": m.mp,
        "hand_size": len(m.hand), "deck_size": len(m.deck)}))
    if answer == "stop":
        m.gain(LOCKED)
        t.rec.add("enchant_stop", m.id, None, "§7 A1-e", {})


def return_mage_cards(t: CardDuelTable) -> None:
    """A2-4: all of each mage's field cards, used or not, go back to its deck; shuffle."""
    st = t.state
    for m in st.mages:
        back = st.take_back(m)
        if not back:
            m.lose(LOCKED)
            continue
        m.to_deck([f.card for f in back])
        t.rng.shuffle(m.deck)
        m.lose(LOCKED)
        t.rec.add("enchant_return", m.id, None, "§7 A2-4", {"count": len(back)})


class Original(RoundLoop):
    """Procedure A's engagement: A1 enchanting, A2 engagement, A3 continue?; A4 damage and
    A5 reset after the loop (§7)."""

    first_step, rule, end_rule = "A1", "§7", "§7 A3"
    damage, reset = ("A4", "§7 A4"), ("A5", "§7 A5")

    def enchant_phase(self, t: CardDuelTable) -> None:
        enchant_phase(t)

    def attack(self, t: CardDuelTable) -> tuple[Commits, bool]:
        t.rec.step("A2", "engagement")
        commits = ask_attacks(t)
        t.rec.step("A2", "engagement_check")
        return commits, reveal_attacks(t, commits, "§7 A2-1")

    def settle(self, t: CardDuelTable, commits: Commits) -> None:
        next_only = t.readings.original_right_loss == "next_only"
        apply_fails(t, commits, "§7 A2-3", next_only=next_only)
        score(t, commits, "§7 A2-3")
        return_mage_cards(t)

    def go_on(self, t: CardDuelTable, number: int) -> bool:
        st = t.state
        t.rec.step("A3", "continue_check")
        # asked about the next engagement: a right lost for it only (D12) counts as lost
        st.round = number + 1
        going = ask_continues(t, "§7 A3")
        st.round = number
        return going


ORIGINAL = Original()


@implements("§7")
def play_duel(t: CardDuelTable) -> None:
    """One 対戦 of procedure A (§7)."""
    ORIGINAL.play(t)
