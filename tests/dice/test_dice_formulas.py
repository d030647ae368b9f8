"""Formulas of §6, §10, §11, §12, §19 with worked numbers (forced dice)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_helpers import EX_BLUE, EX_RED, battle, damage_terms, events

from kassen.rulesets.dice.rules import formulas as fm


@pytest.mark.rule("§19")
def test_section19_worked_example() -> None:
    """§19: dice R5 B3 Y2 G6 → speeds 55/38, range 2, ATK 1135.68, DEF 195, damage 940, gauge −2."""
    b = battle(EX_RED, EX_BLUE, [5, 3, 2, 6])
    b.play_turn()
    assert b.state.cross_x == 3  # §4.5 floor((2+4)/2)
    red, blue = b.table.tv
    assert (red.n, red.s, red.sel) == (10, 6, 5)
    assert (blue.n, blue.s, blue.sel) == (14, 2, 2)
    assert (red.speed, blue.speed) == (55, 38)
    assert (b.table.ch(0).stardust, b.table.ch(1).stardust) == (5, 2)  # §5.3
    decision = events(b, "decision")[0]
    assert decision["by"] == "speed" and decision["attackers"] == ["0.0"]
    assert events(b, "range_set")[0]["range"] == "2"
    hit = events(b, "hit")
    assert len(hit) == 1  # 17 < 50: no extra hit (§10.1)
    bd = damage_terms(hit[0])
    assert bd["total_corr"] == Fraction(156, 100)
    assert bd["attack"] == Fraction(113568, 100) and bd["defence"] == 195
    assert hit[0]["damage"] == 940
    assert b.table.ch(1).gauge == 3  # 3 digits → −2 (§12.2)
    assert b.table.lp(1) == b.table.ch(1).lp_start - 940


@pytest.mark.rule("§11.1")
@pytest.mark.rule("§11.2")
def test_range_factor_table_section11_1() -> None:
    """§11.1: 1→1.3 … 6→0.8, 1.5→1.25; §11.2 favourite 1.3 −0.1 per step."""
    assert [Fraction(*fm.range_factor(2 * r)) for r in range(1, 7)] == [
        Fraction(13, 10), Fraction(12, 10), Fraction(11, 10), 1, Fraction(9, 10),
        Fraction(8, 10)]
    assert Fraction(*fm.range_factor(3)) == Fraction(5, 4)
    assert Fraction(*fm.favourite_factor(4, 2)) == Fraction(13, 10)
    assert Fraction(*fm.favourite_factor(4, 5)) == 1
    assert Fraction(*fm.favourite_factor(7, 3)) == Fraction(5, 4)


@pytest.mark.rule("§12.2")
@pytest.mark.rule("§12.5")
@pytest.mark.rule("D18")
def test_stun_digits_section12_2_and_12_5() -> None:
    """§12.2 gauge loss by digits 0/1/2/3, §12.5 stun shortening 1..4, where 0 is written
    with one digit (D18); ``zero_damage_digits = none`` gives it none (the former reading)."""
    assert [fm.gauge_loss(d) for d in (0, 9, 10, 99, 100, 999, 1000, 12345)] == [
        0, 0, 1, 1, 2, 2, 3, 3]
    assert [fm.stun_shortening(d) for d in (0, 5, 50, 500, 5000, 50000)] == [1, 1, 2, 3, 4, 4]
    assert [fm.stun_shortening(d, False) for d in (0, 5, 50)] == [0, 1, 2]


@pytest.mark.rule("§10.1")
def test_extra_hits_section10_1() -> None:
    """§10.1: floor(D / threshold) extra hits only when D ≥ threshold; negative D none."""
    assert fm.extra_hits(49, 50) == 0
    assert fm.extra_hits(50, 50) == 1
    assert fm.extra_hits(119, 40) == 2
    assert fm.extra_hits(-80, 50) == 0
    assert fm.extra_hits(10, 0) == 10  # threshold floored at 1 (§10.3)


@pytest.mark.rule("§6.1")
@pytest.mark.rule("§6.2")
@pytest.mark.rule("§6")
def test_speed_and_five_sum_section6() -> None:
    """§6.1 5計 and §6.2 speed incl. the stun penalty −30."""
    assert fm.five_sum({"R": 1, "B": 2, "Y": 3, "G": 4}, 6) == 16
    assert fm.speed(4, 7, 2, 20, False) == 69
    assert fm.speed(4, 7, 2, 0, True) == 19


@pytest.mark.rule("A7")
@pytest.mark.rule("§19")
def test_float_arithmetic_option_a7() -> None:
    """A7 alternative: binary floats give the same §19 example damage here."""
    b = battle(EX_RED, EX_BLUE, [5, 3, 2, 6], arithmetic="float")
    b.play_turn()
    assert events(b, "hit")[0]["damage"] == 940


@pytest.mark.rule("§6.3")
@pytest.mark.rule("§6.4")
def test_reduction_tables_are_the_terms_of_each_die_value_section6_3() -> None:
    """§6.3/§6.4: the damage sum's × (10 − 低減値) part, taken from a table for die values
    0..9, is the term the formula writes; a value past the table is made when met."""
    for red in range(10):
        assert fm.A_REDUCTIONS[red] == ("*", "ten_minus", [("=", "ten", 10),
                                                            ("-", "a_red", red, "§6.3")])
        assert fm.D_REDUCTIONS[red] == ("*", "ten_minus", [("=", "ten", 10),
                                                            ("-", "d_red", red, "§6.4")])
    dmg, terms = fm.damage(5, 10, 0, 1, 12, (1, 1), (1, 1), (1, 1), (1, 1), 5, 10, 0, -1, 0,
                           (1, 1), (0, 1), (1, 1), (1, 1), True, True, False)
    attack = dict((t[1], t) for t in terms[0][2])
    assert attack["ten_minus"][2][1] == ("-", "a_red", 12, "§6.3")
    defence = dict((t[1], t) for t in terms[1][2])
    assert defence["def_mult"] == ("*", "def_mult", [("=", "def_mult", -1),
                                                     ("max", "at_least_zero", 0, "§19")])
    assert dmg == 0  # power (5+10)·1·(10−12) < 0, floored at 0 (§19)
