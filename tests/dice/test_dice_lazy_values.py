"""The dice engine's lazily made event values (issue 29, compact events): every maker it hands
to :meth:`Recorder.add_lazy` takes only immutable snapshots, so the values made when read are
the values of the moment they were recorded. Checked with :data:`events.CHECK_LAZY` on (each
lazy event is also made at once and compared at the read) over every sample pairing, every
option moved off its default and random pairings, on ``xo1:`` and ``mt1:`` seeds; the records
are the same with the check off."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kassen.core import events, registry, session
from kassen.core.rng import Rng

RULESET = registry.get("dice")
SAMPLES = [s.text for s in RULESET.samples]
RANDOM_PAIRS = 12


def other_values(spec: Any) -> list[Any]:
    """Every value of an option other than its default (ints: one step within range)."""
    if spec.kind == "bool":
        return [not spec.default]
    if spec.kind == "choice":
        return [c.value for c in spec.choices if c.value != spec.default]
    if spec.kind == "int":
        steps = [spec.default + 1, spec.default - 1]
        return [v for v in steps if (spec.minimum is None or v >= spec.minimum)
                and (spec.maximum is None or v <= spec.maximum)][:1]
    return []


def cases() -> Iterator[tuple[list[str], dict[str, Any], str]]:
    """(sides, options, seed): all sample pairings and random pairings on both seed formats,
    then each option value off its default on a rotating sample pairing."""
    for prefix in ("xo1:", "mt1:"):
        for i, a in enumerate(SAMPLES):
            for j, b in enumerate(SAMPLES):
                yield [a, b], {}, f"{prefix}lazy-{i}-{j}"
        rng = Rng(f"{prefix}lazy-pairs")
        for k in range(RANDOM_PAIRS):
            yield [RULESET.random_build(rng), RULESET.random_build(rng)], {}, f"{prefix}r{k}"
    n = 0
    for spec in RULESET.options:
        for value in other_values(spec):
            pair = [SAMPLES[n % len(SAMPLES)], SAMPLES[(3 * n + 1) % len(SAMPLES)]]
            yield pair, {spec.key: value}, f"mt1:lazy-option-{n}"
            n += 1


def played(sides: list[str], options: dict[str, Any], seed: str) -> list[dict[str, Any]]:
    """Every event of one battle as JSON data (reading makes every lazy value)."""
    prepared = session.prepare("dice", sides, options, seed)
    return session.events_json(session.run(prepared).battle)


def test_every_lazy_value_is_made_from_a_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the values made when read equal those made as the event was recorded
    (CHECK_LAZY raises at the read otherwise), and the records equal those played without
    the check."""
    checked = 0
    kinds: set[str] = set()
    for sides, options, seed in cases():
        monkeypatch.setattr(events, "CHECK_LAZY", True)
        with_check = played(sides, options, seed)
        monkeypatch.setattr(events, "CHECK_LAZY", False)
        assert played(sides, options, seed) == with_check, (sides, options, seed)
        kinds.update(e["kind"] for e in with_check)
        checked += 1
    assert checked > 150
    # every kind the engine records lazily was played
    assert {"read", "values", "attack", "hit", "decision", "decision_cross",
            "decision_none", "stardust", "stars", "vp"} <= kinds


@pytest.mark.rule("§9.2")
def test_the_view_shows_the_decision_the_event_records() -> None:
    """§9.2: the view's decision after step 12 is the decision event's values without the sum
    of X, in every turn."""
    prepared = session.prepare("dice", SAMPLES[:2], {}, "mt1:lazy-view")
    steps = session.run(prepared, views=True).steps
    seen = 0
    for step in steps:
        for e in step.events:
            if e.kind.startswith("decision"):
                assert step.view is not None
                shown = step.view["decision"]
                assert shown == {k: v for k, v in e.values.items() if k != "sums"}
                assert next(iter(e.values)) == "sums" and "x" in e.values["sums"]
                seen += 1
    assert seen > 3
