"""Event values made only when read (issue 29, compact events): :meth:`Recorder.add_lazy`
records a maker and its immutable arguments, :meth:`Recorder.add_row` a row of values behind
their keys; every reader of the recorded events (the :class:`Step` objects, the JSON, so
digests and views) makes the dict once and keeps it, and what is read is what
:meth:`Recorder.add` of the same dict would have recorded."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import events
from kassen.core.events import Recorder
from kassen.core.null_recorder import NullRecorder


class Maker:
    """A maker that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, hits: int, terms: Any) -> dict[str, Any]:
        self.calls += 1
        return {"hits": hits, "sums": {"hits": terms}}


def test_values_are_made_once_on_first_read_and_kept() -> None:
    rec = Recorder()
    make = Maker()
    rec.step("attack", "attack")
    rec.add_lazy("attack", "A", "B", "§10.1", make, (2, (("=", "diff", 3),)))
    assert make.calls == 0  # nothing is made while the battle plays
    first = rec.events_json()[0]["values"]
    assert first == {"hits": 2, "sums": {"hits": (("=", "diff", 3),)}}
    event = rec.steps[0].events[0]
    assert event.values is first  # written back: every reader gets the same dict
    assert rec.events_json()[0]["values"] is first
    assert make.calls == 1


def test_lazy_events_read_as_the_same_events_given_as_dicts() -> None:
    """The JSON, the Event objects and their order are what add() gives (byte-identical
    records, links and digests)."""
    lazy, eager = Recorder(), Recorder()
    for rec in (lazy, eager):
        rec.turn = 1
        rec.step("roll", "turn")
    lazy.add_lazy("turn", None, None, None, lambda turn: {"turn": turn}, (1,))
    eager.add("turn", None, None, None, {"turn": 1})
    lazy.add("dice", None, None, "§5.1", {"R": 1})
    eager.add("dice", None, None, "§5.1", {"R": 1})
    lazy.add_lazy("hit", "A", "B", "§19", Maker(), (1, ()), cause="x")
    eager.add("hit", "A", "B", "§19", {"hits": 1, "sums": {"hits": ()}}, "x")
    assert lazy.events_json() == eager.events_json()
    assert [e.to_json() for e in lazy.events()] == [e.to_json() for e in eager.events()]
    assert lazy.event_count == eager.event_count == 3


def test_events_of_the_open_beat_read_before_it_grows_then_after() -> None:
    rec = Recorder()
    make = Maker()
    rec.step("attack", "attack")
    rec.add_lazy("attack", "A", "B", None, make, (1, ()))
    step = rec.steps[0]
    assert [e.values["hits"] for e in step.events] == [1]
    rec.add_lazy("attack", "A", "B", None, make, (2, ()))
    assert [e.values["hits"] for e in step.events] == [1, 2]
    assert [e["values"]["hits"] for e in step.events_json()] == [1, 2]
    assert make.calls == 2


def test_recent_beats_are_the_recorded_ones_with_their_values_made() -> None:
    """Recorder.recent (what Marguerite's replay of repeated turns reads): the last beats as
    recorded, lazy values made and written back, no Step built."""
    rec = Recorder()
    make = Maker()
    rec.turn = 3
    rec.step("ap", "phase")
    rec.add("phase", None, None, "R5.3", {"phase": "ap", "turn": 3})
    rec.step("action", "action")
    rec.add_lazy("attack", "A", "B", "R8.5", make, (2, ()))
    rec.add("skip", "B", None, "R8.1", {"times": 1}, "stun")
    last = rec.recent(1)
    assert [(turn, phase, kind) for turn, phase, kind, _raw in last] == [(3, "action", "action")]
    raw = last[0][3]
    assert [(e[0], e[2], e[5], e[6]) for e in raw] == [
        (1, "attack", {"hits": 2, "sums": {"hits": ()}}, None), (2, "skip", {"times": 1}, "stun")]
    assert make.calls == 1
    assert rec.events_json()[1]["values"] is raw[0][5]  # the same dict from then on
    assert [beat[1] for beat in rec.recent(2)] == ["ap", "action"]


def test_rows_read_as_the_same_events_given_as_dicts() -> None:
    """Recorder.add_row: a row (keys, then values) reads back as add() of the dict it names,
    the keys in the row's order; a row whose keys and values differ in number is refused when
    read, never read short."""
    rows, dicts = Recorder(), Recorder()
    sums = {"amount": (("=", "attack", 5),)}
    for rec in (rows, dicts):
        rec.turn = 2
        rec.step("action", "action")
    rows.add_row("damage", "a1", "b1", "R8.5", (("sword", "amount", "hp", "sums"), "斬", 4, 6,
                                                sums))
    dicts.add("damage", "a1", "b1", "R8.5", {"sword": "斬", "amount": 4, "hp": 6, "sums": sums})
    rows.add_row("skip", "b1", None, "R8.1", (("why", "times"), "none", 2), "stun")
    dicts.add("skip", "b1", None, "R8.1", {"why": "none", "times": 2}, "stun")
    assert rows.events_json() == dicts.events_json()
    assert list(rows.events_json()[0]["values"]) == ["sword", "amount", "hp", "sums"]
    assert [e.to_json() for e in rows.events()] == [e.to_json() for e in dicts.events()]
    assert rows.events()[0].values["sums"] is sums
    short = Recorder()
    short.add_row("skip", "b1", None, None, (("why", "times"), "none"))
    with pytest.raises(ValueError):
        short.events_json()
    null = NullRecorder()
    null.add_row("skip", "b1", None, None, (("why",), "none"))
    assert null.event_count == 1


def test_the_null_recorder_counts_a_lazy_event_and_never_makes_it() -> None:
    rec = NullRecorder()
    make = Maker()
    rec.add_lazy("attack", "A", "B", None, make, (1, ()))
    assert rec.event_count == 1
    assert make.calls == 0


def test_the_check_catches_a_maker_given_something_the_battle_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With CHECK_LAZY on, add_lazy makes the values at once too; a maker handed a list that
    changes before the read (not an immutable snapshot) is an error at the read."""
    monkeypatch.setattr(events, "CHECK_LAZY", True)
    rec = Recorder()
    make = Maker()
    shared = [1, 2]
    rec.step("attack", "attack")
    rec.add_lazy("attack", "A", "B", None, make, (1, shared))
    rec.add_lazy("attack", "A", "B", None, make, (1, tuple(shared)))
    shared.append(3)
    with pytest.raises(AssertionError, match="lazy values changed"):
        rec.events_json()
    ok = Recorder()
    ok.step("attack", "attack")
    ok.add_lazy("attack", "A", "B", None, make, (1, tuple(shared)))
    shared.append(4)
    assert ok.events_json()[0]["values"] == {"hits": 1, "sums": {"hits": (1, 2, 3)}}
