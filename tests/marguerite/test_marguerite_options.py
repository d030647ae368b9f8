"""Every rule option changes the outcome of a battle built to show it (§0, §18, §21)."""

from __future__ import annotations

import pytest
from marguerite_helpers import advance, after, codes, fencer, finish, start

from kassen.core import options as options_mod
from kassen.rulesets.marguerite import RULESET
from kassen.rulesets.marguerite.options import OPTIONS

DUMMY = "50/0/1/0//D"


def test_every_option_has_labels_rule_and_default_first() -> None:
    """Design 1: ja/en labels, the rule id, the recommended default first in a choice."""
    for spec in OPTIONS:
        assert spec.label_ja and spec.label_en and spec.rule
        if spec.kind == "choice":
            assert spec.choices[0].value == spec.default


def test_q1_reset_cycle_and_keep0() -> None:
    """Q1, R6.3: per turn (E3: turn 8), cycle (turn 3), and keep0 keeps turn-0 use."""
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W").result().turn == 8
    assert finish("10/2/0/3/斬/Z", "15/0/0/0//W", reset="cycle").result().turn == 3
    # ヌル剣 used in turn 0 stays used in turn 1 under keep0, so 斬撃剣 runs instead
    assert fencer(after("10/3/0/1/ヌ斬/A", DUMMY, 1), 1).hp == 50
    assert fencer(after("10/3/0/1/ヌ斬/A", DUMMY, 1, reset="keep0"), 1).hp == 48


def test_q3_status_phase_position() -> None:
    """Q3, R6.2: poison given in turn 1 ticks in turn 2 (start) or at the end of turn 1."""
    assert fencer(after("10/3/0/1/毒/A", DUMMY, 1), 1).hp == 48
    assert fencer(after("10/3/0/1/毒/A", DUMMY, 1, status_phase="end"), 1).hp == 47


def test_q4_negative_damage() -> None:
    """Q4, R8.5.4: negative damage does nothing, or heals (never above max HP)."""
    assert fencer(after("10/1/0/2/咲斬/A", "50/0/5/0//D", 1), 1).hp == 49
    assert fencer(after("10/1/0/2/咲斬/A", "50/0/5/0//D", 1, negative="heal"), 1).hp == 50


def test_q5_overkill_direction() -> None:
    """Q5, R10.2: the smaller overkill wins, or the larger."""
    assert finish("5/9/0/1/斬/X", "5/6/0/1/斬/Y").result().winner == 0
    assert finish("5/9/0/1/斬/X", "5/6/0/1/斬/Y", overkill="more").result().winner == 1


def test_q6_turn_zero_actions() -> None:
    """Q6, R6.1: AP = speed in turn 0, or each active sword once."""
    assert fencer(after("10/3/0/0/高/A", "50/0/0/0//D", 0), 1).hp == 50
    assert fencer(after("10/3/0/0/高/A", "50/0/0/0//D", 0, turn0="fast_once"), 1).hp == 47


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


def test_q8_simultaneous_two_phase_or_interleave() -> None:
    """Q8, R8.6, D5: 冷却剣 against 斬撃剣 in one 超同時 set: the rider resets Y's attack
    after (two_phase) or before (interleave) Y's damage is fixed."""
    x, y = "30/3/0/2/斬冷/X", "30/1/0/2/熱斬/Y"
    assert fencer(after(x, y, 2), 0).hp == 25
    assert fencer(after(x, y, 2, simultaneous="interleave"), 0).hp == 27


def test_half_hp_comparison() -> None:
    """R4.3, §18.10: 2·HP ≤ maxHP (exact) or HP ≤ ceil(maxHP/2)."""
    assert fencer(after("5/0/0/1/回/A", "20/2/0/2/斬/E", 1), 0).hp == 3
    assert fencer(after("5/0/0/1/回/A", "20/2/0/2/斬/E", 1, half_hp="ceil"), 0).hp == 5


def test_q2_mp_cost_table() -> None:
    """Q2, R4.9: a sword with an MP cost is not executable while MP < cost; paid at cost."""
    assert fencer(after("10/3/0/1/斬/A", DUMMY, 3), 1).hp == 44
    assert fencer(after("10/3/0/1/斬/A", DUMMY, 3, mp_costs="斬撃剣=1"), 1).hp == 50
    b = after("10/3/0/2/詠斬/A", DUMMY, 1, mp_costs="斬=1")
    assert fencer(b, 0).mp == 1 and fencer(b, 1).hp == 48  # MP 1 (turn 0) +1 −1


def test_mp_cost_option_text_is_canonical_and_checked() -> None:
    """Q2: the text option accepts names or codes, full-width digits; rejects unknown swords."""
    values, problems = options_mod.resolve(OPTIONS, {"mp_costs": "鏡=１、拡散剣=2"})
    assert problems == [] and values["mp_costs"] == "鏡の剣=1,拡散剣=2"
    _, problems = options_mod.resolve(OPTIONS, {"mp_costs": "ほげ剣=1"})
    assert problems and problems[0].code == "core.bad_option_value"


def test_no_next_sword() -> None:
    """R4.6, §18.11: a control sword with no next sword is executable (no effect) or not."""
    b = after("10/0/0/2/虚限/A", DUMMY, 1)
    assert codes(fencer(b, 0)) == "虚ヌ" and not fencer(b, 0).swords[1].limited
    b = after("10/0/0/2/虚限/A", DUMMY, 1, no_next="blocked")
    assert codes(fencer(b, 0)) == "虚ヌ" and fencer(b, 0).swords[1].limited


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


def test_reserve_ap_eligibility() -> None:
    """R7.1, §18.19: 予備AP pays for an action only with an executable sword (default), or
    always when AP is 0 (then it is spent on skips)."""
    assert fencer(after("10/3/0/1/儀斬/A", DUMMY, 1), 0).reserve == 3
    assert fencer(after("10/3/0/1/儀斬/A", DUMMY, 1, reserve="always"), 0).reserve == 0


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
