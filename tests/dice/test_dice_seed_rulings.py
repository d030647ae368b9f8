"""The dice rulings of issue 32, where the seed speaks: a based pair that both use VP needs the
larger VP (§14.2, A40), and 0 is written with one digit (§12.2, §12.5, D18).

Each test also plays its turn under the former reading, so it shows that it fails there.
"""

from __future__ import annotations

import pytest
from dice_helpers import events, one_turn, put

from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.options import OPTIONS

BASED_BOTH_VP = "slot10: 回復 star=急所狙い/0/1 based"
"""A based pair whose two abilities both use VP: 回復 (1 VP) and 急所狙い (1 VP)."""


def stunned(b: DiceBattle) -> None:
    """Red starts the turn stunned, 20 turns left."""
    put(b.table.ch(0), stunned=True, stun_left=20, gauge=0)


def broke(b: DiceBattle) -> None:
    """Red holds 1 star and no VP."""
    put(b.table.ch(0), stars=1, vp=0)


def test_the_seeds_readings_are_the_defaults() -> None:
    """``based_vp`` defaults to the pair's larger VP, ``zero_damage_digits`` to one digit."""
    found = {spec.key: spec.default for spec in OPTIONS}
    assert (found["based_vp"], found["zero_damage_digits"]) == ("pair", "one")


@pytest.mark.rule("D11")
@pytest.mark.rule("§7.6")
@pytest.mark.rule("§14.2")
@pytest.mark.rule("A40")
def test_a_based_pair_both_using_vp_needs_the_larger_vp_14_2() -> None:
    """「発動に必要なVPはどちらか多い方」: at VP 0 neither 急所狙い nor 回復 acts, both blocked
    by §14.2 as one pair; under ``based_vp = each`` the star is blocked on its own (D11) and
    回復 on its own VP (§7.6)."""
    pair = one_turn(BASED_BOTH_VP, before=broke)
    blocked = [(e["name"], e["why"]) for e in events(pair, "blocked", "0.0")]
    assert blocked == [("急所狙い", "vp"), ("回復", "vp")]
    assert [e.rule for e in pair.rec.events() if e.kind == "blocked"] == ["§14.2", "§14.2"]
    assert not events(pair, "ability", "0.0")
    each = one_turn(BASED_BOTH_VP, before=broke, based_vp="each")
    assert [e.rule for e in each.rec.events() if e.kind == "blocked"] == ["D11", "§7.6"]


@pytest.mark.rule("§14.2")
def test_a_based_pair_with_the_vp_acts_together_14_2() -> None:
    """With VP 1 (the larger of 1 and 1) both abilities of the pair act."""
    def one_vp(b: DiceBattle) -> None:
        put(b.table.ch(0), stars=1, vp=1)
    b = one_turn(BASED_BOTH_VP, before=one_vp)
    assert [e["name"] for e in events(b, "ability", "0.0")] == ["急所狙い", "回復"]
    assert not events(b, "blocked", "0.0")


@pytest.mark.rule("§12.5")
@pytest.mark.rule("D18")
def test_a_connecting_zero_damage_hit_shortens_a_stun_by_one_12_5() -> None:
    """0 has one digit: blue's 空振り (demerit square 3, attack ×0) hits the stunned red for 0;
    with ``zero_damage_connects`` the hit connects and shortens the stun by 1 beside the
    natural 1 (20 → 18); under ``zero_damage_digits = none`` by 0 (20 → 19)."""
    faces = (1, 1, 1, 5)
    b = one_turn("", "slot3: 空振り", faces=faces, before=stunned, zero_damage_connects=True)
    assert [h["damage"] for h in events(b, "hit", "1.0")] == [0]
    assert events(b, "stun_countdown", "0.0")[0]["hits"] == 1
    assert b.table.ch(0).stun_left == 18
    old = one_turn("", "slot3: 空振り", faces=faces, before=stunned, zero_damage_connects=True,
                   zero_damage_digits="none")
    assert old.table.ch(0).stun_left == 19


@pytest.mark.rule("§12.2")
@pytest.mark.rule("D18")
def test_a_connecting_zero_damage_hit_never_moves_the_gauge_12_2() -> None:
    """Only damage moves the gauge: red's 重撃 hit, negated to 0 by blue's 攻撃受け
    (``parry = negate_first``), connects but leaves blue's gauge at 5, 重撃's +1 included;
    under ``zero_damage_digits = none`` 重撃 took 1."""
    opts = {"parry": "negate_first", "zero_damage_connects": True}
    b = one_turn("slot10: 重撃", "slot10: 攻撃受け", **opts)
    hit = events(b, "hit", "0.0")[0]
    assert (hit["damage"], hit["gauge"], hit["gauge_change"]) == (0, 5, 0)
    assert "gauge" not in hit["sums"]
    old = one_turn("slot10: 重撃", "slot10: 攻撃受け", zero_damage_digits="none", **opts)
    hit = events(old, "hit", "0.0")[0]
    assert (hit["damage"], hit["gauge"], hit["gauge_change"]) == (0, 4, -1)


@pytest.mark.rule("D18")
def test_a_zero_damage_hit_that_does_not_connect_changes_nothing_d18() -> None:
    """By default a 0-damage hit does not connect (D18): the stun shortens by the natural 1
    only, under either digit reading."""
    for digits in ("one", "none"):
        b = one_turn("", "slot3: 空振り", faces=(1, 1, 1, 5), before=stunned,
                     zero_damage_digits=digits)
        assert b.table.ch(0).stun_left == 19
