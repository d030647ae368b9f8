"""Statuses (§11), enchantments (§13), judgements (§10), turn skeleton (§6-§9) and the worked
examples of §17. Each test names the rules it checks."""

from __future__ import annotations

import pytest
from marguerite_helpers import advance, after, codes, events, fencer, finish, kinds, start

from kassen.rulesets.marguerite.model import (
    GUARD,
    LIFE,
    MISCARRY,
    POISON,
    REFLECT,
    SLEEP,
    SOUL,
    STUN,
    TAUNT,
)

DUMMY = "50/0/1/0//D"


# -- §17 worked examples ------------------------------------------------------------------------
@pytest.mark.rule("§17 E1")
@pytest.mark.rule("R7.3")
@pytest.mark.rule("R8.6")
@pytest.mark.rule("R8.5.4")
def test_e1_simultaneous_support_before_attack() -> None:
    """§17 E1 (R7.3, R8.6, R8.5.4): Y wins in turn 10 with 6 HP."""
    b = finish("10/3/0/2/斬斬/X", "10/1/1/2/斬護/Y")
    r = b.result()
    assert (r.winner, r.reason, r.turn) == (1, "wipeout", 10)
    assert fencer(b, 1).hp == 6
    b2 = after("10/3/0/2/斬斬/X", "10/1/1/2/斬護/Y", 2)
    assert (fencer(b2, 0).hp, fencer(b2, 1).hp, fencer(b2, 1).def_) == (8, 6, 3)


@pytest.mark.rule("§17 E2")
@pytest.mark.rule("R6.1")
@pytest.mark.rule("R4.4")
@pytest.mark.rule("R8.6")
def test_e2_turn_zero_limited_swift_sword_and_mutual_hits() -> None:
    """§17 E2 (R6.1, R4.4, R8.6 超同時): X wins in turn 1; Y exits at 0 HP, X has 4."""
    b = after("5/5/0/1/高斬/X", "10/1/0/1/斬/Y", 0)
    assert fencer(b, 1).hp == 5 and codes(fencer(b, 0)) == "斬"
    b = finish("5/5/0/1/高斬/X", "10/1/0/1/斬/Y")
    r = b.result()
    assert (r.winner, r.reason, r.turn) == (0, "wipeout", 1)
    assert fencer(b, 0).hp == 4 and fencer(b, 1).exited


@pytest.mark.rule("§17 E3")
@pytest.mark.rule("R6.3")
@pytest.mark.rule("Q1")
def test_e3_sword_reset_per_turn_versus_cycle() -> None:
    """§17 E3 (R6.3, Q1): W dies in turn 8 under per-turn reset, turn 3 under cycle."""
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W").result().turn == 8
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W", reset="cycle").result().turn == 3


# -- statuses (§11) ----------------------------------------------------------------------------
@pytest.mark.rule("§11 スタン")
@pytest.mark.rule("R8.1")
def test_stun_skips_spends_ap_keeps_sword_unused() -> None:
    """§11 スタン, R8.1: the stunned action is a skip, AP is spent, one スタン is used, the sword
    stays unused; only one triggers per action."""
    b = after("10/3/0/2/衝/A", "50/0/1/1/斬斬/D", 2)
    d = fencer(b, 1)
    # turn 2: A (spd 2) hits first with 衝撃剣: D gets スタン; D's action is then a skip
    assert d.st[STUN] == 0
    skips = [e for e in events(b, "skip") if e.actor == d.id and e.values["why"] == "stun"]
    assert len(skips) == 1 and not d.swords[0].used


@pytest.mark.rule("§11 スリープ")
@pytest.mark.rule("R5.3")
def test_sleep_sets_ap_and_reserve_to_zero() -> None:
    """§11 スリープ, R5.3: AP := 0 and 予備AP := 0 instead of AP := speed, one per phase."""
    b = after("10/3/0/1/臥儀斬/A", DUMMY, 1)
    a = fencer(b, 0)
    assert a.st[SLEEP] == 0 and a.reserve == 0 and fencer(b, 1).hp == 50
    assert len(events(b, "sleep")) == 1


@pytest.mark.rule("§11 猛毒")
def test_venom_then_poison_all_at_once() -> None:
    """§11 猛毒/毒, D17: each 猛毒 gives a 毒 before the 毒 ticks, 1 damage per stack."""
    b = after("10/3/0/2/猛毒/A", "50/0/1/0//D", 3)
    d = fencer(b, 1)
    # turn 1: 蟲毒剣 → 毒1; turn 2: 猛毒剣 → 猛毒1 (毒 tick 1); turn 3: 毒2 → tick 2
    assert d.st[POISON] == 2 and d.hp == 50 - 2 - 2 - 1 - 2


@pytest.mark.rule("R8.5")
@pytest.mark.rule("§11 ガード")
def test_poison_ignores_guard() -> None:
    """R8.5 note, §11 ガード: poison damage is not attack damage; ガード is not used."""
    b = after("10/3/0/1/毒/A", "50/0/1/1/盾/D", 3)
    d = fencer(b, 1)
    assert d.st[GUARD] >= 1 and len(events(b, "poison")) == 2


@pytest.mark.rule("§11 流産")
@pytest.mark.rule("R14.7")
def test_miscarriage_fails_one_build() -> None:
    """§11 流産, R14.7: the build fails and one 流産 is used (covered with 堕胎剣 too)."""
    b = after("10/3/0/2/堕/A", "20/0/1/1/遅泡泡/E", 2)
    e = fencer(b, 1)
    assert e.st[MISCARRY] == 0 and len(b.state.members[1]) == 2


@pytest.mark.rule("§11 反射")
@pytest.mark.rule("R8.5.1")
def test_reflect_redirects_and_chains() -> None:
    """§11 反射, R8.5.1: the hit goes back to the attacker; an attacker with 反射 sends it on."""
    b = after("10/3/0/1/斬/A", "50/0/0/1/鏡/D", 3)
    # turn 2: D's 鏡の剣 (support) first, then A's 斬撃剣 is reflected onto A
    assert fencer(b, 0).hp == 7 and fencer(b, 1).hp == 44  # hit in turns 1 and 3
    b = after("10/3/0/2/鏡斬/A", "50/0/0/2/鏡/D", 2)
    a, d = fencer(b, 0), fencer(b, 1)
    # turn 1: D takes 3; turn 2: both get 反射 (supports first), then A's hit: D reflects it,
    # A reflects it back, D takes 3 (R8.5.1 alternation)
    assert (a.st[REFLECT], d.st[REFLECT], d.hp, a.hp) == (0, 0, 44, 10)
    assert len(events(b, "reflect")) == 2


@pytest.mark.rule("§11 ガード")
@pytest.mark.rule("R8.5.3")
def test_guard_halves_rounding_up_even_zero() -> None:
    """§11 ガード, R8.5.3: ceil(d/2); used even for 0 damage; one per hit."""
    b = after("10/5/0/1/斬/A", "50/0/0/1/盾/D", 1)
    assert fencer(b, 1).hp == 47
    b = after("10/1/0/1/二/A", "50/0/0/2/盾盾/D", 2)
    d = fencer(b, 1)
    # four ガード by turn 2; 二撃剣 hits twice for ceil(1/2) = 1, one ガード per hit
    assert d.hp == 48 and d.st[GUARD] == 2


@pytest.mark.rule("§11 ソウル")
def test_soul_revives_to_max_hp() -> None:
    """§11 ソウル, D2: death uses one ソウル, HP := maxHP."""
    b = after("10/20/0/1/重/A", "10/0/0/1/魂/D", 4)
    d = fencer(b, 1)
    # turn 3: D gets ソウル; turn 4: 重撃剣 deals 40, D dies and comes back at max HP
    assert not d.exited and d.st[SOUL] == 0 and d.hp == 10
    assert len(events(b, "revive")) == 1 and len(events(b, "death")) == 1


@pytest.mark.rule("§11 ライフ")
def test_life_revives_to_one_and_soul_comes_first() -> None:
    """§11 ライフ/ソウル, D2: HP := 1; ソウル is used before ライフ."""
    b = after("10/20/0/1/斬/A", "10/0/0/1/命/D", 1)
    d = fencer(b, 1)
    assert d.hp == 1 and d.st[LIFE] == 0 and not d.exited


@pytest.mark.rule("§11 ソウル")
@pytest.mark.rule("R8.6")
def test_soul_given_to_dead_fires_at_once() -> None:
    """§11 ソウル 「死者に付与された場合、即座に発動する」, R8.6: a 剣師 killed earlier in its
    own group revives when its support gives it ソウル... here via 全体化 from an ally."""
    b = after("10/12/0/1/斬/A", "10/0/0/1/命/D", 1)
    assert fencer(b, 1).hp == 1


@pytest.mark.rule("§11 プッシュ")
@pytest.mark.rule("R10.3")
def test_push_decides_the_overturn_judge() -> None:
    """§11 プッシュ, R10.3, D11: more プッシュ wins without the HP comparison."""
    b = finish("10/0/0/1/押/A", "50/0/0/0//D")
    r = b.result()
    assert (r.winner, r.reason, r.turn) == (0, "push", 20)


@pytest.mark.rule("§11 クイック")
@pytest.mark.rule("R7.2")
def test_quick_and_slow_reorder_action_right() -> None:
    """§11 クイック/スロー, R7.2: (クイック − スロー) first, then speed."""
    b = after("10/3/0/1/先斬/A", "10/3/0/5/斬/B", 1)
    dmg = events(b, "damage")
    assert dmg[0].actor == "0.0"
    b = after("10/3/0/5/後斬/A", "10/3/0/1/斬/B", 1)
    assert events(b, "damage")[0].actor == "1.0"


@pytest.mark.rule("§11 挑発")
@pytest.mark.rule("R8.4")
def test_taunt_draws_single_attacks_not_stacking() -> None:
    """§11 挑発, R8.4, D9: single attacks go to the front-most taunter; no stacking."""
    b = after("10/3/0/1/斬/A", "20/0/0/2/泡誘/E", 1)
    e, bubble = fencer(b, 1, 0), fencer(b, 1, 1)
    assert e.st[TAUNT] == 1 and e.hp == 17 and bubble.hp == 5


# -- enchantments (§13) ------------------------------------------------------------------------
@pytest.mark.rule("§13 スタン与え")
def test_enchant_stun_give_stacks() -> None:
    """§13 ＜スタン与え＞, D18, D19: n stacks give n スタン per hit of ≥ 1; 振動剣 gives it only
    to an 攻撃 sword (the first 振動剣 here targets the second, which is not one)."""
    b = after("10/3/0/3/振振斬/A", DUMMY, 1)
    assert fencer(b, 1).st[STUN] == 1 and len(events(b, "no_effect")) == 1
    b = start("10/3/0/1/斬/A", DUMMY)
    fencer(b, 0).swords[0].stun = 2
    advance(b, 1)
    assert fencer(b, 1).st[STUN] == 2


@pytest.mark.rule("§13 毒与え")
def test_enchant_poison_give_needs_damage() -> None:
    """§13 ＜毒与え＞: only on ≥ 1 damage."""
    b = after("10/1/0/2/薬斬/A", DUMMY, 1)
    assert fencer(b, 1).st[POISON] == 0
    b = after("10/2/0/2/薬斬/A", DUMMY, 1)
    assert fencer(b, 1).st[POISON] == 1


@pytest.mark.rule("§13 全体化")
def test_enchant_whole_on_support() -> None:
    """§13 ＜全体化＞, D15: a support sword reaches every ally."""
    b = after("10/0/0/3/泡散盾/A", DUMMY, 1)
    assert fencer(b, 0, 0).st[GUARD] == 1 and fencer(b, 0, 1).st[GUARD] == 1


@pytest.mark.rule("§13 リミテッド")
@pytest.mark.rule("R4.2")
@pytest.mark.rule("R4.3")
@pytest.mark.rule("R4.4")
def test_enchant_limited_early_late_danger() -> None:
    """§13 ＜リミテッド＞ ＜早期起動＞ ＜遅滞起動＞ ＜危殆起動＞ (R4.2, R4.3, R4.4)."""
    assert after("10/3/0/2/限斬/A", DUMMY, 1).state.members[0][0].swords == []
    assert fencer(after("10/3/0/2/導斬/A", DUMMY, 0), 1).hp == 48
    assert fencer(after("10/3/0/2/遅導斬/A", DUMMY, 1), 1).hp == 48  # cancel pairwise
    assert fencer(after("10/3/0/2/危斬/A", DUMMY, 2), 1).hp == 50


# -- judgements (§10) --------------------------------------------------------------------------
@pytest.mark.rule("R10.2")
def test_wipeout() -> None:
    """R10.2: only the opponent's party is wiped out → win."""
    r = finish("10/9/0/1/斬/A", "5/0/0/0//D").result()
    assert (r.winner, r.reason, r.turn) == (0, "wipeout", 1)


@pytest.mark.rule("R10.2")
@pytest.mark.rule("Q5")
def test_overkill_smaller_total_wins() -> None:
    """R10.2 オーバーキルジャッジ (Q5): both wiped out; the smaller overkill wins."""
    b = finish("5/9/0/1/斬/X", "5/6/0/1/斬/Y")
    r = b.result()
    assert (r.winner, r.reason) == (0, "overkill")
    assert (fencer(b, 0).overkill, fencer(b, 1).overkill) == (1, 4)


@pytest.mark.rule("R10.2")
def test_overturn_higher_hp_wins() -> None:
    """R10.2 オーバーターンジャッジ: at the end of turn 20 the higher HP total wins."""
    r = finish("10/2/0/1/斬/A", "60/0/0/1/斬/D").result()
    assert (r.winner, r.reason, r.turn) == (1, "overturn", 20)


@pytest.mark.rule("R10.2")
def test_draw_on_equal_totals() -> None:
    """R10.2: an equal comparison is a draw (D11)."""
    r = finish("10/0/0/0//A", "10/0/0/0//B").result()
    assert (r.winner, r.reason, r.turn) == (None, "draw", 20)


@pytest.mark.rule("R10.3")
def test_push_decides_overkill_judge_counting_exited() -> None:
    """R10.3: in the overkill judge the プッシュ of exited 剣師 counts."""
    # X would lose the overkill comparison (4 against 1) but holds one プッシュ
    r = finish("5/6/0/1/押斬/X", "5/9/0/1/斬/Y").result()
    assert (r.winner, r.reason) == (0, "push")


# -- skeleton (§6, §7, §9) ---------------------------------------------------------------------
@pytest.mark.rule("R6.1.5")
@pytest.mark.rule("R9.1")
def test_no_death_in_turn_zero_then_death_check() -> None:
    """R6.1.5-6, R9.1: HP ≤ 0 in turn 0 is not death; the check after turn 0 kills."""
    b = after("10/20/0/1/高/A", "10/0/0/1/ヌ/D", 0)
    d = fencer(b, 1)
    assert d.exited and b.result().turn == 0 and b.result().reason == "wipeout"
    assert kinds(b).index("damage") < kinds(b).index("death")


@pytest.mark.rule("R10.1")
def test_turn_counter_passes_20_with_years_sword() -> None:
    """R10.1, D20: the battle ends right after 事象確定 once ターン数 > 20."""
    b = finish("10/0/0/2/星星/A", "10/0/0/0//D")
    assert b.result().turn == 21


@pytest.mark.rule("R14.2")
@pytest.mark.rule("R14.6")
def test_built_fencer_acts_in_same_turn_and_counts_for_judges() -> None:
    """R14.2, R14.6: a built 剣師 has AP = speed at once; built ones count for the judge."""
    b = after("10/0/0/1/涙/A", DUMMY, 0)
    und = fencer(b, 0, 1)
    assert sum(e.values["times"] for e in events(b, "skip") if e.actor == und.id) == 3
    assert b.state.lines[0][0] is und


@pytest.mark.rule("R8.6")
def test_dead_in_group_still_resolves_its_action() -> None:
    """R8.6 (last point): a 剣師 killed earlier in its group still has its action resolved."""
    b = after("10/9/0/1/斬/A", "5/0/0/1/命/D", 1)
    d = fencer(b, 1)
    assert d.hp == 1 and not d.exited


@pytest.mark.rule("§11 スタン")
@pytest.mark.rule("R8.1")
def test_stunned_and_swordless_in_one_group() -> None:
    """§11 スタン, R8.1: in a group where one actor is stunned and the other has no sword,
    the stunned one still uses its スタン (its skip is not a plain skip)."""
    b = start("10/3/0/1/斬/P", "10/0/0/1//Q")
    advance(b, 0)
    fencer(b, 0).st[STUN] = 1
    advance(b, 1)
    assert fencer(b, 0).st[STUN] == 0 and fencer(b, 1).hp == 10
    whys = sorted(e.values["why"] for e in events(b, "skip") if e.turn == 1)
    assert whys == ["none", "stun"]


def test_years_sword_in_turn_zero_keeps_turn_zero_rules() -> None:
    """D1: 星霜剣 run in turn 0 (via 導来剣) moves the counter; deaths still wait for the
    check after turn 0, and the next turn is counter + 1."""
    b = after("10/20/0/3/導星高/A", "10/0/0/0//D", 0)
    assert b.state.turn == 1 and fencer(b, 1).exited  # 高速剣 hit, death after turn 0
    b = after("10/0/0/2/導星/A", "10/0/0/0//D", 0)
    assert b.state.turn == 1
    b.play_turn()
    assert b.state.turn == 2 + 1  # turn 2, and 星霜剣 again


@pytest.mark.rule("R6.1.5")
@pytest.mark.rule("R7.5")
def test_hp_zero_still_acts_in_turn_zero() -> None:
    """R6.1.5, R7.5, §18.14: at HP ≤ 0 in turn 0 a 剣師 is not dead yet and still acts."""
    b = after("10/20/0/2/高/A", "10/3/0/1/高/D", 0)
    assert fencer(b, 0).hp == 7 and fencer(b, 1).exited


def test_soul_cannot_revive_at_max_hp_zero_and_life_stays() -> None:
    """D2: one 蘇生 per death; ソウル at maxHP ≤ 0 leaves the 剣師 dead, ライフ unused."""
    b = start("10/0/0/0//A", "0/0/0/0//Z")
    z = fencer(b, 1)
    z.st[SOUL] = 1
    z.st[LIFE] = 1
    advance(b, 0)
    assert z.exited and z.st[SOUL] == 0 and z.st[LIFE] == 1
