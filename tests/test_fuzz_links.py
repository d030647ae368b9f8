"""Fuzzing the link decoder (design 4.2, issue 8; ``#t=`` issue 16): every input ends in a
record, a build, a checked tournament or a located problem — never another exception — and
inputs over the limit are refused at once.

Work is bounded by counting calls (``work_count.counted``), not by a clock: the bound holds
on a busy machine and an idle one alike, and a failure means the decoder did too much work.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS
from fuzz_inputs import json_values as any_json
from kassen.core.links import MAX_LINK_CHARS, battle_link, encode_payload, parse_link
from kassen.core.problems import ProblemError
from kassen.core.record import Record
from kassen.core.tournament_link import TournamentSpec
from kassen.tournament.formats import spec_entrants
from work_count import MAX_CALLS, counted

FAST = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30,
)


def check(link: str) -> None:
    with counted() as work:
        try:
            kind, value = parse_link(link)
            if kind == "tournament":
                spec_entrants(value)  # every check a tournament gets, nothing played
        except ProblemError as err:
            kind, value = "problem", err.problems
    assert work.calls < MAX_CALLS, f"{work.calls} calls on {link[:80]!r}"
    if kind == "problem":
        assert value and all(p.message("en") and p.message("ja") for p in value)
    else:
        assert kind in ("battle", "build", "tournament")
        if kind == "battle":
            assert isinstance(value, Record)
        if kind == "tournament":
            assert isinstance(value, TournamentSpec)


def deflated(raw: bytes) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "1" + base64.urlsafe_b64encode(comp.compress(raw) + comp.flush()).decode().rstrip("=")


@FAST
@given(st.text(max_size=300))
def test_any_text(text: str) -> None:
    check(text)
    check("#m=" + text)
    check("#b=1" + text)
    check("#t=" + text)
    check("#t=1" + text)


@FAST
@given(st.binary(max_size=400))
def test_any_deflated_bytes(raw: bytes) -> None:
    check("#m=" + deflated(raw))
    check("#m=1" + base64.urlsafe_b64encode(raw).decode().rstrip("="))
    check("#t=" + deflated(raw))


@FAST
@given(json_values)
def test_any_json_value(value: object) -> None:
    check("#m=" + encode_payload(value))
    check("#b=" + encode_payload(value))
    check("#t=" + encode_payload(value))


@FAST
@given(st.dictionaries(st.sampled_from(["v", "engine", "ruleset", "rv", "options", "sides",
                                        "seed", "choices", "policies"]), json_values))
def test_records_with_any_fields(fields: dict) -> None:
    base = Record("tiny", "1", ["Ann:1", "Bob:2"], {}, "xo1:a").to_json()
    check("#m=" + encode_payload({**base, **fields}))


TOURNAMENT = {"v": 1, "ruleset": "marguerite", "format": "round-robin", "seeds": 2,
              "seed": "cup", "builds": ["10/3/0/2/斬斬/X", "10/1/1/2/斬護/Y", "5/5/0/1/高斬/Z"]}


@FAST
@given(st.dictionaries(st.sampled_from([*sorted(TOURNAMENT), "options"]), json_values))
def test_tournaments_with_any_fields(fields: dict) -> None:
    check("#t=" + encode_payload({**TOURNAMENT, **fields}))


@FAST
@given(st.integers(min_value=0, max_value=400), st.integers(min_value=0, max_value=255))
def test_single_byte_corruptions_of_a_real_link(position: int, byte: int) -> None:
    link = battle_link(Record("tiny", "1", ["Ann:1", "Bob:2"], {"limit": 3}, "xo1:a",
                              ["hit"] * 20, ["coin", None]))
    chars = list(link)
    chars[position % len(chars)] = chr(byte)
    check("".join(chars))
    check(link[: position % len(link)])
    link = "#t=" + encode_payload(TOURNAMENT)
    chars = list(link)
    chars[position % len(chars)] = chr(byte)
    check("".join(chars))
    check(link[: position % len(link)])


def test_megabyte_input_is_refused_at_once(monkeypatch) -> None:
    """A megabyte link is refused by its length before anything reads it (issue 25: what is
    asserted is that nothing past the length check runs, not a time)."""
    from kassen.core import links

    def never(*_: object) -> None:
        raise AssertionError("a megabyte link was read past its length check")

    monkeypatch.setattr(links, "decode_payload", never)
    for kind in "mt":
        with pytest.raises(ProblemError) as err:
            parse_link(f"#{kind}=1" + "A" * 1_000_000)
        assert err.value.problems[0].code == "core.link_too_long"
    assert MAX_LINK_CHARS < 1_000_000


def escaped(value: object) -> str:
    """A payload of any JSON value, lone surrogates escaped (as a hand-made link has them)."""
    return deflated(json.dumps(value).encode())


@FAST
@given(any_json | st.dictionaries(st.sampled_from(["v", "ruleset", "text", "options"]), any_json))
def test_any_json_value_of_any_type_and_text(value: object) -> None:
    """Issue 13: NaN, huge integers, any Unicode (surrogates) and any shape in a link."""
    check("#m=" + escaped(value))
    check("#b=" + escaped(value if not isinstance(value, dict) else {"v": 1, **value}))
    check("#t=" + escaped(value if not isinstance(value, dict) else {**TOURNAMENT, **value}))


@FAST
@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=40))
def test_trailing_text_after_a_real_link(tail: str) -> None:
    link = battle_link(Record("tiny", "1", ["Ann:1", "Bob:2"], {}, "xo1:a"))
    check(link + tail)
    check("#t=" + encode_payload(TOURNAMENT) + tail)


@pytest.mark.slow
@SLOW
@given(st.text(max_size=400) | st.binary(max_size=400).map(deflated))
def test_slow_tier_hundred_thousand_links(text: str) -> None:
    check("#m=" + text)
    check("#t=" + text)


@pytest.mark.slow
@SLOW
@given(any_json | st.dictionaries(st.sampled_from(["v", "ruleset", "text", "options"]), any_json))
def test_slow_tier_hundred_thousand_json_payloads(value: object) -> None:
    check("#m=" + escaped(value))
    check("#b=" + escaped(value if not isinstance(value, dict) else {"v": 1, **value}))
    check("#t=" + escaped(value if not isinstance(value, dict) else {**TOURNAMENT, **value}))
