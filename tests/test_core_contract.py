"""The core's contract for rule code (issue 28): the table handed to rule functions, condition
rows dispatched by moment, shared moments and typed terminations."""

from __future__ import annotations

import pytest

from kassen.core.conditions import Condition, Conditions
from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.moments import Moment
from kassen.core.rng import Rng
from kassen.core.table import Table


def _table(state: object) -> Table[object, None]:
    return Table(state, Recorder(), Rng("xo1:t"), None, Decider([], [], Rng("xo1:p")))


def test_dispatch_calls_the_rows_of_a_moment_in_order() -> None:
    """Rows act at a moment by ``order``, then catalogue order; rows without a handler for
    the moment are passed over; each handler gets the table, then the moment's values."""
    seen: list[tuple[str, object]] = []

    def mark(name: str):
        return lambda t, who: seen.append((name, who))

    rows = Conditions([
        Condition("poison", "毒", "poison", "§11 毒", bad=True, order=2,
                  on_status_phase=mark("poison")),
        Condition("guard", "ガード", "guard", "§11 ガード", on_hit_taken=mark("guard")),
        Condition("venom", "猛毒", "venom", "§11 猛毒", bad=True, order=1,
                  on_status_phase=mark("venom")),
        Condition("regen", "再生", "regeneration", "§11", order=2,
                  on_status_phase=mark("regen")),
    ])
    rows.dispatch("on_status_phase", _table(None), "A")
    assert seen == [("venom", "A"), ("poison", "A"), ("regen", "A")]
    assert [row.key for row, _ in rows.at("on_hit_taken")] == ["guard"]
    assert rows.at("on_never") == ()
    assert [rows[k].index for k in ("poison", "guard", "venom", "regen")] == [0, 1, 2, 3]


def test_a_row_listed_twice_or_an_unnamed_moment_is_refused() -> None:
    """A catalogue cannot hold two rows with one key; a handler's moment starts with on_."""
    row = Condition("stun", "スタン", "stun", "§11")
    with pytest.raises(ValueError, match="twice"):
        Conditions([row, Condition("stun", "スタン", "stun", "§11")])
    with pytest.raises(ValueError, match="on_"):
        Condition("sleep", "スリープ", "sleep", "§11", start=lambda t: None)


def test_the_table_follows_a_restored_snapshot(tiny) -> None:
    """Battle.restore points the table at the restored state, so rule functions holding
    the table act on the battle's state after a snapshot is restored."""
    from kassen.core import session

    prepared = session.prepare("tiny", ["A:10", "B:10"])
    battle = prepared.ruleset.new_battle(prepared.setup())
    battle.table = _table(battle.state)
    snap = battle.snapshot()
    battle.restore(snap)
    assert battle.table.state is battle.state


def test_moments_are_their_own_text() -> None:
    """Shared moments travel as plain text (JSON, templates)."""
    assert Moment.DAMAGE == "damage" and f"{Moment.STATUS_GAINED}" == "status_gained"


@pytest.mark.parametrize("ruleset_id", ["marguerite", "cardduel", "dice", "skirmish"])
def test_a_recorder_handed_to_the_battle_is_the_tables(ruleset_id: str) -> None:
    """The driver re-simulates a turn and the bench plays bare runs by handing the battle
    another recorder: rule functions, which write to ``t.rec``, must write there too."""
    from kassen.core import registry, session
    from kassen.core.rng import Rng as SeedRng

    ruleset = registry.get(ruleset_id)
    sides = [ruleset.random_build(SeedRng(f"xo1:rec{n}")) for n in range(ruleset.sides)]
    battle = ruleset.new_battle(session.prepare(ruleset_id, sides).setup())
    fresh = Recorder()
    battle.rec = fresh
    battle.play_turn()
    assert battle.table.rec is fresh or battle.rec is fresh
    assert fresh.event_count > 0


def test_recorder_phase_is_the_latest_beats_phase() -> None:
    """Design 3: ``Recorder.phase`` names the phase of the latest beat, open or closed (what
    a view shows as the current step), and None before the first or once cut back to none."""
    rec = Recorder()
    assert rec.phase is None
    rec.step("B1", "enchant_setup")
    assert rec.phase == "B1"
    rec.add("enchant_pass", "0.1", None, "§5.1.1", {})
    rec.step("B4", "attack_setup")
    rec.close()
    assert rec.phase == "B4"
    rec.truncate(1, 1)
    assert rec.phase == "B1"
    rec.truncate(0, 0)
    assert rec.phase is None
