"""Inputs and checks shared by the issue-13 reproducer tests (``test_reproducers_13*.py``)."""

from __future__ import annotations

import base64
import json
import zlib

from kassen.core import registry
from kassen.core.record import Record
from kassen.web import api

CARD = "A:warrior year=1 base=5 max=6 th=10 fav=- hp={hp}"
CARD_B = "B:warrior year=1 base=5 max=6 th=10 fav=- hp=12"
SKIRMISH = "{name} hp={hp} ini=10 acc=10 eva=10 arm=2 res=2 wpn=longsword"
DICE = "name: {name}; atk: {atk}; def: 8; agi: 10"


def codes(answer: str) -> list[str]:
    """The problem codes of a worker answer (asserting it is a clean refusal)."""
    data = json.loads(answer)
    assert data["ok"] is False, data
    found = [p["code"] for p in data["problems"]]
    assert "internal" not in found and all(p["message"] for p in data["problems"]), data
    return found


def validate(ruleset: str, text: str, options: str = "{}") -> list[str]:
    """The problem codes `validate` answers for a build text (a clean refusal)."""
    return codes(api.validate(ruleset, text, "en", options))


def record(**changes: object) -> dict:
    """A card duel record's JSON (today's rules version) with ``changes`` applied."""
    base = Record("cardduel", registry.get("cardduel").version, [CARD.format(hp=12), CARD_B],
                  {}, "xo1:s", [], ["careful", "careful"]).to_json()
    return {**base, **changes}


def ascii_link(data: dict) -> str:
    """A #m= link whose JSON may hold escaped lone surrogates (as an attacker writes it)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(data).encode()) + packer.flush()
    return "#m=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")


def battle_request(**changes: object) -> str:
    """A `battle` request's JSON text with ``changes`` applied."""
    base = {"ruleset": "cardduel", "sides": [CARD.format(hp=12), CARD_B], "seed": "s"}
    return json.dumps({**base, **changes})


def tournament(**changes: object) -> str:
    """A tournament request's JSON text for the `tiny` ruleset with ``changes`` applied."""
    base = {"ruleset": "tiny", "builds": ["A:5", "B:6", "C:7"], "seeds": 2, "seed": "t"}
    return json.dumps({**base, **changes}, allow_nan=True)
