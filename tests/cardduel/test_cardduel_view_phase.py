"""The table view's ``phase`` (issue 29): the step (B1–B9, A1–A5, ``storm``, ``start``,
``end``) of the latest beat, read from the recorder instead of a copy kept in the state."""

from __future__ import annotations

import pytest

from kassen.core import registry, session
from kassen.core.driver import Driver


def _prepared(procedure: str, seed: str) -> session.Prepared:
    ruleset = registry.get("cardduel")
    sides = [ruleset.sample_text("ユウ+ミナ"), ruleset.sample_text("レン+サクラ")]
    return session.prepare("cardduel", sides, {"procedure": procedure}, seed)


@pytest.mark.parametrize("procedure", ["revised", "original"])
@pytest.mark.parametrize("seed", ["mt1:phase-1", "mt1:phase-2", "xo1:phase-3"])
def test_every_beat_view_names_its_own_step(procedure: str, seed: str) -> None:
    """§5 / §7: the view after each beat shows that beat's step (B1–B9 / A1–A5), and a
    battle not yet started shows ``setup``."""
    prepared = _prepared(procedure, seed)
    fresh = prepared.ruleset.new_battle(prepared.setup())
    assert fresh.view()["phase"] == "setup"
    outcome = session.run(prepared, views=True)
    steps = outcome.battle.rec.steps
    assert len(steps) > 10
    for step in steps:
        assert step.view is not None
        assert step.view["phase"] == step.phase
    assert outcome.battle.view()["phase"] == steps[-1].phase == "end"
    expected = {"B4", "B5", "B9"} if procedure == "revised" else {"A2", "A4", "A5"}
    assert expected <= {s.phase for s in steps}


def test_a_view_re_simulated_from_a_snapshot_names_the_same_step() -> None:
    """Seeking back re-simulates one battle from its snapshot (§3): the views it makes
    show the same steps as those made while playing forward."""
    prepared = _prepared("revised", "mt1:phase-seek")
    battle = prepared.ruleset.new_battle(prepared.setup())
    battle.rec.view = battle.view
    driver = Driver(battle)
    driver.run()
    steps = battle.rec.steps
    for index in (0, 1, len(steps) // 2, len(steps) - 1):
        assert driver.view_at(index) == steps[index].view
        assert driver.view_at(index)["phase"] == steps[index].phase
