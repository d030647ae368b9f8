"""core.driver, core.decisions and core.session on the test-only ruleset ``tiny``."""

from __future__ import annotations

import pytest

from kassen.core import session
from kassen.core.decisions import NeedDecision
from kassen.core.driver import Driver
from kassen.core.problems import ProblemError


def play(tiny, seed="s1", choices=(), policies=("always", "coin"), snapshots=False):
    prepared = session.prepare("tiny", ["Ann:20", "Bob:25"], {}, seed, choices, policies)
    return session.run(prepared, snapshots=snapshots)


def test_same_record_same_events(tiny) -> None:
    a = play(tiny)
    b = play(tiny)
    assert session.events_json(a.battle) == session.events_json(b.battle)
    assert session.event_digest(a.battle) == session.event_digest(b.battle)
    assert play(tiny, seed="s2").battle.rec.event_count > 0


def test_replay_from_record_needs_no_policy(tiny) -> None:
    first = play(tiny)
    record = first.record
    assert len(record.choices) == 2 * first.result.turn
    replay = session.run(session.from_record(record))
    assert session.event_digest(replay.battle) == session.event_digest(first.battle)
    # with recorded choices a side played by a person is never asked
    again = session.prepare("tiny", record.sides, record.options, record.seed,
                            record.choices, [None, None])
    assert session.event_digest(session.run(again).battle) == session.event_digest(first.battle)


def test_seek_back_gives_the_view_of_a_straight_run(tiny) -> None:
    prepared = session.prepare("tiny", ["Ann:20", "Bob:25"], {}, "s1", (), ("always", "coin"))
    straight = session.run(prepared, views=True)
    views = [s.view for s in straight.battle.rec.steps]
    driver = Driver(prepared.ruleset.new_battle(prepared.setup()))
    driver.run()
    assert len(driver.steps) == len(views)
    for index in reversed(range(len(views))):
        assert driver.view_at(index) == views[index]
    assert session.event_digest(driver.battle) == session.event_digest(straight.battle)
    assert driver.seek(len(views)) is None
    assert driver.seek(3).index == 3 and driver.back().index == 2


def test_person_answers_a_decision_and_the_turn_is_resimulated(tiny) -> None:
    reference = play(tiny, policies=("always", "always"))
    prepared = session.prepare("tiny", ["Ann:20", "Bob:25"], {}, "s1", (), (None, "always"))
    driver = Driver(prepared.ruleset.new_battle(prepared.setup()))
    asked = 0
    while not driver.done:
        try:
            driver.play_turn()
        except NeedDecision as need:
            assert need.request.side == 0 and need.request.kind == "stance"
            asked += 1
            driver.answer("hit")
    assert asked == reference.result.turn
    assert session.event_digest(driver.battle) == session.event_digest(reference.battle)


def test_recorded_choice_that_is_not_legal_is_a_problem(tiny) -> None:
    with pytest.raises(ProblemError) as err:
        play(tiny, choices=["jump"])
    assert err.value.problems[0].code == "core.choice_invalid"


def test_turn_cap_aborts_with_a_logged_reason(tiny, monkeypatch) -> None:
    monkeypatch.setattr(type(tiny), "max_turns", 2)
    outcome = play(tiny, policies=("always", "always"))
    prepared = session.prepare("tiny", ["Ann:50", "Bob:50"], {"limit": 100}, "cap",
                               (), ("always", "always"))
    outcome = session.run(prepared)
    assert outcome.result.reason == "aborted" and outcome.result.winner is None
    last = outcome.battle.rec.steps[-1].events[-1]
    assert last.kind == "aborted" and last.values == {"cap": "turns>=2"}
    assert "safety cap" in session.log_lines(outcome, "en")[-1]


def test_prepare_collects_every_problem(tiny) -> None:
    with pytest.raises(ProblemError) as err:
        session.prepare("tiny", ["Ann", "Bob:99"], {"limit": "0", "colour": "red"}, "zz:1")
    found = {p.code for p in err.value.problems}
    assert found == {"core.bad_option_value", "core.unknown_option", "core.bad_seed"}
    with pytest.raises(ProblemError) as err:
        session.prepare("tiny", ["Ann", "Bob:99"])
    assert [(p.code, p.args["side"]) for p in err.value.problems] == [("tiny.bad", 1),
                                                                       ("tiny.bad", 2)]
    with pytest.raises(ProblemError) as err:
        session.prepare("nope", ["a", "b"])
    assert err.value.problems[0].code == "core.unknown_ruleset"


def test_battle_json_shape(tiny) -> None:
    data = session.battle_json(play(tiny))
    assert set(data) >= {"ruleset", "version", "seed", "options", "result", "sides", "events",
                         "link"}
    assert data["result"]["reason"] in ("knockout", "draw")
    assert data["sides"][0]["members"][0]["name"] == "Ann"
    assert data["link"].startswith("#m=1")
    event = data["events"][0]
    assert set(event) == {"seq", "turn", "phase", "kind", "actor", "target", "values", "cause",
                          "rule"}


@pytest.mark.parametrize("ruleset_id", ["marguerite", "cardduel", "dice", "skirmish"])
def test_a_finished_battle_is_freed_without_the_cycle_collector(ruleset_id: str) -> None:
    """A battle holds no reference cycle (an AI holds its battle weakly), so once dropped it
    and every event it recorded are freed at once by reference counting, not later by the
    cyclic collector rescanning them: played headless, as tournaments and benches do."""
    import gc
    import weakref

    from digest_cases import cases

    played = 0
    for name, sides, opts, seed in list(cases(ruleset_id))[:6]:
        try:
            prepared = session.prepare(ruleset_id, sides, opts, seed)
        except ProblemError:
            continue
        gc.collect()
        gc.disable()
        try:
            outcome = session.run(prepared)
            played += len(outcome.battle.rec.steps)
            battle = weakref.ref(outcome.battle)
            del outcome
            assert battle() is None, f"{ruleset_id} {name}: the battle is held by a cycle"
        finally:
            gc.enable()
    assert played > 50
