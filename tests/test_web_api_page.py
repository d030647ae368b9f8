"""Worker API functions the page's tournament view adds: match-up and elimination, split
over workers in any order, give the same tables as ``kassen.tournament.formats``."""

from __future__ import annotations

import itertools
import json

from kassen.tournament import formats as tournament
from kassen.web import api

BUILDS = ["Ann:20", "Bob:25", "Cid:9", "Dee:14", "Eve:30"]


def _play(request: str, count: int, work: dict, slices: int = 3) -> dict:
    """Play jobs the way the page does: several workers, ranges of jobs, any order; gather
    the tallies and results."""
    bounds = [count * i // slices for i in range(slices + 1)]
    out: dict = {"tally": [], "results": []}
    for start, stop in reversed(list(itertools.pairwise(bounds))):
        answer = json.loads(api.tournament_play(request, json.dumps(
            {**work, "start": start, "stop": stop})))
        assert answer["ok"], answer
        out["tally"] += answer["tally"]
        out["results"] += answer.get("results", [])
    return out


def test_elimination_in_rounds_equals_the_core_bracket(tiny) -> None:
    request = json.dumps({"ruleset": "tiny", "builds": BUILDS, "seeds": 3, "seed": "elim",
                          "options": {"limit": 10}})
    tally: list = []
    rounds = 0
    while True:
        step = json.loads(api.elimination_next(request, json.dumps(tally)))
        assert step["ok"], step
        if step["done"]:
            break
        rounds += 1
        assert step["count"] and step["total"] == 4 * 3 * 2
        tally += _play(request, step["count"], {"format": "elimination",
                                                "round": step["round"]})["tally"]
    ent = tournament.load_entrants("tiny", BUILDS, {"limit": 10})
    expected = tournament.elimination(ent, 3, "elim")
    assert rounds == 3  # 5 entrants: a bracket of 8, three rounds
    assert step["rounds"] == expected["rounds"]
    assert step["champion"] == expected["champion"]
    assert step["battles"] == expected["battles"] == 4 * 3 * 2


def test_matchup_split_equals_the_core_matchup(tiny) -> None:
    request = json.dumps({"ruleset": "tiny", "builds": BUILDS[:2], "seeds": 40, "seed": "mu",
                          "options": {"limit": 10}, "watched_turns": 3})
    plan = json.loads(api.matchup_plan(request))
    assert plan["ok"] and plan["total"] == 40
    played = _play(request, plan["total"], {"format": "matchup"})
    table = json.loads(api.matchup_table(request, json.dumps(played["results"])))
    ent = tournament.load_entrants("tiny", BUILDS[:2], {"limit": 10})
    expected = tournament.matchup(ent, 40, "mu", watched_turns=3)
    for key in ("battles", "win", "draw", "loss", "median_turns", "reasons",
                "watched_percentile"):
        assert table[key] == expected[key], key
    assert table["first_link"].startswith("#m=")
    opened = json.loads(api.open_link(table["first_link"], "en"))
    first = tournament.matchup_jobs(ent, 40, "mu")[0]
    assert opened["ok"] and opened["record"]["seed"] == first.seed


def test_page_tournament_functions_answer_bad_input_with_problems(tiny) -> None:
    one = json.dumps({"ruleset": "tiny", "builds": ["Ann:20"], "seeds": 1})
    three = json.dumps({"ruleset": "tiny", "builds": BUILDS[:3], "seeds": 1})
    for answer in (api.matchup_plan(one), api.matchup_plan(three), api.matchup_plan("[]"),
                   api.elimination_next("nope", "[]"), api.elimination_next(three, "{bad"),
                   api.matchup_table(one, "[]")):
        data = json.loads(answer)
        assert data["ok"] is False and data["problems"][0]["message"]


def test_table_csv_is_the_command_line_csv(tiny) -> None:
    from kassen.tournament import export

    request = json.dumps({"ruleset": "tiny", "builds": BUILDS[:3], "seeds": 2, "seed": "csv",
                          "options": {"limit": 10}})
    total = json.loads(api.tournament_plan(request))["total"]
    played = _play(request, total, {"format": "round-robin"})
    table = json.loads(api.tournament_table(request, json.dumps(played["tally"])))
    for row in table["standings"]:  # as JavaScript gives it back: 5.0 -> 5
        row["points"] = int(row["points"]) if row["points"] == int(row["points"]) else row["points"]
    csv = json.loads(api.table_csv(json.dumps(table)))
    ent = tournament.load_entrants("tiny", BUILDS[:3], {"limit": 10})
    expected = tournament.round_robin(ent, 2, "csv")
    assert csv["standings"] == export.standings_csv(expected)
    assert csv["matrix"] == export.matrix_csv(expected)
    assert json.loads(api.table_csv("{}"))["ok"] is False
