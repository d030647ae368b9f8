"""The turn loop of §5 with forced dice: attack right, cross, multi-hit, stun, range, zones,
lines, triggers, VP, stars and 奥義, demerit squares, derivations, the end of the battle."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_helpers import battle, damage_terms, events, one_turn, put

from kassen.rulesets.dice.catalogue_conditions import flag as new_flag
from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.model import TurnValues

CROSS_FACES = (3, 3, 3, 5)
"""Equal own dice: speeds 30/30, X = 0 → cross (§9.2 step 4)."""


def stun_red(left: int = 20):
    def before(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=left, gauge=0)
    return before


@pytest.mark.rule("§9.2")
@pytest.mark.rule("§9.4")
@pytest.mark.rule("§6.3")
def test_cross_state_both_attack_in_primitive_order_section9_4() -> None:
    """§9.2/§9.4: equal speed → cross; odd turn → red first; 攻撃低減値 0 for both (§6.3)."""
    b = one_turn(faces=CROSS_FACES)
    d = events(b, "decision_cross")[0]
    assert d["by"] == "cross" and d["attackers"] == ["0.0", "1.0"]
    hits = events(b, "hit")
    assert [damage_terms(h)["a_red"] for h in hits] == [0, 0]
    assert [damage_terms(h)["d_red"] for h in hits] == [3, 3]


@pytest.mark.rule("§9.3")
def test_cross_even_turn_blue_first_section9_3() -> None:
    """§9.3 step 5: on an even turn with every other key equal, blue goes first."""
    b = battle("name: A; fav: 3", "name: B; fav: 3", [3, 3, 3, 5, 3, 3, 3, 5])
    b.play_turn()
    b.play_turn()
    assert events(b, "decision_cross")[-1]["attackers"] == ["1.0", "0.0"]


@pytest.mark.rule("A5")
def test_speed_within_cross_range_is_cross_a5() -> None:
    """A5: the faster side wins only if the difference exceeds X = floor((cr+cr)/2)."""
    red = "name: A; agi: 5; cross: 5; fav: 3"
    blue = "name: B; cross: 5; fav: 3"
    b = battle(red, blue, CROSS_FACES)
    b.play_turn()
    assert events(b, "decision_cross")  # 35 vs 30, X = 5
    b = battle("name: A; agi: 6; cross: 5; fav: 3", blue, CROSS_FACES)
    b.play_turn()
    assert events(b, "decision")[0]["by"] == "speed"


@pytest.mark.rule("§9.2")
def test_attack_right_beats_speed_and_absolute_beats_right_section9_2() -> None:
    """§9.2: 先手 (attack right) beats speed; 先読み (absolute) beats 先手."""
    b = one_turn(blue_extra="slot10: 先手")
    d = events(b, "decision")[0]
    assert d["by"] == "right" and d["attackers"] == ["1.0"]
    assert events(b, "attack")[0]["hits"] == 1  # slower attacker: no extra hits (§10.1)
    b = one_turn("special5: 先読み", "slot10: 先手")
    assert events(b, "decision")[0]["by"] == "absolute"
    assert events(b, "decision")[0]["attackers"] == ["0.0"]


@pytest.mark.rule("A32")
def test_forced_cross_beats_absolute_a32() -> None:
    """A32: forced cross ignores even the absolute attack right."""
    b = one_turn("special5: 先読み", "slot10: 相打ち狙い")
    assert events(b, "decision_cross")[0]["by"] == "forced"


@pytest.mark.rule("A31")
def test_stunned_winner_passes_right_a31() -> None:
    """A31: red wins on attack right (blue on a demerit square) but is stunned → blue attacks;
    option ``stunned_winner=none`` → nobody attacks."""
    b = one_turn(blue_extra="slot10: 隙", before=stun_red())
    d = events(b, "decision")[0]
    assert d["by"] == "right" and d["passed"] and d["attackers"] == ["1.0"]
    b = one_turn(blue_extra="slot10: 隙", before=stun_red(), stunned_winner="none")
    assert events(b, "decision_none") and not events(b, "hit")


@pytest.mark.rule("§10.1")
@pytest.mark.rule("§10")
def test_multi_hit_with_power_coefficient_section10() -> None:
    """§10.1–10.2: speed 80 vs 30 → D 50 → 1 extra hit at comboCoef^1 = 0.5."""
    b = one_turn("agi: 10; slot10: 神速")
    hits = events(b, "hit")
    assert len(hits) == 2
    first, second = (damage_terms(h) for h in hits)
    assert first["combo"] == 1 and second["combo"] == Fraction(1, 2)
    assert second["attack"] * 2 == first["attack"]


@pytest.mark.rule("§2.8")
@pytest.mark.rule("D5")
def test_single_derivation_first_hit_only_d5() -> None:
    """§2.8 単 (D5): 攻2倍・単 adds +2 to the first hit only."""
    b = one_turn("agi: 10; slot10: 攻2倍・単; slot9: 神速", faces=(4, 3, 2, 5))
    # red N = 4+3+2 = 9 → 神速; put 攻2倍・単 elsewhere to check it does nothing here
    assert [damage_terms(h)["atk_mult"] for h in events(b, "hit")] == [2, 2]
    b = one_turn("agi: 10; passive: 連撃の心得; slot10: 攻2倍・単; special5: 瞬発")
    # 瞬発: own 6 → speed 70 vs 30, threshold 40 → 2 hits
    assert [damage_terms(h)["atk_mult"] for h in events(b, "hit")] == [4, 2]


@pytest.mark.rule("D5")
def test_single_factor_multiplies_the_first_hit_only_d5() -> None:
    """D5: a 単 factor (急所狙い・単 ダメージ倍率 ×1.5) acts on the first hit, not the second;
    without 単 it acts on both."""
    two_hits = "agi: 10; passive: 連撃の心得; special5: 瞬発; "
    single = one_turn(two_hits + "slot10: 急所狙い・単")
    assert [damage_terms(h)["dmg_mult"] for h in events(single, "hit")] == [Fraction(3, 2), 1]
    every = one_turn(two_hits + "slot10: 急所狙い")
    assert [damage_terms(h)["dmg_mult"] for h in events(every, "hit")] == [Fraction(3, 2)] * 2


@pytest.mark.rule("§2.8")
def test_hand_and_open_derivations_section2_8() -> None:
    """渡: own attack right −1; 開: own defence correction 0 this turn."""
    b = one_turn("slot10: 攻2倍・渡")
    assert events(b, "decision")[0]["attackers"] == ["1.0"]
    b = one_turn(blue_extra="slot10: 防2倍・開")
    assert damage_terms(events(b, "hit")[0])["def_corr"] == 0


@pytest.mark.rule("§12.2")
@pytest.mark.rule("§12.3")
def test_stun_starts_when_gauge_empties_section12_3() -> None:
    """§12.2–12.3: a 3-digit hit (−2) empties a gauge of 2 → stunned for gauge-max turns,
    good flags removed."""
    def weak(b: DiceBattle) -> None:
        b.table.ch(1).gauge = 2
        b.table.ch(1).flags.append(new_flag("防1.5倍", 2, 0))
    b = one_turn(before=weak)
    assert b.table.ch(1).stunned and b.table.ch(1).stun_left == 5
    assert b.table.ch(1).flags == []
    guarded = one_turn(blue_extra="passive: スタンフラグガード", before=weak)
    assert guarded.table.ch(1).stunned and guarded.table.ch(1).flags[0].name == "防1.5倍"
    assert guarded.table.ch(1).vp == 3  # 3 − 1 + 1


@pytest.mark.rule("§12.2")
def test_gauge_recovers_without_damage_section12_2() -> None:
    """§12.2: no damage taken this turn → gauge +1 up to its maximum."""
    def low(b: DiceBattle) -> None:
        b.table.ch(0).gauge = 3
    b = one_turn(before=low)
    assert b.table.ch(0).gauge == 4


@pytest.mark.rule("§12.5")
def test_stun_countdown_section12_5() -> None:
    """§12.5: remaining −= 1 + Σ hit digits + max(0, own − opponent die)."""
    b = one_turn(before=stun_red())
    hit = events(b, "hit")[0]
    assert hit["gauge_change"] == 0  # no gauge change while stunned
    digits = len(str(hit["damage"]))
    assert b.table.ch(0).stun_left == 20 - (1 + digits + 1)
    b = one_turn(before=stun_red(), stun_natural_countdown=False)
    assert b.table.ch(0).stun_left == 20 - (digits + 1)


@pytest.mark.rule("§12.4")
def test_stunned_penalties_section12_4() -> None:
    """§12.4: no ability, speed −30, imposes no 攻撃低減値, 防御倍率 −1."""
    b = one_turn("slot10: 攻2倍", before=stun_red())
    assert b.table.tv[0].atk_mult.every == 2 and b.table.tv[0].speed == 10
    assert b.table.tv[0].def_mult.every == 1
    assert damage_terms(events(b, "hit")[0])["a_red"] == 0


@pytest.mark.rule("§11.3")
@pytest.mark.rule("§11.4")
@pytest.mark.rule("§11")
def test_half_range_and_movement_section11() -> None:
    """§11.3 equal range dice → mean favourite (3.5); §11.4 moves 1 toward the higher die's
    favourite, snapping when closer than 1."""
    red = "name: A; fav: 2"
    blue = "name: B; fav: 5"
    b = battle(red, blue, [3, 3, 3, 5, 5, 1, 1, 5, 5, 1, 1, 5])
    b.play_turn()
    assert events(b, "range_set")[0]["range"] == "3.5"
    assert events(b, "hit")[0]["range"] == "3.5"
    b.play_turn()
    assert events(b, "range_move")[-1]["after"] == "2.5"
    b.play_turn()
    assert events(b, "range_move")[-1]["after"] == "2"


@pytest.mark.rule("§16.2")
@pytest.mark.rule("A23")
def test_zone_boundaries_a23() -> None:
    """§16.2/A23: 序盤 > 4000, 中盤 (1000, 4000], 終盤 ≤ 1000."""
    for lp, zone in ((4001, "序盤"), (4000, "中盤"), (1001, "中盤"), (1000, "終盤")):
        def set_lp(b: DiceBattle, lp: int = lp) -> None:
            b.table.ch(0).lp_main = lp
        b = one_turn(before=set_lp, faces=(1, 6, 1, 5))
        assert events(b, "zone", "0.0")[0]["zone"] == zone


@pytest.mark.rule("§7.1")
def test_line_fires_once_regardless_of_dice_section7_1() -> None:
    """§7.1 line: LP ≤ line value selects the line ability instead of slot N, once."""
    red = "name: A; fav: 3; slot10: 防2倍; line: 8600 攻2倍"
    b = battle(red, "name: B; fav: 3", [4, 3, 3, 5, 4, 3, 3, 5])
    b.play_turn()
    assert events(b, "select", "0.0")[0]["source"] == "line"
    assert b.table.tv[0].atk_mult.every == 4 and b.table.tv[0].def_mult.every == 2
    b.play_turn()
    assert events(b, "select", "0.0")[1]["source"] == "slot"


@pytest.mark.rule("§7.1")
def test_trigger_on_opponent_demerit_flag_uses_vp_section7_1() -> None:
    """§7.1 trigger: the opponent's demerit flag selects the trigger ability; +1 VP."""
    def flagged(b: DiceBattle) -> None:
        b.table.ch(1).flags.append(new_flag("隙", 1, 0))
    b = one_turn("trigger: 隙 攻2倍", before=flagged)
    assert events(b, "select", "0.0")[0]["source"] == "trigger"
    assert b.table.tv[0].atk_mult.every == 4
    assert events(b, "vp", "0.0")[0]["used"] == 1

    def broke(b: DiceBattle) -> None:
        flagged(b)
        b.table.ch(0).vp = 0
    b = one_turn("trigger: 隙 攻2倍", before=broke)
    assert events(b, "select", "0.0")[0]["source"] == "slot"


@pytest.mark.rule("§14.2")
@pytest.mark.rule("§14")
def test_vp_spent_at_end_of_turn_may_go_negative_section14() -> None:
    """§14.2–14.3: gating uses start-of-turn VP; the sum may exceed it; VP goes negative."""
    def flagged(b: DiceBattle) -> None:
        b.table.ch(1).flags.append(new_flag("隙", 1, 0))
        b.table.ch(0).vp = 2
    b = one_turn("trigger: 隙 急所狙い; special5: 先読み", before=flagged)
    vp = events(b, "vp", "0.0")[0]
    assert vp["before"] == 2 and vp["used"] == 3
    assert vp["vp"] == 0  # 2 − 3 = −1, then +1 regeneration (§14.4)


@pytest.mark.rule("§5.3")
@pytest.mark.rule("§15.1")
@pytest.mark.rule("§15")
def test_stardust_makes_stars_and_completes_ougi_same_turn_section15() -> None:
    """§5.3/§15.1: stardust 8 + 4 → 1 star (stardust 2); 奥義星 1 = setting → 奥義 this turn."""
    def dusty(b: DiceBattle) -> None:
        b.table.ch(0).stardust = 8
    b = one_turn("slot10: ougi=流星撃/1", before=dusty)
    assert b.table.ch(0).stars == 1 and b.table.ch(0).stardust == 2
    assert events(b, "ougi")[0]["x"] == 1
    assert b.table.tv[0].atk_mult.every == 4 and not b.table.ch(0).ougi_available


@pytest.mark.rule("§15.5")
@pytest.mark.rule("A30")
def test_ougi_clears_bad_flags_before_specials_section15_5() -> None:
    """§15.5: the 奥義 removes all own bad flags (demerit flags too, A30)."""
    def ready(b: DiceBattle) -> None:
        b.table.ch(0).ougi_stars = 2
        b.table.ch(0).flags.append(new_flag("隙", 1, 0))
    b = one_turn("slot10: ougi=流星撃/2", before=ready)
    assert b.table.tv[0].taken_mult.value() == 1
    b = one_turn("slot10: ougi=流星撃/2", before=ready, demerit_flags_are_bad=False)
    assert b.table.tv[0].taken_mult.value() == Fraction(3, 2)


@pytest.mark.rule("§7.2")
@pytest.mark.rule("D11")
@pytest.mark.rule("§15.4")
def test_star_ability_section15_4_and_based() -> None:
    """§7.2: stars > 必要星 → the star ability replaces the normal one and spends 使用星;
    based → both; D11: blocked by VP → the normal one, no stars spent."""
    def stars(n: int, vp: int = 3):
        def before(b: DiceBattle) -> None:
            b.table.ch(0).stars = n
            b.table.ch(0).vp = vp
        return before
    b = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1", before=stars(2))
    assert b.table.tv[0].atk_mult.every == 6 and b.table.ch(0).stars == 1
    b = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1 based", before=stars(2))
    assert b.table.tv[0].atk_mult.every == 7
    b = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1", before=stars(1))
    assert b.table.tv[0].atk_mult.every == 3 and b.table.ch(0).stars == 1
    b = one_turn("slot10: 攻1.5倍 star=急所狙い/0/1", before=stars(1, vp=0))
    assert b.table.tv[0].atk_mult.every == 3 and b.table.ch(0).stars == 1
    b = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1", before=stars(2), star_column="if_empty")
    assert b.table.tv[0].atk_mult.every == 3


@pytest.mark.rule("§8.1")
def test_demerit_square_penalties_section8_1() -> None:
    """§8.1: right −1, good flags gone, imposes no reductions, defence correction 0, range
    die 0 (so the range goes to the opponent's favourite)."""
    def good(b: DiceBattle) -> None:
        b.table.ch(0).flags.append(new_flag("被弾軽減", 2, 0))
    b = battle("name: A; fav: 2; slot10: 隙", "name: B; fav: 5", [4, 3, 3, 5])
    good(b)
    b.play_turn()
    assert b.table.tv[0].right == -1 and b.table.ch(0).flags[0].name == "隙"
    assert events(b, "range_set")[0]["range"] == "5"
    hit = events(b, "hit")[0]
    assert events(b, "decision")[0]["attackers"] == ["1.0"]
    bd = damage_terms(hit)
    assert bd["a_red"] == 0 and bd["def_corr"] == 0 and bd["taken_mult"] == Fraction(3, 2)


@pytest.mark.rule("§8.3")
def test_demerit_guard_blocks_penalties_not_effect_section8_3() -> None:
    """§8.3: デメリットガード spends 1 VP, cancels the penalties; the ability still acts."""
    b = one_turn("slot10: 隙; passive: デメリットガード")
    assert not b.table.tv[0].on_square and b.table.tv[0].right == 0
    assert b.table.tv[0].taken_mult.value() == Fraction(3, 2)
    assert events(b, "vp", "0.0")[0]["used"] == 1


@pytest.mark.rule("§18.5")
@pytest.mark.rule("D21")
def test_demerit_flag_acts_next_turn_d21() -> None:
    """§18.5/D21: the demerit flag repeats the effect on the next turn, then expires."""
    b = battle("name: A; fav: 3; slot10: 躓き", "name: B; fav: 3",
               [4, 3, 3, 5, 1, 6, 1, 5, 1, 6, 1, 5])
    b.play_turn()
    b.play_turn()  # red N = 1+6+1 = 8: empty slot, but the 躓き flag acts
    assert b.table.tv[0].speed == 10 - 30 + b.table.ch(0).stars
    assert b.table.tv[0].demerit_applied == ["躓き"]
    b.play_turn()
    assert b.table.tv[0].demerit_applied == [] and not b.table.ch(0).flags


@pytest.mark.rule("S1")
@pytest.mark.rule("D10")
def test_misfire_cancels_line_but_uses_it_d10() -> None:
    """S1 不発の術 cancels the opponent's line ability, which is still used up (D10)."""
    b = one_turn("line: 8500 攻2倍", "special5: 不発の術")
    assert events(b, "blocked", "0.0")[0]["why"] == "misfire"
    assert b.table.ch(0).line_used and b.table.tv[0].atk_mult.every == 2


@pytest.mark.rule("§17.1")
@pytest.mark.rule("§17.2")
@pytest.mark.rule("§17")
def test_knockout_and_double_knockout_section17() -> None:
    """§17.1 KO after all hits; §17.2 both ≤ 0 in a cross → draw (or higher LP option)."""
    def low(b: DiceBattle) -> None:
        b.table.ch(0).lp_main = 1
        b.table.ch(1).lp_main = 2
    b = one_turn(faces=CROSS_FACES, before=low)
    assert b.finished and b.result().reason == "double_knockout" and b.result().winner is None
    b = one_turn(faces=CROSS_FACES, before=low, double_ko="higher_lp")
    r = b.result()
    assert r.reason == "double_knockout_lp" and r.winner in (0, 1)

    def blue_low(b: DiceBattle) -> None:
        b.table.ch(1).lp_main = 2
    b = one_turn(before=blue_low)
    assert b.result().winner == 0 and b.result().reason == "knockout"


@pytest.mark.rule("§17.3")
def test_turn_limit_ratio_section17_3() -> None:
    """§17.3: at the turn limit the higher LP / starting LP ratio wins."""
    b = one_turn(turn_limit=1)
    r = b.result()
    assert b.finished and r.reason == "turn_limit" and r.winner == 0


@pytest.mark.rule("§4.2")
@pytest.mark.rule("§16.1")
def test_lp_is_6000_plus_unused_cost_section4_2() -> None:
    """§4.2: LP = 6000 + (3000 − cost); damage comes off EX LP first (§16.1)."""
    b = battle("name: A; atk: 5; def: 5", "name: B", [])
    assert b.table.ch(0).lp_start == 6000 + 3000 - 300
    assert b.table.ch(1).lp_start == 9000


@pytest.mark.rule("§5")
def test_turn_values_begin_in_place_equals_a_fresh_read_section5() -> None:
    """§5 step 2: the values a side starts a turn with are the same whether made anew or
    started in place over the last turn's (TurnValues.begin)."""
    b = one_turn("agi: 10; passive: 連撃の心得; slot10: 攻2倍・単; special5: 瞬発")
    used = b.table.tv[0]
    assert used.acts and used.thresholds and used.own_eff != used.own  # a turn changed them
    used.begin(2, 5, 9, 4, 2, "R", 17, 3, False)
    assert used == TurnValues(2, 5, 9, 4, 2, "R", 17, 3, False, own_eff=2, range_die=2)
