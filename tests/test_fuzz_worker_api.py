"""Fuzzing every function of the page's worker API (issue 13 §3) with arbitrary JSON values
(any type, any depth) in every field and every argument, text from the whole Unicode range, and
links with a valid structure but extreme content. Every answer must be JSON text that can be
sent as UTF-8, either ``ok`` or naming its problems with messages, never the ``internal``
problem the worker's last guard makes of an exception, and never larger than the answer limit.

The normal run draws a few hundred inputs per target; ``-m slow`` draws 100,000 per target.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS, any_argument, json_texts, json_values, unicode_text, with_tricks
from kassen.core import registry
from kassen.core.links import build_link, encode_payload
from kassen.core.record import Record
from kassen.core.rng import Rng
from kassen.web import api

RULESETS = [r for r in registry.ids() if r != "tiny"]
FAST = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
FEW = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None, suppress_health_check=list(HealthCheck))


def answer(text: str) -> dict[str, Any]:
    """The answer, checked: JSON, sendable as UTF-8, ok or clean problems, within the limit."""
    assert isinstance(text, str) and len(text) <= api.MAX_ANSWER_CHARS
    text.encode("utf-8")
    data = json.loads(text, parse_constant=_not_json)  # as strict as a browser's JSON.parse
    assert isinstance(data, dict) and isinstance(data.get("ok"), bool)
    if not data["ok"]:
        problems = data["problems"]
        assert problems, data
        for p in problems:
            assert p["code"] != "internal", p["message"]
            assert isinstance(p["message"], str) and p["message"]
            assert not p["message"].startswith(p["code"]), p  # a template exists
    return data


def _not_json(name: str) -> None:
    raise AssertionError(f"{name} in an answer: JSON.parse refuses it")


ruleset_ids = st.sampled_from(RULESETS) | any_argument
langs = st.sampled_from(["ja", "en"]) | json_values


def sample_texts(ruleset_id: str) -> list[str]:
    return [s.text for s in registry.get(ruleset_id).samples]


ALL_SAMPLES = [t for r in RULESETS for t in sample_texts(r)]
build_texts = (st.sampled_from(ALL_SAMPLES) | unicode_text
               | with_tricks(["hp=", "year=", "atk: ", "name: ", "area=", "it=potion*", "1",
                              "10", ";", "\n", ":warrior ", " ", "/", "=", "---"]))


def options_for(ruleset_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """Options at their extremes (minimum, maximum, a choice) or any value at all."""
    specs = registry.get(ruleset_id).options
    keys = st.sampled_from([s.key for s in specs]) if specs else st.just("x")

    def extreme(key: str) -> st.SearchStrategy[Any]:
        spec = next((s for s in specs if s.key == key), None)
        if spec is None:
            return json_values
        if spec.kind == "int":
            return st.sampled_from([spec.minimum, spec.maximum, spec.default]) | json_values
        if spec.kind == "choice":
            return st.sampled_from([c.value for c in spec.choices]) | json_values
        return json_values

    return st.dictionaries(keys, st.just(None), max_size=4).flatmap(
        lambda d: st.fixed_dictionaries({k: extreme(k) for k in d}))


@st.composite
def battle_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A battle request whose every field is plausible or any JSON value."""
    ruleset_id = draw(st.sampled_from(RULESETS))
    fields: dict[str, Any] = {
        "ruleset": draw(st.just(ruleset_id) | json_values),
        "sides": draw(st.lists(st.sampled_from(sample_texts(ruleset_id)) | build_texts,
                               min_size=2, max_size=2) | json_values),
        "options": draw(options_for(ruleset_id) | json_values),
        "seed": draw(unicode_text | json_values),
        "choices": draw(st.lists(json_values, max_size=4) | json_values),
        "policies": draw(st.lists(st.sampled_from([*registry.get(ruleset_id).policy_names(),
                                                   None]), max_size=3) | json_values),
        "lang": draw(langs),
    }
    keep = draw(st.sets(st.sampled_from(sorted(fields))))
    return {k: v for k, v in fields.items() if k in keep}


def check_battle(request: Any) -> None:
    text = request if isinstance(request, str) else json.dumps(request)
    answer(api.battle(text))
    answer(api.battle_first(text))  # the page's first beat of the same request (issue 29)


@FAST
@given(battle_requests() | json_values)
def test_battle_any_request(request: Any) -> None:
    check_battle(request)


@FAST
@given(any_argument)
def test_battle_any_argument(request: Any) -> None:
    answer(api.battle(request))
    answer(api.battle_first(request))


def check_validate(ruleset_id: Any, text: Any, lang: Any, options: Any) -> None:
    answer(api.validate(ruleset_id, text, lang, options))
    answer(api.share_build(ruleset_id, text, options))


@FAST
@given(ruleset_ids, build_texts | any_argument, langs, json_texts | any_argument)
def test_validate_and_share_build_any_arguments(ruleset_id: Any, text: Any, lang: Any,
                                                options: Any) -> None:
    check_validate(ruleset_id, text, lang, options)


@FAST
@given(st.sampled_from(RULESETS).flatmap(
    lambda r: st.tuples(st.just(r), build_texts, options_for(r))))
def test_validate_extreme_options(case: tuple[str, str, dict[str, Any]]) -> None:
    ruleset_id, text, options = case
    answer(api.validate(ruleset_id, text, "en", json.dumps(options)))
    data = answer(api.share_build(ruleset_id, text, json.dumps(options)))
    if data["ok"]:
        opened = answer(api.open_link(data["link"]))
        assert opened["ok"] and opened["kind"] == "build"


def check_links(value: Any, lang: Any) -> None:
    answer(api.open_link(value, lang))
    answer(api.digest(value))
    answer(api.digests(value))


@FAST
@given(any_argument, langs)
def test_open_link_digest_digests_any_argument(value: Any, lang: Any) -> None:
    check_links(value, lang)


@FAST
@given(st.dictionaries(st.sampled_from(["v", "engine", "ruleset", "rv", "options", "sides",
                                        "seed", "choices", "policies"]), json_values))
def test_records_with_any_fields(fields: dict[str, Any]) -> None:
    base = Record("cardduel", "1", sample_texts("cardduel")[:2], {}, "xo1:a", [],
                  ["careful", "careful"]).to_json()
    record = {**base, **fields}
    answer(api.digest(json.dumps(record)))
    answer(api.open_link(_link(record)))


def _link(data: Any) -> str:
    """A ``#m=`` link of any JSON value (escaped, so lone surrogates survive as in a real
    attack)."""
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(data).encode()) + packer.flush()
    return "#m=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")


@st.composite
def extreme_records(draw: st.DrawFn) -> dict[str, Any]:
    """Records of valid structure with extreme content: random legal sides, options at their
    limits, seeds of 200 characters from any script, thousands of choices, person-played
    sides, other engine and rules versions."""
    ruleset_id = draw(st.sampled_from(RULESETS))
    ruleset = registry.get(ruleset_id)
    rng = Rng(f"extreme-{draw(st.integers(0, 10 ** 6))}")
    sides = [ruleset.random_build(rng) or ruleset.samples[0].text for _ in range(2)]
    choice = st.sampled_from(["hit", 0, 1, None, "a", ["x", 1], "\u202e", "\ud800", 10 ** 11])
    return {
        "v": 1,
        "engine": draw(st.sampled_from(["0.1.0", "99.0", "\ud800", "x" * 200])),
        "ruleset": ruleset_id,
        "rv": draw(st.sampled_from([ruleset.version, ruleset.version, "0.1", "99"])),
        "options": draw(options_for(ruleset_id)),
        "sides": draw(st.just(sides) | st.lists(build_texts, min_size=2, max_size=2)),
        "seed": draw(st.text(alphabet=st.characters(exclude_categories=()), min_size=1,
                             max_size=200) | st.sampled_from(["xo1:a", "zz:1", "x" * 201])),
        "choices": draw(st.lists(choice, max_size=8)
                        | st.integers(0, 20_000).flatmap(lambda n: st.just(["hit"] * n))),
        "policies": draw(st.lists(st.sampled_from([*ruleset.policy_names(), None]),
                                  min_size=2, max_size=2) | st.lists(st.none(), max_size=3)),
    }


def check_extreme(record: dict[str, Any]) -> None:
    data = answer(api.open_link(_link(record)))
    if data["ok"]:
        assert data["kind"] == "battle" and data["steps"]
    answer(api.digest(json.dumps(record)))


@FEW
@given(extreme_records())
def test_links_of_valid_structure_and_extreme_content(record: dict[str, Any]) -> None:
    check_extreme(record)


@FAST
@given(st.sampled_from(RULESETS), unicode_text | st.text(max_size=4000), json_values)
def test_build_links_of_extreme_content(ruleset_id: str, text: str, options: Any) -> None:
    try:
        link = build_link(ruleset_id, text, options if isinstance(options, dict) else None)
    except (UnicodeEncodeError, ValueError):
        link = _link({"v": 1, "ruleset": ruleset_id, "text": text, "options": options})
    answer(api.open_link(link))
    answer(api.open_link("#b=" + encode_payload({"v": 1, "ruleset": ruleset_id, "text": "x",
                                                 "options": {"k": 1}})))


TOURNAMENT = {"ruleset": "cardduel", "builds": sample_texts("cardduel")[:3], "seeds": 1,
              "seed": "fuzz"}


@st.composite
def tournament_requests(draw: st.DrawFn) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "ruleset": draw(st.sampled_from(RULESETS) | json_values),
        "builds": draw(st.lists(build_texts, max_size=4) | json_values),
        "options": draw(json_values),
        "policies": draw(json_values),
        "seeds": draw(st.integers(-2, 3) | json_values),
        "seed": draw(unicode_text | json_values),
        "watched_turns": draw(json_values),
    }
    keep = draw(st.sets(st.sampled_from(sorted(fields))))
    return {**TOURNAMENT, **{k: v for k, v in fields.items() if k in keep}}


works = st.fixed_dictionaries({
    "format": st.sampled_from(["round-robin", "matchup", "elimination"]) | json_values,
    "start": st.integers(-2, 6) | json_values, "stop": st.integers(-2, 6) | json_values,
}, optional={"round": json_values, "links": json_values})


def check_tournament(request: Any, work: Any, tally: Any) -> None:
    text = json.dumps(request)
    answer(api.tournament_plan(text))
    answer(api.matchup_plan(text))
    answer(api.tournament_play(text, json.dumps(work)))
    answer(api.tournament_table(text, json.dumps(tally)))
    answer(api.elimination_next(text, json.dumps(tally)))
    answer(api.matchup_table(text, json.dumps(tally)))
    answer(api.tournament_link(text))
    answer(api.tournament_report(text, json.dumps(tally), "https://example.org/"))


@FAST
@given(tournament_requests() | json_values, works | json_values, json_values)
def test_tournament_functions_any_fields(request: Any, work: Any, tally: Any) -> None:
    check_tournament(request, work, tally)


@FAST
@given(any_argument, any_argument)
def test_tournament_functions_any_arguments(request: Any, other: Any) -> None:
    for call in (api.tournament_plan, api.matchup_plan, api.table_csv, api.tournament_link):
        answer(call(request))
    answer(api.tournament_report(request, other, other, other))
    answer(api.tournament_report(json.dumps(TOURNAMENT), other, request, "en"))
    for call2 in (api.tournament_play, api.tournament_table, api.elimination_next,
                  api.matchup_table):
        answer(call2(request, other))
        answer(call2(json.dumps(TOURNAMENT), other))


@st.composite
def tables(draw: st.DrawFn) -> Any:
    """A table as a page might send it back: the real shape with any values swapped in."""
    row = st.fixed_dictionaries({
        k: json_values | st.integers(0, 9) for k in
        ("rank", "played", "wins", "draws", "losses", "points")
    } | {"name": unicode_text | json_values, "text": unicode_text | json_values,
         "win_rate": st.fixed_dictionaries({k: st.floats(0, 1) | json_values
                                            for k in ("rate", "low", "high")}) | json_values})
    n = draw(st.integers(0, 3))
    return {"standings": draw(st.lists(row, min_size=n, max_size=n) | json_values),
            "matrix": draw(st.lists(st.lists(st.none() | json_values, min_size=n, max_size=n),
                                    min_size=n, max_size=n) | json_values),
            "names": draw(st.lists(unicode_text, min_size=n, max_size=n) | json_values)}


def check_table(table: Any) -> None:
    for fmt in ("round-robin", "elimination", "matchup"):  # issue 16: any table, any format
        request = json.dumps({**TOURNAMENT, "format": fmt,
                              "builds": TOURNAMENT["builds"][:2]})
        report = answer(api.tournament_report(request, json.dumps(table), "https://x.org/"))
        assert not isinstance(table, dict) or (report["ok"] and "<script" not in report["html"])
    data = answer(api.table_csv(json.dumps(table)))
    if data["ok"]:
        from kassen.tournament.export import read_csv

        for line in read_csv(data["standings"])[1:] + read_csv(data["matrix"]):
            for cell in line:  # user text that would start a formula starts with ' instead
                assert not cell.startswith(("=", "+", "-", "@", "＝", "|")), line


@FAST
@given(tables() | json_values)
def test_table_csv_any_table(table: Any) -> None:
    check_table(table)


SLOW_TARGETS = {
    "battle": (check_battle, (battle_requests() | json_values,)),
    "validate": (check_validate, (ruleset_ids, build_texts | any_argument, langs,
                                  json_texts | any_argument)),
    "links": (check_links, (any_argument, langs)),
    "extreme-links": (check_extreme, (extreme_records(),)),
    "tournament": (check_tournament, (tournament_requests() | json_values, works | json_values,
                                      json_values)),
    "table-csv": (check_table, (tables() | json_values,)),
}


@pytest.mark.slow
@pytest.mark.parametrize("target", SLOW_TARGETS)
def test_slow_hundred_thousand_per_target(target: str) -> None:
    check, strategies = SLOW_TARGETS[target]
    SLOW(given(*strategies)(check))()
