"""Properties over random legal sheets and seeds; the command line (design 4.1)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen import cli
from kassen.core import registry, session
from kassen.core.driver import Driver
from kassen.core.rng import Rng
from kassen.rulesets.dice.samples import BRAWLER, STRIKER

RULESET = registry.get("dice")  # through the registry: it registers the text


def prepared(seed: int, **options):
    rng = Rng(f"xo1:sheets{seed}")
    sides = [RULESET.random_build(rng), RULESET.random_build(rng)]
    return session.prepare("dice", sides, options, f"xo1:{seed}")


def run_events(p) -> list:
    return session.events_json(session.run(p).battle)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_battles_end_and_repeat(seed: int) -> None:
    """No exception, the battle ends (≤ turn limit), the same seed gives the same events."""
    p = prepared(seed)
    out = session.run(p)
    assert out.battle.finished and out.result.turn <= 100
    assert out.result.reason in ("knockout", "double_knockout", "turn_limit",
                                 "turn_limit_draw")
    assert run_events(prepared(seed)) == session.events_json(out.battle)




def test_view_carries_the_battle_view_fields() -> None:
    """The issue's battle view reads dice, slot, LP/zone, VP, stars, gauge, flags, range,
    decision and breakdowns from view() and events."""
    p = session.prepare("dice", [BRAWLER, STRIKER], {}, "xo1:v")
    battle = p.ruleset.new_battle(p.setup())
    driver = Driver(battle)
    driver.play_turn()
    v = battle.view()
    json.dumps(v)
    assert set(v["dice"]) == {"R", "B", "Y", "G"} and v["range"] != "-"
    assert v["decision"]["by"] in ("absolute", "right", "speed", "cross", "forced")
    m = v["sides"][0]["members"][0]
    for key in ("lp", "lp_start", "vp", "stars", "ougi_stars", "stun_gauge", "flags", "zone",
                "turn_values", "statuses"):
        assert key in m
    assert m["turn_values"]["source"]["kind"] in ("slot", "line", "trigger", "none")
    assert driver.view_at(len(driver.steps) - 1) == v


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_cli_battle_json(capsys, lang: str) -> None:
    """``python -m kassen battle dice --build … --json``: members carry lp, vp, stars,
    stun gauge and flags; the reason says how it ended."""
    code = cli.main(["battle", "dice", "--build", BRAWLER, "--build",
                     STRIKER.replace("\n", "; "), "--seed", "7", "--json", "--lang", lang])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["reason"] in ("knockout", "double_knockout", "turn_limit")
    member = out["sides"][0]["members"][0]
    for key in ("lp", "vp", "stars", "stun_gauge", "flags", "exited", "statuses"):
        assert key in member


def test_cli_bad_sheet_exit_2(capsys) -> None:
    code = cli.main(["battle", "dice", "--build", "name: X\natk: 99", "--build", "name: Y"])
    assert code == 2
    assert "2:6:" in capsys.readouterr().err


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=10**12))
def test_many_random_battles(seed: int) -> None:
    out = session.run(prepared(seed))
    assert out.battle.finished
