"""Cross-runtime determinism (design 6, issue 8): the same record gives byte-identical event
digests in CPython 3.11 and in the page's Pyodide 3.14, for random legal set-ups of every
ruleset, on both seed formats: ``xo1`` (pure-Python xoshiro) and ``mt1`` (the standard
library's Mersenne Twister in C, issue 29 — Pyodide is a 32-bit WebAssembly build, so this is
also the 32- against 64-bit check). The default tier checks a handful per ruleset and format;
``-m slow`` checks 100 per ruleset and format."""

from __future__ import annotations

import json

import pytest

from kassen.core import registry, session
from kassen.core.rng import Rng

pytestmark = pytest.mark.e2e

RULESETS = registry.ids()
FORMATS = ["xo1:", "mt1:"]


def records(ruleset_id: str, count: int, label: str,
            prefix: str = "xo1:") -> list[tuple[dict, str]]:
    """``count`` random legal records of a ruleset with their CPython digests, their seeds in
    the format ``prefix`` (the builds are the same for both formats)."""
    ruleset = registry.get(ruleset_id)
    rng = Rng(f"determinism/{label}/{ruleset_id}")
    out = []
    for index in range(count):
        sides = [ruleset.random_build(rng) for _ in range(ruleset.sides)]
        outcome = session.run(session.prepare(ruleset_id, sides, {}, f"{prefix}{label}-{index}"))
        out.append((outcome.record.to_json(), session.event_digest(outcome.battle)))
    return out


def compare(app, ruleset_id: str, count: int, label: str, prefix: str) -> None:
    app.wait_ready()
    pairs = records(ruleset_id, count, label, prefix)
    answer = app.call("digests", json.dumps([r for r, _ in pairs]))
    assert answer["ok"], answer
    mismatched = [i for i, (d, (_, native)) in enumerate(zip(answer["digests"], pairs, strict=True))
                  if d != native]
    assert mismatched == [], [pairs[i][0] for i in mismatched[:3]]


@pytest.mark.parametrize("prefix", FORMATS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_handful_of_random_records_agree(app, ruleset_id: str, prefix: str) -> None:
    compare(app, ruleset_id, 5, "fast", prefix)


@pytest.mark.slow
@pytest.mark.parametrize("prefix", FORMATS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_hundred_random_records_agree(app, ruleset_id: str, prefix: str) -> None:
    compare(app, ruleset_id, 100, "slow", prefix)
