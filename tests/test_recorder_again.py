"""Beats recorded whole (:meth:`Recorder.again`, issue 29's compact events): an engine that
replays a turn hands the recorder the turn's beats at once, and what anything reads back
(the JSON, so digests and links, the Step and Event objects, the counts) is what recording
them beat by beat with step() and add() gives."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core.events import Recorder
from kassen.core.null_recorder import NullRecorder

HIT = {"amount": 3, "hp": 7}
BEATS: list[tuple[str, str, tuple[Any, ...]]] = [
    ("ap", "phase", (("phase", None, None, {"phase": "ap", "turn": 4}, None, "R5.3"),)),
    ("status", "phase", ()),
    ("action", "action", (("act", "a1", None, {"sword": "斬"}, None, "R8.1"),
                          ("damage", "a1", "b1", HIT, "reflected", "R8.5"))),
]


def by_hand(rec: Recorder) -> None:
    """The same beats through step() and add()."""
    for phase, kind, events in BEATS:
        rec.step(phase, kind)
        for e_kind, actor, target, values, cause, rule in events:
            rec.add(e_kind, actor, target, rule, values, cause)
    rec.close()


def shape(rec: Recorder) -> list[tuple[Any, ...]]:
    return [(s.index, s.turn, s.phase, s.kind, [e.to_json() for e in s.events])
            for s in rec.steps]


def test_beats_recorded_again_read_as_beats_recorded_one_by_one() -> None:
    """The same JSON, steps, events and counts, after earlier beats and before later ones."""
    whole, single = Recorder(first_index=5, first_seq=20, turn=3), Recorder(
        first_index=5, first_seq=20, turn=3)
    for rec in (whole, single):
        rec.step("action", "action")
        rec.add("skip", "b1", None, "R8.1", {"times": 2})
        rec.turn = 4
    whole.again(BEATS)
    by_hand(single)
    assert whole.event_count == single.event_count == 24  # counted at once
    assert whole.step_count == single.step_count == 9
    for rec in (whole, single):
        rec.step("judge", "phase")
        rec.add("judgement", None, None, "R10.1", {"winner": 0})
    assert whole.events_json() == single.events_json()
    assert shape(whole) == shape(single)
    assert [e["seq"] for e in whole.events_json()] == list(range(20, 25))
    assert whole.events_json()[3]["values"] is HIT  # the engine's own dict, not a copy


def test_recent_reads_beats_recorded_again() -> None:
    """Marguerite's replay captures a turn it may itself have replayed."""
    rec = Recorder(turn=4)
    rec.again(BEATS)
    last = rec.recent(1)[0]
    assert (last[0], last[1], last[2]) == (4, "action", "action")
    assert [(e[0], e[2]) for e in last[3]] == [(1, "act"), (2, "damage")]


def test_recent_turn_reads_the_last_turns_beats_however_recorded() -> None:
    """Marguerite's replay learns a watched turn's beats from their turn stamps: the beats
    of turn 4 recorded whole, then turn 5's one by one, each read back as recorded."""
    rec = Recorder(turn=3)
    rec.step("action", "action")
    rec.add("skip", "b1", None, "R8.1", {"times": 2})
    rec.turn = 4
    rec.again(BEATS, 3)  # the count given, as a replay knows it
    assert rec.event_count == 4
    assert [(b[0], b[1]) for b in rec.recent_turn(4)] == [(4, "ap"), (4, "status"), (4, "action")]
    assert rec.recent_turn(4)[2][3][1][0] == 3  # numbered after turn 3's event
    rec.turn = 5
    by_hand(rec)
    assert [b[1] for b in rec.recent_turn(5)] == ["ap", "status", "action"]
    assert rec.recent_turn(4) == []  # no longer at the end


def test_a_beat_opened_with_its_first_event_reads_as_step_then_add_row() -> None:
    """step_row() is step() then add_row() in one call: the same steps, events, views (the
    view of the beat it closes is taken before it opens) and counts; the null recorder
    counts it."""
    row = (("sword", "ap"), "斬", 2)
    seen: list[int] = []
    made = [Recorder(lambda: {"at": len(seen)}, turn=2) for _ in range(2)]
    for rec in made:
        rec.step("ap", "phase")
        seen.append(1)
    made[0].step_row("action", "action", "act", "a1", None, "R8.1", row)
    made[1].step("action", "action")
    made[1].add_row("act", "a1", None, "R8.1", row)
    for rec in made:
        rec.close()
    assert shape(made[0]) == shape(made[1])
    assert [s.view for s in made[0].steps] == [s.view for s in made[1].steps]
    assert made[0].events_json()[0]["values"] == {"sword": "斬", "ap": 2}
    null = NullRecorder()
    null.step_row("action", "action", "act", "a1", None, "R8.1", row)
    assert null.event_count == 1


def test_rows_added_in_one_call_read_as_rows_added_one_by_one() -> None:
    """add_rows() is add_row() per row: the same events, numbered in order (a sword's hits
    that deal nothing, recorded at once); the null recorder counts them."""
    rows = [(("amount", "hp"), 0, 9)] * 3
    whole, single = Recorder(turn=1), Recorder(turn=1)
    for rec in (whole, single):
        rec.step("action", "action")
    whole.add_rows("damage", "a1", "b1", "R8.5", rows)
    for row in rows:
        single.add_row("damage", "a1", "b1", "R8.5", row)
    assert whole.events_json() == single.events_json()
    assert [e["seq"] for e in whole.events_json()] == [0, 1, 2]
    null = NullRecorder()
    null.add_rows("damage", "a1", "b1", "R8.5", rows)
    assert null.event_count == 3


def test_truncating_keeps_the_beats_before_and_drops_the_rest() -> None:
    """A driver seeking back (Recorder.truncate) over beats recorded whole."""
    rec, single = Recorder(turn=4), Recorder(turn=4)
    rec.again(BEATS)
    rec.again(BEATS)
    by_hand(single)
    rec.truncate(3, 3)
    assert rec.events_json() == single.events_json()
    assert rec.event_count == 3


def test_an_event_after_beats_recorded_again_needs_a_step() -> None:
    """again() leaves no beat open: a later add() opens a beat of its own, as after close()."""
    rec = Recorder(turn=4)
    rec.again(BEATS)
    rec.add("exit", "b1", None, "R9.3", {"hp": 0})
    assert [(s.phase, s.kind) for s in rec.steps][-1] == ("", "exit")


def test_a_recorder_with_views_refuses_and_the_null_recorder_counts() -> None:
    """A beat's view is the state as it closes, which a beat recorded whole has not; the
    bench's bare loop keeps nothing and counts the events."""
    with pytest.raises(ValueError):
        Recorder(lambda: {}).again(BEATS)
    null = NullRecorder()
    null.again(BEATS)
    null.again(BEATS, 3)
    assert null.event_count == 6
