"""The §16 measuring tool: its rows for the storm (issue 32) count what §16 says."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kassen.rulesets.cardduel.measure import LABELS, measure, upset
from kassen.rulesets.cardduel.model import StormTally


def state(knocked: int, dealt: list[int], ended_by: str = "storm") -> SimpleNamespace:
    return SimpleNamespace(storms=[StormTally(10, knocked)], ended_by=ended_by, dealt=dealt)


@pytest.mark.rule("§16")
def test_an_upset_is_a_storm_knockout_won_by_the_side_not_ahead_on_damage_16() -> None:
    """The match goes on defeats to a side that dealt no more damage than the other, after a
    storm knocked a warrior out; a storm without a knockout or a match won on damage is none."""
    won_by_0 = SimpleNamespace(reason="knockout", winner=0)
    assert upset(state(1, [3, 4]), won_by_0)
    assert upset(state(1, [4, 4]), won_by_0)
    assert not upset(state(1, [5, 4]), won_by_0)
    assert not upset(state(0, [3, 4]), won_by_0)
    assert not upset(state(1, [3, 4]), SimpleNamespace(reason="damage", winner=1))


def test_measure_reports_every_row() -> None:
    """A tiny run fills every row the tool prints."""
    got = measure("1v1", 1, ["careful", "careful"])
    assert set(LABELS) <= set(got) and got["matches"] == 6
