"""The summary's Tally (rules/summary.py, constants.py's log budget) counts the recorder's
one-call forms as it counts the calls they stand for: a beat opened with its first event
(Recorder.step_row) and alike events added at once (Recorder.add_rows), so a summarised turn
reports the same swords executed, skips and events whichever form the engine used."""

from __future__ import annotations

from kassen.core.events import Recorder
from kassen.rulesets.marguerite.model import State
from kassen.rulesets.marguerite.rules.actions import ACT_ROW, DAMAGE_ROW, SKIP_ROW
from kassen.rulesets.marguerite.rules.summary import Tally

ACT = (ACT_ROW, "斬", 1, 0, 0, 0, False)
SKIP = (SKIP_ROW, "none", 0, 0, 0, 3)
HIT = (DAMAGE_ROW, "光", 0, 9, {"amount": ()})


def test_one_call_forms_count_as_the_calls_they_stand_for() -> None:
    """step_row then add_rows against step, add_row and add_row per hit: the same counts of
    swords executed, skips and events (the summary's figures)."""
    tallies = [Tally(Recorder(), State()) for _ in range(2)]
    short, long = tallies
    short.step_row("action", "action", "act", "0.0", None, "R8.1", ACT)
    short.add_rows("damage", "0.0", "1.0", "R8.5", [HIT] * 3)
    short.step_row("action", "skip", "skip", "1.0", None, "R8.1", SKIP)
    long.step("action", "action")
    long.add_row("act", "0.0", None, "R8.1", ACT)
    for _ in range(3):
        long.add_row("damage", "0.0", "1.0", "R8.5", HIT)
    long.step("action", "skip")
    long.add_row("skip", "1.0", None, "R8.1", SKIP)
    assert short.event_count == long.event_count == 5
    assert short.acts == long.acts == {"0.0": {"斬": 1}}
    assert short.skips == long.skips == {"1.0": 3}
