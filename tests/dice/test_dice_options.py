"""Rule options added for the remaining [inferred]/[designed] readings: each test builds a
battle with forced dice where the option changes the outcome, and cites the rule it holds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_helpers import battle, damage_terms, events, one_turn, put

from kassen.core import sums
from kassen.rulesets.dice.engine import DiceBattle


@pytest.mark.rule("§16.2")
@pytest.mark.rule("A23")
def test_zone_bounds_option_a23() -> None:
    """§16.2/A23: LP exactly 4000 / 1000 is 中盤 / 終盤 by default; ``zone_bounds=lower`` puts
    the boundary in the upper zone, which switches red's 中盤 passive 闘志 and its damage."""
    for lp, default, lower in ((4000, "中盤", "序盤"), (1000, "終盤", "中盤")):
        def set_lp(b: DiceBattle, lp: int = lp) -> None:
            b.table.ch(0).lp_main = lp
        zones, damage = [], []
        for mode in ("upper", "lower"):
            b = one_turn("zone: 中盤 闘志", before=set_lp, faces=(6, 1, 1, 5),
                         zone_bounds=mode)
            zones.append(events(b, "zone", "0.0")[0]["zone"])
            damage.append(events(b, "hit", "0.0")[0]["damage"])
        assert zones == [default, lower]
        assert damage[0] != damage[1]


@pytest.mark.rule("§11.4")
@pytest.mark.rule("A22")
def test_range_snap_option_section11_4() -> None:
    """§11.4/A22: from 2.5 toward favourite 2 the range snaps to 2 by default; with
    ``range_snap=stay`` it keeps 2.5, so turn 4 is fought at 2.5 with another damage."""
    faces = [3, 3, 3, 5] + [5, 1, 1, 5] * 3
    got = []
    for mode in ("snap", "stay"):
        b = battle("name: A; fav: 2", "name: B; fav: 5", faces, range_snap=mode)
        for _ in range(4):
            b.play_turn()
        hit = events(b, "hit", "0.0")[-1]
        got.append((hit["range"], hit["damage"]))
    assert got[0][0] == "2" and got[1][0] == "2.5"
    assert got[0][1] != got[1][1]


@pytest.mark.rule("§9.2")
@pytest.mark.rule("A5")
def test_speed_margin_option_a5() -> None:
    """§9.2/A5: speeds 35 vs 30 with X = 5 are a cross by default (both attack); with
    ``speed_margin=at_least`` red wins the right on speed and blue does not attack."""
    red = "name: A; agi: 5; cross: 5; fav: 3"
    blue = "name: B; cross: 5; fav: 3"
    b = battle(red, blue, (3, 3, 3, 5))
    b.play_turn()
    assert events(b, "decision_cross") and events(b, "hit", "1.0")
    b = battle(red, blue, (3, 3, 3, 5), speed_margin="at_least")
    b.play_turn()
    assert events(b, "decision")[0]["by"] == "speed"
    assert events(b, "hit", "0.0") and not events(b, "hit", "1.0")


@pytest.mark.rule("§19")
@pytest.mark.rule("A7")
def test_rounding_option_a7() -> None:
    """§19/A7: R6 B1 → red's first hit is 541.76 raw: 541 by default (floor), 542 with
    ``rounding=half_up``; blue's LP differs by that point."""
    floor = one_turn(faces=(6, 1, 1, 5))
    half = one_turn(faces=(6, 1, 1, 5), rounding="half_up")
    raw = events(floor, "hit", "0.0")[0]["sums"]["damage"][:-1]  # all but the rounding
    assert sums.fold(raw) == Fraction(54176, 100)
    assert events(floor, "hit", "0.0")[0]["damage"] == 541
    assert events(half, "hit", "0.0")[0]["damage"] == 542
    assert half.table.lp(1) != floor.table.lp(1)


@pytest.mark.rule("§17.3")
@pytest.mark.rule("A18")
def test_turn_limit_judge_option_section17_3() -> None:
    """§17.3/A18: at the turn limit red (about 6000 of 10000 LP) loses to blue (about 4000 of
    5000) on the LP ratio by default, and wins with ``turn_limit_judge=lp``."""
    def lps(b: DiceBattle) -> None:
        put(b.table.ch(0), lp_start=10000, lp_main=6000)
        put(b.table.ch(1), lp_start=5000, lp_main=4000)
    ratio = one_turn(before=lps, turn_limit=1)
    plain = one_turn(before=lps, turn_limit=1, turn_limit_judge="lp")
    assert ratio.result().reason == plain.result().reason == "turn_limit"
    assert ratio.result().winner == 1 and plain.result().winner == 0


@pytest.mark.rule("§9.2")
@pytest.mark.rule("A32")
def test_forced_cross_option_a32() -> None:
    """§9.2/A32: blue's 相打ち狙い forces a cross against red's 先読み (absolute right) by
    default, so blue hits too; with ``forced_cross=absolute_first`` red attacks alone."""
    b = one_turn("special5: 先読み", "slot10: 相打ち狙い")
    assert events(b, "decision_cross")[0]["by"] == "forced" and events(b, "hit", "1.0")
    b = one_turn("special5: 先読み", "slot10: 相打ち狙い", forced_cross="absolute_first")
    assert events(b, "decision")[0]["by"] == "absolute"
    assert events(b, "hit", "0.0") and not events(b, "hit", "1.0")


@pytest.mark.rule("D11")
@pytest.mark.rule("§7.2")
def test_star_vp_fallback_option_d11() -> None:
    """D11/§7.2: red's star ability 急所狙い (1 VP) is blocked at VP 0; by default the normal
    攻1.5倍 acts instead (攻撃倍率 3); with ``star_vp_fallback=false`` the slot does nothing."""
    def broke(b: DiceBattle) -> None:
        put(b.table.ch(0), stars=1, vp=0)
    sheet = "slot10: 攻1.5倍 star=急所狙い/0/1"
    fallback = one_turn(sheet, before=broke)
    strict = one_turn(sheet, before=broke, star_vp_fallback=False)
    assert fallback.table.tv[0].atk_mult.every == 3 and strict.table.tv[0].atk_mult.every == 2
    assert (events(fallback, "hit", "0.0")[0]["damage"]
            > events(strict, "hit", "0.0")[0]["damage"])


@pytest.mark.rule("D21")
@pytest.mark.rule("§8.2")
def test_demerit_flag_repeats_option_d21() -> None:
    """D21/§8.2: red's 躓き (speed −30) leaves a flag that slows red again on turn 2 by default;
    with ``demerit_flag_repeats=false`` the flag is only a trigger marker (speed unchanged)."""
    faces = [4, 3, 3, 5, 1, 6, 1, 5]
    speeds = []
    for repeat in (True, False):
        b = battle("name: A; fav: 3; slot10: 躓き", "name: B; fav: 3", faces,
                   demerit_flag_repeats=repeat)
        b.play_turn()
        b.play_turn()
        assert events(b, "flag_set", "0.0")[0]["flag"] == "躓き"
        speeds.append(b.table.tv[0].speed - b.table.ch(0).stars)
    assert speeds == [10 - 30, 10]


@pytest.mark.rule("§7.6")
@pytest.mark.rule("D6")
def test_negative_vp_option_d6() -> None:
    """§7.6/D6: at VP −1 red's 0-VP 攻2倍 acts by default (D6: only abilities that use VP are
    gated; 攻撃倍率 4); with ``negative_vp=all`` it fails the literal gate 0 > −1 (攻撃倍率 2)."""
    def debt(b: DiceBattle) -> None:
        b.table.ch(0).vp = -1
    literal = one_turn("slot10: 攻2倍", before=debt, negative_vp="all")
    users = one_turn("slot10: 攻2倍", before=debt)
    assert literal.table.tv[0].atk_mult.every == 2 and users.table.tv[0].atk_mult.every == 4
    assert events(literal, "blocked", "0.0")[0]["why"] == "vp"
    assert (events(users, "hit", "0.0")[0]["damage"]
            > events(literal, "hit", "0.0")[0]["damage"])


@pytest.mark.rule("§8.3")
@pytest.mark.rule("A33")
def test_demerit_guard_option_a33() -> None:
    """§8.3/A33: red guarded on 隙 (被弾倍率 ×1.5) still takes the 隙 effect by default; with
    ``demerit_guard=all`` the ability and its flag are blocked too, so blue's hit is smaller."""
    faces = (1, 6, 3, 5)  # red N = 1 + 6 + 3 = 10 (隙), blue attacks on speed
    sheet = "slot10: 隙; passive: デメリットガード"
    only = one_turn(sheet, faces=faces)
    every = one_turn(sheet, faces=faces, demerit_guard="all")
    assert only.table.tv[0].guarded and every.table.tv[0].guarded
    assert only.table.tv[0].taken_mult.value() == Fraction(3, 2)
    assert every.table.tv[0].taken_mult.value() == 1 and not every.table.ch(0).flags
    assert (events(only, "hit", "1.0")[0]["damage"]
            > events(every, "hit", "1.0")[0]["damage"])


@pytest.mark.rule("§14.4")
@pytest.mark.rule("A9")
@pytest.mark.rule("D16")
def test_vp_max_and_regen_options_section14_4() -> None:
    """§14.4/A9: 気合溜め (+2) at VP 3 and the +1 regeneration reach the cap 6 by default;
    ``vp_max=4`` caps at 4 (D16: every gain is capped); ``vp_regen=0`` leaves 3 + 2 = 5."""
    assert one_turn("slot10: 気合溜め").table.ch(0).vp == 6
    assert one_turn("slot10: 気合溜め", vp_max=4).table.ch(0).vp == 4
    assert one_turn("slot10: 気合溜め", vp_regen=0).table.ch(0).vp == 5


@pytest.mark.rule("§11.3")
@pytest.mark.rule("A22")
def test_square_initial_range_option_a22() -> None:
    """§11.3/A22: red (fav 2) on the 隙 demerit square has range die 0 on turn 1, so the range
    starts at blue's favourite 5; with ``square_initial_range=false`` red's die 4 beats 3
    and the range starts at 2, which changes blue's damage."""
    red, blue = "name: A; fav: 2; slot10: 隙", "name: B; fav: 5"
    got = []
    for zeroed in (True, False):
        b = battle(red, blue, [4, 3, 3, 5], square_initial_range=zeroed)
        b.play_turn()
        got.append((events(b, "range_set")[0]["range"], events(b, "hit", "1.0")[0]["damage"]))
    assert [r for r, _ in got] == ["5", "2"] and got[0][1] != got[1][1]


@pytest.mark.rule("§15.5")
@pytest.mark.rule("A20")
def test_ougi_star_cap_option_a20() -> None:
    """§15.5/A20: stardust 28 + 4 makes 3 stars at once. 奥義星 stop at the setting 1 by
    default, so 流星撃 scales with X = 1; with ``ougi_star_cap=false`` X = 3."""
    def dusty(b: DiceBattle) -> None:
        b.table.ch(0).stardust = 28
    capped = one_turn("slot10: ougi=流星撃/1", before=dusty)
    free = one_turn("slot10: ougi=流星撃/1", before=dusty, ougi_star_cap=False)
    assert capped.table.ch(0).stars == free.table.ch(0).stars == 3
    assert events(capped, "ougi")[0]["x"] == 1 and events(free, "ougi")[0]["x"] == 3
    assert free.table.tv[0].atk_mult.every > capped.table.tv[0].atk_mult.every


@pytest.mark.rule("§11.5")
@pytest.mark.rule("D15")
def test_away_at_favourite_option_d15() -> None:
    """§11.5/D15: red's 後退 ("away from own favourite") at range 3 = its favourite moves the
    range to 4 by default, to 2 with ``away_at_favourite=closer``; blue's hit changes."""
    got = []
    for mode in ("farther", "closer"):
        b = one_turn("slot10: 後退", away_at_favourite=mode)
        got.append((events(b, "hit", "1.0")[0]["range"], events(b, "hit", "1.0")[0]["damage"]))
    assert [r for r, _ in got] == ["4", "2"] and got[0][1] != got[1][1]


@pytest.mark.rule("§14.4")
@pytest.mark.rule("D16")
def test_charge_capped_option_d16() -> None:
    """§14.4/D16: at VP 6 (the cap) 気合溜め (+2) gains nothing by default; with
    ``charge_capped=false`` red ends on VP 8 (regeneration itself stays capped)."""
    def full(b: DiceBattle) -> None:
        b.table.ch(0).vp = 6
    assert one_turn("slot10: 気合溜め", before=full).table.ch(0).vp == 6
    assert one_turn("slot10: 気合溜め", before=full, charge_capped=False).table.ch(0).vp == 8


@pytest.mark.rule("§15.4")
@pytest.mark.rule("D36")
def test_star_spend_option_d36() -> None:
    """§15.4/D36: red with 2 stars uses 攻3倍 (使用星 1). By default the star goes at once, so
    this turn's attack counts 1 star; with ``star_spend=end_of_turn`` it counts 2 (more
    damage); both end the turn on 1 star."""
    def stars(b: DiceBattle) -> None:
        b.table.ch(0).stars = 2
    now = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1", before=stars)
    late = one_turn("slot10: 攻1.5倍 star=攻3倍/1/1", before=stars, star_spend="end_of_turn")
    hit_now, hit_late = events(now, "hit", "0.0")[0], events(late, "hit", "0.0")[0]
    assert damage_terms(hit_now)["stars"] == 1 and damage_terms(hit_late)["stars"] == 2
    assert hit_late["damage"] > hit_now["damage"]
    assert now.table.ch(0).stars == late.table.ch(0).stars == 1


@pytest.mark.rule("§14.2")
@pytest.mark.rule("D9")
def test_based_vp_option_d9() -> None:
    """§14.2/D9: at VP 0 a based pair of 急所狙い (star, 1 VP) and 攻1.5倍 (0 VP): only one of
    them uses VP, so under both readings each is gated alone and 攻1.5倍 acts (攻撃倍率 3);
    the pair's larger VP binds only a pair whose two abilities both use VP."""
    def broke(b: DiceBattle) -> None:
        put(b.table.ch(0), stars=1, vp=0)
    sheet = "slot10: 攻1.5倍 star=急所狙い/0/1 based"
    pair = one_turn(sheet, before=broke)
    each = one_turn(sheet, before=broke, based_vp="each")
    assert each.table.tv[0].atk_mult.every == 3 and pair.table.tv[0].atk_mult.every == 3
    assert [e["name"] for e in events(pair, "blocked", "0.0")] == ["急所狙い"]


@pytest.mark.rule("§7.7")
@pytest.mark.rule("D19")
def test_misfire_ougi_option_d19() -> None:
    """§7.7/D19: blue's 不発の術 (special face 5) cannot touch red's 奥義 流星撃 by default
    (攻撃倍率 4, 奥義 used up, blue spends no VP); with ``misfire_ougi=true`` the 奥義 does
    not act (攻撃倍率 2) and stays on the board."""
    def ready(b: DiceBattle) -> None:
        b.table.ch(0).ougi_stars = 1
    plain = one_turn("slot10: ougi=流星撃/1", "special5: 不発の術", before=ready)
    cancel = one_turn("slot10: ougi=流星撃/1", "special5: 不発の術", before=ready,
                      misfire_ougi=True)
    assert plain.table.tv[0].atk_mult.every == 4 and not plain.table.ch(0).ougi_available
    assert cancel.table.tv[0].atk_mult.every == 2 and cancel.table.ch(0).ougi_available
    assert plain.table.ch(1).vp == 4 and cancel.table.ch(1).vp == 3


@pytest.mark.rule("§13.3")
@pytest.mark.rule("A11")
def test_combo_flag_turns_option_a11() -> None:
    """§13.3/A11: red's 打ち上げ (turn 1, slot 10) puts 浮き on blue for turn 2 only by default,
    so red's 叩き落とし on turn 3 (slot 11) finds no 浮き; with ``combo_flag_turns=2`` 浮き
    lasts through turn 3 and 叩き落とし sets ダウン."""
    red = "name: A; fav: 3; slot10: 打ち上げ; slot11: 叩き落とし"
    faces = [4, 3, 3, 5, 4, 2, 2, 5, 5, 3, 3, 5]
    downs = []
    for turns in (1, 2):
        b = battle(red, "name: B; fav: 3", faces, combo_flag_turns=turns)
        for _ in range(3):
            b.play_turn()
        assert events(b, "hit", "0.0")[-1]["damage"] > 0
        downs.append([e["flag"] for e in events(b, "flag_set", "1.0")])
    assert downs == [["浮き"], ["浮き", "ダウン"]]
