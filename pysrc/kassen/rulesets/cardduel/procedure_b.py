"""Procedure B (default): the バトル loop, steps B1–B9 (§5).

One call plays one battle: rounds of B1–B8, then B9 once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.cardduel.attack import apply_fails, reveal_attacks, score
from kassen.rulesets.cardduel.enchant import ask_enchant, check_enchants
from kassen.rulesets.cardduel.happenings import enchant_happening
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
    """B1 エンチャントセットアップ, B2 エンチャントチェック, B3 エンチャントダメージチェック."""
    st = b.state
    mages = [m for m in st.mages if not m.exhausted and not m.locked]
    if not mages:
        return
    b.rec.step("B1", "enchant_setup")
    st.step = "B1"
    sets = []
    for m in mages:
        voluntary_conversions(b, m, "§5.1.0")
        chosen = ask_enchant(b, m)
        if chosen is not None:
            sets.append(chosen)
    if not sets:
        return
    b.rec.step("B2", "enchant_check")
    st.step = "B2"
    results = check_enchants(b, sets)
    for m, card, dup, valid in results:
        if not dup and valid:
            st.place(card, m, "enchant")
            b.rec.emit("enchant_on", m.id, rule="§5.2.3", card=card)
        else:
            m.discard.append(card)
            b.rec.emit("enchant_off", m.id, rule="§5.2.4", card=card, duplicate=dup,
                       valid=valid)
    b.rec.step("B3", "enchant_damage")
    st.step = "B3"
    for m, card, dup, valid in results:
        if dup:
            enchant_happening(b, m, card, "§5.3.2a", "§5.3.2b")
            if b.readings.happening_lock == "battle":
                m.locked = True
                b.rec.emit("locked", m.id, rule="§5.3.2d")
            if not valid and b.readings.dup_also_costs_mp:
                lose_mp(b, m, 1, "§5.3.2c")
        elif not valid:
            lose_mp(b, m, 1, "§5.3.1")


def play_battle(b: CardDuelBattle) -> None:
    """One battle of procedure B (§5): rounds of B1–B8 until the loop ends, then B9."""
    st = b.state
    begin_battle(b)
    why = "round_cap"
    for rnd in range(1, b.readings.round_cap + 1):
        begin_round(b, rnd, "B1", "§5")
        enchant_phase(b)
        # B4 アタックセットアップ
        b.rec.step("B4", "attack_setup")
        st.step = "B4"
        commits = ask_attacks(b)
        # B5 アタックチェック
        b.rec.step("B5", "attack_check")
        st.step = "B5"
        clash = reveal_attacks(b, commits, "§5.5")
        # B6 アタックダメージチェック
        b.rec.step("B6", "attack_damage")
        st.step = "B6"
        if clash:
            run_storm(b)
            why = "storm"
            break
        apply_fails(b, commits, "§5.6.1")
        # B7 アドバンテージチェック
        b.rec.step("B7", "advantage_check")
        st.step = "B7"
        score(b, commits, "§5.7")
        ended = round_over(b, commits, rnd, "§5.8.2")
        if ended:
            why = ended
            break
        # B8 ネクストラウンドチェック
        b.rec.step("B8", "next_round")
        st.step = "B8"
        if not ask_continues(b, "§5.8.1"):
            why = end_why(b)
            b.rec.emit("battle_over", rule="§5.8.2", why=why)
            break
    finish_battle(b, why, ("B9", "§5.10.1"), ("B9", "§5.10.3"))
