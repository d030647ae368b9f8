"""Targeting (§8), hit and damage (§6.3–§6.5), かばう (§7.2), statuses and durations (§9),
items (§11.4), the catalogue (§11.3) and the end of combat (§10), with forced dice."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, kinds, make

from kassen.rulesets.skirmish import catalogue
from kassen.rulesets.skirmish.catalogue_conditions import FLIGHT, SLEEP, STONE_SKIN
from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules import statuses as sts
from kassen.rulesets.skirmish.rules.initiative import pick_initiative
from kassen.rulesets.skirmish.rules.rounds import take_turn
from kassen.rulesets.skirmish.rules.victory import check_end


def act(b, uid: str, ms: str, rs: str = "none", script=()):
    """Give ``uid`` one TP with the given answers."""
    b.decider.policies[0].script[:0] = [("rs", uid, rs), ("ms", uid, ms), *script]
    b.state.round = max(1, b.state.round)
    take_turn(b.table, b.unit(uid))


@pytest.mark.rule("§4.2.6.3")
def test_hit_check_total_at_least_evasion_hits_section4_2_6_3() -> None:
    b, _ = make([fighter("A", acc=6, area=0), fighter("C", eva=15, arm=4, area=0)],
                dice=[4, 5, 3, 3])  # 4+5+6=15 ≥ 15 → hit; damage 10+3+3−4 = 12
    act(b, "0.0", "attack:1.0")
    hit = events(b, "hit_check")[0].values
    assert (hit["total"], hit["need"], hit["hit"]) == (15, 15, True)
    dmg = events(b, "damage")[0].values
    assert (dmg["power"], dmg["defence"], dmg["amount"]) == (16, 4, 12)
    assert b.unit("1.0").hp == 28
    b, _ = make([fighter("A", acc=6, area=0), fighter("C", eva=15, area=0)], dice=[4, 4])
    act(b, "0.0", "attack:1.0")
    assert not events(b, "hit_check")[0].values["hit"] and not events(b, "damage")


@pytest.mark.rule("§4.4")
def test_critical_and_fumble_section4_4() -> None:
    b, _ = make([fighter("A", acc=0, area=0), fighter("C", eva=40, arm=0, area=0)],
                dice=[10, 10, 1, 1, 5])  # crit: auto hit, 3D10 damage
    act(b, "0.0", "attack:1.0")
    assert events(b, "hit_check")[0].values["crit"]
    assert events(b, "damage")[0].values["dice"] == [1, 1, 5]
    assert events(b, "damage")[0].values["amount"] == 10 + 7
    b, _ = make([fighter("A", acc=30, area=0), fighter("C", eva=5, area=0)], dice=[1, 1])
    act(b, "0.0", "attack:1.0")
    assert events(b, "hit_check")[0].values["fumble"] and not events(b, "damage")
    b, _ = make([fighter("A", acc=0, area=0), fighter("C", eva=40, area=0)], dice=[10, 10],
                crit_fumble=False)
    act(b, "0.0", "attack:1.0")
    assert not events(b, "hit_check")[0].values["hit"]


@pytest.mark.rule("§6.4.6.5")
def test_magic_has_no_hit_check_and_uses_resistance_section6_4_6_5() -> None:
    b, _ = make([fighter("A", mag=5, ab="fire_bolt", area=0),
                 fighter("C", eva=40, arm=30, res=3, area=2)], dice=[2, 2])
    act(b, "0.0", "skill:fire_bolt:1.0")
    assert not events(b, "hit_check")
    dmg = events(b, "damage")[0].values
    assert (dmg["atk"], dmg["defence"], dmg["amount"]) == (11, 3, 12)  # 魔力5 + 6 + 4 − 3
    assert b.unit("0.0").mp == 7
    b, _ = make([fighter("A", mag=0, ab="fire_bolt", area=0),
                 fighter("C", res=40, area=2)], dice=[2, 2])
    act(b, "0.0", "skill:fire_bolt:1.0")
    assert events(b, "damage")[0].values["amount"] == 0  # floored at 0 (§6.4.3)


@pytest.mark.rule("§8")
def test_target_kinds_one_n_area_pierce_section8() -> None:
    b, _ = make([fighter("A", wpn="shortbow", ab="double_shot", area=0) + "; "
                 + fighter("B", area=2),
                 fighter("C", area=2) + "; " + fighter("D", area=3) + "; "
                 + fighter("E", area=5)])
    u = b.unit("0.0")
    ms = actions.ms_options(b.table, u)
    assert [o for o in ms if o.startswith("attack")] == [
        "attack:0.1", "attack:1.0", "attack:1.1"]  # 1体 within range 3, not self
    assert "skill:double_shot" in ms
    act(b, "0.0", "skill:double_shot", script=[("pick", "0.0", "1.0"), ("pick", "0.0", "1.1")])
    assert events(b, "use")[0].values["targets"] == ["1.0", "1.1"]  # n体: up to 2
    assert len(events(b, "hit_check")) == 2
    assert all(e.values["bonus"] == 6 - 1 for e in events(b, "hit_check"))


@pytest.mark.rule("§8")
def test_area_hits_everyone_there_but_the_user_section8() -> None:
    b, _ = make([fighter("A", mp=20, ab="ice_storm", area=0) + "; " + fighter("B", area=2),
                 fighter("C", area=2) + "; " + fighter("D", area=3)], dice=[5, 5])
    act(b, "0.0", "skill:ice_storm:area:2")
    assert events(b, "use")[0].values["targets"] == ["0.1", "1.0"]  # allies included
    assert [e.target for e in events(b, "damage")] == ["0.1", "1.0"]
    assert len({tuple(e.values["dice"]) for e in events(b, "damage")}) == 1  # one roll/use


@pytest.mark.rule("§8")
@pytest.mark.rule("D13")
def test_pierce_line_includes_own_area_section8_d13() -> None:
    b, _ = make([fighter("A", mp=20, ab="wind_cutter", area=2),
                 fighter("C", area=2) + "; " + fighter("D", area=3) + "; "
                 + fighter("E", area=3) + "; " + fighter("F", area=6)], dice=[3, 3])
    u = b.unit("0.0")
    ms = actions.ms_options(b.table, u)
    assert "skill:wind_cutter:dir:3" in ms and "skill:wind_cutter:dir:1" in ms
    act(b, "0.0", "skill:wind_cutter:dir:3",
        script=[("pick", "0.0", "1.0"), ("pick", "0.0", "1.2")])
    assert events(b, "use")[0].values["targets"] == ["1.0", "1.2"]  # ≤ 1 per area
    assert b.map.line((2, 0), (3, 0), 3) == [(2, 0), (3, 0), (4, 0), (5, 0)]


@pytest.mark.rule("§8")
@pytest.mark.parametrize("kind", [catalogue.ALL, catalogue.ANY, catalogue.AREA_ANY])
def test_all_any_and_area_any_targets_section8(monkeypatch, kind: str) -> None:
    test_ability = replace(catalogue.ABILITIES["fire_bolt"], id="fire_bolt", target=kind)
    monkeypatch.setitem(catalogue.ABILITIES, "fire_bolt", test_ability)
    b, _ = make([fighter("A", ab="fire_bolt", area=1) + "; " + fighter("B", area=1),
                 fighter("C", area=2) + "; " + fighter("D", area=5)], dice=[3, 3])
    u = b.unit("0.0")
    ms = [o for o in actions.ms_options(b.table, u) if o.startswith("skill")]
    if kind == catalogue.ALL:
        assert ms == ["skill:fire_bolt"]
        act(b, "0.0", "skill:fire_bolt")
        assert events(b, "use")[0].values["targets"] == ["0.1", "1.0"]  # all within range 2
    elif kind == catalogue.ANY:
        act(b, "0.0", "skill:fire_bolt", script=[("pick", "0.0", "1.0"),
                                                 ("pick", "0.0", "done")])
        assert events(b, "use")[0].values["targets"] == ["1.0"]
    else:
        assert "skill:fire_bolt:area:1" in ms and "skill:fire_bolt:area:0" not in ms
        act(b, "0.0", "skill:fire_bolt:area:1", script=[("pick", "0.0", "0.1")])
        assert events(b, "use")[0].values["targets"] == ["0.1"]


@pytest.mark.rule("§7.2")
@pytest.mark.parametrize(("reading", "defence"), [("target", 2), ("coverer", 9)])
def test_cover_auto_hits_coverer_and_spends_its_turn_section7_2(reading: str,
                                                                defence: int) -> None:
    """The covered attack hits the coverer D without a roll and D is 行動済み; the damage is
    figured with C's 装甲 2 (肩代わり, ``cover_damage=target``) or D's own 9 (``coverer``)."""
    b, _ = make([fighter("A", ini=10, acc=0, area=3),
                 fighter("C", eva=30, arm=2, area=3) + "; " + fighter("D", arm=9, area=3)],
                dice=[5, 5], script=[("cover", "1.1", "yes")], cover_damage=reading)
    act(b, "0.0", "attack:1.0")
    assert events(b, "cover")[0].actor == "1.1"
    assert not events(b, "hit_check") and events(b, "auto_hit")
    dmg = events(b, "damage")[0]
    assert dmg.target == "1.1" and dmg.values["defence"] == defence
    assert dmg.values["amount"] == 10 + 10 - defence
    assert b.unit("1.1").acted and b.unit("1.0").hp == 40
    ready = [u.id for u in b.state.units if u.able and not u.acted]
    assert "1.1" not in ready  # 行動済み: loses its turn this round


@pytest.mark.rule("§11.3")
def test_guard_reduces_damage_once_per_round_section11_3_d7() -> None:
    b, _ = make([fighter("A", acc=20, area=0),
                 fighter("C", arm=0, ab="guard", mp=5, area=0)],
                dice=[5, 5, 5, 5, 5, 5, 5, 5],
                script=[("guard", "1.0", "yes"), ("guard", "1.0", "yes")])
    act(b, "0.0", "attack:1.0")
    assert events(b, "damage")[0].values["amount"] == 20 - 5
    assert b.unit("1.0").mp == 4
    b.unit("0.0").acted = False
    b.decider.policies[0].script.clear()
    act(b, "0.0", "attack:1.0")
    assert len(events(b, "guard")) == 1  # once per round
    assert events(b, "damage")[1].values["amount"] == 20


@pytest.mark.rule("§9.1")
def test_durations_count_down_in_end_phase_section9_1() -> None:
    b, _ = make([fighter("A", ab="stone_skin", hp=999, area=0),
                 fighter("C", hp=999, area=6)],
                script=[("rs", "0.0", "none"), ("ms", "0.0", "skill:stone_skin:0.0")])
    b.play_turn()  # round 1: cast, remaining 2 → EP1 1
    u = b.unit("0.0")
    assert sts.armour(b.table, u) == 8 and u.effect(STONE_SKIN).remaining == 1
    b.play_turn()  # EP2: 0
    assert u.effect(STONE_SKIN).remaining == 0 and sts.armour(b.table, u) == 8
    b.play_turn()  # EP3: removed (lasts the rest of round 1 plus 2 full rounds)
    assert u.effect(STONE_SKIN) is None and sts.armour(b.table, u) == 4
    assert events(b, "expire")[0].values["status"] == "stone_skin"


@pytest.mark.rule("§9.2")
def test_sleep_skips_turn_blocks_aa_and_wake_section9_2() -> None:
    b, _ = make([fighter("A", ini=10, mag=10, mp=20, ab="sleep", area=3),
                 fighter("C", ini=5, res=0, area=3) + "; " + fighter("D", ini=4, area=3)],
                dice=[9, 9, 1, 1])
    act(b, "0.0", "skill:sleep:1.0")
    assert events(b, "sleep_check")[0].values["success"]
    c = b.unit("1.0")
    assert sts.asleep(b.table, c) and c.effect(SLEEP).remaining == 1
    assert pick_initiative(b.table, [u for u in b.state.units if u.able and not u.acted
                              and not sts.asleep(b.table, u)]).id == "1.1"  # the sleeper is skipped
    act(b, "1.1", "wake:1.0")  # the MS wake action (§6.2)
    assert not sts.asleep(b.table, c) and not c.acted  # still 未行動: it can act this round
    b2, p = make([fighter("A", ini=10, area=3), fighter("C", area=3)],
                 script=[("rs", "0.0", "move:1")])
    b2.unit("1.0").effects.append(catalogue_effect("sleep"))
    b2.state.round = 1
    take_turn(b2.table, b2.unit("0.0"))
    assert not [r for r in p.asked if r.kind == "obstruct"]  # asleep: no obstruction
    assert b2.unit("0.0").pos == (1, 0)


def catalogue_effect(name: str, remaining: int = 1, amount: int = 0):
    from kassen.rulesets.skirmish.model import Effect

    return Effect(name, remaining, amount)


@pytest.mark.rule("§9.2")
def test_damage_wakes_option_section9_2() -> None:
    for wakes in (False, True):
        b, _ = make([fighter("A", acc=20, area=0), fighter("C", arm=0, area=0)],
                    dice=[5, 5, 5, 5], damage_wakes=wakes)
        b.unit("1.0").effects.append(catalogue_effect("sleep"))
        act(b, "0.0", "attack:1.0")
        assert sts.asleep(b.table, b.unit("1.0")) is not wakes


@pytest.mark.rule("§9.4.10.1")
def test_incapacitated_is_not_a_target_and_ends_combat_section9_4_10_1() -> None:
    b, _ = make([fighter("A", acc=20, area=0),
                 fighter("C", hp=5, arm=0, area=0) + "; " + fighter("D", area=0)],
                dice=[5, 5, 5, 5], script=[("cover", "1.1", "no")])
    act(b, "0.0", "attack:1.0")
    assert b.unit("1.0").hp == 0 and "down" in kinds(b)
    assert "attack:1.0" not in actions.ms_options(b.table, b.unit("0.0"))
    assert not b.state.over
    b.unit("1.1").hp = 0
    assert check_end(b.table) and b.state.winner == 0 and b.state.reason == "wipeout"


@pytest.mark.rule("§10.2")
def test_round_cap_is_a_draw_section10_2() -> None:
    b, _ = make([fighter("A", hp=999, area=0), fighter("C", hp=999, area=6)], round_cap=2)
    b.play_turn()
    b.play_turn()
    assert b.state.over and b.result().winner is None and b.result().reason == "round_cap"


@pytest.mark.rule("§10.3")
def test_all_asleep_deadlock_wakes_everyone_section10_3() -> None:
    b, _ = make([fighter("A", area=0), fighter("C", area=6)])
    for u in b.state.units:
        u.effects.append(catalogue_effect("sleep", 5))
    b.play_turn()
    assert "deadlock" in kinds(b) and not any(sts.asleep(b.table, u) for u in b.state.units)


@pytest.mark.rule("§10.4")
def test_escape_option_section10_4() -> None:
    b, _ = make([fighter("A", area=0), fighter("C", area=6)], escape=True)
    assert "escape" in actions.ms_options(b.table, b.unit("0.0"))
    act(b, "0.0", "escape")
    assert b.state.over and b.state.winner == 1 and b.state.reason == "escape"


@pytest.mark.rule("§11.4")
def test_items_potion_mana_gem_bell_section11_4() -> None:
    b, _ = make([fighter("A", mp=20, it="potion,mana_potion,ruby,bell", area=1) + "; "
                 + fighter("B", area=1),
                 fighter("C", res=2, area=3)], dice=[6, 6, 4, 4])
    a, ally = b.unit("0.0"), b.unit("0.1")
    ally.hp = 10
    a.mp = 15
    rs = actions.rs_options(b.table, a)
    assert "item:potion:0.1" in rs and "item:potion:1.0" not in rs  # range 0
    act(b, "0.0", "item:ruby:1.0", rs="item:potion:0.1")
    assert ally.hp == 22  # 2D10 = 12
    assert events(b, "damage")[0].values["amount"] == 12 + 8 - 2  # gem 攻撃力12 vs 抵抗
    a.acted = False
    act(b, "0.0", "none", rs="item:mana_potion:0.0")
    assert a.mp == 20  # +10 capped at MaxMP
    ally.effects.append(catalogue_effect("sleep"))
    a.acted = False
    act(b, "0.0", "none", rs="item:bell:0.1")
    assert not sts.asleep(b.table, ally) and a.items["bell"] == 0
    a.items["ruby"] = 1
    assert not any(o.startswith("item:ruby")
                   for o in actions.ms_options(b.table, a, a.pos, True, True))


@pytest.mark.rule("§11.3")
@pytest.mark.parametrize("ability,expect", [
    ("power_attack", (10 + 6, 6 - 2)),
    ("magic_blade", (10 + 2, None)),
    ("holy_light", (5 + 4, None)),
    ("dark_bolt", (5 + 6, None)),
])
def test_single_target_catalogue_numbers_section11_3(ability: str, expect) -> None:
    b, _ = make([fighter("A", ab=ability, mag=5, acc=6, area=0),
                 fighter("C", eva=0, area=0)], dice=[5, 5, 5, 5])
    act(b, "0.0", f"skill:{ability}:1.0")
    assert events(b, "damage")[0].values["atk"] == expect[0]
    if expect[1] is not None:
        assert events(b, "hit_check")[0].values["bonus"] == expect[1]
    else:
        assert not events(b, "hit_check")


@pytest.mark.rule("§11.3")
def test_sweep_heal_fly_section11_3() -> None:
    b, _ = make([fighter("A", area=2) + "; " + fighter("B", ab="heal,fly", mag=3, area=2),
                 fighter("C", ab="sweep", acc=20, area=2)], dice=[5, 5, 5, 5, 3, 3, 2, 2])
    c = b.unit("1.0")
    b.decider.policies[0].script[:0] = [("rs", "1.0", "none"), ("ms", "1.0",
                                                                "skill:sweep:area:2"),
                                        ("cover", None, "no"), ("cover", None, "no")]
    b.state.round = 1
    take_turn(b.table, c)
    assert events(b, "use")[0].values["targets"] == ["0.0", "0.1"]
    assert all(e.values["bonus"] == 18 for e in events(b, "hit_check"))  # 命中 −2
    healer, hurt = b.unit("0.1"), b.unit("0.0")
    before = hurt.hp
    act(b, "0.1", "skill:heal:0.0")
    assert hurt.hp == min(hurt.max_hp, before + 2 + 2 + 3)  # 2D10 + 魔力
    healer.acted = False
    act(b, "0.1", "skill:fly:0.0")
    assert sts.flight(b.table, hurt) == 1 and hurt.effect(FLIGHT).remaining == 3


@pytest.mark.rule("§9.3")
def test_flight_melee_limit_option_section9_3() -> None:
    b, _ = make([fighter("A", area=0), fighter("C", fly=1, area=0)], flight_melee_limit=True)
    assert "attack:1.0" not in actions.ms_options(b.table, b.unit("0.0"))
    b, _ = make([fighter("A", wpn="spear", area=0), fighter("C", fly=1, area=0)],
                flight_melee_limit=True)
    assert "attack:1.0" in actions.ms_options(b.table, b.unit("0.0"))
