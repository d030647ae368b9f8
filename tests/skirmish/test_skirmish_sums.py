"""The sum behind every number (issue 16): hit checks, damage, healing, MP, opposed checks and
move allowances carry terms that fold to exactly the number their event reports."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, make
from test_skirmish_combat import act

from kassen.core import session, sums
from kassen.core.rng import Rng
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.model import Effect
from kassen.rulesets.skirmish.samples import ENCOUNTERS, PARTY

EXPLAINED = {"hit_check": {"total", "need"}, "damage": {"amount", "hp"},
             "heal": {"healed", "hp"}, "sleep_check": {"active", "passive"},
             "move": {"allowance"}, "guard": {"mp"}}
"""Event kinds that must explain their numbers, and which ones."""


def battles(count: int):
    """Random legal sides (``Ruleset.random_build``), then the party against R1–R3."""
    for seed in range(count):
        rng = Rng(f"sums{seed}")
        yield [RULESET.random_build(rng), RULESET.random_build(rng)], f"s{seed}"
    for name in ("R1", "R2", "R3"):
        for seed in range(count // 10):
            yield [PARTY, ENCOUNTERS[name]], f"r{seed}"


@pytest.mark.rule("§4.2")
@pytest.mark.rule("§4.4")
@pytest.mark.rule("§6.3")
@pytest.mark.rule("§6.4")
@pytest.mark.rule("§6.6.4")
@pytest.mark.rule("§11.3")
@pytest.mark.rule("§16 D19")
@pytest.mark.parametrize("options", [
    {}, {"damage_roll_per_target": "true", "attribute_affinity": "true",
         "crit_on_opposed": "true", "hit_needs_greater": "true",
         "staff_bonus_in_stat_line": "true", "cover_rolls_for_crit": "true"},
    {"attribute_affinity": "true", "affinity_after_floor": "true", "map": "grid", "grid_width": 7,
     "rs_move_obstructable": "false"},
])
def test_every_number_folds_from_its_terms_issue16(options: dict) -> None:
    """Over a few hundred random battles every sum folds to the number its event reports
    (``core.sums.mismatches``), and every event kind that reports a number carries it."""
    seen: dict[str, int] = {}
    for sides, seed in battles(150 if options else 300):
        events_ = session.run(session.prepare("skirmish", sides, options, seed)).battle.rec.events()
        assert sums.mismatches(events_) == []
        for e in events_:
            want = EXPLAINED.get(e.kind)
            if want is None:
                continue
            assert want <= set(sums.event_sums(e.values)), (e.kind, e.values)
            seen[e.kind] = seen.get(e.kind, 0) + 1
    assert set(seen) == set(EXPLAINED), seen  # none of them is missing from the sample


@pytest.mark.rule("§6.3")
@pytest.mark.rule("§4.4")
@pytest.mark.rule("§11.3")
def test_hit_check_sum_is_2d10_plus_accuracy_with_modifier_and_critical_r6_3() -> None:
    """§6.3/§11.3: 《パワーアタック》's hit check is 2D10 + 命中値 − 2, compared with 回避値; a
    natural 10+10 is noted as the critical (§4.4)."""
    b, _ = make([fighter("A", acc=6, ab="power_attack", area=0),
                 fighter("C", eva=40, arm=4, area=0)], dice=[10, 10, 3, 4, 5])
    act(b, "0.0", "skill:power_attack:1.0")
    hit = events(b, "hit_check")[0].values
    assert hit["sums"]["total"] == [["=", "dice_2d10", 20], ["+", "accuracy", 6],
                                    ["-", "ability_accuracy", 2, "§11.3"],
                                    ["note", "critical", "10+10", "§4.4"]]
    assert hit["sums"]["need"] == [["=", "evasion", 40]] and hit["total"] == 24
    dmg = events(b, "damage")[0].values
    power = [["=", "weapon_attack", 10, "§11.2"], ["+", "ability_attack", 6, "§11.3"],
             ["+", "dice_2d10", 7], ["+", "crit_die", 5, "§4.4"]]
    assert dmg["sums"]["amount"] == [["=", "power", power, "§6.4"], ["-", "armour", 4],
                                     ["max", "at_least_zero", 0, "§6.4"]]
    assert dmg["amount"] == 10 + 6 + 12 - 4 == sums.fold(dmg["sums"]["amount"])


@pytest.mark.rule("§6.4")
@pytest.mark.rule("§11.3")
@pytest.mark.rule("§16 D1")
def test_damage_sum_names_stone_skin_guard_and_the_floor_r6_4() -> None:
    """§6.4: a magic bolt is (魔力 + staff +1 + spell power + 2D10) − 抵抗, at least 0, then
    《ガード》 −5 (again at least 0); a physical hit subtracts 装甲 and 《ストーンスキン》's +4
    as separate terms; the HP left is HP before − damage."""
    b, _ = make([fighter("A", mag=5, wpn="staff", ab="fire_bolt", area=0),
                 fighter("C", res=3, ab="guard", mp=5, area=2)], dice=[2, 2])
    act(b, "0.0", "skill:fire_bolt:1.0", script=[("guard", "1.0", "yes")])
    dmg = events(b, "damage")[0].values
    power = [["=", "magic_power", 5], ["+", "staff_bonus", 1, "§16 D1"],
             ["+", "spell_power", 6, "§11.3"], ["+", "dice_2d10", 4]]
    assert dmg["sums"]["amount"] == [
        ["=", "power", power, "§6.4"], ["-", "resistance", 3], ["max", "at_least_zero", 0, "§6.4"],
        ["-", "guard", 5, "§11.3"], ["max", "at_least_zero", 0, "§6.4"]]
    assert dmg["amount"] == 16 - 3 - 5 and dmg["sums"]["hp"] == [
        ["=", "hp_before", 40], ["-", "damage", 8], ["max", "at_least_zero", 0, "§6.4"]]
    b, _ = make([fighter("A", acc=30, area=0), fighter("C", eva=5, arm=4, area=0)],
                dice=[5, 5, 1, 1])
    b.unit("1.0").effects.append(Effect("stone_skin", 1, 4))
    act(b, "0.0", "attack:1.0")
    dmg = events(b, "damage")[0].values
    assert dmg["sums"]["amount"][1:3] == [["-", "armour", 4], ["-", "stone_skin", 4, "§11.3"]]
    assert dmg["amount"] == 10 + 2 - 8 == sums.fold(dmg["sums"]["amount"])


@pytest.mark.rule("§16")
@pytest.mark.rule("D19")
@pytest.mark.rule("§16 D19")
@pytest.mark.rule("§6.6.4")
def test_heal_and_disengage_sums_r16_d19() -> None:
    """§16 D19: 《ヒール》 heals 2D10 + 魔力, at most the HP missing; §6.6.4: the 離脱判定's
    active side is 2D10 + the representative's 行動値 + 2 per other obstructer."""
    b, _ = make([fighter("H", mag=7, ab="heal", area=0) + "; " + fighter("W", area=0),
                 fighter("Z", area=6)], dice=[9, 9])
    b.unit("0.1").hp = 30
    act(b, "0.0", "skill:heal:0.1")
    heal = events(b, "heal")[0].values
    assert heal["sums"]["healed"] == [["=", "dice_2d10", 18], ["+", "magic_power", 7],
                                      ["min", "hp_missing", 10, "§16 D19"]]
    assert heal["healed"] == 10 and heal["hp"] == 40
    foes = fighter("O1", ini=6, area=1) + "; " + fighter("O2", ini=9, area=1)
    b, _ = make([fighter("M", ini=8, area=1), foes], dice=[3, 4, 5, 5])
    act(b, "0.0", "move:3")
    dis = events(b, "disengage")[0].values
    assert dis["sums"]["active"] == [["=", "dice_2d10", 7], ["+", "initiative", 9],
                                     ["+", "other_obstructers", 2, "§6.6.4"]]
    assert dis["sums"]["passive"] == [["=", "dice_2d10", 10], ["+", "initiative", 8]]
    assert (dis["active"], dis["passive"]) == (18, 18)
