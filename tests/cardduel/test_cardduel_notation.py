"""Notation of characters and sides (§2, §12.3, §12.5): canonical export, parse back,
located ja/en messages for every violation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import ruleset

from kassen.core.rng import Rng
from kassen.rulesets.cardduel.catalogue import COSTUME_ORDER
from kassen.rulesets.cardduel.model import Character, SideBuild
from kassen.rulesets.cardduel.notation import export_side, parse_side
from kassen.rulesets.cardduel.samples import SAMPLES


@pytest.mark.rule("§12.5")
def test_samples_12_5_parse_and_export_canonically() -> None:
    """§12.5: every sample is legal and its text is already canonical."""
    for sample in SAMPLES:
        build, problems = parse_side(sample.text)
        assert problems == [] and build is not None
        assert export_side(build) == sample.text
    ren, _ = parse_side(SAMPLES[2].text)
    assert ren.warrior.fav == ("S", "C") and ren.warrior.hp == 12 and ren.warrior.threshold == 8


def test_symbols_japanese_names_and_order_normalize() -> None:
    """Suit symbols, Japanese class/costume names and mage-first order parse to the canonical
    form (warrior first, suits in ♠♥♦♣ order)."""
    text = ("サクラ:術士 year=3 base=3 max=7 th=8 fav=♦♥ mp=5 costumes=リボン,手袋 + "
            "K:戦士 year=1 base=3 max=6 th=10 fav=- hp=11")
    build, problems = parse_side(text)
    assert problems == []
    assert export_side(build) == ("K:warrior year=1 base=3 max=6 th=10 fav=- hp=11 + "
                                  "サクラ:mage year=3 base=3 max=7 th=8 fav=HD mp=5 "
                                  "costumes=ribbon,gloves")


BAD = [  # (text, code, the text the column must point at)
    ("A:warrior year=1 base=9 max=6 th=8 fav=- hp=10", "out_of_range", "9 max"),
    ("A:warrior year=1 base=3 max=6 th=8 fav=- hp=16", "out_of_range", "16"),
    ("A:warrior year=2 base=3 max=6 th=8 fav=SH hp=10", "too_many_suits", "SH"),
    ("A:warrior year=1 base=3 max=6 th=8 fav=S hp=10", "too_many_suits", "S hp"),
    ("A:warrior year=3 base=3 max=6 th=8 fav=SH hp=10", "suits_colour", "SH"),
    ("A:warrior year=3 base=3 max=6 th=8 fav=SX hp=10", "unknown_suit", "X hp"),
    ("M:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=ribbon,crown", "unknown_costume",
     "crown"),
    ("A:knight year=1", "unknown_class", "knight"),
    ("A:warrior year=1 base=3 max=6 th=8 fav=- mp=3", "key_not_for_class", "mp=3"),
    ("A:warrior year=1 base=3 max=6 th=8 fav=-", "missing_key", "A:"),
    ("A:warrior year=1 base=x max=6 th=8 fav=- hp=10", "bad_number", "x max"),
    ("A:warrior year=1 year=1 base=3 max=6 th=8 fav=- hp=10", "duplicate_key", "year=1 base"),
    ("no colon here", "syntax", "no"),
    ("A:warrior year=2 base=3 max=6 th=8 fav=S hp=10 unmet=H", "unmet_not_favoured", "H"),
    ("X:warrior year=1 base=3 max=6 th=8 fav=- hp=10 + M:mage year=1 base=3 max=6 th=11 "
     "fav=- mp=3 costumes=-", "out_of_range", "11"),
]


@pytest.mark.rule("§2.1")
@pytest.mark.rule("§12.3")
@pytest.mark.parametrize(("text", "code", "at"), BAD)
def test_violations_are_located_with_messages_in_both_languages(text: str, code: str,
                                                                at: str) -> None:
    """§2.1 ranges, year/suit counts, same colour; §12.3 costumes: located, coded messages."""
    build, problems = ruleset().parse(text, {})
    assert build is None and problems
    first = problems[0]
    assert first.code == "cardduel." + code
    assert first.column == text.rindex(at) + 1
    ja, en = first.message("ja"), first.message("en")
    assert ja != en and "{" not in ja and "{" not in en and "cardduel." not in en


@pytest.mark.rule("§2.7")
def test_side_lineup_rules_2_7() -> None:
    """§2.7: one warrior and at most one mage per side."""
    one = "A:warrior year=1 base=3 max=6 th=8 fav=- hp=10"
    two = f"{one} + {one}"
    assert parse_side(two)[1][0].code == "cardduel.side_lineup"
    three = " + ".join(["A:warrior year=1 base=3 max=6 th=8 fav=- hp=10"] * 3)
    assert parse_side(three)[1][0].code == "cardduel.side_size"
    assert parse_side("")[1][0].code == "cardduel.syntax"


suits = st.sampled_from(["S", "H", "D", "C"])


@st.composite
def characters(draw: st.DrawFn, mage: bool) -> Character:
    year = draw(st.integers(1, 3))
    first = draw(suits)
    mate = {"S": "C", "C": "S", "H": "D", "D": "H"}[first]
    fav = () if year == 1 else (first,) if year == 2 else tuple(
        s for s in "SHDC" if s in (first, mate))
    fav = fav[: draw(st.integers(0, len(fav)))]
    unmet = tuple(s for s in fav if draw(st.booleans()))
    name = draw(st.text(alphabet="アキラユウABCxyz0189_", min_size=1, max_size=12))
    return Character(
        name, "mage" if mage else "warrior", year, draw(st.integers(3, 5)),
        draw(st.integers(6, 8)), draw(st.integers(8, 10)), fav,
        0 if mage else draw(st.integers(10, 15)), draw(st.integers(3, 5)) if mage else 0,
        tuple(draw(st.lists(st.sampled_from(COSTUME_ORDER), max_size=6))) if mage else (),
        draw(st.sampled_from(["none", "sword", "staff", "both"])), draw(st.booleans()), unmet)


@settings(max_examples=150, deadline=None)
@given(characters(False), st.one_of(st.none(), characters(True)))
def test_export_parse_round_trip(warrior: Character, mage: Character | None) -> None:
    """parse(export(b)) == b for every legal side."""
    side = SideBuild(warrior, mage)
    text = export_side(side)
    back, problems = parse_side(text)
    assert problems == [] and back == side
    assert export_side(back) == text


def test_random_builds_are_legal() -> None:
    """random_build only produces legal, canonical texts."""
    rng = Rng("notation")
    for _ in range(300):
        text = ruleset().random_build(rng)
        build, problems = parse_side(text)
        assert problems == [] and export_side(build) == text
