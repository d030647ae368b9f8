"""Sheet notation (§2): canonical export, parse back, costs, located problems."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.core import registry
from kassen.core.rng import Rng
from kassen.rulesets.dice.notation import export, parse
from kassen.rulesets.dice.rules.sheet import starting_lp, total_cost
from kassen.rulesets.dice.samples import SAMPLES, TYPED

RULESET = registry.get("dice")  # through the registry: it registers the text


def codes(text: str) -> list[tuple[str, int, int]]:
    sheet, problems = parse(text)
    assert sheet is None
    return [(p.code, p.line, p.column) for p in problems]


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_samples_parse_and_round_trip(sample) -> None:
    """Every sample is legal; export → parse gives the same sheet (one-line form too)."""
    sheet, problems = parse(sample.text)
    assert problems == [] and sheet is not None
    assert parse(export(sheet))[0] == sheet
    assert parse(export(sheet, one_line=True))[0] == sheet


@pytest.mark.rule("§18.4")
def test_samples_cover_every_type_section18_4() -> None:
    assert sorted(parse(text)[0].type for _, text, _ in TYPED) == sorted(
        ["バランス", "ガード", "パワー", "リスキー", "スピード"])


@pytest.mark.rule("§2.3")
def test_sample_costs_section2_3() -> None:
    """§2.3 costs incl. derivation (攻2倍・単 160) and star ceil(cost/使用星)."""
    costs = {name: total_cost(parse(text)[0]) for name, text, _ in TYPED}
    assert costs == {"Balancer": 2830, "Fortress": 3000, "Brawler": 3000, "Gambler": 2950,
                     "Striker": 2980}
    assert starting_lp(parse(TYPED[0][1])[0]) == 6170


@pytest.mark.rule("§2.5")
def test_demerit_auto_placement_order_section2_5() -> None:
    """§2.5: A, B, then C in list order into empty slots 3, 18, 4, 17, 5, 16 (リスキー: 6)."""
    sheet = parse(dict((n, t) for n, t, _ in TYPED)["Gambler"])[0]
    placed = {n: sheet.slot(n).normal.name for n in (3, 18, 4, 17, 5, 16)}
    assert placed == {3: "空振り", 18: "隙", 4: "消耗", 17: "星崩れ", 5: "後退", 16: "散漫"}
    sheet = parse("name: X; slot3: 攻2倍; slot18: 躓き")[0]
    assert sheet.slot(18).normal.name == "躓き"
    assert sheet.slot(4).normal.name == "隙" and sheet.slot(17).normal.name == "消耗"


def test_located_problems_multi_line() -> None:
    """Problems carry the true line:column of a multi-line sheet and the rule."""
    text = "name: X\natk: 99\nslot10: 攻9倍\nslot3: 隙 based"
    found = codes(text)
    assert ("dice.bad_number", 2, 6) in found
    assert ("dice.unknown_ability", 3, 9) in found
    assert ("dice.star_on_demerit", 4, 8) in found


def test_located_problems_one_line() -> None:
    assert codes("name: X; special: Q") == [("dice.bad_choice", 1, 19)]


@pytest.mark.rule("§2.2")
def test_budget_names_the_slot_section2_2() -> None:
    """Over COST_POOL: the item that crosses it is named, with its location and rule."""
    text = "name: X\natk: 20\nagi: 10\nslot10: 攻6倍"
    sheet, problems = parse(text)
    assert sheet is None and problems[0].code == "dice.over_budget"
    assert (problems[0].line, problems[0].args["where"], problems[0].rule) == (
        4, "slot10", "§2.2")
    assert "slot10" in problems[0].message("ja") and "slot10" in problems[0].message("en")


@pytest.mark.rule("§2")
@pytest.mark.parametrize(("text", "code"), [
    ("name: X; type: バランス; slot5: 攻2倍 star=攻3倍/1/1", "dice.balance_no_star"),
    ("name: X; slot5: ougi=流星撃/3; slot6: ougi=星砕き/3", "dice.ougi_twice"),
    ("name: X; slot5: 攻2倍 star=攻3倍/1/3", "dice.bad_number"),
    ("name: X; slot5: 空振り・単", "dice.derivation_on_demerit"),
    ("name: X; slot5: 空振り; slot6: 躓き", "dice.too_many_demerits"),
    ("name: X; passive: タフネス; passive: 不屈; passive: 星屑集め", "dice.too_many_passives"),
    ("name: X; line: 100 空振り", "dice.demerit_not_here"),
    ("name: X; trigger: 浮き 攻2倍", "dice.bad_trigger_flag"),
    ("name: X; zone: 序盤", "dice.bad_zone"),
    ("atk: 1", "dice.missing_name"),
    ("name: X; foo: 1", "dice.unknown_key"),
    ("name: X; name: Y", "dice.duplicate_key"),
    ("name: X; cross: 6", "dice.bad_number"),
])
def test_rule_problems(text: str, code: str) -> None:
    """Each sheet rule of §2 gives its own coded problem, never an exception."""
    assert code in [c for c, _, _ in codes(text)]


def test_no_room_for_demerits() -> None:
    text = "name: X; type: リスキー; " + "; ".join(f"slot{n}: 重撃" for n in range(3, 14))
    assert codes(text)[0][0] == "dice.no_room_for_demerits"


@pytest.mark.rule("§16.3")
def test_line_above_start_lp_is_refused_section16_3() -> None:
    sheet, problems = RULESET.parse("name: X; line: 9100 重撃", {})
    assert sheet is None and problems[0].code == "dice.line_over_lp"


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_sheets_round_trip(seed: int) -> None:
    """Property: random legal sheets export canonically and parse back identically."""
    text = RULESET.random_build(Rng(f"xo1:{seed}"))
    sheet, problems = parse(text)
    assert problems == []
    assert parse(export(sheet))[0] == sheet
    assert export(parse(export(sheet, one_line=True))[0]) == export(sheet)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_problems_or_a_sheet(text: str) -> None:
    """Property: arbitrary text never raises."""
    sheet, problems = parse(text)
    assert (sheet is None) == bool(problems)
