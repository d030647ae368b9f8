"""Procedure B (§5) with stacked hands and decks and scripted choices: each step B1–B9,
enchant activation, failure and happening, the stall rule, the round cap, costumes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import M8, M8B, W8, W8B, events, kinds, stack, start

from kassen.core.problems import ProblemError
from kassen.rulesets.cardduel.catalogue_conditions import EXHAUSTED
from kassen.rulesets.cardduel.rules.victory import defeats

TEAMS = [f"{W8} + {M8}", f"{W8B} + {M8B}"]
NO_M0 = {"voluntary_costume": False}


@pytest.mark.rule("§5.10")
@pytest.mark.rule("§5.4")
@pytest.mark.rule("§5.8")
@pytest.mark.rule("§4.5")
@pytest.mark.rule("§4.6")
def test_b4_to_b9_ok_ok_higher_card_and_last_damage() -> None:
    """B4–B7 (§5.4–5.7, §4.5 OK/OK), B8 withdraw both (§5.8), B9 (§4.6, §5.10)."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["H3"]}, ["S5", "H3", "withdraw", "withdraw"])
    b.play_turn()
    assert [e.values["card"] for e in events(b, "attack_reveal")] == ["S5", "H3"]
    adv = events(b, "advantage")
    assert [(e.actor, e.values["gain"]) for e in adv] == [("0.0", 1)]
    assert events(b, "battle_over")[0].values["why"] == "withdrawal"
    assert events(b, "damage_check")[0].values == {"adv": [1, 0], "damage": [1, 0]}
    assert b.member("1.0").hp == 9 and b.state.dealt == [1, 0]
    assert b.state.field == [] and len(b.member("0.0").deck) == 52  # §5.10.3
    assert b.view()["last_damage"] == {"adv": [1, 0], "damage": [1, 0]}
    assert not b.finished and b.decider.cursor == 4


@pytest.mark.rule("§5.6.1")
@pytest.mark.rule("§4.5")
def test_b6_fail_loses_hp_and_right_and_b7_plus_two() -> None:
    """§5.6.1 and §4.5 OK/FAIL: the failer loses 1 HP and the right; the other gets +2."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["HK"]}, ["S5", "HK", "withdraw"])
    b.play_turn()
    assert events(b, "attack_fail")[0].actor == "1.0"
    assert events(b, "advantage")[0].values["gain"] == 2
    assert events(b, "battle_over")[0].values["why"] == "rights"
    # 1 HP for the failure (B6) + 2 from the last damage check (B9)
    assert b.member("1.0").hp == 7 and b.decider.cursor == 3


@pytest.mark.rule("§5.9")
def test_stall_rule_5_9_everyone_passes() -> None:
    """§5.9: a round in which every holder passes ends the battle; no W2 is asked."""
    b = start([W8, W8B], {}, ["pass", "pass"])
    b.play_turn()
    assert events(b, "battle_over")[0].values["why"] == "stall"
    assert b.decider.cursor == 2 and b.state.battle_ends == ["stall"]


@pytest.mark.rule("D13")
def test_stall_rule_d13_lone_holder_passes() -> None:
    """D13: when the opponent has no right, a lone holder who passes also ends the battle."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["HK"]}, ["S5", "HK", "continue", "pass"])
    b.play_turn()
    assert events(b, "battle_over")[0].values["why"] == "stall"
    assert b.decider.cursor == 4


@pytest.mark.rule("§5.9 RB4")
def test_round_cap_5_9() -> None:
    """§5.9 RB4: after the cap's B7 the battle goes to B9 without asking W2."""
    b = start([W8, W8B], {"0.0": ["S2", "S3"], "1.0": ["H2", "H4"]},
              ["S2", "H2", "continue", "continue", "S3", "H4"], {"round_cap": 2})
    b.play_turn()
    assert events(b, "battle_over")[0].values["why"] == "round_cap"
    assert b.decider.cursor == 6 and b.state.round == 2


@pytest.mark.rule("§5.2.3")
@pytest.mark.rule("§5.2.4")
@pytest.mark.rule("§5.3.1")
@pytest.mark.rule("§5.4.1")
@pytest.mark.rule("§5.5.4 RB1")
def test_b1_b3_enchant_activation_failure_and_pointing() -> None:
    """B1–B3: a valid new rank is activated (§5.2.3); an invalid one is discarded and costs
    1 MP (§5.2.4, §5.3.1); the warrior points at the own enchantment (§5.4.1 iii), which is
    used once (§5.5.4 RB1)."""
    choices = ["S4", "HK", "field:S4", "pass", "continue", "continue", "pass", "pass",
               "field:S4"]
    b = start(TEAMS, {"0.1": ["S4"], "1.1": ["HK"]}, choices, NO_M0)
    with pytest.raises(ProblemError):  # S4 was used: no longer an option
        b.play_turn()
    assert [e.values["card"] for e in events(b, "enchant_on")] == ["S4"]
    off = events(b, "enchant_off")[0]
    assert off.actor == "1.1" and off.values == {"card": "HK", "duplicate": False,
                                                 "valid": False}
    assert b.member("1.1").mp == 2 and b.member("1.1").discard == ["HK"]
    reveal = events(b, "attack_reveal")[0]
    assert reveal.values["source"] == "field" and reveal.values["valid"]
    assert events(b, "advantage")[0].values["gain"] == 1  # OK against NONE
    used = [f for f in b.state.field if f.card == "S4"]
    assert used and used[0].used is True


@pytest.mark.rule("§5.3.1")
@pytest.mark.rule("M3")
def test_b3_mp_zero_forces_costume_conversion_m3() -> None:
    """§5.3.1: at MP 0 the mage converts a costume into MP at once (decision M3)."""
    b = start(TEAMS, {"1.1": ["HK"]}, ["pass", "HK", "shoes", "pass", "pass"], NO_M0)
    b.member("1.1").mp = 1
    b.play_turn()
    forced = events(b, "convert_forced")[0].values
    assert {k: forced[k] for k in ("costume", "mp")} == {"costume": "shoes", "mp": 2}
    assert forced["sums"]["mp"] == (("=", "mp_before", 0), ("+", "costume_mp", 2, "§5.3.1"))
    assert b.member("1.1").costumes == ["hat"] and b.member("1.1").mp == 2


@pytest.mark.rule("§5.3.3")
def test_b3_exhaustion_5_3_3() -> None:
    """§5.3.3: MP 0 and no costume: exhausted, never asked again, not defeated."""
    b = start(TEAMS, {"1.1": ["HK"]}, ["pass", "HK", "pass", "pass"], NO_M0)
    m = b.member("1.1")
    m.mp, m.costumes = 1, []
    b.play_turn()
    assert m.has(EXHAUSTED) and "exhausted" in kinds(b)
    b.decider.choices += ["pass", "pass", "pass"]
    b.play_turn()  # battle 2: only mage 0.1 (M1) and the two warriors are asked
    assert b.decider.cursor == 7 and defeats(b.table) == [0, 0]


@pytest.mark.rule("§5.2.2")
@pytest.mark.rule("§5.3.2")
def test_b2_duplicate_happening_draws_three_and_locks() -> None:
    """§5.2.2 duplicates within the same step, §5.3.2 a–d: Emotion Event (narrative), three
    deck cards become activated enchantments, no MP cost, the mage is locked for the battle."""
    choices = ["S4", "H4", "field:S2", "field:H5", "continue", "continue",
               "field:S3", "field:H6", "withdraw", "withdraw"]
    b = start(TEAMS, {"0.1": ["S4"], "1.1": ["H4"]}, choices, NO_M0)
    stack(b, "0.1", deck=["S2", "S3", "S6", "C9"])
    stack(b, "1.1", deck=["H5", "H6", "H7", "C9"])
    b.play_turn()
    emo = events(b, "emotion")
    assert [(e.actor, e.values["effect"]) for e in emo] == [("0.1", "narrative"),
                                                           ("1.1", "narrative")]
    assert [e.values["cards"] for e in events(b, "happening_draw")] == [
        ["S2", "S3", "S6"], ["H5", "H6", "H7"]]
    assert [e.actor for e in events(b, "locked")] == ["0.1", "1.1"]
    assert b.member("0.1").mp == 3 and b.member("1.1").mp == 3
    assert b.decider.cursor == 10  # no mage was asked in round 2
    assert b.member("0.0").hp == 8 and b.member("1.0").hp == 10  # 0:2 → 2 and 0


@pytest.mark.rule("§5.3")
@pytest.mark.rule("§5.3.2c")
def test_dup_also_costs_mp_option_5_3_2c() -> None:
    """§5.3.2c option: an invalid duplicate also costs 1 MP."""
    for flag, mp in ((False, 3), (True, 2)):
        b = start(TEAMS, {"0.1": ["SK"], "1.1": ["HK"]}, ["SK", "HK", "pass", "pass"],
                  {**NO_M0, "dup_also_costs_mp": flag})
        b.play_turn()
        assert b.member("0.1").mp == mp and b.member("1.1").mp == mp


@pytest.mark.rule("§5.2.2")
@pytest.mark.rule("D11")
def test_enchant_rank_scope_own_team_5_2_2() -> None:
    """§5.2.2 / D11: with ``own_team`` the other team's same rank is no duplicate."""
    b = start(TEAMS, {"0.1": ["S4"], "1.1": ["H4"]}, ["S4", "H4", "pass", "pass"],
              {**NO_M0, "enchant_rank_scope": "own_team"})
    b.play_turn()
    assert len(events(b, "enchant_on")) == 2 and not events(b, "emotion")


@pytest.mark.rule("§12.2")
def test_emotion_table_v0_12_2() -> None:
    """§12.2: ♠ rivalry gives the side +k advantage, ♥ elation gives the mage +k MP."""
    b = start(TEAMS, {"0.1": ["S4"], "1.1": ["H4"]}, ["S4", "H4", "pass", "pass"],
              {**NO_M0, "emotion_table": "v0"})
    b.play_turn()
    assert [e.values["effect"] for e in events(b, "emotion")] == ["rivalry", "elation"]
    assert b.member("1.1").mp == 4
    assert events(b, "damage_check")[0].values["adv"] == [1, 0]


@pytest.mark.rule("§5.1.0")
@pytest.mark.rule("M0")
def test_voluntary_conversion_m0_5_1_0() -> None:
    """§5.1.0: before enchanting a mage may convert costumes into cards or MP."""
    b = start(TEAMS, {"0.1": []}, ["ribbon:hand", "cloak:mp", "pass", "pass", "pass",
                                   "pass", "pass", "pass"])
    b.play_turn()
    m = b.member("0.1")
    assert m.costumes == [] and m.mp == 5 and len(m.hand) == 1
    assert [e.kind for e in b.rec.events() if e.kind.startswith("convert")] == [
        "convert_hand", "convert_mp"]


@pytest.mark.rule("§2.6 RB3")
def test_hand_refill_2_6_each_later_battle() -> None:
    """§2.6 RB3: hands are refilled to 基礎魔力 at the start of every later battle."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["H3"]}, ["S5", "H3", "withdraw", "withdraw"])
    b.play_turn()
    assert len(b.member("0.0").hand) == 0
    b.decider.choices += ["pass", "pass"]
    b.play_turn()
    assert [e.values["drawn"] for e in events(b, "refill")] == [3, 3]
