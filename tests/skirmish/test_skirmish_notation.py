"""Notation of a side (§2, §11): canonical export, round trip, located ja/en problems."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.core.options import defaults
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.catalogue import ABILITIES, ATTRIBUTES, ITEMS, WEAPONS
from kassen.rulesets.skirmish.model import Character
from kassen.rulesets.skirmish.samples import CHARACTERS, ENCOUNTERS, PARTY

OPTS = defaults(RULESET.options)


@pytest.mark.rule("§11.5")
def test_samples_parse_and_round_trip_section11_5() -> None:
    for text in (PARTY, *ENCOUNTERS.values()):
        side, problems = RULESET.parse(text, OPTS)
        assert not problems
        assert RULESET.parse(RULESET.export(side), OPTS)[0] == side
    side, _ = RULESET.parse("@arus area=1\n@セラ mag=10", OPTS)
    assert side[0] == Character(**{**CHARACTERS["アルス"].__dict__, "area": (1, None)})
    assert side[1].mag == 10 and side[1].abilities == CHARACTERS["セラ"].abilities


def test_japanese_catalogue_names_are_accepted() -> None:
    side, problems = RULESET.parse(
        "勇者 hp=40 ini=8 acc=6 eva=15 arm=4 res=4 wpn=ロングソード ab=《ガード》 it=ポーション*2",
        OPTS)
    assert not problems
    assert side[0].weapon == "longsword" and side[0].abilities == ("guard",)
    assert side[0].items == (("potion", 2),)


def test_problems_are_located_and_in_both_languages() -> None:
    side, problems = RULESET.parse("A hp=40 ini=8 acc=6 eva=15 arm=4 res=4 wpn=laser", OPTS)
    assert side is None
    p = problems[0]
    assert (p.code, p.line, p.column) == ("skirmish.unknown_weapon", 1, 44)
    assert "laser" in p.message("en") and "laser" in p.message("ja")
    _, problems = RULESET.parse("@アルス\n@ゴブリン area=9", OPTS)
    assert (problems[0].code, problems[0].line, problems[0].column) == ("skirmish.bad_area",
                                                                        2, 12)
    _, problems = RULESET.parse("A hp=40", OPTS)
    assert problems[0].code == "skirmish.missing"
    _, problems = RULESET.parse("@アルス; @nobody", OPTS)
    assert problems[0].code == "skirmish.unknown_sample" and problems[0].column == 7
    _, problems = RULESET.parse("@アルス wpn=longsword ab=double_shot", OPTS)
    assert problems[0].code == "skirmish.needs_ranged"
    _, problems = RULESET.parse("; ".join(["@アルス"] * 13), OPTS)
    assert problems[0].code == "skirmish.too_many"


@pytest.mark.rule("§3.2")
def test_grid_areas_section3_2() -> None:
    opts = {**OPTS, "map": "grid"}
    side, problems = RULESET.parse("@アルス area=4/2", opts)
    assert not problems and side[0].area == (4, 2)
    assert RULESET.parse(RULESET.export(side), opts)[0] == side
    assert RULESET.parse("@アルス area=4/3", opts)[1][0].code == "skirmish.bad_area"


names = st.text(alphabet="abcXYZアルス勇者0123_-", min_size=1, max_size=10)


@st.composite
def characters(draw) -> Character:
    weapon = draw(st.sampled_from(sorted(WEAPONS)))
    pool = sorted(a for a in ABILITIES if not (ABILITIES[a].needs_ranged_weapon
                                               and WEAPONS[weapon].reach < 1))
    return Character(
        draw(names), draw(st.integers(1, 999)), draw(st.integers(0, 999)),
        *(draw(st.integers(0, 40)) for _ in range(6)), weapon,
        tuple(draw(st.lists(st.sampled_from(pool), unique=True, max_size=5))),
        tuple((i, draw(st.integers(1, 9))) for i in
              draw(st.lists(st.sampled_from(sorted(ITEMS)), unique=True, max_size=4))),
        draw(st.integers(0, 3)),
        tuple(draw(st.lists(st.sampled_from(sorted(ATTRIBUTES)), unique=True, max_size=2))),
        tuple(draw(st.lists(st.sampled_from(sorted(ATTRIBUTES)), unique=True, max_size=2))),
        draw(st.none() | st.tuples(st.integers(0, 6), st.just(0))))


@settings(max_examples=150, deadline=None)
@given(st.lists(characters(), min_size=1, max_size=12))
def test_export_parse_round_trip_property(side: list[Character]) -> None:
    """parse(export(s)) == s and the export is canonical (a fixed point)."""
    text = RULESET.export(tuple(side))
    parsed, problems = RULESET.parse(text, OPTS)
    assert not problems, [p.located() for p in problems]
    assert parsed == tuple(side)
    assert RULESET.export(parsed) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_gives_a_side_or_problems_never_an_exception(text: str) -> None:
    side, problems = RULESET.parse(text, OPTS)
    assert (side is None) == bool(problems)


@pytest.mark.rule("§2")
def test_duplicate_key_is_a_located_problem_not_a_crash() -> None:
    """§2 notation: a key given twice is reported at its column (found by the fuzzer)."""
    from kassen.core import registry

    ruleset = registry.get("skirmish")
    build, problems = ruleset.parse("@アルス area=1 area=2", {})
    assert build is None
    assert [(p.code, p.column) for p in problems] == [("skirmish.duplicate_key", 13)]
