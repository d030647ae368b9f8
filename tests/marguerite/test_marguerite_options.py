"""Every rule option changes the outcome of a battle built to show it (§0, §18, §21)."""

from __future__ import annotations

import pytest
from marguerite_helpers import advance, after, codes, events, fencer, finish, start

from kassen.core import options as options_mod
from kassen.core import registry
from kassen.rulesets.marguerite.model import LIFE
from kassen.rulesets.marguerite.options import OPTIONS

RULESET = registry.get("marguerite")  # through the registry: it registers the text

DUMMY = "50/0/1/0//D"


def test_every_option_has_labels_rule_and_default_first() -> None:
    """Design 1: ja/en labels, the rule id, the recommended default first in a choice."""
    for spec in OPTIONS:
        assert spec.label_ja and spec.label_en and spec.rule
        if spec.kind == "choice":
            assert spec.choices[0].value == spec.default


@pytest.mark.rule("Q1")
@pytest.mark.rule("R6.3")
@pytest.mark.rule("E3")
def test_q1_reset_cycle_and_keep0() -> None:
    """Q1, R6.3: per turn (E3: turn 8), cycle (turn 3), and keep0 keeps turn-0 use."""
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W").result().turn == 8
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W", reset="cycle").result().turn == 3
    # ヌル剣 used in turn 0 stays used in turn 1 under keep0, so 斬撃剣 runs instead
    assert fencer(after("10/3/0/1/ヌ斬/A", DUMMY, 1), 1).hp == 50
    assert fencer(after("10/3/0/1/ヌ斬/A", DUMMY, 1, reset="keep0"), 1).hp == 48


@pytest.mark.rule("Q3")
@pytest.mark.rule("R6.2")
def test_q3_status_phase_position() -> None:
    """Q3, R6.2: poison given in turn 1 ticks in turn 2 (start) or at the end of turn 1."""
    assert fencer(after("10/3/0/1/毒/A", DUMMY, 1), 1).hp == 48
    assert fencer(after("10/3/0/1/毒/A", DUMMY, 1, status_phase="end"), 1).hp == 47


@pytest.mark.rule("Q4")
@pytest.mark.rule("R8.5.4")
def test_q4_negative_damage() -> None:
    """Q4, R8.5.4: negative damage does nothing, or heals (never above max HP)."""
    assert fencer(after("10/1/0/2/咲斬/A", "50/0/5/0//D", 1), 1).hp == 49
    assert fencer(after("10/1/0/2/咲斬/A", "50/0/5/0//D", 1, negative="heal"), 1).hp == 50


@pytest.mark.rule("Q5")
@pytest.mark.rule("R10.2")
def test_q5_overkill_direction() -> None:
    """Q5, R10.2: the smaller overkill wins, or the larger."""
    assert finish("5/9/0/1/斬/X", "5/6/0/1/斬/Y").result().winner == 0
    assert finish("5/9/0/1/斬/X", "5/6/0/1/斬/Y", overkill="more").result().winner == 1


@pytest.mark.rule("Q6")
@pytest.mark.rule("R6.1")
def test_q6_turn_zero_actions() -> None:
    """Q6, R6.1: AP = speed in turn 0, or each active sword once."""
    assert fencer(after("10/3/0/0/高/A", "50/0/0/0//D", 0), 1).hp == 50
    assert fencer(after("10/3/0/0/高/A", "50/0/0/0//D", 0, turn0="fast_once"), 1).hp == 47


@pytest.mark.rule("Q7")
@pytest.mark.rule("R3.1")
def test_q7_budget_and_hp_steps() -> None:
    """Q7, R3.1: 10 points by default; 0 = free; HP in steps of 5 unless hp_step=1."""
    meteora = "10/5/3/2/斬斬/メテオラ"
    build, problems = RULESET.parse(meteora, {"budget": 10, "hp_step": "5"})
    assert build is None and problems[0].code == "marguerite.over_budget"
    assert problems[0].args["over"] == 4 and problems[0].args["option"] == "budget"
    assert RULESET.parse(meteora, {"budget": 14, "hp_step": "5"})[1] == []
    assert RULESET.parse(meteora, {"budget": 0, "hp_step": "5"})[1] == []
    build, problems = RULESET.parse("7/1/0/1/斬/A", {"budget": 10, "hp_step": "5"})
    assert problems[0].code == "marguerite.hp_step"
    assert RULESET.parse("7/1/0/1/斬/A", {"budget": 10, "hp_step": "1"})[1] == []


@pytest.mark.rule("Q8")
@pytest.mark.rule("R8.6")
def test_q8_simultaneous_two_phase_or_interleave() -> None:
    """Q8, R8.6, D5: 冷却剣 against 斬撃剣 in one 超同時 set: the rider resets Y's attack
    after (two_phase) or before (interleave) Y's damage is fixed."""
    x, y = "30/3/0/2/斬冷/X", "30/1/0/2/熱斬/Y"
    assert fencer(after(x, y, 2), 0).hp == 25
    assert fencer(after(x, y, 2, simultaneous="interleave"), 0).hp == 27


@pytest.mark.rule("R4.3")
def test_half_hp_comparison() -> None:
    """R4.3, §18.10: 2·HP ≤ maxHP (exact) or HP ≤ ceil(maxHP/2)."""
    assert fencer(after("5/0/0/1/回/A", "20/2/0/2/斬/E", 1), 0).hp == 3
    assert fencer(after("5/0/0/1/回/A", "20/2/0/2/斬/E", 1, half_hp="ceil"), 0).hp == 5


@pytest.mark.rule("Q2")
@pytest.mark.rule("R4.9")
def test_q2_mp_cost_table() -> None:
    """Q2, R4.9: a sword with an MP cost is not executable while MP < cost; paid at cost."""
    assert fencer(after("10/3/0/1/斬/A", DUMMY, 3), 1).hp == 44
    assert fencer(after("10/3/0/1/斬/A", DUMMY, 3, mp_costs="斬撃剣=1"), 1).hp == 50
    b = after("10/3/0/2/詠斬/A", DUMMY, 1, mp_costs="斬=1")
    assert fencer(b, 0).mp == 1 and fencer(b, 1).hp == 48  # MP 1 (turn 0) +1 −1


@pytest.mark.rule("Q2")
def test_mp_cost_option_text_is_canonical_and_checked() -> None:
    """Q2: the text option accepts names or codes, full-width digits; rejects unknown swords."""
    values, problems = options_mod.resolve(OPTIONS, {"mp_costs": "鏡=１、拡散剣=2"})
    assert problems == [] and values["mp_costs"] == "鏡の剣=1,拡散剣=2"
    _, problems = options_mod.resolve(OPTIONS, {"mp_costs": "ほげ剣=1"})
    assert problems and problems[0].code == "core.bad_option_value"


@pytest.mark.rule("R4.6")
def test_no_next_sword() -> None:
    """R4.6, §18.11: a control sword with no next sword is executable (no effect) or not."""
    b = after("10/0/0/2/虚限/A", DUMMY, 1)
    assert codes(fencer(b, 0)) == "虚ヌ" and not fencer(b, 0).swords[1].limited
    b = after("10/0/0/2/虚限/A", DUMMY, 1, no_next="blocked")
    assert codes(fencer(b, 0)) == "虚ヌ" and fencer(b, 0).swords[1].limited


@pytest.mark.rule("§12.3 強盗剣")
def test_stolen_sword_used_flag() -> None:
    """§12.3 強盗剣, §18.15: the moved sword becomes unused, or keeps its used flag."""
    b = after("10/3/0/1/盗/A", "50/0/1/1/斬/D", 2)
    assert codes(fencer(b, 0)) == "斬" and not fencer(b, 0).swords[0].used
    b = after("10/3/0/1/盗/A", "50/0/1/1/斬/D", 2, steal="keep")
    assert fencer(b, 0).swords[0].used


@pytest.mark.parametrize("spec", OPTIONS, ids=[s.key for s in OPTIONS])
def test_option_listed_by_rulesets_json(spec: options_mod.OptionSpec) -> None:
    """Design 4.1: options are described with key, default, labels and rule."""
    described = {o["key"]: o for o in RULESET.describe()["options"]}
    assert described[spec.key]["default"] == spec.default
    assert described[spec.key]["rule"] == spec.rule


@pytest.mark.rule("R7.1")
def test_reserve_ap_eligibility() -> None:
    """R7.1, §18.19: 予備AP pays for an action only with an executable sword (default), or
    always when AP is 0 (then it is spent on skips)."""
    assert fencer(after("10/3/0/1/儀斬/A", DUMMY, 1), 0).reserve == 3
    assert fencer(after("10/3/0/1/儀斬/A", DUMMY, 1, reserve="always"), 0).reserve == 0


@pytest.mark.rule("R8.1")
def test_stun_passed_sword() -> None:
    """R8.1, §18.12: the sword a stunned 剣師 would have run stays unused, or becomes used."""
    b = start("10/3/0/1/斬護/A", DUMMY)
    advance(b, 0)
    fencer(b, 0).st[0] = 1  # one スタン
    advance(b, 1)
    assert not fencer(b, 0).swords[0].used
    b = start("10/3/0/1/斬護/A", DUMMY, stun_sword="used")
    advance(b, 0)
    fencer(b, 0).st[0] = 1
    advance(b, 1)
    assert fencer(b, 0).swords[0].used


# -- the readings of §18 and §21 that were fixed in code before ------------------------------
@pytest.mark.rule("R4.2")
@pytest.mark.rule("R6.1.5")
def test_untagged_activation_turn() -> None:
    """R4.2, §18.9: an untagged sword works from turn 1 (Y, faster, kills X in turn 1), or
    from turn 0 like 高速 (both hit in turn 0, HP ≤ 0 is not death yet, R6.1.5: a draw)."""
    x, y = "5/5/0/1/斬/X", "5/5/0/2/斬/Y"
    r = finish(x, y).result()
    assert (r.winner, r.reason, r.turn) == (1, "wipeout", 1)
    r = finish(x, y, untagged_start="0").result()
    assert (r.winner, r.reason, r.turn) == (None, "draw", 0)


@pytest.mark.rule("R4.2")
def test_untagged_activation_turn_in_view() -> None:
    """R4.2, §18.9: the sword chips show the activation turn the battle uses."""
    chip = start("5/5/0/1/斬/X", DUMMY, untagged_start="0").view()["sides"][0]
    assert chip["members"][0]["swords"][0]["start"] == 0
    chip = start("5/5/0/1/斬/X", DUMMY).view()["sides"][0]
    assert chip["members"][0]["swords"][0]["start"] == 1


@pytest.mark.rule("R9.5")
@pytest.mark.rule("R10.2")
def test_overkill_value_at_exit_or_at_death() -> None:
    """R9.5, §18.13, R10.2: 二撃剣's first hit kills Y (HP −1), the second takes it to −5 in
    the same 行動処理, while X ends at −3. Overkill at exit: 3 against 5, X's party wins; at the
    moment of death: 3 against 1, Y's party wins."""
    x, y = "3/4/0/1/二/X", "3/3/0/1/牙/Y"
    b = finish(x, y)
    assert (fencer(b, 0).overkill, fencer(b, 1).overkill) == (3, 5)
    assert (b.result().winner, b.result().reason) == (0, "overkill")
    b = finish(x, y, overkill_value="death")
    assert (fencer(b, 0).overkill, fencer(b, 1).overkill) == (3, 1)
    assert fencer(b, 1).hp == -5  # the HP itself is the same; only the judged value differs
    assert (b.result().winner, b.result().reason) == (1, "overkill")


@pytest.mark.rule("R6.1.5")
@pytest.mark.rule("R7.5")
@pytest.mark.rule("R10.2")
def test_turn_zero_dead_act_or_skip() -> None:
    """R6.1.5, R7.5, §18.14: Y, at HP −2 after X's 高速剣, still strikes back in turn 0 and
    both die at the check (Y has the smaller overkill, R10.2); or Y only skips, and X wins
    by wipeout with 3 HP."""
    x, y = "3/5/0/2/高/X", "3/6/0/1/高/Y"
    r = finish(x, y).result()
    assert (r.winner, r.reason, r.turn) == (1, "overkill", 0)
    b = finish(x, y, turn0_dead="skip")
    assert (b.result().winner, b.result().reason) == (0, "wipeout")
    assert fencer(b, 0).hp == 3 and len(fencer(b, 1).swords) == 1  # 高速剣 never ran
    assert [e.values["why"] for e in events(b, "skip") if e.actor == "1.0"] == ["dead"]


@pytest.mark.rule("R7.1")
def test_turn_zero_dead_skip_spends_no_reserve_ap() -> None:
    """R7.1, §18.14 (skip reading): a 剣師 at HP ≤ 0 in turn 0 has nothing to execute, so
    its 予備AP does not pay for skips; it carries over (D16)."""
    b = start("3/5/0/2/高/X", "10/0/0/1/儀儀/Y", turn0_dead="skip")
    y = fencer(b, 1)
    y.hp = 0
    y.reserve = 2
    advance(b, 0)
    assert y.reserve == 2 and y.exited


@pytest.mark.rule("§12.3 吸血剣")
@pytest.mark.rule("R8.5")
def test_vampire_sword_reflected_heals_executor_or_reflector() -> None:
    """§12.3 吸血剣, R8.5, §18.17, D13: X's 吸血剣 (3 damage) is reflected onto X by Y's 反射.
    「自分」 = the executor: X takes 3 and heals 3 (Y stays at 17 from 高速剣); the reflector
    reading: Y, who sent the hit back, heals the 3 instead."""
    x, y = "10/3/0/1/高遅吸/X", "20/0/0/2/鏡/Y"
    b = after(x, y, 2)
    assert (fencer(b, 0).hp, fencer(b, 1).hp) == (10, 17)
    b = after(x, y, 2, reflected_rider="reflector")
    assert (fencer(b, 0).hp, fencer(b, 1).hp) == (7, 20)


@pytest.mark.rule("§12.3 強盗剣")
@pytest.mark.rule("R8.5")
def test_robber_sword_reflected_moves_to_executor_or_reflector() -> None:
    """§12.3 強盗剣, R8.5, §18.17, D14: reflected back, X's own first sword (斬撃剣) moves to
    the end of X's list; or the reflector Y takes it."""
    x, y = "10/3/0/1/盗斬/X", "20/0/0/2/鏡/Y"
    b = after(x, y, 2)
    assert (codes(fencer(b, 0)), codes(fencer(b, 1))) == ("斬", "")
    b = after(x, y, 2, reflected_rider="reflector")
    assert (codes(fencer(b, 0)), codes(fencer(b, 1))) == ("", "斬")


@pytest.mark.rule("§11 流産")
@pytest.mark.rule("R14.7")
def test_miscarriage_spends_or_keeps_the_construct_sword() -> None:
    """§11 流産, R14.7, §18.18: X's 造泡剣 (delayed to turn 1 by 遅滞剣) fails on the 流産 from
    堕胎剣. Spent: X stays alone. Kept: the sword stays unused where it was, so X's second
    action builds バブル."""
    x, y = "10/0/0/2/遅泡/X", "20/1/0/3/堕/Y"
    b = after(x, y, 1)
    assert [f.name for f in b.state.lines[0]] == ["X"] and codes(fencer(b, 0)) == ""
    b = after(x, y, 1, miscarriage="kept")
    assert [f.name for f in b.state.lines[0]] == ["バブル", "X"]
    assert [e.kind for e in b.rec.events()].count("sword_kept") == 1


@pytest.mark.rule("R14.1")
@pytest.mark.rule("R8.4")
def test_build_order_front_or_behind() -> None:
    """R14.1, §18.20, R8.4: X builds バブル then フェンス in turn 0. Newest at the very front:
    Y's 斬撃剣 hits フェンス (20 → 15); behind earlier builds: it hits バブル, which dies."""
    x, y = "10/0/0/2/泡柵/X", "20/5/0/1/斬/Y"
    b = after(x, y, 1)
    assert [(f.name, f.hp, f.exited) for f in b.state.members[0][1:]] == [
        ("バブル", 5, False), ("フェンス", 15, False)]
    b = after(x, y, 1, build_order="behind")
    assert [(f.name, f.hp, f.exited) for f in b.state.members[0][1:]] == [
        ("バブル", 0, True), ("フェンス", 20, False)]


@pytest.mark.rule("§11 蘇生")
@pytest.mark.rule("§21 D2")
@pytest.mark.rule("R10.3")
def test_revival_one_per_death_or_fall_through() -> None:
    """§11 蘇生, §21 D2, R10.3: X (max HP 0) gathers ライフ, ソウル and プッシュ in turn 0 (three
    星霜剣 move the counter to 3). At the check after turn 0 the ソウル cannot bring HP to ≥ 1:
    one 蘇生 per death leaves X dead (Y wins by wipeout); falling through to ライフ keeps X
    at 1 HP, and its プッシュ wins the overturn judge."""
    x, y = "0/0/0/7/導星星星命魂押/X", "10/0/0/0//Y"
    b = finish(x, y)
    assert (b.result().winner, b.result().reason) == (1, "wipeout")
    assert fencer(b, 0).st[LIFE] == 1
    b = finish(x, y, revival="fallthrough")
    assert (b.result().winner, b.result().reason) == (0, "push")
    assert fencer(b, 0).hp == 1 and fencer(b, 0).st[LIFE] == 0


@pytest.mark.rule("§21 D7")
@pytest.mark.rule("R8.6")
@pytest.mark.rule("§12.3 破壊剣")
def test_executing_sword_frozen_or_live() -> None:
    """§21 D7, R8.6, §12.3 破壊剣: in one group Y's 破壊剣 (攻撃, resolved first) destroys X's
    executing 星霜剣 (環境, resolved last). Frozen at payment: the counter still moves, one turn
    fewer is played, X survives at 1 HP and wins by プッシュ; live: no effect, Y's 斬撃剣 gets
    one more turn and X dies in turn 20."""
    x, y = "20/0/0/1/星押/X", "20/1/0/1/壊斬/Y"
    b = after(x, y, 1)
    assert b.state.turn == 2
    r = finish(x, y).result()
    assert (r.winner, r.reason, r.turn) == (0, "push", 20)
    b = after(x, y, 1, executing_sword="live")
    assert b.state.turn == 1
    assert any(e.kind == "no_effect" and e.rule == "§21 D7" for e in b.rec.events())
    r = finish(x, y, executing_sword="live").result()
    assert (r.winner, r.reason, r.turn) == (1, "wipeout", 20)


@pytest.mark.rule("R6.1.5")
@pytest.mark.rule("R9.2")
@pytest.mark.rule("R10.1")
def test_battle_does_not_end_inside_turn_zero() -> None:
    """R6.1.5, R9.2, R10.1, §18.21 (no option: the seed makes turn 0 and its death check one
    現象期間, and the end check follows 事象確定 only): Y's whole party is at HP ≤ 0 after
    X's 高速剣, yet Y's 臥竜剣 brings it back (max HP 15, HP 9) before the check."""
    b = after("10/6/0/2/高/X", "5/0/0/1/臥/Y", 0)
    y = fencer(b, 1)
    assert not b.finished and not y.exited and (y.hp, y.maxhp) == (9, 15)


@pytest.mark.rule("R4.9")
@pytest.mark.rule("Q2")
def test_mp_cost_presets_are_canonical() -> None:
    """R4.9 (Q2): every preset offered by the page is already in the canonical form that a
    share link gives back, so choosing one and reopening the link shows the same text."""
    from kassen.rulesets.marguerite.options import MP_PRESETS, canonical_mp_costs, parse_mp_costs

    for preset in MP_PRESETS:
        assert canonical_mp_costs(parse_mp_costs(preset)) == preset
