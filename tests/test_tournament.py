"""tournament.formats, tournament.stats, tournament.export: pairings, intervals, determinism,
cancel, CSV."""

from __future__ import annotations

import json

import pytest

from kassen.cli import main
from kassen.tournament import export
from kassen.tournament import formats as tournament
from kassen.tournament.stats import median, wilson

BUILDS = ["Ann:20", "Bob:25", "Cid:10", "Dee:30", "Eve:15"]


def entrants(tiny, texts=BUILDS):
    return tournament.load_entrants("tiny", texts, {"limit": 10}, ["coin", "coin"])


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (5, 10, 0.236593, 0.763407),
    (0, 10, 0.0, 0.277530),
    (10, 10, 0.722470, 1.0),
    (81, 263, 0.255289, 0.366213),
])
def test_wilson_interval_known_values(k, n, low, high) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-5) and hi == pytest.approx(high, abs=1e-5)


def test_median() -> None:
    assert median([3, 1, 2]) == 2 and median([4, 1, 2, 3]) == 2.5 and median([]) is None


def test_round_robin_pairings_count_and_seatings(tiny) -> None:
    ent = entrants(tiny)
    jobs = tournament.round_robin_jobs(ent, 3, "m")
    assert len(jobs) == 10 * 2 * 3  # C(5,2) pairs x both seatings x 3 seeds
    seated = {(j.a, j.b) for j in jobs}
    assert (0, 1) in seated and (1, 0) in seated and len(seated) == 20
    assert len({j.seed for j in jobs}) == len(jobs)
    type(tiny).symmetric = True
    try:
        assert len(tournament.round_robin_jobs(ent, 3, "m")) == 10 * 3
    finally:
        type(tiny).symmetric = False
    type(tiny).random = False
    try:
        assert len(tournament.round_robin_jobs(ent, 50, "m")) == 10 * 2  # deterministic: once
    finally:
        type(tiny).random = True


def test_bracket_order_and_byes(tiny) -> None:
    assert tournament.bracket_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    table = tournament.elimination(entrants(tiny), 3, "m")
    first = table["rounds"][0]["matches"]
    assert len(first) == 4 and sum(m["bye"] for m in first) == 3  # 5 builds in an 8 bracket
    assert first[0] == {"a": 0, "b": None, "winner": 0, "bye": True}
    assert len(table["rounds"]) == 3 and table["champion"] in range(5)
    assert table["battles"] == 4 * 2 * 3  # 4 real matches x 2 seatings x 3 seeds


def test_same_master_seed_same_table_whatever_the_workers(tiny) -> None:
    ent = entrants(tiny)
    one = tournament.round_robin(ent, 4, "same", workers=1)
    two = tournament.round_robin(ent, 4, "same", workers=2)
    assert one == two
    jobs = tournament.round_robin_jobs(ent, 4, "same")
    assert sum(r["played"] for r in one["standings"]) == 2 * len(jobs)
    cell = one["matrix"][0][1]
    assert cell["games"] == 8 and cell["link"].startswith("#m=1") and cell["job"] == 0
    assert tournament.round_robin(ent, 4, "other") != one


def test_schedule_jobs_are_worked_out_from_their_index(tiny) -> None:
    """Any range of a schedule gives the same jobs as the whole list, and the tallies of
    ranges played in any order merge into the tally of the whole."""
    from kassen.tournament.schedule import Tally

    ent = entrants(tiny)
    schedule = tournament.round_robin_schedule(ent, 3, "range")
    jobs = schedule.jobs()
    assert len(schedule) == len(jobs) == 10 * 2 * 3
    assert [j.index for j in jobs] == list(range(len(jobs)))
    assert schedule.jobs(17, 29) == jobs[17:29] and schedule.jobs(55, 99) == jobs[55:]
    assert [j.index for j in jobs if schedule.opens_pairing(j.index)] == list(range(0, 60, 6))
    whole = Tally.of(jobs, tournament.run_jobs(ent, jobs))
    parts = []
    for start, stop in ((40, 60), (0, 13), (13, 40)):
        part = schedule.jobs(start, stop)
        parts += Tally.of(part, tournament.run_jobs(ent, part)).to_json()
    assert Tally.from_json(parts, 5).to_json() == whole.to_json()
    assert whole.battles == 60


def test_cell_link_opens_that_exact_battle(tiny) -> None:
    from kassen.core import session
    from kassen.core.links import parse_link

    ent = entrants(tiny)
    jobs = tournament.round_robin_jobs(ent, 2, "link")
    results = tournament.run_jobs(ent, jobs)
    table = tournament.round_robin(ent, 2, "link")
    _, record = parse_link(table["matrix"][2][3]["link"])
    outcome = session.run(session.from_record(record))
    job = next(j for j in jobs if (j.a, j.b) == (2, 3))
    assert table["matrix"][3][2]["job"] == table["matrix"][2][3]["job"] == job.index
    res = results[job.index]
    assert outcome.result.turn == res.turn
    assert (None if outcome.result.winner is None else (2, 3)[outcome.result.winner]) == res.winner


def test_cancel_stops_at_once(tiny) -> None:
    ent = entrants(tiny)
    jobs = tournament.round_robin_jobs(ent, 10, "c")
    with pytest.raises(tournament.Cancelled) as stop:
        tournament.run_jobs(ent, jobs, lambda done, total: done >= 32, every=16)
    assert len(stop.value.results) == 32


def test_cancel_of_a_tallied_run_keeps_the_tally_so_far(tiny) -> None:
    from kassen.tournament.parallel import play_schedule

    ent = entrants(tiny)
    schedule = tournament.round_robin_schedule(ent, 10, "c")
    with pytest.raises(tournament.Cancelled) as stop:
        play_schedule(ent, schedule, 1, lambda done, total: done >= 48)
    assert stop.value.tally.battles == 48 < len(schedule)


def test_bracket_is_the_same_on_several_processes(tiny) -> None:
    ent = entrants(tiny)
    one = tournament.elimination(ent, 3, "procs")
    assert tournament.elimination(ent, 3, "procs", workers=2) == one
    assert one["battles"] == 4 * 2 * 3


def test_matchup_rates_sum_to_one(tiny) -> None:
    ent = entrants(tiny, ["Ann:30", "Bob:10"])
    out = tournament.matchup(ent, 200, "mu", watched_turns=3)
    assert out["battles"] == 200
    assert out["win"]["count"] + out["draw"]["count"] + out["loss"]["count"] == 200
    assert out["win"]["rate"] > out["loss"]["rate"]
    assert out["win"]["low"] < out["win"]["rate"] < out["win"]["high"]
    assert 0 <= out["watched_percentile"] <= 1


def test_csv_and_json_round_trip(tiny) -> None:
    table = tournament.round_robin(entrants(tiny), 2, "csv")
    rows = export.read_csv(export.standings_csv(table))
    assert rows[0][0] == "rank" and len(rows) == 6
    assert [r[1] for r in rows[1:]] == [s["name"] for s in table["standings"]]
    assert float(rows[1][6]) == table["standings"][0]["points"]
    matrix = export.read_csv(export.matrix_csv(table))
    assert matrix[0][1:] == table["names"] and matrix[1][1] == ""
    assert float(matrix[1][2]) == table["matrix"][0][1]["win_rate"]["rate"]
    assert json.loads(json.dumps(table)) == table


def test_tournament_command_line(tiny, capsys, tmp_path) -> None:
    path = tmp_path / "b.txt"
    path.write_text("\n".join(BUILDS[:3]), encoding="utf-8")
    assert main(["tournament", "tiny", "--builds", str(path), "--seeds", "3", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["battles"] == 3 * 2 * 3
    assert main(["tournament", "tiny", "--builds", str(path), "--seeds", "3", "--csv"]) == 0
    assert capsys.readouterr().out.startswith("rank,name")
    assert main(["tournament", "tiny", "--builds", str(path), "--format", "elimination"]) == 0
    assert "champion" in capsys.readouterr().out
    path.write_text("Ann:20\nbad\n", encoding="utf-8")
    assert main(["tournament", "tiny", "--builds", str(path)]) == 2
    assert capsys.readouterr().err == "2:1: write name:hp [T0]\n"  # the file's line (issue 13)


def test_csv_defuses_spreadsheet_formulas_in_user_text(tiny) -> None:
    """Build names come from users: a name that starts a formula is written as text."""
    table = tournament.round_robin(entrants(tiny, ["=HYPERLINK(1):20", "@x:9", "Bob:9"]), 2, "f")
    rows = export.read_csv(export.standings_csv(table))
    assert {r[10] for r in rows[1:]} == {"'=HYPERLINK(1):20", "'@x:9", "Bob:9"}
    assert export.cell("=1+1") == "'=1+1" and export.cell("-3") == "'-3"
    assert export.cell("名前") == "名前"


def test_entrant_names_come_from_samples_and_builds_and_repeat_apart_issue_14() -> None:
    """Issue 14: standings and heatmap name builds by their sample's name, else the build's
    own or its members' names; a name given twice reads ``X``, ``X (2)``."""
    from kassen.core import registry
    from kassen.tournament.formats import load_entrants

    skirmish = registry.get("skirmish")
    party, warband = skirmish.samples[0], skirmish.samples[1]
    own = "@ゴブリン area=5; @ゴブリン area=5; @オーガ area=5"
    names = load_entrants("skirmish", [party.text, warband.text, own, party.text]).names
    assert names == [party.name, warband.name, "ゴブリン×2+オーガ", f"{party.name} (2)"]
    cardduel = registry.get("cardduel")
    texts = [cardduel.samples[3].text, "Kai:warrior year=1 base=5 max=6 th=10 fav=- hp=12",
             "Kai:warrior year=2 base=5 max=6 th=10 fav=- hp=12"]
    assert load_entrants("cardduel", texts).names == [cardduel.samples[3].name, "Kai", "Kai (2)"]
