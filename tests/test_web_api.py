"""kassen.web.api: JSON in, JSON out, never raises (the page's worker API)."""

from __future__ import annotations

import json

from kassen.web import api


def test_hello_lists_rulesets(tiny) -> None:
    data = json.loads(api.hello())
    assert data["ok"] and data["engine"] and "tiny" in [r["id"] for r in data["rulesets"]]


def test_validate_reports_located_problems_in_both_languages(tiny) -> None:
    good = json.loads(api.validate("tiny", "Ann:07", "en"))
    assert good == {"ok": True, "canonical": "Ann:7", "problems": []}
    bad = json.loads(api.validate("tiny", "Ann", "ja"))
    assert not bad["ok"] and bad["problems"][0]["message"] == "書式は 名前:HP です"


def test_battle_has_steps_with_views_texts_and_a_link(tiny) -> None:
    data = json.loads(api.battle(json.dumps({"ruleset": "tiny", "sides": ["Ann:20", "Bob:25"],
                                             "seed": "w", "lang": "ja"})))
    assert data["ok"]
    step = data["steps"][0]
    assert step["view"]["sides"][0]["members"][0]["name"] == "Ann"
    assert step["text"]["ja"] == ["ターン1"] and step["text"]["en"] == ["Turn 1"]
    again = json.loads(api.open_link(data["link"], "en"))
    assert again["digest"] == data["digest"]
    assert json.loads(api.digest(json.dumps(data["record"])))["digest"] == data["digest"]


def test_bad_requests_answer_with_problems(tiny) -> None:
    for text in ("not json", "[]", json.dumps({"ruleset": "tiny", "sides": ["x"]})):
        data = json.loads(api.battle(text))
        assert data["ok"] is False and data["problems"][0]["message"]
    data = json.loads(api.open_link("#m=1AAAA", "ja"))
    assert data["ok"] is False and data["problems"][0]["code"] == "core.link_inflate"
    assert json.loads(api.share_build("tiny", "Ann:5"))["link"].startswith("#b=")


def test_tournament_split_over_workers_matches_one_process(tiny) -> None:
    """Issue 7: ranges of jobs played by different workers, in any order, give the
    one-process table, and the links the workers make while playing are the links the command
    line puts in the matrix."""
    from kassen.tournament import formats as tournament

    request = json.dumps({"ruleset": "tiny", "builds": ["Ann:20", "Bob:25", "Cid:9"],
                          "seeds": 3, "seed": "page", "options": {"limit": 10}})
    plan = json.loads(api.tournament_plan(request))
    assert plan["ok"] and plan["total"] == 3 * 2 * 3 and "jobs" not in plan
    tally, links = [], {}
    for start, stop in ((10, 18), (0, 4), (4, 10)):
        work = {"format": "round-robin", "start": start, "stop": stop, "links": True}
        answer = json.loads(api.tournament_play(request, json.dumps(work)))
        assert answer["ok"] and "results" not in answer
        tally += answer["tally"]
        links.update(dict(answer["links"]))
    assert sorted(links) == [0, 6, 12]  # one link per pairing: both of its cells share it
    table = json.loads(api.tournament_table(request, json.dumps(tally)))
    for line in table["matrix"]:
        for cell in line:
            if cell is not None:
                assert "link" not in cell
                cell["link"] = links[cell["job"]]
    ent = tournament.load_entrants("tiny", ["Ann:20", "Bob:25", "Cid:9"], {"limit": 10})
    expected = tournament.round_robin(ent, 3, "page")
    assert table["standings"] == expected["standings"]
    assert table["matrix"] == expected["matrix"]
    assert table["battles"] == expected["battles"] == 18


def test_tournament_play_and_table_refuse_bad_work_with_problems(tiny) -> None:
    """Bad slices and tallies from a page get a located problem, never an exception."""
    request = json.dumps({"ruleset": "tiny", "builds": ["Ann:20", "Bob:25"], "seeds": 1})
    bad_work = ["{}", "[]", '{"format": "round-robin", "start": 2, "stop": 1}',
                '{"format": "round-robin", "start": 0, "stop": 99999}',
                '{"format": "swiss", "start": 0, "stop": 1}',
                '{"format": "elimination", "start": 0, "stop": 1, "round": {"pairs": [[0, 0]]}}',
                '{"format": "elimination", "start": 0, "stop": 1, "round": {"pairs": [[0, 1]],'
                ' "games": 0, "seatings": 1, "prefix": "x"}}']
    for work in bad_work:
        answer = json.loads(api.tournament_play(request, work))
        assert answer["ok"] is False and answer["problems"][0]["message"], work
    for tally in ("{}", "[[0, 1, 1, 2, 0, 0]]", "[[1, 0, 1, 0, 0, 0]]", "[[0, 5, 1, 0, 0, 0]]",
                  '[["0", 1, 1, 0, 0, 0]]', "[[0, 1, -1, 0, 0, 0]]", "nope"):
        for call in (api.tournament_table, api.elimination_next):
            answer = json.loads(call(request, tally))
            assert answer["ok"] is False and answer["problems"][0]["message"], tally
    past_the_end = {"format": "round-robin", "start": 2, "stop": 50}  # 2 jobs in all
    assert json.loads(api.tournament_play(request, json.dumps(past_the_end)))["tally"] == []


def test_person_plays_through_the_page_api(tiny) -> None:
    """A side with no policy gets a pending request; answering continues the same battle."""
    request = {"ruleset": "tiny", "sides": ["Ann:9", "Bob:9"], "seed": "p",
               "policies": [None, "always"], "choices": []}
    reference = json.loads(api.battle(json.dumps({**request, "policies": ["always", "always"]})))
    rounds = 0
    while True:
        data = json.loads(api.battle(json.dumps(request)))
        assert data["ok"]
        if data["result"] is not None:
            break
        pending = data["pending"]
        assert pending["side"] == 0 and pending["options"] == ["hit", "guard"]
        # the interrupted turn's steps up to the decision are there to show
        assert data["partial_from"] == len(data["steps"]) - 1
        assert data["steps"][-1]["text"]["en"] == [f"Turn {rounds + 1}"]
        request["choices"] = data["record"]["choices"] + ["hit"]
        rounds += 1
    assert rounds == reference["result"]["turn"]
    assert data["digest"] == reference["digest"]


def test_digests_of_many_records_match_one_by_one(tiny) -> None:
    records = []
    for seed in ("a", "b", "c"):
        data = json.loads(api.battle(json.dumps({"ruleset": "tiny", "sides": ["Ann:9", "Bob:9"],
                                                 "seed": seed})))
        records.append((data["record"], data["digest"]))
    answer = json.loads(api.digests(json.dumps([r for r, _ in records])))
    assert answer["digests"] == [d for _, d in records]
    assert json.loads(api.digests("[1]"))["ok"] is False
