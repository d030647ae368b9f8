"""Fuzzing every function of the page's API (issue 25): the build lab (``lab_start``,
``lab_play``, ``lab_answer``, ``lab_result``), the tournament link and report (its ``page``
URL of any scheme), the replay file, and every field of every request with wrong JSON types,
sizes, NaN and infinities, booleans for numbers and numbers for strings. Every answer is JSON
a browser's ``JSON.parse`` takes, ``ok`` or naming its problems (never ``internal``); a lab
call plays at most ``MAX_PLAY_BATTLES`` battles; a report's links never carry a script URL.

The normal run draws a few dozen inputs per function; ``-m slow`` draws ``KASSEN_FUZZ_CALLS``
per function (``fuzz_inputs.SLOW_CALLS``; the issue's 100,000 with ``KASSEN_FUZZ_CALLS=100000``).
"""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS, any_argument, json_values, unicode_text
from kassen.core import registry
from kassen.core.rng import Rng
from kassen.web import battle_api, lab, replay_api, tournament_api
from test_fuzz_worker_api import (
    ALL_SAMPLES,
    RULESETS,
    TOURNAMENT,
    answer,
    check_battle,
    check_extreme,
    check_links,
    check_table,
    check_tournament,
    check_validate,
)

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None,
                suppress_health_check=list(HealthCheck), database=None)

MARGUERITE = registry.get("marguerite")
FIELD = [MARGUERITE.random_build(Rng(f"fuzz-field-{i}")) for i in range(3)]
DICE = [s.text for s in registry.get("dice").samples[:2]]

# numbers where text belongs, text where numbers belong, booleans, NaN/±inf, huge and
# negative values, sizes at and past every limit
wrong = (json_values | st.sampled_from([
    True, False, None, 0, -1, 1, 2.9, 10 ** 6, 10 ** 400, float("nan"), float("inf"),
    float("-inf"), -0.0, "3", "", "nan", "1e999", [], {}, [1], {"a": 1}, "x" * 300,
    "zz:1", "xo1:" + "a" * 200]))
counts = st.integers(-3, 12) | st.sampled_from([0, 10_000, 10_001, 200_000, 200_001]) | wrong


@st.composite
def lab_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A lab request: each field plausible or any wrong value, any field left out."""
    random = draw(st.booleans())
    fields: dict[str, Any] = {
        "ruleset": draw(st.sampled_from(["dice" if random else "marguerite", *RULESETS])
                        | wrong),
        "field": draw(st.just(DICE if random else FIELD)
                      | st.lists(st.sampled_from(ALL_SAMPLES) | unicode_text, max_size=4)
                      | wrong),
        "options": draw(st.just({}) | st.dictionaries(st.sampled_from(
            ["budget", "format", "x"]), wrong, max_size=2) | wrong),
        "target": draw(st.sampled_from(["counter", "champion", "balance"]) | wrong),
        "seeds": draw(st.integers(1, 6) | counts),
        "evaluations": draw(st.integers(1, 6) | counts),
        "seed": draw(unicode_text | wrong),
        "goal": draw(st.floats(0, 1) | wrong),
    }
    keep = draw(st.sets(st.sampled_from(sorted(fields))))
    base = {"ruleset": fields["ruleset"] if "ruleset" in keep else "marguerite",
            "field": FIELD, "evaluations": 2, "seeds": 2}
    return {**base, **{k: v for k, v in fields.items() if k in keep}}


def check_lab_start(request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    data = answer(lab.lab_start(text))
    if data["ok"]:
        assert data["max_battles"] == lab.MAX_PLAY_BATTLES
        assert all(isinstance(t, list) and len(t) == 3 for t in data["tasks"])
    return data


def _start(champion: bool) -> dict[str, Any]:
    data = answer(lab.lab_start(json.dumps({
        "ruleset": "dice", "field": DICE, "evaluations": 4, "seeds": 3, "seed": "fz",
        "target": "champion" if champion else "counter"})))
    assert data["ok"], data
    return data


task = st.lists(st.sampled_from([None, FIELD[0], DICE[0], "x"]) | wrong, min_size=3,
                max_size=3) | st.tuples(
    st.sampled_from([DICE[0], None]), st.integers(-2, 12), st.integers(-2, 12)).map(list)
contexts = st.sampled_from(["real", "champion"]) | st.dictionaries(st.sampled_from(
    ["ruleset", "field", "options", "policies", "seatings", "seed", "candidate_side", "games"]),
    wrong, max_size=3) | any_argument


def check_lab_play(context: Any, tasks: Any) -> None:
    if context in ("real", "champion"):
        context_text = json.dumps(_start(context == "champion")["context"])
    elif isinstance(context, dict):
        context_text = json.dumps({**_start(True)["context"], **context})
    else:
        context_text = context
    tasks_text = tasks if isinstance(tasks, str) else json.dumps(tasks)
    data = answer(lab.lab_play(context_text, tasks_text))
    if data["ok"]:  # the battles the answers count (stats per member, or tally entries)
        played = sum(m[0] if len(m) == 3 else m[2] for a in data["answers"] for m in a)
        assert played <= lab.MAX_PLAY_BATTLES


def check_lab_answer(answers: Any, more: Any, champion: bool) -> None:
    _start(champion)
    text = answers if isinstance(answers, str) else json.dumps(answers)
    answer(lab.lab_answer(text, more))
    answer(lab.lab_answer(text, more))  # after a refused (or finished) answer too
    answer(lab.lab_result())


def check_report_page(page: Any, lang: Any) -> None:
    request = json.dumps({**TOURNAMENT, "builds": TOURNAMENT["builds"][:2]})
    data = answer(tournament_api.tournament_report(request, json.dumps({}), page, lang))
    if data["ok"]:
        assert isinstance(page, str) and page.lower().startswith(("http://", "https://",
                                                                  "file://"))
        assert "javascript:" not in data["html"].lower().replace("&#x27;", "'")
    answer(tournament_api.tournament_link(json.dumps({**TOURNAMENT, "seed": page})))


def check_replay_file(fragment: Any, files: Any, why: Any, site: Any) -> None:
    answer(replay_api.replay_file(fragment, files, why, site))


def check_simple(value: Any) -> None:
    answer(battle_api.hello())
    answer(battle_api.ping())
    answer(battle_api.digest(value))
    answer(battle_api.digests(value))


pages = (st.sampled_from(["https://example.org/", "http://127.0.0.1:8000/x", "file:///tmp/p",
                          "javascript:alert(1)", "JavaScript://x%0aalert(1)", "data:,x",
                          "https://x/ y", "https://x/\u2028", "//x", "vbscript:x", ""])
         | unicode_text.map(lambda s: "https://x/" + s) | any_argument)
answers_values = (st.lists(st.lists(st.lists(st.integers(-2, 9) | wrong, min_size=3,
                                             max_size=3), min_size=2, max_size=2), max_size=4)
                  | st.lists(st.lists(st.lists(st.integers(-2, 9), min_size=6, max_size=6),
                                      max_size=3), max_size=3) | any_argument)
mores = st.sampled_from(["1", "0"]) | any_argument


@FAST
@given(lab_requests() | any_argument)
def test_lab_start_any_request(request: Any) -> None:
    _lab_start(request)


@FAST
@given(contexts, st.lists(task, max_size=4) | any_argument)
def test_lab_play_any_context_and_tasks(context: Any, tasks: Any) -> None:
    check_lab_play(context, tasks)


@FAST
@given(answers_values, mores, st.booleans())
def test_lab_answer_any_answers(answers: Any, more: Any, champion: bool) -> None:
    check_lab_answer(answers, more, champion)


@FAST
@given(pages, st.sampled_from(["en", "ja"]) | any_argument)
def test_report_page_of_any_scheme(page: Any, lang: Any) -> None:
    check_report_page(page, lang)


@FAST
@given(any_argument, any_argument, any_argument, any_argument)
def test_replay_file_any_arguments(fragment: Any, files: Any, why: Any, site: Any) -> None:
    check_replay_file(fragment, files, why, site)


def _lab_start(request: Any) -> None:
    check_lab_start(request)


TARGETS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "lab_start": (_lab_start, (lab_requests() | any_argument,)),
    "lab_play": (check_lab_play, (contexts, st.lists(task, max_size=4) | any_argument)),
    "lab_answer": (check_lab_answer, (answers_values, mores, st.booleans())),
    "tournament_report_page": (check_report_page, (pages, st.sampled_from(["en", "ja"])
                                                   | any_argument)),
    "replay_file": (check_replay_file, (any_argument, any_argument, any_argument,
                                        any_argument)),
    "hello_ping_digest": (check_simple, (any_argument,)),
}
"""The slow tier's targets here; the battle, validate, link, tournament and table functions
are the slow targets of ``test_fuzz_worker_api.py`` (the same ``KASSEN_FUZZ_CALLS``)."""

COVERED = {
    "lab_start", "lab_play", "lab_answer", "lab_result", "tournament_report", "tournament_link",
    "replay_file", "hello", "ping", "digest", "digests",
    # test_fuzz_worker_api.py
    "battle", "battle_first", "validate", "share_build", "open_link", "tournament_plan",
    "tournament_play", "tournament_table", "matchup_plan", "matchup_table", "elimination_next",
    "table_csv",
    # test_fuzz_game_links.py
    "game_start", "game_decide", "game_open", "game_take_over",
}


def test_every_page_api_function_is_fuzzed() -> None:
    """Issue 25: the fuzzers reach every function of the page's API (``kassen.web.api``'s and
    the build lab's, which the worker imports on first use); a new function must be added to
    a fuzz target, or this fails."""
    from kassen.web import api

    public = {name for name in api.__all__ if inspect.isfunction(getattr(api, name))
              and not name.startswith("_")}
    public |= {name for name, value in vars(lab).items() if inspect.isfunction(value)
               and not name.startswith("_") and value.__module__ == lab.__name__}
    assert public - COVERED == set()
    assert check_battle and check_validate and check_links and check_extreme and \
        check_tournament and check_table  # the other file's targets, reached in its tier


@pytest.mark.slow
@pytest.mark.parametrize("target", TARGETS)
def test_slow_tier_calls_per_function(target: str) -> None:
    """``KASSEN_FUZZ_CALLS`` calls of each target (default: a CI-sized count)."""
    check, strategies = TARGETS[target]
    SLOW(given(*strategies)(check))()
