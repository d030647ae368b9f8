"""Each catalogue entry of §18 with forced dice R4 B3 Y3 G5 (both read slot 10, special face 5).

Red: own die 4 (speed 40), blue: own die 3 (speed 30); red attacks one-sided by speed (§9.2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from dice_helpers import damage_terms, events, one_turn, put

from kassen.rulesets.dice.catalogue_conditions import flag as new_flag
from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.model import Flag


def flag(b: DiceBattle, c: int, name: str) -> Flag | None:
    return next((f for f in b.table.ch(c).flags if f.name == name), None)


def holds(check: Any, b: DiceBattle) -> bool:
    """A check that counts a missing event or flag as not holding."""
    try:
        return bool(check(b))
    except (IndexError, TypeError, AttributeError):
        return False


def give_flag(c: int, name: str, kind: str) -> Any:
    def before(b: DiceBattle) -> None:
        b.table.ch(c).flags.append(new_flag(name, 1, 0))
    return before


NORMAL_CASES = [
    ("N1 攻1.5倍", "攻1.5倍", lambda b: b.table.tv[0].atk_mult.every == 3),
    ("N2 攻2倍", "攻2倍", lambda b: b.table.tv[0].atk_mult.every == 4),
    ("N3 攻3倍", "攻3倍", lambda b: b.table.tv[0].atk_mult.every == 6),
    ("N4 攻4倍", "攻4倍", lambda b: b.table.tv[0].atk_mult.every == 8),
    ("N5 攻5倍", "攻5倍", lambda b: b.table.tv[0].atk_mult.every == 10),
    ("N6 攻6倍", "攻6倍", lambda b: b.table.tv[0].atk_mult.every == 12),
    ("N7 打ち上げ", "打ち上げ", lambda b: flag(b, 1, "浮き") is not None),
    ("N10 重撃", "重撃", lambda b: events(b, "hit")[0]["gauge_change"]
     == -(len(str(events(b, "hit")[0]["damage"])) - 1) - 1),
    ("N12 防1.5倍", "防1.5倍", lambda b: b.table.tv[0].def_mult.every == 3),
    ("N13 防2倍", "防2倍", lambda b: b.table.tv[0].def_mult.every == 4),
    ("N14 防3倍", "防3倍", lambda b: b.table.tv[0].def_mult.every == 6),
    ("N15 防4倍", "防4倍", lambda b: b.table.tv[0].def_mult.every == 8),
    ("N16 硬化", "硬化", lambda b: b.table.tv[0].def_mult.every == 3
     and flag(b, 0, "防1.5倍").remaining == 4),
    ("N17 加速", "加速", lambda b: b.table.tv[0].speed == 60),
    ("N18 神速", "神速", lambda b: b.table.tv[0].speed == 70 and len(events(b, "hit")) == 1),
    ("N19 先手", "先手", lambda b: b.table.tv[0].right == 1 and events(b, "decision")[0]["by"]
     == "right"),
    ("N20 乱撃", "乱撃", lambda b: b.table.tv[0].threshold == 30),
    ("N21 連撃強化", "連撃強化", lambda b: Fraction(*b.table.tv[0].coef) == Fraction(4, 5)),
    ("N22 見切り", "見切り", lambda b: b.table.tv[0].taken_mult.value() == Fraction(1, 2)),
    ("N23 急所狙い", "急所狙い", lambda b: b.table.tv[0].dmg_mult.value() == Fraction(3, 2)
     and b.table.ch(0).vp == 3),
    ("N24 防御崩し", "防御崩し", lambda b: b.table.tv[1].def_corr.value() == Fraction(1, 2)),
    ("N25 踏み込み", "踏み込み", lambda b: events(b, "hit")[0]["range"] == "2"),
    ("N26 間合い外し", "間合い外し", lambda b: events(b, "hit")[0]["range"] == "4"),
    ("N27 相打ち狙い", "相打ち狙い", lambda b: events(b, "decision_cross")[0]["by"] == "forced"),
    ("N29 気合溜め", "気合溜め", lambda b: b.table.ch(0).vp == 6),
    ("N30 星寄せ", "星寄せ", lambda b: b.table.ch(0).stars == 1),
    ("N31 集中", "集中", lambda b: b.table.ch(0).stardust == 0 and b.table.ch(0).stars == 1),
    ("N32 鉄壁の構え", "鉄壁の構え", lambda b: flag(b, 0, "被弾軽減").remaining == 2),
]


@pytest.mark.rule("§18.1")
@pytest.mark.parametrize(("rule", "ability", "check"), NORMAL_CASES,
                         ids=[c[0] for c in NORMAL_CASES])
def test_normal_ability_section18_1(rule: str, ability: str, check: Any) -> None:
    """§18.1: each normal ability in slot 10 changes exactly what its row says."""
    b = one_turn(f"slot10: {ability}")
    assert check(b), rule
    assert not holds(check, one_turn()), f"{rule} check passes without the ability"


@pytest.mark.rule("§18.1")
@pytest.mark.rule("N8")
def test_n8_slam_needs_airborne_and_downs_target() -> None:
    """§18.1 N8 叩き落とし: +2 only against 浮き; on hit an airborne target gets ダウン."""
    b = one_turn("slot10: 叩き落とし", before=give_flag(1, "浮き", "bad"))
    assert b.table.tv[0].atk_mult.every == 4
    assert flag(b, 1, "ダウン") is not None
    plain = one_turn("slot10: 叩き落とし")
    assert plain.table.tv[0].atk_mult.every == 2 and flag(plain, 1, "ダウン") is None


@pytest.mark.rule("§18.1")
@pytest.mark.rule("N9")
def test_n9_pursuit_needs_down() -> None:
    """§18.1 N9 追い打ち: +2 only against ダウン."""
    assert one_turn("slot10: 追い打ち", before=give_flag(1, "ダウン", "bad")
                    ).table.tv[0].atk_mult.every == 4
    assert one_turn("slot10: 追い打ち").table.tv[0].atk_mult.every == 2


@pytest.mark.rule("N11")
@pytest.mark.rule("A16")
@pytest.mark.rule("D24")
def test_n11_parry_adds_half_own_attack_d24() -> None:
    """N11 攻撃受け (A16/D24): the defender adds 0.5 × own ATK (no range) per hit received."""
    b = one_turn(blue_extra="slot10: 攻撃受け")
    hit = damage_terms(events(b, "hit")[0])
    # blue: (5 + 18 + 0) × 2 × (10 − 4) × 1 / 2 = 138 (red's own die 4 reduces it)
    assert hit["parry"] == 138
    plain = damage_terms(events(one_turn(), "hit")[0])
    assert hit["defence"] - plain["defence"] == 138


@pytest.mark.rule("A16")
@pytest.mark.rule("N11")
def test_n11_parry_negate_first_option() -> None:
    """A16 alternative: 攻撃受け negates the first hit received."""
    b = one_turn(blue_extra="slot10: 攻撃受け", parry="negate_first")
    assert events(b, "hit")[0]["damage"] == 0


@pytest.mark.rule("N28")
@pytest.mark.rule("§16.1")
@pytest.mark.rule("A28")
def test_n28_heal_capped_at_start_lp_a28() -> None:
    """N28 回復 heals 400 into EX LP, never above the starting LP (§16.1, A28)."""
    def hurt(b: DiceBattle) -> None:
        b.table.ch(0).lp_main -= 1000
    b = one_turn("slot10: 回復", before=hurt)
    assert events(b, "heal")[0]["amount"] == 400 and b.table.ch(0).lp_ex == 400
    assert events(one_turn("slot10: 回復"), "heal")[0]["amount"] == 0
    assert events(one_turn("slot10: 回復", heal_cap=False), "heal")[0]["amount"] == 400


SPECIAL_CASES = [
    ("S1 不発の術", "不発の術", "slot10: 攻2倍",
     lambda b: events(b, "blocked", "1.0")[0]["why"] == "misfire" and b.table.ch(0).vp == 3),
    ("S3 底力", "底力", "", None),
    ("S4 強制相打ち", "強制相打ち", "", lambda b: events(b, "decision_cross")[0]["by"] == "forced"),
    ("S5 先読み", "先読み", "", lambda b: events(b, "decision")[0]["by"] == "absolute"),
    ("S6 星の導き", "星の導き", "", lambda b: b.table.ch(0).stars == 1),
    ("S8 瞬発", "瞬発", "", lambda b: b.table.tv[0].own_eff == 6 and b.table.tv[0].speed == 60),
]


@pytest.mark.rule("§18.2")
@pytest.mark.parametrize(("rule", "special", "blue", "check"),
                         [c for c in SPECIAL_CASES if c[3] is not None],
                         ids=[c[0] for c in SPECIAL_CASES if c[3] is not None])
def test_special_ability_section18_2(rule: str, special: str, blue: str, check: Any) -> None:
    """§18.2: the special on face 5 (the G die) acts at step 8."""
    b = one_turn(f"special5: {special}", blue)
    assert check(b), rule
    assert not holds(check, one_turn("", blue)), rule


@pytest.mark.rule("S2")
@pytest.mark.rule("§12.5")
@pytest.mark.rule("D17")
def test_s2_recover_ends_stun_and_attacks_d17() -> None:
    """S2 復帰 (§12.5, D17): used while stunned, stun ends at once and the owner may attack."""
    def stun(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=20, gauge=0)
    b = one_turn("special5: 復帰", before=stun)
    assert not b.table.ch(0).stunned and b.table.tv[0].speed == 40
    assert events(b, "decision")[0]["attackers"] == ["0.0"]
    stuck = one_turn(before=stun)
    assert stuck.table.ch(0).stunned and stuck.table.tv[0].speed == 10


@pytest.mark.rule("S3")
def test_s3_last_stand_only_when_behind() -> None:
    """S3 底力: atkCorr ×1.5 only if own LP < opponent LP."""
    def behind(b: DiceBattle) -> None:
        b.table.ch(0).lp_main -= 100
    assert one_turn("special5: 底力", before=behind).table.tv[0].atk_corr.value() == Fraction(3, 2)
    def ahead(b: DiceBattle) -> None:
        b.table.ch(1).lp_main -= 1000
    assert one_turn("special5: 底力", before=ahead).table.tv[0].atk_corr.value() == 1


@pytest.mark.rule("S7")
@pytest.mark.rule("§13.1")
def test_s7_purify_removes_bad_and_demerit_flags() -> None:
    """S7 浄化 removes own bad flags including demerit flags (§13.1)."""
    def dirty(b: DiceBattle) -> None:
        give_flag(0, "浮き", "bad")(b)
        give_flag(0, "隙", "demerit")(b)
    b = one_turn("special5: 浄化", before=dirty)
    assert b.table.ch(0).flags == [] and b.table.tv[0].taken_mult.value() == 1


@pytest.mark.rule("§18.4")
def test_types_section18_4() -> None:
    """§18.4 type passives: 万能, 捨て身, 剛力, 堅牢, 俊足."""
    assert one_turn("type: バランス").table.tv[0].atk_corr.value() == Fraction(11, 10)
    assert one_turn("type: バランス").table.tv[0].def_corr.value() == Fraction(11, 10)
    assert one_turn("type: リスキー").table.tv[0].dmg_mult.value() == Fraction(13, 10)
    assert one_turn("type: パワー").table.tv[0].atk_corr.value() == Fraction(23, 20)
    assert one_turn("type: ガード").table.tv[0].taken_mult.value() == Fraction(3, 4)
    assert one_turn("type: スピード").table.tv[0].threshold == 40


@pytest.mark.rule("§18.3")
def test_passives_section18_3() -> None:
    """§18.3 タフネス (gauge 7), 連撃の心得 (threshold 40), 星屑集め (+1 stardust)."""
    assert one_turn("passive: タフネス").table.ch(0).gauge_max == 7
    assert one_turn("passive: 連撃の心得").table.tv[0].threshold == 40
    assert one_turn("passive: 星屑集め").table.ch(0).stardust == 5


@pytest.mark.rule("P6")
@pytest.mark.rule("§12.5")
def test_p6_indomitable_stun_countdown() -> None:
    """P6 不屈: one more stun turn off per stunned turn (§12.5)."""
    def stun(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=20, gauge=0)
    # red own 4 − blue 3 = 1; natural 1; no hits on red (red cannot attack, blue attacks red)
    plain = one_turn(before=stun)
    tough = one_turn("passive: 不屈", before=stun)
    assert plain.table.ch(0).stun_left - tough.table.ch(0).stun_left == 1


DEMERIT_CASES = [
    ("空振り", lambda b: b.table.tv[0].atk_corr.value() == 0),
    ("躓き", lambda b: b.table.tv[0].speed == 12),
    ("硬直", lambda b: b.table.tv[0].speed == 42 and flag(b, 0, "硬直") is not None),
    ("隙", lambda b: b.table.tv[0].taken_mult.value() == Fraction(3, 2)),
    ("無防備", lambda b: b.table.tv[0].def_mult.every == 0),
    ("動揺", lambda b: events(b, "gauge", "0.0")[0]["change"] == -2),
    ("消耗", lambda b: b.table.ch(0).vp == 3),
    ("星崩れ", lambda b: b.table.ch(0).stars == 1),
    ("後退", lambda b: [e["after"] for e in events(b, "range_shift")] == ["4"]),
    ("散漫", lambda b: b.table.ch(0).stardust == 3),
]


@pytest.mark.rule("§18.5")
@pytest.mark.parametrize(("name", "check"), DEMERIT_CASES, ids=[c[0] for c in DEMERIT_CASES])
def test_demerit_ability_section18_5(name: str, check: Any) -> None:
    """§18.5: each demerit ability on slot 10 applies its effect and raises its flag."""
    def rich(b: DiceBattle) -> None:
        put(b.table.ch(0), stars=2, stardust=4)
    b = one_turn(f"slot10: {name}", before=rich)
    assert check(b), name
    assert flag(b, 0, name).kind == "demerit"
    assert events(b, "demerit_square")[0]["slot"] == 10
    assert not holds(check, one_turn(before=rich)), name


@pytest.mark.rule("§18.6")
@pytest.mark.rule("§15.5")
def test_ougi_section18_6() -> None:
    """§18.6 流星撃 / 星界の盾 / 星砕き at X = 5, plus absAtkRight +1 and removal (§15.5)."""
    def ready(b: DiceBattle) -> None:
        b.table.ch(0).ougi_stars = 5
        b.table.ch(1).stars = 3
    meteor = one_turn("slot10: ougi=流星撃/5", before=ready)
    assert meteor.table.tv[0].atk_mult.every == 12
    assert meteor.table.tv[0].dmg_mult.value() == Fraction(5, 4)
    assert meteor.table.tv[0].abs == 1 and not meteor.table.ch(0).ougi_available
    shield = one_turn("slot10: ougi=星界の盾/5", before=ready)
    assert shield.table.tv[0].taken_mult.value() == Fraction(1, 2)
    breaker = one_turn("slot10: ougi=星砕き/5", before=ready)
    assert breaker.table.tv[1].def_corr.value() == Fraction(1, 2) and breaker.table.ch(1).stars == 1
    not_ready = one_turn("slot10: 攻2倍 ougi=流星撃/6", before=ready)
    assert not_ready.table.tv[0].atk_mult.every == 4 and not_ready.table.ch(0).ougi_available


@pytest.mark.rule("§18.7")
def test_zone_passives_section18_7() -> None:
    """§18.7 in 序盤 (LP > 4000): 闘志 ×1.1, 堅守 ×0.9, 疾風 +5, 星読み +1."""
    assert one_turn("zone: 序盤 闘志").table.tv[0].atk_corr.value() == Fraction(11, 10)
    assert one_turn("zone: 序盤 堅守").table.tv[0].taken_mult.value() == Fraction(9, 10)
    assert one_turn("zone: 序盤 疾風").table.tv[0].speed == 45
    assert one_turn("zone: 序盤 星読み").table.ch(0).stardust == 5
    assert one_turn("zone: 終盤 闘志").table.tv[0].atk_corr.value() == 1

    def low(b: DiceBattle) -> None:
        b.table.ch(0).lp_main = 900
    assert one_turn("zone: 終盤 闘志", before=low).table.tv[0].atk_corr.value() == Fraction(27, 20)
