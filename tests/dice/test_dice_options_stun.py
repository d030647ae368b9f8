"""Rule options of stun and the stun gauge (§12, and §7.1's line while stunned, D30): each
test builds a battle with forced dice where the option changes the outcome, and cites the rule
it holds (the other options: ``test_dice_options.py``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_helpers import battle, damage_terms, events, one_turn, put

from kassen.rulesets.dice.catalogue_conditions import flag as new_flag
from kassen.rulesets.dice.engine import DiceBattle


@pytest.mark.rule("§12.5")
@pytest.mark.rule("A10")
def test_stun_dice_option_section12_5() -> None:
    """§12.5/A10: red stunned with 9 turns left, own die 1 vs 6. By default the negative
    difference is ignored (9 − 1 natural − 3 − 3 for blue's two 3-digit hits = 2 left); with
    ``stun_dice=signed`` it lengthens the stun by 5 (7 left)."""
    def stunned(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=9, gauge=0)
    plain = one_turn(before=stunned, faces=(1, 6, 1, 5))
    signed = one_turn(before=stunned, faces=(1, 6, 1, 5), stun_dice="signed")
    assert [len(str(h["damage"])) for h in events(plain, "hit", "1.0")] == [3, 3]
    assert plain.table.ch(0).stun_left == 2 and signed.table.ch(0).stun_left == 7


@pytest.mark.rule("§12.3")
@pytest.mark.rule("D25")
def test_stun_length_option_d25() -> None:
    """§12.3/D25: blue with タフネス (gauge 7) emptied by a 3-digit hit is stunned for 7 turns
    by default, for the base 5 with ``stun_length=base``."""
    def weak(b: DiceBattle) -> None:
        b.table.ch(1).gauge = 2
    b = one_turn(blue_extra="passive: タフネス", before=weak)
    assert b.table.ch(1).stunned and b.table.ch(1).stun_left == 7
    b = one_turn(blue_extra="passive: タフネス", before=weak, stun_length="base")
    assert b.table.ch(1).stunned and b.table.ch(1).stun_left == 5


@pytest.mark.rule("§12.2")
def test_gauge_loss_option_section12_2() -> None:
    """§12.2 (per hit, inferred): red's two 3-digit hits (R6 B1) take 2 + 2 from blue's gauge
    of 5 by default (1 left); with ``gauge_loss=turn`` only the largest counts (3 left)."""
    per_hit = one_turn(faces=(6, 1, 1, 5))
    per_turn = one_turn(faces=(6, 1, 1, 5), gauge_loss="turn")
    assert [len(str(h["damage"])) for h in events(per_hit, "hit", "0.0")] == [3, 3]
    assert per_hit.table.ch(1).gauge == 1 and per_turn.table.ch(1).gauge == 3


@pytest.mark.rule("§12.1")
@pytest.mark.rule("A10")
def test_stun_gauge_option_section12_1() -> None:
    """§12.1/A10: red's two 3-digit hits (2 + 2) leave blue's default gauge of 5 at 1 (not
    stunned); with ``stun_gauge=4`` the gauge empties and blue is stunned for 4 turns."""
    plain = one_turn(faces=(6, 1, 1, 5))
    small = one_turn(faces=(6, 1, 1, 5), stun_gauge=4)
    assert not plain.table.ch(1).stunned and plain.table.ch(1).gauge == 1
    assert small.table.ch(1).stunned and small.table.ch(1).stun_left == 4


@pytest.mark.rule("§12.2")
@pytest.mark.rule("D20")
def test_gauge_rest_option_d20() -> None:
    """§12.2/D20: blue's gauge is 0 and blue takes no damage this turn (it attacks alone on
    speed). By default the stun check comes first, so blue is stunned; with
    ``gauge_rest=before_check`` the +1 comes first and blue is not stunned."""
    def empty(b: DiceBattle) -> None:
        b.table.ch(1).gauge = 0
    after = one_turn(before=empty, faces=(1, 6, 1, 5))
    before = one_turn(before=empty, faces=(1, 6, 1, 5), gauge_rest="before_check")
    assert not events(after, "hit", "0.0")
    assert after.table.ch(1).stunned
    assert not before.table.ch(1).stunned and before.table.ch(1).gauge == 1


@pytest.mark.rule("§7.1")
@pytest.mark.rule("D30")
def test_line_while_stunned_option_d30() -> None:
    """§7.1/D30: red is stunned (1 turn left) with LP under its line. By default the line
    waits and fires on turn 2 (攻撃倍率 4); with ``line_while_stunned=lost`` it is used up on
    turn 1 and turn 2 reads slot 10 (empty: 攻撃倍率 2)."""
    def stunned(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=1, gauge=0)
    got = []
    for mode in ("waits", "lost"):
        b = battle("name: A; fav: 3; line: 8800 攻2倍", "name: B; fav: 3",
                   [4, 3, 3, 5, 4, 3, 3, 5], line_while_stunned=mode)
        stunned(b)
        b.play_turn()
        assert not b.table.ch(0).stunned
        b.play_turn()
        got.append((events(b, "select", "0.0")[1]["source"], b.table.tv[0].atk_mult.every))
    assert got == [("line", 4), ("slot", 2)]


@pytest.mark.rule("§12.4")
def test_def_mult_floor_option_section12_4() -> None:
    """§12.4: red is stunned (防御倍率 −1) and holds last turn's 無防備 flag (−2): 2 − 1 − 2 = −1.
    By default the total is clamped at 0 (defence 0); with ``def_mult_floor=false`` the
    defence turns negative and blue's hit does more damage."""
    def exposed(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=5, gauge=0)
        b.table.ch(0).flags.append(new_flag("無防備", 1, 0))
    floor = one_turn(before=exposed, faces=(1, 6, 1, 5))
    free = one_turn(before=exposed, faces=(1, 6, 1, 5), def_mult_floor=False)
    assert floor.table.tv[0].def_mult.every == -1
    assert damage_terms(events(floor, "hit", "1.0")[0])["defence"] == 0
    assert (events(free, "hit", "1.0")[0]["damage"]
            > events(floor, "hit", "1.0")[0]["damage"])


@pytest.mark.rule("§12.4")
def test_passives_while_stunned_option_section12_4() -> None:
    """§12.4 (passives are continuous, inferred): stunned red of type ガード keeps 堅牢
    (被弾倍率 ×0.75) by default; with ``passives_while_stunned=false`` blue hits harder."""
    def stunned(b: DiceBattle) -> None:
        put(b.table.ch(0), stunned=True, stun_left=5, gauge=0)
    on = one_turn("type: ガード", before=stunned, faces=(1, 6, 1, 5))
    off = one_turn("type: ガード", before=stunned, faces=(1, 6, 1, 5),
                   passives_while_stunned=False)
    assert on.table.tv[0].taken_mult.value() == Fraction(3, 4)
    assert off.table.tv[0].taken_mult.value() == 1
    assert (events(off, "hit", "1.0")[0]["damage"]
            > events(on, "hit", "1.0")[0]["damage"])


@pytest.mark.rule("§12.3")
@pytest.mark.rule("D26")
def test_stun_guard_idle_option_d26() -> None:
    """§12.3/D26: blue (スタンフラグガード, no good flag) is stunned by a 3-digit hit; by
    default the guard is not used (VP 3 + 1 = 4); with ``stun_guard_idle=true`` it still
    spends 1 VP (VP 3)."""
    def weak(b: DiceBattle) -> None:
        b.table.ch(1).gauge = 2
    idle = one_turn(blue_extra="passive: スタンフラグガード", before=weak)
    spend = one_turn(blue_extra="passive: スタンフラグガード", before=weak, stun_guard_idle=True)
    assert idle.table.ch(1).stunned and spend.table.ch(1).stunned
    assert idle.table.ch(1).vp == 4 and spend.table.ch(1).vp == 3
