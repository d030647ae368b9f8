"""Build notation (R3.2, D12): three notations, full-width input, canonical export, round trip,
located problems in Japanese and English."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.core import registry
from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.model import Build
from kassen.rulesets.marguerite.notation import export_full

RULESET = registry.get("marguerite")  # through the registry: it registers the text

DEFAULT = {"budget": 10, "hp_step": "5"}
FREE = {"budget": 0, "hp_step": "1"}
RINA = Build("九尾 里奈", 10, 1, 0, 4, (
    next(s.index for s in SWORDS if s.code == "振"),
    next(s.index for s in SWORDS if s.code == "舞"),
    next(s.index for s in SWORDS if s.code == "星"),
))


@pytest.mark.rule("R3.2")
@pytest.mark.parametrize("text", [
    "10/1/0/4/振舞星/九尾 里奈",
    "九尾 里奈:10/1/0/4/振動剣、舞踏剣、星霜剣",
    "九尾 里奈：１０／１／０／４／振動剣,舞踏剣,星霜剣",
    "九尾 里奈/10/1/0/4/振舞星",
    "九尾 里奈:10/1/0/4/振動剣・舞 星/",
    "  10/1/0/4/振動剣舞星/九尾 里奈  ",
])
def test_three_notations_and_full_width(text: str) -> None:
    """R3.2: full names (、 or ,), compact codes, name on either side, full-width digits."""
    build, problems = RULESET.parse(text, DEFAULT)
    assert problems == [] and build == RINA
    assert RULESET.export(build) == "10/1/0/4/振舞星/九尾 里奈"


@pytest.mark.rule("R3.2")
def test_seed_built_notation_and_base_style() -> None:
    """R3.2: the seed's 「ミスティア ：15/0/0/2/拡散剣、鏡の剣」 and the base 剣技N form."""
    build, problems = RULESET.parse("ミスティア ：15/0/0/2/拡散剣、鏡の剣", FREE)
    assert problems == [] and build.name == "ミスティア" and len(build.swords) == 2
    build, problems = RULESET.parse("クオリナ:10/1/1/2 剣技4 斬撃剣、加護剣、盾の剣、斬", DEFAULT)
    assert problems == [] and len(build.swords) == 4
    build, problems = RULESET.parse("バブル ： 5/0/0/0/", FREE)
    assert problems == [] and build.swords == ()


@pytest.mark.rule("R3.2")
def test_compact_without_name_or_with_name_in_place_of_swords() -> None:
    """R3.2, D12: name optional; in HP/攻/防/速/X, X is the name when it is no sword list."""
    build, _ = RULESET.parse("10/1/0/4/振舞星", DEFAULT)
    assert build is not None and build.name == "剣師"
    build, problems = RULESET.parse("15/1/1/1/ぽち", DEFAULT)
    assert problems == [] and build.name == "ぽち" and build.swords == ()


@pytest.mark.rule("R3.2")
@pytest.mark.rule("§12")
def test_unknown_sword_is_located_with_suggestions() -> None:
    """R3.2, §12: an unknown sword: line:column and the nearest names, ja and en."""
    build, problems = RULESET.parse("A:10/1/0/4/斬撃剣、斬劇剣", DEFAULT)
    assert build is None
    p = problems[0]
    assert (p.code, p.line, p.column) == ("marguerite.unknown_sword", 1, 16)
    assert "斬撃剣" in p.args["suggestions"]
    assert "斬劇剣" in p.message("ja") and "nearest" in p.message("en")


@pytest.mark.rule("R3.1")
@pytest.mark.rule("R3.2")
@pytest.mark.parametrize(("text", "code", "column"), [
    ("10/x/0/4/斬/A", "marguerite.bad_number", 4),
    ("10/-1/0/4/斬/A", "marguerite.bad_number", 4),
    ("10/1/0/斬/A", "marguerite.bad_number", 8),
    ("10/1", "marguerite.missing_stats", 4),
    (":10/1/0/4/斬", "marguerite.empty_name", 1),
    ("10/1/0/4/斬/ ", "marguerite.empty_name", 12),
    ("10/1/0/4/斬/" + "長" * 30, "marguerite.name_too_long", 12),
    ("10/1/0/4/斬/A/B", "marguerite.too_many_fields", 14),
    ("A\nB", "marguerite.multiline", 1),
    ("10/1/0/4/" + "斬" * 40 + "/A", "marguerite.too_many_swords", 1),
    ("x" * 500, "marguerite.too_long", 401),
])
def test_bad_input_is_located(text: str, code: str, column: int) -> None:
    """R3.1, R3.2: bad numbers, empty or long names, extra fields: located problems only."""
    build, problems = RULESET.parse(text, FREE)
    assert build is None and problems[0].code == code and problems[0].column == column
    for p in problems:
        assert p.message("ja") != p.code and p.message("en") != p.code


@pytest.mark.rule("R3.1")
@pytest.mark.rule("Q7")
def test_over_budget_says_by_how_much_and_which_option() -> None:
    """R3.1 (Q7): 途心 over budget: the message names the excess and the option."""
    _, problems = RULESET.parse("20/3/3/3/斬/A", DEFAULT)
    p = problems[0]
    assert p.code == "marguerite.over_budget" and p.args["over"] == 4
    assert "budget" in p.message("en") and "4" in p.message("ja")


UNSAFE = "/:：／\n\r\t<>　０１２３４５６７８９，－"
names = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs", "P"),
                                       exclude_characters=UNSAFE),
                min_size=1, max_size=24).map(str.strip).filter(
                    lambda s: bool(s) and s.isprintable() and len(s) <= 24)
builds = st.builds(Build, names, st.integers(0, 9999), st.integers(0, 999), st.integers(0, 999),
                   st.integers(0, 999), st.lists(st.integers(0, len(SWORDS) - 1), max_size=32)
                   .map(tuple))


@pytest.mark.rule("R3.2")
@settings(max_examples=300, deadline=None)
@given(builds)
def test_parse_export_round_trip(build: Build) -> None:
    """R3.2: parse(export(b)) == b for every build, and for the long form too."""
    parsed, problems = RULESET.parse(RULESET.export(build), FREE)
    assert problems == [] and parsed == build
    parsed, problems = RULESET.parse(export_full(build), FREE)
    assert problems == [] and parsed == build


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_gives_a_build_or_problems(text: str) -> None:
    """Design 6 robustness: any text → a build or located problems, never an exception."""
    build, problems = RULESET.parse(text, DEFAULT)
    assert (build is None) == bool(problems)
    for p in problems:
        assert p.line >= 1 and p.column >= 1


@pytest.mark.rule("R3.1")
@pytest.mark.rule("R3.2")
def test_samples_are_legal_under_defaults() -> None:
    """Samples (九尾 里奈 among them) parse under the default 10-point budget (R3.1); the
    R3.2 notation example メテオラ costs 14, so it is no sample: it needs the free budget."""
    assert any(s.text == "10/1/0/4/振舞星/九尾 里奈" for s in RULESET.samples)
    for sample in RULESET.samples:
        _, problems = RULESET.parse(sample.text, DEFAULT)
        assert problems == [], (sample.name, [p.message() for p in problems])
    meteora = RULESET.parse("10/5/3/2/斬斬/メテオラ", DEFAULT)[1]
    assert meteora[0].args["cost"] == 14
    assert RULESET.parse("10/5/3/2/斬斬/メテオラ", FREE)[1] == []
