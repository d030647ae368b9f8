"""Fuzzing the game link decoder (issue 30), like the other link kinds (issue 8, 13, 25):
every input ends in a game at a person's decision or a located problem — never another
exception — within a bounded number of calls (``work_count.counted``, not a clock)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS, any_argument
from fuzz_inputs import json_values as any_json
from kassen.core import game_link as gl
from kassen.core import registry, session
from kassen.core.links import encode_payload
from kassen.core.problems import ProblemError
from kassen.web import api
from work_count import counted

FAST = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None, suppress_health_check=list(HealthCheck))
MAX_REPLAY_CALLS = 5_000_000
"""A replay plays the game's decisions through the engine (a short card duel here: about a
million calls); a decoder that loops or a replay that runs away goes far past this."""


def _game() -> gl.Game:
    r = registry.get("cardduel")
    prepared = session.prepare("cardduel", [s.text for s in r.samples[:2]], {}, "xo1:fuzz", [],
                               [None, None])
    outcome, game = gl.start(prepared)
    for k in range(6):
        assert game is not None
        outcome, game = gl.decide(game, outcome.pending.options[k % len(outcome.pending.options)])
    assert game is not None
    return game


GAME = _game()
LINK = gl.game_link(GAME)


def check(link: str) -> None:
    with counted() as work:
        try:
            game = gl.parse_game_link(link)
            outcome = gl.replay(game)
            kind = "game"
        except ProblemError as err:
            kind, problems = "problem", err.problems
    assert work.calls < MAX_REPLAY_CALLS, f"{work.calls} calls on {link[:80]!r}"
    if kind == "problem":
        assert problems and all(p.message("en") and p.message("ja") for p in problems)
    else:
        assert outcome.pending is None or outcome.pending.side == game.to_move


def deflated(raw: bytes) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "1" + base64.urlsafe_b64encode(comp.compress(raw) + comp.flush()).decode().rstrip("=")


@FAST
@given(st.text(max_size=300))
def test_any_text(text: str) -> None:
    check("#g=" + text)
    check(text)


@FAST
@given(st.binary(max_size=400))
def test_any_deflated_bytes(raw: bytes) -> None:
    check("#g=" + deflated(raw))


@FAST
@given(any_json)
def test_any_json_value(value: object) -> None:
    check("#g=" + deflated(json.dumps(value).encode()))


@FAST
@given(st.dictionaries(st.sampled_from(["v", "record", "n", "to_move", "modes", "seen"]),
                      any_json))
def test_games_with_any_fields(fields: dict) -> None:
    check("#g=" + deflated(json.dumps({**GAME.to_json(), **fields}).encode()))


@FAST
@given(st.lists(st.sampled_from(["H2", "S3", "pass", "deck", "fight", "D10", "X1", 0, None]),
                max_size=12), st.integers(min_value=0, max_value=1))
def test_games_with_any_decisions(choices: list, to_move: int) -> None:
    data = GAME.to_json()
    data["record"]["choices"] = choices
    data["n"] = len(choices)
    data["to_move"] = to_move
    check("#g=" + encode_payload(data))


@FAST
@given(st.integers(min_value=0, max_value=2000), st.integers(min_value=0, max_value=255))
def test_single_byte_corruptions_of_a_real_link(position: int, byte: int) -> None:
    chars = list(LINK)
    chars[position % len(chars)] = chr(byte)
    check("".join(chars))
    check(LINK[: position % len(LINK)])


def test_megabyte_input_is_refused_at_once(monkeypatch) -> None:
    """Refused by its length before anything decodes it (nothing past the check runs)."""

    def never(*_: object) -> None:
        raise AssertionError("a megabyte link was read past its length check")

    monkeypatch.setattr(gl, "decode_payload", never)
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link("#g=1" + "A" * 1_000_000)
    assert err.value.problems[0].code == "core.link_too_long"


def check_api(answer: str) -> None:
    """A worker answer: JSON, ``ok`` or the problems in words."""
    data = json.loads(answer)
    assert data["ok"] or all(p["message"] for p in data["problems"])


game_requests = st.fixed_dictionaries({}, optional={
    "link": st.sampled_from([LINK, LINK[:-3], "#g=", LINK + "x"]) | any_argument,
    "answer": st.sampled_from(["H2", "S3", "deck", "pass"]) | any_argument,
    "side": st.integers(-2, 3) | any_argument, "policy": st.sampled_from(["careful", "x"]),
    "ruleset": st.sampled_from(["cardduel", "skirmish", "dice", "x"]) | any_argument,
    "sides": any_argument, "policies": st.sampled_from([[None, None], [None], []]) | any_argument,
    "seed": any_argument, "options": any_argument, "lang": any_argument}).map(json.dumps)


@FAST
@given(game_requests | any_argument, any_argument, any_argument)
def test_game_api_any_arguments(request: object, lang: object, known: object) -> None:
    """Issue 25: every page API function is fuzzed; the game API's four with any request."""
    text = request if isinstance(request, str) else json.dumps(request)
    for call in (api.game_start, api.game_decide, api.game_take_over):
        check_api(call(text))
    check_api(api.game_open(text, str(lang), known if isinstance(known, str) else "{}"))
    check_api(api.game_open(LINK, str(lang), known if isinstance(known, str) else "{}"))


@pytest.mark.slow
@SLOW
@given(st.text(max_size=400) | st.binary(max_size=400).map(deflated))
def test_slow_tier_game_links(text: str) -> None:
    check("#g=" + text)
