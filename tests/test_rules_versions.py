"""Records made under an earlier rules version replay as they did (issue 32): a ruleset names
each such version in ``Ruleset.earlier_defaults`` with the option values that reproduce it,
and a record of that version plays under them wherever it carries no value of its own."""

from __future__ import annotations

import json

import pytest

from kassen.core import registry, session
from kassen.core.links import encode_payload
from kassen.core.problems import ProblemError
from kassen.core.record import Record
from kassen.web import api
from reproducers import record


@pytest.fixture
def earlier(monkeypatch) -> None:
    """The card duel as if version "0.8" had played a fixed two-battle match by default."""
    monkeypatch.setattr(type(registry.get("cardduel")), "earlier_defaults",
                        {"0.8": {"format": "fixed", "battles": 2}})


def test_an_earlier_version_replays_with_its_own_defaults(earlier) -> None:
    """A "0.8" record without those options plays as a fixed two-battle match, the same
    events as today's record that names them, and the page is told which version it was."""
    old = Record.from_json(record(rv="0.8", options={}))
    replay = session.run(session.from_record(old))
    today = session.run(session.from_record(Record.from_json(
        record(options={"format": "fixed", "battles": 2}))))
    assert replay.prepared.record.options["format"] == "fixed"
    assert session.event_digest(replay.battle) == session.event_digest(today.battle)
    data = json.loads(api.open_link("#m=" + encode_payload(record(rv="0.8", options={}))))
    assert data["ok"] and [n["code"] for n in data["notes"]] == ["core.record_rules_earlier"]


def test_a_value_the_record_carries_wins_over_the_earlier_default(earlier) -> None:
    """An option the record names keeps its own value."""
    old = Record.from_json(record(rv="0.8", options={"battles": 3}))
    opts = session.from_record(old).record.options
    assert (opts["format"], opts["battles"]) == ("fixed", 3)


def test_a_version_not_named_is_still_refused(earlier) -> None:
    """Versions neither current, the same rules nor earlier_defaults stay refused."""
    with pytest.raises(ProblemError) as err:
        session.from_record(Record.from_json(record(rv="0.7")))
    assert [p.code for p in err.value.problems] == ["core.record_rules_differ"]
