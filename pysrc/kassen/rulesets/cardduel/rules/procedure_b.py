"""Procedure B (default): the バトル loop, steps B1–B9 (§5).

One call plays one battle: rounds of B1–B8, then B9 once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue_conditions import EXHAUSTED, LOCKED
from kassen.rulesets.cardduel.rules.attack import Commits, apply_fails, reveal_attacks, score
from kassen.rulesets.cardduel.rules.enchant import ask_enchant, check_enchants
from kassen.rulesets.cardduel.rules.happenings import enchant_happening
from kassen.rulesets.cardduel.rules.resources import lose_mp, voluntary_conversions
from kassen.rulesets.cardduel.rules.rounds import RoundLoop, ask_attacks, ask_continues

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def enchant_phase(t: CardDuelTable) -> None:
    """B1 エンチャントセットアップ, B2 エンチャントチェック, B3 エンチャントダメージチェック."""
    st = t.state
    if not st.mages:  # no mage at the table (1v1): nothing to enchant, every round
        return
    mages = [m for m in st.mages if not m.has(EXHAUSTED) and not m.has(LOCKED)]
    if not mages:
        return
    t.rec.step("B1", "enchant_setup")
    sets = []
    for m in mages:
        voluntary_conversions(t, m, "§5.1.0")
        chosen = ask_enchant(t, m)
        if chosen is not None:
            sets.append(chosen)
    if not sets:
        return
    t.rec.step("B2", "enchant_check")
    results = check_enchants(t, sets)
    for m, card, dup, valid in results:
        if not dup and valid:
            st.place(card, m, "enchant")
            t.rec.add("enchant_on", m.id, None, "§5.2.3", {"card": card})
        else:
            m.discard.append(card)
            t.rec.add("enchant_off", m.id, None, "§5.2.4", {"card": card, "duplicate": dup,
                                                            "valid": valid})
    t.rec.step("B3", "enchant_damage")
    for m, card, dup, valid in results:
        if dup:
            enchant_happening(t, m, card, "§5.3.2a", "§5.3.2b")
            if t.readings.happening_lock == "battle":
                m.gain(LOCKED)
                t.rec.add("locked", m.id, None, "§5.3.2d", {})
            if not valid and t.readings.dup_also_costs_mp:
                lose_mp(t, m, 1, "§5.3.2c")
        elif not valid:
            lose_mp(t, m, 1, "§5.3.1")


class Revised(RoundLoop):
    """Procedure B's round: B1–B3 enchanting, B4 attack set-up, B5 attack check, B6 attack
    damage check, B7 advantage check, B8 next-round check; B9 after the loop (§5)."""

    first_step, rule, end_rule = "B1", "§5", "§5.8.2"
    damage, reset = ("B9", "§5.10.1"), ("B9", "§5.10.3")

    def enchant_phase(self, t: CardDuelTable) -> None:
        enchant_phase(t)

    def attack(self, t: CardDuelTable) -> tuple[Commits, bool]:
        # B4 アタックセットアップ
        t.rec.step("B4", "attack_setup")
        commits = ask_attacks(t)
        # B5 アタックチェック
        t.rec.step("B5", "attack_check")
        clash = reveal_attacks(t, commits, "§5.5")
        # B6 アタックダメージチェック (a clash: the storm, §5.6.2)
        t.rec.step("B6", "attack_damage")
        return commits, clash

    def settle(self, t: CardDuelTable, commits: Commits) -> None:
        apply_fails(t, commits, "§5.6.1")
        # B7 アドバンテージチェック
        t.rec.step("B7", "advantage_check")
        score(t, commits, "§5.7")

    def go_on(self, t: CardDuelTable, number: int) -> bool:
        # B8 ネクストラウンドチェック
        t.rec.step("B8", "next_round")
        return ask_continues(t, "§5.8.1")


REVISED = Revised()


@implements("§5")
def play_battle(t: CardDuelTable) -> None:
    """One battle of procedure B (§5): rounds of B1–B8 until the loop ends, then B9."""
    REVISED.play(t)
