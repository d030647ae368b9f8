"""End conditions and victory (§8, D2, D3, D16, D18), surrender, and procedure A (§7)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import M8, M8B, W8, W8B, events, start

from kassen.rulesets.cardduel.rules.victory import defeats


@pytest.mark.rule("D2")
@pytest.mark.rule("§8.2.1")
def test_knockout_inside_a_battle_d2_and_victory_by_defeats() -> None:
    """D2: a warrior fainting in B6 ends the rounds after B7; B9 runs; §8.2.1 defeats win."""
    b = start([W8, W8B], {"0.0": ["HK"], "1.0": ["S5"]}, ["HK", "S5"])
    b.member("0.0").hp = 1
    b.play_turn()
    assert events(b, "battle_over")[0].values["why"] == "knockout"
    assert b.finished and b.state.ended_by == "knockout"
    r = b.final_result()
    assert (r.winner, r.reason, r.turn) == (1, "knockout", 1)


@pytest.mark.rule("§3.1")
@pytest.mark.rule("§8.2.2")
def test_fixed_format_victory_by_damage_8_2_2() -> None:
    """§3.1 ``battles = 1``: the match ends after one battle; more damage dealt wins."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["H3"]}, ["S5", "H3", "withdraw", "withdraw"],
              {"format": "fixed", "battles": 1})
    b.play_turn()
    assert b.finished and (b.result().winner, b.result().reason) == (0, "damage")


@pytest.mark.rule("§8.2.3")
def test_draw_when_nothing_separates_8_2_3() -> None:
    """§8.2.3: equal defeats and equal damage give a draw."""
    b = start([W8, W8B], {}, ["pass", "pass"], {"format": "fixed", "battles": 1})
    b.play_turn()
    assert (b.result().winner, b.result().reason) == (None, "draw")


@pytest.mark.rule("D3")
def test_nominal_damage_tie_is_a_draw_d3() -> None:
    """D3: damage dealt is the formula value; 3–3 against HP 2 and 3 knocks both out: a draw."""
    b = start([W8, W8B], {}, ["pass", "pass"])
    b.state.adv = [3, 3]
    b.member("0.0").hp, b.member("1.0").hp = 2, 3
    b.play_turn()
    assert defeats(b.table) == [1, 1] and b.state.dealt == [3, 3]
    assert (b.result().winner, b.result().reason) == (None, "draw")


@pytest.mark.rule("§10 W3")
@pytest.mark.rule("D16")
@pytest.mark.rule("§8.1b")
def test_surrender_option_w3_after_b9() -> None:
    """§10 W3 / D16: with ``surrender = hopeless`` the AI surrenders at HP ≤ 1 against ≥ 8;
    the surrendering side loses (§8.1b)."""
    b = start([W8, W8B], {}, ["pass", "pass"], {"surrender": "hopeless"})
    b.member("0.0").hp = 1
    b.play_turn()
    assert b.finished and (b.result().winner, b.result().reason) == (1, "surrender")


@pytest.mark.rule("§3.1")
@pytest.mark.rule("D17")
def test_battle_cap_until_knockout_3_1() -> None:
    """§3.1 / D17: ``until_knockout`` stops at the battle cap."""
    b = start([W8, W8B], {}, ["pass", "pass"] * 3, {"battle_cap": 3})
    for _ in range(3):
        b.play_turn()
    assert b.finished and b.state.ended_by == "cap" and b.turn == 3


@pytest.mark.rule("§7 A1")
@pytest.mark.rule("M2")
@pytest.mark.rule("A2")
@pytest.mark.rule("A4")
def test_original_a1_enchant_steps_and_a2_4_return() -> None:
    """§7 A1: the mage plays cards step by step (M1/M2); an invalid card costs MP but stays
    usable on the field (A1-c, A1-d); A2: the warrior uses the enchant card; A2-4: the mage's
    field cards return to its deck; A4 damage."""
    choices = ["S4", "pass", "continue", "HK", "stop", "field:S4", "pass", "withdraw",
               "withdraw"]
    b = start([f"{W8} + {M8}", f"{W8B} + {M8B}"], {"0.1": ["S4", "HK"]}, choices,
              {"procedure": "original", "voluntary_costume": False})
    b.play_turn()
    assert [(e.values["card"], e.values["valid"]) for e in events(b, "enchant_placed")] == [
        ("S4", True), ("HK", False)]
    assert b.member("0.1").mp == 2
    assert events(b, "enchant_return")[0].values["count"] == 2
    assert b.member("1.0").hp == 9 and b.decider.cursor == 9


@pytest.mark.rule("§7 A2-3")
@pytest.mark.rule("D12")
def test_original_right_loss_next_only_d12() -> None:
    """§7 A2-3 option ``next_only``: the failer sits out exactly the next engagement."""
    choices = ["HK", "S5", "continue", "S6", "withdraw", "withdraw"]
    b = start([W8, W8B], {"0.0": ["HK"], "1.0": ["S5", "S6"]}, choices,
              {"procedure": "original", "original_right_loss": "next_only"})
    b.play_turn()
    assert [e.values["gain"] for e in events(b, "advantage")] == [2, 1]
    assert b.decider.cursor == 6  # 0.0 was asked again for engagement 3 (W2)


@pytest.mark.rule("D18")
def test_original_one_duel_is_decided_by_damage_a9_d18() -> None:
    """A-9 / D18: in procedure A with 「1対戦」 only damage counts, even against a knockout;
    procedure B decides the same table by defeats."""
    for procedure, winner, reason in (("original", 0, "damage"), ("revised", 1, "knockout")):
        b = start([W8, W8B], {}, ["pass", "pass"],
                  {"procedure": procedure, "format": "fixed", "battles": 1})
        b.state.adv = [3, 2]
        b.member("0.0").hp = 1
        b.play_turn()
        assert (b.result().winner, b.result().reason) == (winner, reason)
