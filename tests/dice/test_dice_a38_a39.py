"""Two ambiguities of issue 32 that become options, their defaults unchanged: the stun
penalties as modifiers or as values (§6.2, §12.4, A38) and the order of extra hits in a cross
(§9.4, A39)."""

from __future__ import annotations

import pytest
from dice_helpers import events, one_turn, put

from kassen.rulesets.dice.catalogue_conditions import flag as new_flag
from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.options import OPTIONS

CROSS = {"red_extra": "special5: 強制相打ち", "faces": (6, 1, 3, 5)}
"""Red forces a cross (special face 5) with a speed 50 above blue's: red (first by its own
die, §9.3) makes 2 hits, blue 1."""


def stunned(b: DiceBattle) -> None:
    """Red starts the turn stunned."""
    put(b.table.ch(0), stunned=True, stun_left=20, gauge=0)


def weak(b: DiceBattle) -> None:
    """Red has 100 LP left, less than blue's first strike."""
    put(b.table.ch(0), lp_main=100)


def order(b: DiceBattle) -> list[tuple[str, int]]:
    """Who hit, and which hit of its sequence, in order."""
    return [(e.actor, e.values["index"]) for e in b.rec.events() if e.kind == "hit"]


def test_the_defaults_keep_todays_readings() -> None:
    """Both options default to the reading the engine always played."""
    found = {spec.key: spec.default for spec in OPTIONS}
    assert (found["stun_penalty"], found["cross_extra_hits"]) == ("delta", "own_first")


@pytest.mark.rule("§12.4")
@pytest.mark.rule("A38")
def test_stun_penalties_as_modifiers_or_values_12_4() -> None:
    """「早さが－３０になる」「防御倍率が－１となる」: by default modifiers (speed 4·10 − 30 = 10,
    防御倍率 2 − 1 = 1); under ``stun_penalty = set`` the speed is −30 and 防御倍率 −1, so the
    stunned red's defence is 0 and blue, 40 faster, hits harder."""
    delta = one_turn("slot10: 攻2倍", before=stunned)
    assert (delta.table.tv[0].speed, delta.table.tv[0].def_mult.every) == (10, 1)
    set_ = one_turn("slot10: 攻2倍", before=stunned, stun_penalty="set")
    assert (set_.table.tv[0].speed, set_.table.tv[0].def_mult.every) == (-30, -1)
    values = events(set_, "values", "0.0")[0]
    assert values["speed"] == -30 and values["def_mult"] == -1
    assert events(set_, "hit", "1.0")[0]["damage"] > events(delta, "hit", "1.0")[0]["damage"]


@pytest.mark.rule("§9.4")
@pytest.mark.rule("A39")
def test_cross_extra_hits_follow_own_first_or_both_first_strikes_9_4() -> None:
    """「連続攻撃の２撃目以降は、初撃の後にそれぞれ行われる」: by default red's second hit
    follows its own first; under ``cross_extra_hits = after_first_strikes`` it comes after
    blue's first strike."""
    own = one_turn(**CROSS)
    assert order(own) == [("0.0", 0), ("0.0", 1), ("1.0", 0)]
    after = one_turn(**CROSS, cross_extra_hits="after_first_strikes")
    assert order(after) == [("0.0", 0), ("1.0", 0), ("0.0", 1)]
    # the same hits, only in another order: red's second hit keeps its own N (comboCoef^1)
    assert sorted(e["damage"] for e in events(own, "hit")) == sorted(
        e["damage"] for e in events(after, "hit"))


@pytest.mark.rule("§9.4")
@pytest.mark.rule("A39")
def test_a_first_attacker_brought_down_loses_its_extras_9_4() -> None:
    """§9.4 protects only the second attacker: under ``after_first_strikes`` blue's first
    strike brings red (100 LP) to 0 or below and red's extra hit is skipped; by default red
    made it before blue struck."""
    own = one_turn(**CROSS, before=weak)
    assert order(own) == [("0.0", 0), ("0.0", 1), ("1.0", 0)]
    after = one_turn(**CROSS, before=weak, cross_extra_hits="after_first_strikes")
    assert order(after) == [("0.0", 0), ("1.0", 0)]
    skipped = [e for e in after.rec.events() if e.kind == "hits_skipped"]
    assert [(e.actor, e.rule, e.values["skipped"]) for e in skipped] == [("0.0", "§9.4", 1)]
    assert after.table.ch(0).lp <= 0


@pytest.mark.rule("D21")
@pytest.mark.rule("D4")
@pytest.mark.rule("§9.4")
@pytest.mark.rule("A39")
def test_a_stiffened_first_attacker_loses_its_extras_9_4() -> None:
    """硬直 (「被弾したら攻撃できない」, last turn's demerit flag acting again, D21): under
    ``after_first_strikes`` blue's first strike stops red's extra hit; by default red made it
    before it was hit (and 硬直 changes nothing, D4)."""
    def stiff(b: DiceBattle) -> None:
        b.table.ch(0).flags.append(new_flag("硬直", 1, 0))
    own = one_turn(**CROSS, before=stiff)
    assert order(own) == [("0.0", 0), ("0.0", 1), ("1.0", 0)]
    after = one_turn(**CROSS, before=stiff, cross_extra_hits="after_first_strikes")
    assert order(after) == [("0.0", 0), ("1.0", 0)]
    assert after.table.ch(0).lp > 0
    assert [e.rule for e in after.rec.events() if e.kind == "hits_skipped"] == ["§9.4"]
