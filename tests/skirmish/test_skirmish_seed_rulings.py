"""Issue 32: where the seed speaks, it decides. One test per skirmish ruling, each citing its
rule (/work's rules §7.2, §8, §6.6.4, §16.2 A1/A4/A9/A12, §16.4 C1/C9/C10); each fails under
rules version 1's behaviour (``cover_damage=coverer``, ``area_includes_user=false``, the column
only placement on row 0, and the AI before the fixes)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, make

from kassen.core.options import defaults
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.model import Effect
from kassen.rulesets.skirmish.rules import statuses as sts
from kassen.rulesets.skirmish.rules.rounds import take_turn


def act(b, uid: str, ms: str, rs: str = "none", script=()) -> None:
    """Give ``uid`` one TP with the given answers (the rest from the default AI)."""
    b.decider.policies[0].script[:0] = [("rs", uid, rs), ("ms", uid, ms), *script]
    b.state.round = max(1, b.state.round)
    take_turn(b.table, b.unit(uid))


def ai_turn(b, uid: str) -> tuple[str, str]:
    """Let the default AI play ``uid``'s TP; its (RS, MS) answers."""
    b.state.round = max(1, b.state.round)
    policy = b.decider.policies[0]
    before = len(policy.asked)
    take_turn(b.table, b.unit(uid))
    asked = policy.asked[before:]
    answers = b.decider.choices[-len(asked):] if asked else []
    got = {r.kind: a for r, a in zip(asked, answers, strict=True)
           if r.kind in ("rs", "ms") and r.context.get("actor") == uid}
    return got.get("rs", ""), got.get("ms", "")


# -- §7.2 かばう: 肩代わり (cover_damage = target) ------------------------------------------------
@pytest.mark.rule("§7.2")
def test_a_covered_hit_uses_the_protected_targets_armour_and_its_modifiers_section7_2() -> None:
    """「対象が受けるはずだった…ダメージなどを自身が肩代わりする」: the hit is resolved on C
    (装甲 2 + its 《ストーンスキン》 +4 = 6) and only the 20 − 6 = 14 HP moves to the coverer D,
    whose own 装甲 9 plays no part (version 1: 20 − 9 = 11)."""
    b, _ = make([fighter("A", ini=10, acc=0, area=3),
                 fighter("C", arm=2, area=3) + "; " + fighter("D", arm=9, area=3)],
                dice=[5, 5], script=[("cover", "1.1", "yes")])
    b.unit("1.0").effects.append(Effect("stone_skin", 2, 4))
    act(b, "0.0", "attack:1.0")
    dmg = events(b, "damage")[0]
    assert dmg.target == "1.1" and dmg.values["defence"] == 6 and dmg.values["amount"] == 14
    assert b.unit("1.1").hp == 40 - 14 and b.unit("1.0").hp == 40
    notes = [t[1] for t in dmg.values["sums"]["amount"] if t[0] == "note"]
    assert notes == ["covered_values"]  # the why panel says whose values these are


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§11.1")
def test_a_covered_spell_uses_the_protected_targets_weakness_section7_2() -> None:
    """Under ``attribute_affinity`` the protected shadow's 弱点 (light) counts, the coverer's
    none: 《ホーリーライト》 5 + 4 + 10 − 抵抗 4 + 5 = 20 (version 1: 15)."""
    b, _ = make([fighter("A", ini=10, mp=20, mag=5, ab="holy_light", area=3),
                 fighter("C", weak="light", area=3) + "; " + fighter("D", area=3)],
                dice=[5, 5], script=[("cover", "1.1", "yes")], attribute_affinity=True)
    act(b, "0.0", "skill:holy_light:1.0")
    dmg = events(b, "damage")[0]
    assert dmg.target == "1.1" and dmg.values["amount"] == 20


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§11.3")
def test_the_protected_target_decides_and_pays_for_its_guard_section7_2() -> None:
    """P may use its 《ガード》 at the hit moment as any 対象 may: C is asked, pays 1 MP and
    uses its once per round; D (the coverer) is not asked, and takes 20 − 2 − 5 = 13."""
    b, p = make([fighter("A", ini=10, acc=0, area=3),
                 fighter("C", arm=2, mp=5, ab="guard", area=3) + "; "
                 + fighter("D", arm=9, mp=5, ab="guard", area=3)],
                dice=[5, 5], script=[("cover", "1.1", "yes"), ("guard", "1.0", "yes")])
    act(b, "0.0", "attack:1.0")
    assert [r.context["unit"] for r in p.asked if r.kind == "guard"] == ["1.0"]
    assert b.unit("1.0").mp == 4 and b.unit("1.0").guard_used
    assert b.unit("1.1").mp == 5 and not b.unit("1.1").guard_used
    assert events(b, "damage")[0].values["amount"] == 13 and b.unit("1.1").hp == 27


@pytest.mark.rule("§7.2")
@pytest.mark.rule("§16")
def test_a_covered_sleep_is_checked_against_the_targets_resistance_section7_2_d5() -> None:
    """A covered 《スリープ》 is checked against P's 抵抗 (2D10 5+5 + 魔力 5 = 15 against
    5+5 + 2 = 12) and on a success the coverer D sleeps (version 1: D's 抵抗 9 resists)."""
    b, _ = make([fighter("A", ini=10, mag=5, mp=20, ab="sleep", area=3),
                 fighter("C", res=2, area=3) + "; " + fighter("D", res=9, area=3)],
                dice=[5, 5, 5, 5], script=[("cover", "1.1", "yes")])
    act(b, "0.0", "skill:sleep:1.0")
    check = events(b, "sleep_check")[0]
    assert check.target == "1.1" and check.values["passive"] == 12 and check.values["success"]
    assert sts.asleep(b.table, b.unit("1.1")) and not sts.asleep(b.table, b.unit("1.0"))


@pytest.mark.rule("§16.2")
@pytest.mark.rule("§7.2")
@pytest.mark.rule("A4")
def test_the_ai_covers_by_the_damage_the_target_would_take_a4() -> None:
    """§16.2 A4 (2): the coverer's HP after the hit is figured with the damage the protected
    ally would take (E[8 + 2D10 − 0] = 19: 36 − 19 = 17, not above half of 36), not with the
    coverer's own 装甲 8 (36 − 11 = 25, which version 1 covered with)."""
    for reading, covers in (("target", False), ("coverer", True)):
        b, _ = make([fighter("A", ini=12, acc=30, wpn="shortbow", area=0),
                     fighter("C", hp=20, arm=0, area=3) + "; "
                     + fighter("D", hp=36, arm=8, area=3)],
                    dice=[5, 5] * 3, cover_damage=reading)
        act(b, "0.0", "attack:1.0")
        assert bool(events(b, "cover")) is covers, reading


# -- §8 エリア: the user standing there is a target (area_includes_user) ---------------------------
@pytest.mark.rule("§8")
def test_an_area_use_hits_its_user_standing_in_the_chosen_area_section8() -> None:
    """「そこにいる全てのキャラクター」: 《アイスストーム》 on the caster's own area hits the caster
    too, in deployment order (version 1, ``area_includes_user=false``: everyone but the user)."""
    for includes, targets in ((True, ["0.0", "0.1", "1.0"]), (False, ["0.1", "1.0"])):
        b, _ = make([fighter("A", mp=20, ab="ice_storm", area=2) + "; " + fighter("B", area=2),
                     fighter("C", area=2) + "; " + fighter("D", area=3)], dice=[5, 5],
                    area_includes_user=includes)
        act(b, "0.0", "skill:ice_storm:area:2", script=[("cover", None, "no")] * 3)
        assert events(b, "use")[0].values["targets"] == targets
        assert [e.target for e in events(b, "damage")] == targets


@pytest.mark.rule("§8")
@pytest.mark.rule("§11.3")
def test_sweep_keeps_its_own_exclusion_of_the_user_section8_11_3() -> None:
    """《なぎ払い》's own text excludes its user, which the default keeps."""
    b, _ = make([fighter("A", area=2), fighter("O", ab="sweep", mp=5, acc=20, area=2)],
                dice=[5, 5, 5, 5])
    b.decider.policies[0].script[:0] = [("rs", "1.0", "none"), ("ms", "1.0", "skill:sweep:area:2")]
    b.state.round = 1
    take_turn(b.table, b.unit("1.0"))
    assert events(b, "use")[0].values["targets"] == ["0.0"]


@pytest.mark.rule("§16.2")
@pytest.mark.rule("§8")
@pytest.mark.rule("A9")
def test_the_ai_never_aims_an_area_spell_at_its_own_area_a9() -> None:
    """§16.2 A9: the user counts as an ally, so with two enemies beside it the mage does not
    storm its own area (version 1 did: 2 enemies, 0 allies); without the ruling it would."""
    sides = [fighter("M", mp=20, mag=9, wpn="staff", ab="ice_storm", area=2),
             fighter("E", hp=90, res=2, area=2) + "; " + fighter("F", hp=90, res=2, area=2)]
    b, _ = make(sides)
    assert ai_turn(b, "0.0")[1] == "attack:1.0"
    b, _ = make(sides, area_includes_user=False)
    assert ai_turn(b, "0.0")[1] == "skill:ice_storm:area:2"


# -- §6.6.4 flight in the disengagement check (flight_bonus_for_obstructer) -----------------------
@pytest.mark.rule("§6.6.4")
def test_flight_of_the_representative_obstructer_is_an_option_section6_6_4() -> None:
    """By default only the mover's flight gives +4; with ``flight_bonus_for_obstructer`` a
    flying representative adds +4 to the active side (18 + 4 > 18: the move fails)."""
    for option, active, moved in ((False, 18, True), (True, 22, False)):
        b, _ = make([fighter("A", area=3), fighter("O", fly=1, area=3)], dice=[5, 5, 5, 5],
                    flight_bonus_for_obstructer=option)
        act(b, "0.0", "move:4")
        check = events(b, "disengage")[0]
        assert check.values["active"] == active and check.values["passive"] == 18
        assert (b.unit("0.0").pos == (4, 0)) is moved


# -- §16.2 A1 with sleep_auto_hit ------------------------------------------------------------------
@pytest.mark.rule("A1")
@pytest.mark.rule("§9.2")
def test_the_ai_counts_a_sleeper_as_hit_for_sure_under_sleep_auto_hit_a1() -> None:
    """With ``sleep_auto_hit`` the AI values a weapon attack on a sleeper at P(hit) = 1: 10 +
    2D10 against 装甲 0 (21) beats 《マジックブレード》 (12 + 2D10 − 抵抗 10 = 13); version 1
    used the normal hit chance (回避値 40: criticals only) and cast the blade."""
    b, _ = make([fighter("A", acc=0, mp=10, ab="magic_blade", area=2),
                 fighter("S", hp=99, eva=40, arm=0, res=10, area=2)],
                dice=[5, 5], sleep_auto_hit=True)
    b.unit("1.0").effects.append(Effect("sleep", 1))
    assert ai_turn(b, "0.0")[1] == "attack:1.0"
    assert events(b, "auto_hit") and events(b, "damage")[0].values["amount"] == 20


# -- §16.4 C1 with §16.2 A12 (escape) ------------------------------------------------------------
@pytest.mark.rule("A7")
@pytest.mark.rule("C1")
@pytest.mark.rule("A12")
@pytest.mark.rule("§16.4")
def test_an_escape_turn_still_drinks_a_potion_in_the_ready_step_c1_a12() -> None:
    """At ≤ 25 % HP in the own edge area the escape comes in MS, so the RS drinks a potion A7
    offers (version 1 did nothing); the MS is planned from the new HP: still ≤ 25 % (4 + 1+1)
    escapes, lifted above it (4 + 9+9) attacks as usual."""
    for heal, ms in (([1, 1], "escape"), ([9, 9], "attack:1.0")):
        b, _ = make([fighter("A", it="potion*2", area=0), fighter("E", area=0)],
                    dice=[*heal, 5, 5, 5, 5, 5, 5], escape=True)
        b.unit("0.0").hp = 4
        rs, got = ai_turn(b, "0.0")
        assert rs == "item:potion:0.0" and b.unit("0.0").items["potion"] == 1
        assert got == ms


# -- §16.4 C9 and C10 on the grid ------------------------------------------------------------------
@pytest.mark.rule("C9")
@pytest.mark.rule("§16.4")
def test_the_ai_ranks_every_pierce_aim_in_range_c9() -> None:
    """《ウィンドカッター》 (range 3) from 0/1: the aim 3/0 two areas beyond the neighbours
    is the only line through both enemies (2/0 and 3/0), and the AI takes it."""
    b, _ = make([fighter("M", mp=20, mag=9, wpn="staff", ab="wind_cutter", area="0/1"),
                 fighter("E", hp=90, res=2, area="2/0") + "; "
                 + fighter("F", hp=90, res=2, area="3/0")],
                dice=[5, 5], map="grid", grid_width=7, script=[("rs", "0.0", "none")])
    assert b.map.line((0, 1), (3, 0), 3) == [(0, 1), (1, 1), (2, 0), (3, 0)]
    assert ai_turn(b, "0.0")[1] == "skill:wind_cutter:dir:3/0"
    assert events(b, "use")[0].values["targets"] == ["1.0", "1.1"]


@pytest.mark.rule("C10")
@pytest.mark.rule("§16.4")
def test_a_placement_naming_only_a_column_stands_on_the_middle_row_c10() -> None:
    """``area=2`` on a 7×3 grid stands on row 1 (⌊3/2⌋) for both sides; ``area=2/0`` keeps
    its row; ``column_only_row=first`` (version 1) puts the column-only one on row 0."""
    sides = [fighter("A", area=2) + "; " + fighter("B", area="2/0"), fighter("C", area=6)]
    b, _ = make(sides, map="grid", grid_width=7)
    assert [u.pos for u in b.state.units] == [(2, 1), (2, 0), (6, 1)]
    b, _ = make(sides, map="grid", grid_width=7, column_only_row="first")
    assert [u.pos for u in b.state.units] == [(2, 0), (2, 0), (6, 0)]
    opts = {**defaults(RULESET.options), "map": "grid", "grid_width": 7}
    side, problems = RULESET.parse(sides[0], opts)
    assert not problems and [m.area for m in side] == [(2, None), (2, 0)]
    assert RULESET.export(side).count("area=2/0") == 1
    assert RULESET.parse(RULESET.export(side), opts)[0] == side


@pytest.mark.rule("A12")
@pytest.mark.rule("§16.2")
def test_an_escaping_unit_moves_nearest_the_edge_then_shortest_then_lowest_a12() -> None:
    """§16.2 A12: from 1/2 the edge column 0 has 0/0 (2 away), 0/1 and 0/2 (1 away): the
    shortest moves win, then the lowest (x, y): 0/1 (it took the first listed, 0/0)."""
    b, _ = make([fighter("A", area="1/2"), fighter("E", area="6/1")],
                map="grid", grid_width=7, escape=True)
    b.unit("0.0").hp = 5
    assert ai_turn(b, "0.0")[0] == "move:0/1"
