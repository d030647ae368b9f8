"""Rule options that hold the remaining [inferred]/[designed] readings (§13, §16).

Each test forces the dice and the decisions so that the option alone changes the outcome.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, make

from kassen.rulesets.skirmish.rules import statuses as sts
from kassen.rulesets.skirmish.rules.rounds import take_turn


def act(b, uid: str, ms: str, rs: str = "none", script=()) -> None:
    """Give ``uid`` one TP with the given answers."""
    b.decider.policies[0].script[:0] = [("rs", uid, rs), ("ms", uid, ms), *script]
    b.state.round = max(1, b.state.round)
    take_turn(b.table, b.unit(uid))


def _first_actor(**options: object) -> list[str]:
    b, _ = make([fighter("A", ini=9, eva=14, area=0), fighter("C", ini=9, eva=17, area=6)],
                dice=[3, 7], **options)
    b.play_turn()
    return [e.actor for e in events(b, "initiative")]


@pytest.mark.rule("§5.3")
@pytest.mark.rule("§13")
@pytest.mark.rule("D9")
def test_initiative_ties_option_orders_tied_units_section5_3_d9() -> None:
    """§5.3 / §13: PC side → 回避値 (default), 回避値 → PC side, or a roll-off only."""
    assert _first_actor() == ["0.0", "1.0"]                                   # PC side first
    assert _first_actor(initiative_ties="evasionPcRoll") == ["1.0", "0.0"]     # 回避値 17 > 14
    b, _ = make([fighter("A", ini=9, eva=14, area=0), fighter("C", ini=9, eva=17, area=6)],
                dice=[3, 7], initiative_ties="roll")
    b.play_turn()
    assert events(b, "tie_roll")[0].values["units"] == ["0.0", "1.0"]
    assert [e.actor for e in events(b, "initiative")] == ["1.0", "0.0"]       # 7 beats 3


def _ally_blocks(**options: object) -> tuple[tuple[int, int], list[str]]:
    b, p = make([fighter("A", ini=10, area=0) + "; " + fighter("B", ini=8, area=0),
                 fighter("C", ini=1, area=6)],
                script=[("rs", "0.0", "move:2"), ("ms", "0.0", "none"),
                        ("obstruct", "0.1", "yes")], **options)
    b.play_turn()
    return b.unit("0.0").pos, [r.context["unit"] for r in p.asked if r.kind == "obstruct"]


@pytest.mark.rule("§6.6.2")
@pytest.mark.rule("§16")
@pytest.mark.rule("§6.6.3")
def test_allies_may_obstruct_option_section6_6_2_d8() -> None:
    """§6.6.2 / §16 D8: by default only hostiles may obstruct; the seed-literal reading lets
    an ally in the area obstruct, and an obstructed RS move fails (§6.6.3)."""
    pos, asked = _ally_blocks()
    assert pos == (2, 0) and "0.1" not in asked
    pos, asked = _ally_blocks(allies_may_obstruct=True)
    assert pos == (0, 0) and asked[0] == "0.1"


@pytest.mark.rule("§16")
@pytest.mark.rule("A11")
def test_ai_never_obstructs_an_ally_d8_a11() -> None:
    """§16 A11 with D8: the AI is asked about its ally's move and declines, so it moves."""
    b, p = make([fighter("A", ini=10, area=0) + "; " + fighter("B", ini=8, area=0),
                 fighter("C", ini=1, area=6)],
                script=[("rs", "0.0", "move:2"), ("ms", "0.0", "none")],
                allies_may_obstruct=True)
    b.play_turn()
    assert any(r.kind == "obstruct" and r.context["unit"] == "0.1" for r in p.asked)
    assert b.unit("0.0").pos == (2, 0) and not events(b, "obstruct")


@pytest.mark.rule("§4.2")
@pytest.mark.rule("§14")
def test_hit_needs_greater_option_section4_2() -> None:
    """§4.2 / §14 #3: a total equal to 回避値 hits by default and misses with the option."""
    for greater, hp in ((False, 28), (True, 40)):
        b, _ = make([fighter("A", acc=6, area=0), fighter("C", eva=15, arm=4, area=0)],
                    dice=[4, 5, 3, 3], hit_needs_greater=greater)  # 4+5+6 = 15
        act(b, "0.0", "attack:1.0")
        assert events(b, "hit_check")[0].values["hit"] is not greater
        assert b.unit("1.0").hp == hp


@pytest.mark.rule("§4.3")
@pytest.mark.rule("§14")
@pytest.mark.rule("§6.6.4")
@pytest.mark.rule("§11.3")
def test_opposed_tie_option_disengage_and_sleep_section4_3() -> None:
    """§4.3 / §14 #2: a tied 離脱判定 lets the mover go by default; with opposed_tie=active the
    obstructer wins (§6.6.4). The same tie decides a 《スリープ》 check (§11.3)."""
    for tie, pos in (("passive", (1, 0)), ("active", (3, 0))):
        b, _ = make([fighter("A", ini=8, area=3), fighter("C", ini=8, area=3)],
                    dice=[4, 4, 4, 4], opposed_tie=tie,
                    script=[("rs", "0.0", "none"), ("ms", "0.0", "move:1")])
        b.state.round = 1
        take_turn(b.table, b.unit("0.0"))
        ev = events(b, "disengage")[0].values
        assert ev["active"] == ev["passive"] == 16
        assert b.unit("0.0").pos == pos
    for tie, asleep in (("passive", False), ("active", True)):
        b, _ = make([fighter("A", ini=10, mag=5, mp=20, ab="sleep", area=3),
                     fighter("C", ini=5, res=5, area=3)], dice=[3, 3, 3, 3], opposed_tie=tie)
        act(b, "0.0", "skill:sleep:1.0")
        ev = events(b, "sleep_check")[0].values
        assert ev["active"] == ev["passive"] == 11
        assert sts.asleep(b.table, b.unit("1.0")) is asleep


@pytest.mark.rule("§6.2")
@pytest.mark.rule("§14")
@pytest.mark.rule("§6.6.3")
@pytest.mark.rule("§6.2.6.6.3")
def test_failed_rs_move_bans_magic_option_section6_2_6_6_3() -> None:
    """§6.2 / §14 #7: an obstructed RS move (§6.6.3) still bans non-魔法技 magic by default;
    with failed_rs_move_bans_magic=False the mover may cast in MS (an MS move stays banned)."""
    for bans in (True, False):
        b, p = make([fighter("A", ini=10, ab="fire_bolt", area=3), fighter("C", ini=1, area=3)],
                    script=[("rs", "0.0", "move:1"), ("ms", "0.0", "none")],
                    failed_rs_move_bans_magic=bans)
        b.play_turn()
        assert "move_blocked" in [e.kind for e in b.rec.events()]
        ms = next(r for r in p.asked if r.kind == "ms" and r.context["actor"] == "0.0")
        assert any(o.startswith("skill:fire_bolt") for o in ms.options) is not bans
        assert not any(o.startswith("move:") for o in ms.options)


@pytest.mark.rule("§8")
@pytest.mark.rule("§16")
@pytest.mark.rule("D11")
@pytest.mark.rule("A6")
def test_self_target_option_healer_heals_itself_section8_d11() -> None:
    """§8 / §16 D11: by default a healer below 40 % HP heals itself (A6); with
    self_target=False 《ヒール》 cannot target the user, so its HP stays."""
    for allowed in (True, False):
        b, p = make([fighter("A", ini=10, mag=5, mp=20, ab="heal", area=0),
                     fighter("C", ini=1, area=6)], dice=[5, 5], self_target=allowed)
        b.unit("0.0").hp = 10
        b.state.round = 1
        take_turn(b.table, b.unit("0.0"))
        ms = next(r for r in p.asked if r.kind == "ms")
        assert ("skill:heal:0.0" in ms.options) is allowed
        assert b.unit("0.0").hp == (25 if allowed else 10)  # 2D10 5+5 + 魔力 5


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§16")
def test_cover_allies_only_option_section7_2_d6() -> None:
    """§7.2 / §16 D6: by default any 未行動 character in the target's area may cover (here the
    attacker's own ally takes the blow); with cover_allies_only only the target's allies may."""
    for only, hurt in ((False, "0.1"), (True, "1.0")):
        b, p = make([fighter("A", acc=6, area=3) + "; " + fighter("B", area=3),
                     fighter("C", eva=15, area=3)], dice=[4, 5, 3, 3],
                    cover_allies_only=only)
        act(b, "0.0", "attack:1.0", script=[("cover", "0.1", "yes")])
        assert [e.target for e in events(b, "damage")] == [hurt]
        assert any(r.kind == "cover" for r in p.asked) is not only


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§16")
def test_covered_sleep_auto_succeeds_option_section7_2_d5() -> None:
    """§7.2 / §16 D5: a covered 《スリープ》 is still an opposed check against the coverer's
    抵抗 by default (here the caster loses); with the option the coverer falls asleep."""
    for auto in (False, True):
        b, _ = make([fighter("A", ini=10, mag=5, mp=20, ab="sleep", area=3),
                     fighter("C", ini=5, area=3) + "; " + fighter("D", ini=4, res=5, area=3)],
                    dice=[1, 2, 9, 9], covered_sleep_auto_succeeds=auto)
        act(b, "0.0", "skill:sleep:1.0", script=[("cover", "1.1", "yes")])
        assert bool(events(b, "sleep_check")) is not auto
        assert sts.asleep(b.table, b.unit("1.1")) is auto and not sts.asleep(b.table, b.unit("1.0"))


@pytest.mark.rule("§6.6.2")
@pytest.mark.rule("§14")
def test_obstruct_once_per_round_option_section6_6_2() -> None:
    """§6.6.2 / §14 #5: obstructing is not limited by default, so C obstructs both movers (the
    second 離脱判定 blocks B); with obstruct_once_per_round C may not obstruct B's move."""
    for once, b_pos in ((False, (3, 0)), (True, (1, 0))):
        b, _ = make([fighter("A", ini=8, area=3) + "; " + fighter("B", ini=8, area=3),
                     fighter("C", ini=8, area=3)], dice=[4, 4, 4, 4, 9, 9, 1, 1],
                    obstruct_once_per_round=once,
                    script=[("rs", "0.0", "none"), ("ms", "0.0", "move:1"),
                            ("rs", "0.1", "none"), ("ms", "0.1", "move:1")])
        b.state.round = 1
        take_turn(b.table, b.unit("0.0"))
        take_turn(b.table, b.unit("0.1"))
        assert b.unit("0.0").pos == (1, 0)  # tie: the mover gets away (§4.3)
        assert len(events(b, "disengage")) == (1 if once else 2)
        assert b.unit("0.1").pos == b_pos


@pytest.mark.rule("§10.3")
@pytest.mark.rule("§16")
@pytest.mark.rule("D15")
@pytest.mark.rule("§9.1")
def test_deadlock_wakes_all_option_section10_3_d15() -> None:
    """§10.3 / §16 D15: a round in which everyone slept wakes everyone in EP by default; with
    deadlock_wakes_all=False sleep only ends by its duration (§9.1)."""
    from kassen.rulesets.skirmish.model import Effect

    for wakes in (True, False):
        b, _ = make([fighter("A", area=0), fighter("C", area=6)], deadlock_wakes_all=wakes)
        for u in b.state.units:
            u.effects.append(Effect("sleep", 5))
        b.play_turn()
        assert bool(events(b, "deadlock")) is wakes
        assert all(sts.asleep(b.table, u) is not wakes for u in b.state.units)


@pytest.mark.rule("§4.4")
@pytest.mark.rule("§6.4.5")
@pytest.mark.rule("§16")
@pytest.mark.rule("§4.4.6.4.5")
def test_crit_own_damage_roll_option_section4_4_6_4_5_d4() -> None:
    """§4.4 × §6.4.5 / §16 D4: in a multi-target use a critical target adds one d10 to the
    shared 2D10 by default; with crit_own_damage_roll it rolls its own 3D10."""
    for own, crit_dice in ((False, [2, 3, 7]), (True, [7, 8, 9])):
        b, _ = make([fighter("A", wpn="shortbow", ab="double_shot", area=0),
                     fighter("C", area=2) + "; " + fighter("D", area=3)],
                    dice=[10, 10, 5, 5, 2, 3, 7, 8, 9], crit_own_damage_roll=own)
        act(b, "0.0", "skill:double_shot",
            script=[("pick", "0.0", "1.0"), ("pick", "0.0", "1.1")])
        dmg = {e.target: e.values["dice"] for e in events(b, "damage")}
        assert dmg == {"1.0": crit_dice, "1.1": [2, 3]}


@pytest.mark.rule("§11.1")
@pytest.mark.rule("§16")
@pytest.mark.rule("D17")
def test_affinity_after_floor_option_section11_1_d17() -> None:
    """§11.1 / §16 D17 (with attribute_affinity): by default 弱点 +5 is added before the floor
    at 0 (−10 + 5 → 0); with affinity_after_floor it is added after it (0 + 5 → 5)."""
    for after, amount in ((False, 0), (True, 5)):
        b, _ = make([fighter("A", mag=0, ab="fire_bolt", area=0),
                     fighter("C", res=20, weak="fire", area=2)], dice=[2, 2],
                    attribute_affinity=True, affinity_after_floor=after)
        act(b, "0.0", "skill:fire_bolt:1.0")
        assert events(b, "damage")[0].values["amount"] == amount  # 魔力0 + 6 + 4 − 20


@pytest.mark.rule("§5.1")
@pytest.mark.rule("§14")
@pytest.mark.rule("§16")
@pytest.mark.rule("D10")
@pytest.mark.rule("§5.1.7.1")
def test_simultaneous_ascending_option_two_coverers_section5_1_7_1() -> None:
    """§5.1 / §14 #13 / §16 D10: of two willing coverers the higher 行動値 covers by default;
    with simultaneous_ascending the lower one does."""
    for ascending, coverer in ((False, "1.1"), (True, "1.2")):
        b, _ = make([fighter("A", area=3),
                     fighter("C", area=3) + "; " + fighter("D", ini=9, area=3) + "; "
                     + fighter("E", ini=3, area=3)], dice=[3, 3],
                    simultaneous_ascending=ascending)
        act(b, "0.0", "attack:1.0", script=[("cover", "1.1", "yes"), ("cover", "1.2", "yes")])
        assert events(b, "cover")[0].actor == coverer
        assert [e.target for e in events(b, "damage")] == [coverer]


@pytest.mark.rule("§7.2")
def test_coverers_may_guard_option_section7_2() -> None:
    """§7.2 (inferred: the coverer may use its own defensive abilities, under
    ``cover_damage=coverer``, where the hit is recomputed against the coverer): by default a
    coverer with 《ガード》 takes 11 − 5 = 6; with coverers_may_guard=False it takes the full 11."""
    for may, amount in ((True, 6), (False, 11)):
        b, p = make([fighter("A", ini=10, acc=0, area=3),
                     fighter("C", eva=30, arm=2, area=3) + "; "
                     + fighter("D", arm=9, ab="guard", area=3)],
                    dice=[5, 5], coverers_may_guard=may, cover_damage="coverer",
                    script=[("cover", "1.1", "yes"), ("guard", "1.1", "yes")])
        act(b, "0.0", "attack:1.0")
        assert events(b, "damage")[0].values["amount"] == amount  # 10 + 10 − 9 (− 5)
        assert any(r.kind == "guard" for r in p.asked) is may


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§4.4")
@pytest.mark.rule("§7.2.4.4")
def test_cover_rolls_for_crit_option_section7_2_4_4() -> None:
    """§7.2 × §4.4: by default a covered attack makes no roll (no critical); with
    cover_rolls_for_crit the 2D10 is still rolled, the attack hits regardless, and 10+10 adds
    +1D10 to the damage (「その達成値に関わらず攻撃は命中」)."""
    b, _ = make([fighter("A", acc=0, area=3),
                 fighter("C", eva=30, area=3) + "; " + fighter("D", arm=9, area=3)],
                dice=[10, 10, 1, 1, 5], cover_rolls_for_crit=True,
                script=[("cover", "1.1", "yes")])
    act(b, "0.0", "attack:1.0")
    assert events(b, "hit_check")[0].values["crit"]
    assert events(b, "damage")[0].values["dice"] == [1, 1, 5]
    assert b.unit("1.1").hp == 40 - (10 + 7 - 4)  # C's 装甲 4 (§7.2 cover_damage=target)
    b, _ = make([fighter("A", acc=0, area=3),
                 fighter("C", eva=30, area=3) + "; " + fighter("D", arm=9, area=3)],
                dice=[10, 10, 1, 1, 5], script=[("cover", "1.1", "yes")])
    act(b, "0.0", "attack:1.0")
    assert not events(b, "hit_check")
    assert events(b, "damage")[0].values["dice"] == [10, 10]
    assert b.unit("1.1").hp == 40 - (10 + 20 - 4)


@pytest.mark.rule("§9.5")
def test_same_effect_stacks_option_section9_5() -> None:
    """§9.5: a second 《ストーンスキン》 refreshes by default (装甲 +4); with same_effect_stacks
    the two stack (装甲 +8)."""
    for stacks, armour in ((False, 8), (True, 12)):
        b, _ = make([fighter("A", ab="stone_skin", mp=20, area=0), fighter("C", area=6)],
                    same_effect_stacks=stacks)
        act(b, "0.0", "skill:stone_skin:0.0")
        b.unit("0.0").acted = False
        act(b, "0.0", "skill:stone_skin:0.0")
        assert sts.armour(b.table, b.unit("0.0")) == armour
