"""Games between people by link (issue 30): the ``#g=`` format's round trip, its version,
its limits, tampered and out-of-order decisions refused with a located message, the AI
taking a side over (the record says so) and the finished game's ordinary ``#m=`` link."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import game_link as gl
from kassen.core import registry, session
from kassen.core.links import encode_payload, parse_link
from kassen.core.problems import ProblemError
from kassen.core.record import Record


def prepared(ruleset: str = "cardduel", policies: list[str | None] | None = None,
             seed: str = "xo1:two") -> session.Prepared:
    r = registry.get(ruleset)
    texts = [s.text for s in r.samples[:2]]
    return session.prepare(ruleset, texts, {}, seed, [], policies or [None, None])


def play(game: gl.Game, moves: int) -> tuple[session.Outcome, gl.Game | None]:
    """Make ``moves`` decisions (first option, then the last, alternately)."""
    outcome = gl.replay(game)
    current: gl.Game | None = game
    for k in range(moves):
        assert current is not None
        options = outcome.pending.options
        outcome, current = gl.decide(current, options[0] if k % 2 else options[-1])
    return outcome, current


def fresh(moves: int = 6) -> gl.Game:
    _, game = gl.start(prepared())
    assert game is not None
    _, game = play(game, moves)
    assert game is not None
    return game


def codes(link: str) -> list[str]:
    with pytest.raises(ProblemError) as err:
        gl.replay(gl.parse_game_link(link))
    return [p.code for p in err.value.problems]


def payload(game: gl.Game, **changes: Any) -> str:
    return gl.PREFIX + encode_payload({**game.to_json(), **changes})


def test_round_trip_keeps_every_field_and_stops_at_the_same_decision() -> None:
    game = fresh()
    link = gl.game_link(game)
    back = gl.parse_game_link("https://example.org/kassen/" + link)
    assert back.to_json() == game.to_json()
    assert back.n == 6 and back.game_id == game.game_id
    outcome = gl.replay(back)
    assert outcome.pending is not None and outcome.pending.side == back.to_move
    assert len(outcome.record.choices) == back.n


def test_a_later_move_of_the_same_game_has_the_same_id_and_a_higher_counter() -> None:
    game = fresh(2)
    _, later = play(game, 3)
    assert later is not None and later.game_id == game.game_id and later.n == game.n + 3
    other = gl.start(prepared(seed="xo1:other"))[1]
    assert other is not None and other.game_id != game.game_id


def test_a_future_version_is_refused_with_a_message() -> None:
    game = fresh(1)
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(payload(game, v=2))
    problem = err.value.problems[0]
    assert problem.code == "core.game_version_future"
    assert "2" in problem.message("en") and "版" in problem.message("ja")
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(payload(game, v="1"))
    assert err.value.problems[0].code == "core.record_schema"


def test_limits_on_the_number_of_decisions_and_the_link_length() -> None:
    game = fresh(1)
    data = game.to_json()
    data["record"]["choices"] = ["H2"] * (gl.MAX_GAME_DECISIONS + 1)
    data["n"] = gl.MAX_GAME_DECISIONS + 1
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(gl.PREFIX + encode_payload(data))
    assert err.value.problems[0].code == "core.game_too_many_decisions"
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(gl.PREFIX + "1" + "A" * 40_000)
    assert err.value.problems[0].code == "core.link_too_long"
    data = game.to_json()
    data["record"]["choices"][0] = "x" * 201  # one decision longer than a decision may be
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(gl.PREFIX + encode_payload(data))
    assert err.value.problems[0].code == "core.record_schema"


def test_a_tampered_decision_is_located_by_number_side_and_question() -> None:
    game = fresh(6)
    data = game.to_json()
    data["record"]["choices"][3] = "S99"
    [problem] = _problems(gl.PREFIX + encode_payload(data))
    assert problem.code == "core.game_bad_decision"
    assert problem.args["index"] == 4 and problem.args["answer"] == "S99"
    side = problem.args["side"]
    text = problem.message("en")
    assert f"decision 4 (side {side}" in text and "S99" in text
    assert "判断4番目" in problem.message("ja")
    # what was asked, in the words of the decision panel (never the request's raw kind)
    assert problem.args["question"]["en"] and problem.args["question"]["en"] in text


def test_out_of_order_decisions_are_refused_at_the_first_that_is_not_legal() -> None:
    game = fresh(8)
    data = game.to_json()
    data["record"]["choices"] = list(reversed(data["record"]["choices"]))
    link = gl.PREFIX + encode_payload(data)
    [problem] = _problems(link)
    assert problem.code in ("core.game_bad_decision", "core.game_wrong_side",
                            "core.game_not_at_decision")
    if problem.code == "core.game_bad_decision":
        index = problem.args["index"]
        cut = gl.Game.from_json(data).record
        cut.choices = cut.choices[: index - 1]
        cut.policies = [None, None]
        # every decision before the located one is legal
        assert session.run(session.from_record(cut)).pending is not None


def test_a_link_whose_move_or_counter_disagrees_with_its_record_is_refused() -> None:
    game = fresh(5)
    wrong = 1 - game.to_move
    assert codes(payload(game, to_move=wrong)) == ["core.game_wrong_side"]
    with pytest.raises(ProblemError) as err:
        gl.parse_game_link(payload(game, n=game.n - 1))
    assert err.value.problems[0].args["field"] == "n"
    data = game.to_json()
    data["record"]["choices"].pop()
    data["n"] -= 1
    # one decision short: the game then waits at another decision than the link says
    assert set(_codes_of(gl.PREFIX + encode_payload(data))) <= {
        "core.game_wrong_side", "core.game_not_at_decision"}


def test_modes_must_agree_with_the_record() -> None:
    game = fresh(1)
    with pytest.raises(ProblemError):
        gl.parse_game_link(payload(game, modes=[{"by": "ai"}, {"by": "person"}]))
    with pytest.raises(ProblemError):
        gl.parse_game_link(payload(game, modes=[{"by": "person"}]))
    with pytest.raises(ProblemError):
        gl.parse_game_link(payload(game, modes=[{"by": "person", "from": 1}, {"by": "person"}]))


def test_the_ai_takes_a_side_over_and_the_record_says_from_which_decision() -> None:
    game = fresh(4)
    leaving = 1 - game.to_move
    outcome, after = gl.take_over(game, leaving, "careful")
    assert after is not None  # the other person still plays
    assert after.modes[leaving] == gl.Mode("ai", 5)
    assert after.record.took_over[leaving] == 5
    back = gl.parse_game_link(gl.game_link(after))
    assert back.modes[leaving].since == 5
    gl.replay(back)
    # the person left too: the AI plays to the end; the battle link says who took over
    staying = after.to_move
    outcome, done = gl.take_over(after, staying, "bold")
    assert done is None and outcome.result is not None
    kind, record = parse_link(gl.final_link(outcome))
    assert kind == "battle" and record.took_over[leaving] == 5
    assert record.took_over[staying] == after.n + 1
    notes = [p.code for p in session.record_notes(record)]
    assert notes.count("core.record_took_over") == 2


def test_a_finished_game_is_an_ordinary_battle_link_that_replays_identically() -> None:
    _, game = gl.start(prepared())
    outcome, done = _to_end(game)
    assert done is None and outcome.result is not None
    kind, record = parse_link(gl.final_link(outcome))
    assert kind == "battle" and isinstance(record, Record)
    again = session.run(session.from_record(record))
    assert again.pending is None
    assert session.event_digest(again.battle) == session.event_digest(outcome.battle)


def test_a_game_with_no_person_has_no_game_link() -> None:
    outcome, game = gl.start(prepared(policies=["careful", "bold"]))
    assert game is None and outcome.result is not None


def test_a_person_plays_the_skirmish_enemy_side_against_the_ai_party() -> None:
    outcome, game = gl.start(prepared("skirmish", ["default", None]))
    assert game is not None and game.to_move == 1
    assert outcome.pending.side == 1 and game.modes[0] == gl.Mode("ai")
    back = gl.parse_game_link(gl.game_link(game))
    assert gl.replay(back).pending.side == 1


def _to_end(game: gl.Game | None) -> tuple[session.Outcome, gl.Game | None]:
    outcome = gl.replay(game)
    while game is not None:
        outcome, game = gl.decide(game, outcome.pending.options[0])
    return outcome, game


def _problems(link: str) -> list[Any]:
    with pytest.raises(ProblemError) as err:
        gl.replay(gl.parse_game_link(link))
    return err.value.problems


def _codes_of(link: str) -> list[str]:
    return [p.code for p in _problems(link)]


def test_a_record_no_side_of_which_changed_hands_is_written_as_before() -> None:
    """``took_over`` is written only when the AI took a side over, so every other record's
    link (and digest input) is unchanged; a bad value is refused naming the field."""
    record = fresh(1).record
    assert "took_over" not in record.to_json()
    assert Record.from_json(record.to_json()).took_over == []
    for bad in ([0, None], ["3"], [True], {"0": 1}, [None] * 9):
        with pytest.raises(ProblemError) as err:
            Record.from_json({**record.to_json(), "took_over": bad})
        assert err.value.problems[0].args["field"] == "took_over"


def test_a_tampered_seen_changes_no_outcome() -> None:
    """``seen`` is display only: any value in range replays the same game."""
    game = fresh(4)
    data = game.to_json()
    data["seen"] = [999, 0]
    back = gl.parse_game_link(gl.PREFIX + encode_payload(data))
    assert session.event_digest(gl.replay(back).battle) == \
        session.event_digest(gl.replay(game).battle)
    with pytest.raises(ProblemError):
        gl.parse_game_link(gl.PREFIX + encode_payload({**data, "seen": [-1, 0]}))
