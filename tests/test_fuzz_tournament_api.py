"""Fuzzing the tournament functions a page calls (issue 7, "bad input gets a clear, located
message"): whatever work slice, tally or results list arrives, the answer is JSON that is
either ``ok`` or names its problems — never the ``internal`` problem the worker's last guard
makes of an exception — and a slice never plays more than ``MAX_SLICE`` battles.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS
from kassen.web import api

FAST = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None, suppress_health_check=list(HealthCheck))

REQUEST = json.dumps({"ruleset": "tiny", "builds": ["Ann:20", "Bob:25", "Cid:9"], "seeds": 2,
                      "seed": "fuzz", "options": {"limit": 4}})

small_ints = st.integers(min_value=-3, max_value=40)
json_values = st.recursive(
    st.none() | st.booleans() | small_ints | st.text(max_size=8),
    lambda children: st.lists(children, max_size=6)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=25,
)
tally_entries = st.lists(st.lists(small_ints, min_size=5, max_size=7), max_size=8)
rounds = st.fixed_dictionaries({
    "pairs": st.lists(st.lists(small_ints, min_size=1, max_size=3), max_size=4),
    "games": small_ints, "seatings": small_ints, "prefix": st.text(max_size=6),
}, optional={"first": small_ints, "matches": st.lists(small_ints, max_size=4)})
works = st.fixed_dictionaries({
    "format": st.sampled_from(["round-robin", "matchup", "elimination", "swiss", 3]),
    "start": small_ints, "stop": small_ints,
}, optional={"round": rounds | json_values, "links": st.booleans()})


def answer(text: str) -> dict:
    data = json.loads(text)
    assert isinstance(data, dict)
    if not data["ok"]:
        problems = data["problems"]
        assert problems and all(p["message"] and p["code"] != "internal" for p in problems), data
    return data


def check_play(work: object) -> None:
    data = answer(api.tournament_play(REQUEST, json.dumps(work)))
    if data["ok"]:
        assert sum(entry[2] for entry in data["tally"]) <= api.MAX_SLICE


def check_tally(tally: object) -> None:
    text = json.dumps(tally)
    answer(api.tournament_table(REQUEST, text))
    answer(api.elimination_next(REQUEST, text))
    answer(api.matchup_table(REQUEST, text))


@pytest.mark.usefixtures("tiny")
@FAST
@given(works | json_values)
def test_any_work_slice(work) -> None:
    check_play(work)


@pytest.mark.usefixtures("tiny")
@FAST
@given(tally_entries | json_values)
def test_any_tally(tally) -> None:
    check_tally(tally)


@pytest.mark.slow
@pytest.mark.usefixtures("tiny")
@SLOW
@given(works | json_values, tally_entries | json_values)
def test_many_slices_and_tallies(work, tally) -> None:
    check_play(work)
    check_tally(tally)
