"""Whole battles: random legal parties and seeds end without exceptions and replay
identically; the CLI output of design 4.1 (snapshot/restore at every turn is checked for every
ruleset by tests/test_ruleset_contract.py, the party against R3 included)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kassen.core import session
from kassen.core.driver import Driver
from kassen.core.rng import Rng
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.samples import ENCOUNTERS, PARTY


def random_pair(seed: int) -> list[str]:
    rng = Rng(f"prop{seed}")
    return [RULESET.random_build(rng), RULESET.random_build(rng)]


def check(seed: int, options: dict | None = None) -> None:
    prepared = session.prepare("skirmish", random_pair(seed), options or {}, f"s{seed}")
    first = session.run(prepared)
    assert first.battle.finished  # combat ends (round cap at worst, §10.2)
    assert first.result.turn <= 20 or options
    again = session.run(session.from_record(first.record))
    assert session.event_digest(again.battle) == session.event_digest(first.battle)
    snap = session.run(prepared, snapshots=True)
    assert session.event_digest(snap.battle) == session.event_digest(first.battle)


@pytest.mark.parametrize("seed", range(12))
def test_random_parties_end_and_replay_identically(seed: int) -> None:
    check(seed)


@pytest.mark.parametrize("options", [
    {"map": "grid"}, {"escape": "true", "stop_on_enter_hostile_area": "true"},
    {"damage_roll_per_target": "true", "sleep_auto_hit": "true", "damage_wakes": "true",
     "flight_melee_limit": "true", "attribute_affinity": "true", "crit_on_opposed": "true",
     "rs_move_obstructable": "false"},
])
def test_options_keep_battles_sound(options: dict) -> None:
    for seed in range(4):
        check(seed, options)


def test_person_decision_and_view() -> None:
    prepared = session.prepare("skirmish", [PARTY, ENCOUNTERS["R2"]], {}, "h",
                               policies=[None, "default"])
    battle = RULESET.new_battle(prepared.setup())
    driver = Driver(battle)
    from kassen.core.decisions import NeedDecision

    with pytest.raises(NeedDecision) as info:
        driver.play_turn()
    request = info.value.request
    assert request.kind == "rs" and "none" in request.options
    driver.answer("none")
    with pytest.raises(NeedDecision) as info:
        driver.play_turn()  # the turn is re-run with the answer; the next choice is due
    assert info.value.request.kind == "ms" and battle.decider.choices == ["none"]
    view = battle.view()
    assert len(view["areas"]) == 7 and len(view["initiative"]) == 8
    assert {"id", "hp", "max_hp", "mp", "area", "statuses"} <= set(view["sides"][0]["members"][0])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_random_parties_many_seeds(seed: int) -> None:
    check(seed)


@pytest.mark.rule("§4.1")
def test_cli_battle_json_design_4_1() -> None:
    pysrc = str(Path(__file__).resolve().parents[2] / "pysrc")
    env = {**os.environ, "PYTHONPATH": pysrc}
    out = subprocess.run(
        [sys.executable, "-m", "kassen", "battle", "skirmish", "--build", PARTY, "--build",
         ENCOUNTERS["R2"], "--seed", "7", "--json"], capture_output=True, text=True,
        check=True, env=env)
    data = json.loads(out.stdout)
    assert data["result"]["reason"] in ("wipeout", "round_cap", "escape")
    member = data["sides"][0]["members"][0]
    assert {"hp", "mp", "area", "statuses", "exited"} <= set(member)
    bad = subprocess.run([sys.executable, "-m", "kassen", "battle", "skirmish", "--build",
                          "@nobody", "--build", PARTY], capture_output=True, text=True,
                         env=env)
    assert bad.returncode == 2 and "1:1" in bad.stderr
