"""Command line (design 4.1): ``battle marguerite --json`` members, reasons, turn; rulesets."""

from __future__ import annotations

import json

import pytest

from kassen.cli import main


def run_json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.rule("§14")
def test_battle_json_members_entrant_first_then_built_with_exited(capsys) -> None:
    """Design 4.1, §14: entrant first, then built 剣師 in creation order, exited included."""
    out = run_json(capsys, "battle", "marguerite", "--build", "10/1/0/4/振舞星/九尾 里奈",
                   "--build", "5/1/0/2/壁泡斬誘/城壁", "--json")
    assert out["result"] == {"winner": 0, "winner_side": 1, "reason": "wipeout", "turn": 17}
    side = out["sides"][1]["members"]
    assert [m["name"] for m in side] == ["城壁", "ウォール", "バブル"]
    assert all(m["exited"] for m in side)
    for m in side + out["sides"][0]["members"]:
        assert {"name", "hp", "max_hp", "atk", "def", "spd", "mp", "exited",
                "statuses"} <= set(m)
    assert out["sides"][1]["members"][0]["statuses"] == {"スタン": 3, "挑発": 1}
    assert out["events"] and out["link"].startswith("#m=")


def test_bad_build_exits_2_with_located_problem(capsys) -> None:
    """Design 4.1: exit 2 and ``line:column: message`` on stderr."""
    code = main(["battle", "marguerite", "--build", "10/1/0/4/斬劇剣/A", "--build",
                 "10/1/0/4/斬/B", "--lang", "ja"])
    err = capsys.readouterr().err
    assert code == 2 and "1:10:" in err and "斬撃剣" in err


def test_rulesets_json_lists_marguerite(capsys) -> None:
    """Design 4.1: id, names, options (with ja/en labels), samples."""
    out = run_json(capsys, "rulesets", "--json")
    entry = next(r for r in out if r["id"] == "marguerite")
    assert entry["random"] is False and entry["name_ja"] == "マーガレット2011α"
    assert {o["key"] for o in entry["options"]} >= {"reset", "status_phase", "negative",
                                                     "overkill", "turn0", "budget",
                                                     "simultaneous", "half_hp", "mp_costs"}


def test_option_and_replay_round_trip(capsys) -> None:
    """Share links carry options; replay gives the same digest."""
    out = run_json(capsys, "battle", "marguerite", "--build", "10/2/0/3/斬/Z", "--build",
                   "15/0/0/0//W", "--option", "reset=cycle", "--json")
    assert out["result"]["turn"] == 3
    again = run_json(capsys, "replay", out["link"], "--json")
    assert again["digest"] == out["digest"]
