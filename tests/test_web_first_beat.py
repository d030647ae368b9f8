"""``battle_first``: the first beat of the battle ``battle`` plays for the same request, so
the page can show it before the rest is played (issue 29), and nothing else changes."""

from __future__ import annotations

import json

import pytest

from kassen.core import registry
from kassen.web import api


def both(request: dict) -> tuple[dict, dict]:
    """The first-beat answer and the whole answer to ``request``."""
    text = json.dumps(request)
    return json.loads(api.battle_first(text)), json.loads(api.battle(text))


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_the_first_beat_is_the_whole_battles_first_step(ruleset_id: str) -> None:
    """Every pairing of the first three samples, on both seed formats: one step, exactly the
    whole answer's first (events, texts in both languages, view, label), with the names,
    glossary and set-up of the whole answer and no result yet."""
    samples = [s.text for s in registry.get(ruleset_id).samples][:3]
    for seed in ("mt1:0123456789ab", "xo1:first-beat"):
        for a in samples:
            for b in samples:
                first, whole = both({"ruleset": ruleset_id, "sides": [a, b], "seed": seed,
                                     "lang": "ja"})
                assert first["ok"] and first["early"] is True and first["result"] is None
                assert first["steps"] == whole["steps"][:1] and len(whole["steps"]) > 1
                for key in ("ruleset", "version", "seed", "options", "names", "glossary"):
                    assert first[key] == whole[key], key


def test_tiny_battles_with_and_without_a_person(tiny) -> None:
    """The same first step when the AI plays both sides and when a person must decide in the
    first turn (the whole answer then stops at the decision, its steps the partial turn)."""
    first, whole = both({"ruleset": "tiny", "sides": ["Ann:20", "Bob:25"], "seed": "w"})
    assert first["steps"] == whole["steps"][:1]
    person = {"ruleset": "tiny", "sides": ["Ann:9", "Bob:9"], "seed": "p",
              "policies": [None, "always"]}
    first, whole = both(person)
    assert whole["pending"]["side"] == 0
    assert first["steps"] == whole["steps"][:1]


def test_bad_requests_answer_with_the_same_problems(tiny) -> None:
    """A request the whole battle refuses is refused by the first beat alike."""
    for text in ("not json", "[]", json.dumps({"ruleset": "tiny", "sides": ["x"]})):
        first, whole = json.loads(api.battle_first(text)), json.loads(api.battle(text))
        assert first["ok"] is False and first["problems"] == whole["problems"]
