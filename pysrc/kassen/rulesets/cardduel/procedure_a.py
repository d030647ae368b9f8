"""Procedure A (option ``procedure = original``): 対戦判定 + 魔法強化 (§7).

One call plays one 対戦 (duel): engagements 交戦 (A1 enchant, A2 engagement, A3 continue?)
until the duel ends, then A4 damage and A5 reset."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.rulesets.cardduel.attack import apply_fails, reveal_attacks, score, usable_enchants
from kassen.rulesets.cardduel.constants import ENCHANT_STEP_CAP
from kassen.rulesets.cardduel.enchant import ask_enchant, check_enchants
from kassen.rulesets.cardduel.happenings import enchant_happening
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.resources import lose_mp, voluntary_conversions
from kassen.rulesets.cardduel.rounds import (
    ask_attacks,
    ask_continues,
    begin_round,
    end_why,
    round_over,
)
from kassen.rulesets.cardduel.storm import run_storm
from kassen.rulesets.cardduel.table import begin_battle, finish_battle

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.engine import CardDuelBattle


def enchant_phase(b: CardDuelBattle) -> None:
    """A1: each enchanting mage plays one card per step, simultaneously (A1-a, D10); a
    duplicate rank is a happening (A1-b); an invalid card costs MP (A1-c, D9); every card
    stays on the field as the mage's enchant card (A1-d); then keep going or stop (M2)."""
    st = b.state
    active = [m for m in st.mages if not m.exhausted]
    if not active:
        return
    b.rec.step("A1", "enchant_setup")
    st.step = "A1"
    for m in active:
        voluntary_conversions(b, m, "§15 D10")
    for _ in range(ENCHANT_STEP_CAP):
        active = [m for m in active if not m.exhausted]
        if not active:
            return
        b.rec.step("A1", "enchant_step")
        sets = []
        for m in active:
            chosen = ask_enchant(b, m)
            if chosen is not None:
                sets.append(chosen)
            else:
                m.locked = True
        if not sets:
            return
        for m, card, dup, valid in check_enchants(b, sets):
            st.place(card, m, "enchant")
            b.rec.emit("enchant_placed", m.id, rule="§7 A1-d", card=card, duplicate=dup,
                       valid=valid)
            if dup:
                enchant_happening(b, m, card, "§7 A1-b", "§7 A1-b")
                m.locked = True
                b.rec.emit("locked", m.id, rule="§7 A1-b")
            if not valid:
                lose_mp(b, m, 1, "§7 A1-c")
        for m in active:
            if not m.locked and not m.exhausted:
                ask_keep_enchanting(b, m)
        active = [m for m in active if not m.locked]


def ask_keep_enchanting(b: CardDuelBattle, m: Member) -> None:
    """M2 (A1-e): keep enchanting next step, or stop for this engagement."""
    warrior = b.state.warriors[m.side]
    usable = [f for f in usable_enchants(b, m.side) if f.card in warrior.valid]
    played = sum(1 for f in b.state.field if f.owner is m and f.kind == "enchant")
    answer = b.decider.decide(Request(m.side, "M2", ("continue", "stop"), {
        "member": m.id, "usable": len(usable), "played": played, "mp": m.mp,
        "hand_size": len(m.hand), "deck_size": len(m.deck)}))
    if answer == "stop":
        m.locked = True
        b.rec.emit("enchant_stop", m.id, rule="§7 A1-e")


def return_mage_cards(b: CardDuelBattle) -> None:
    """A2-4: all of each mage's field cards, used or not, go back to its deck; shuffle."""
    st = b.state
    for m in st.mages:
        back = st.take_back(m)
        if not back:
            m.locked = False
            continue
        m.to_deck([f.card for f in back])
        b.rng.shuffle(m.deck)
        m.locked = False
        b.rec.emit("enchant_return", m.id, rule="§7 A2-4", count=len(back))


def play_duel(b: CardDuelBattle) -> None:
    """One 対戦 of procedure A (§7)."""
    st = b.state
    next_only = b.readings.original_right_loss == "next_only"
    begin_battle(b)
    why = "round_cap"
    for eng in range(1, b.readings.round_cap + 1):
        begin_round(b, eng, "A1", "§7")
        enchant_phase(b)
        b.rec.step("A2", "engagement")
        st.step = "A2"
        commits = ask_attacks(b)
        b.rec.step("A2", "engagement_check")
        clash = reveal_attacks(b, commits, "§7 A2-1")
        if clash:
            run_storm(b)
            why = "storm"
            break
        apply_fails(b, commits, "§7 A2-3", next_only=next_only)
        score(b, commits, "§7 A2-3")
        return_mage_cards(b)
        ended = round_over(b, commits, eng, "§7 A3")
        if ended:
            why = ended
            break
        b.rec.step("A3", "continue_check")
        st.step = "A3"
        st.round = eng + 1
        going = ask_continues(b, "§7 A3")
        st.round = eng
        if not going:
            why = end_why(b)
            b.rec.emit("battle_over", rule="§7 A3", why=why)
            break
    finish_battle(b, why, ("A4", "§7 A4"), ("A5", "§7 A5"))
