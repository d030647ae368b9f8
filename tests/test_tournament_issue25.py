"""Tournament links and reports as hard to break as battle links (issue 25): ``#t=`` carries
the rules and engine versions and behaves like ``#m=`` (an earlier version plays under its
rules with a note, one no longer played is refused, an old link without a version opens
under today's rules with a note); a deterministic tournament's K is the 1 it plays; a
report's page URL is http(s) or file only. Each test names the issue's class it guards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kassen import ENGINE_VERSION, cli
from kassen.core import registry
from kassen.core.links import encode_payload, parse_link
from kassen.core.problems import ProblemError
from kassen.tournament import formats as tournament
from kassen.tournament.formats import open_tournament_link, play_spec, spec_of
from kassen.web import api

DUEL = registry.get("cardduel")


def duel_builds() -> list[str]:
    return [s.text for s in DUEL.samples[:3]]


@pytest.fixture
def earlier(monkeypatch) -> None:
    """The card duel as if version "0.8" had played a fixed two-battle match by default."""
    monkeypatch.setattr(type(DUEL), "earlier_defaults", {"0.8": {"format": "fixed",
                                                                 "battles": 2}})


def _link(**changes: object) -> str:
    entrants = tournament.load_entrants("cardduel", duel_builds())
    data = spec_of(entrants, "round-robin", 2, "cup25").to_json()
    data.update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del data[key]
    return "#t=" + encode_payload(data)


def test_links_carry_rules_and_engine_versions() -> None:
    """Issue 25, wrong results: a ``#t=`` link names the rules and engine versions that made
    it, and a link of today's versions opens without a note."""
    kind, spec = parse_link(_link())
    assert kind == "tournament"
    assert (spec.version, spec.engine) == (DUEL.version, ENGINE_VERSION)
    data = json.loads(api.open_link(_link(), "en"))
    assert data["ok"] and "notes" not in data
    assert data["tournament"]["rv"] == DUEL.version


def test_an_earlier_version_plays_under_its_rules_with_a_note(earlier, capsys) -> None:
    """Issue 25, wrong results: a link of rules version 0.8 plays the standings 0.8 played
    (its defaults as options), says so on the page and on the command line, and the page is
    handed today's equivalent (the options explicit)."""
    old = _link(rv="0.8")
    spec, entrants = open_tournament_link(old)
    table = play_spec(spec, entrants)
    today = tournament.load_entrants("cardduel", duel_builds(), {"format": "fixed",
                                                                 "battles": 2})
    assert table == tournament.round_robin(today, 2, "cup25")
    assert table != tournament.round_robin(tournament.load_entrants(
        "cardduel", duel_builds()), 2, "cup25")
    data = json.loads(api.open_link(old, "en"))
    assert [n["code"] for n in data["notes"]] == ["core.record_rules_earlier"]
    assert data["tournament"]["options"] == {"format": "fixed", "battles": 2}
    assert data["tournament"]["rv"] == DUEL.version
    assert cli.main(["replay", old, "--json"]) == 0
    out = capsys.readouterr()
    assert "0.8" in out.err and json.loads(out.out) == table


def test_a_version_no_longer_played_is_refused(earlier) -> None:
    """Issue 25, wrong results: like a ``#m=`` link, a version whose rules this engine no
    longer plays is refused with an explanation (not replayed under today's rules)."""
    with pytest.raises(ProblemError) as err:
        open_tournament_link(_link(rv="0.7"))
    assert [p.code for p in err.value.problems] == ["core.tournament_rules_differ"]
    data = json.loads(api.open_link(_link(rv="0.7"), "ja"))
    assert not data["ok"] and "0.7" in data["problems"][0]["message"]


def test_an_old_link_without_versions_opens_under_todays_rules_with_a_note(capsys) -> None:
    """Issue 25: links made before they carried versions keep opening, under the current
    rules, and the person is told so (page and command line)."""
    old = _link(rv=None, engine=None)
    _, spec = parse_link(old)
    assert (spec.version, spec.engine) == ("", "")
    data = json.loads(api.open_link(old, "en"))
    assert [n["code"] for n in data["notes"]] == ["core.tournament_unversioned"]
    assert cli.main(["replay", old]) == 0
    assert "carries no rules version" in capsys.readouterr().err
    other = json.loads(api.open_link(_link(engine="0.0.1"), "en"))
    assert [n["code"] for n in other["notes"]] == ["core.record_engine"]


@pytest.mark.parametrize("bad", [{"rv": 3}, {"rv": ["0.8"]}, {"engine": {}},
                                 {"rv": "x" * 300}])
def test_version_fields_of_the_wrong_shape_are_refused(bad: dict) -> None:
    """Issue 25: the new fields are checked like every other field of a link."""
    with pytest.raises(ProblemError) as err:
        parse_link(_link(**bad))
    assert [p.code for p in err.value.problems] == ["core.record_schema"]


def test_deterministic_report_and_link_say_one_battle_per_pairing(tmp_path: Path,
                                                                   capsys) -> None:
    """Issue 25, wrong results: ``tournament … --report R --page URL`` of Marguerite with K
    100 wrote "Seeds per pairing 100" for one battle per pairing; the report and the link now
    carry the 1 played, and a K the user gave is answered with a note."""
    marguerite = registry.get("marguerite")
    path = tmp_path / "builds.txt"
    path.write_text("\n".join(s.text for s in marguerite.samples[:3]) + "\n", encoding="utf-8")
    report = tmp_path / "r.html"
    assert cli.main(["tournament", "marguerite", "--builds", str(path), "--seeds", "100",
                     "--report", str(report), "--page", "https://example.org/"]) == 0
    err = capsys.readouterr().err
    assert "K 100 is not used" in err
    html = report.read_text(encoding="utf-8")
    assert "<th class=n>Seeds per pairing</th><td class=n>1</td>" in html
    assert cli.main(["tournament", "marguerite", "--builds", str(path), "--seeds", "100",
                     "--link"]) == 0
    link = capsys.readouterr().out.strip()
    assert parse_link(link)[1].seeds == 1
    assert cli.main(["tournament", "marguerite", "--builds", str(path), "--link"]) == 0
    assert capsys.readouterr().err == ""  # no K given: no note


@pytest.mark.parametrize("page", ["javascript:alert(1)//https://x/", "data:text/html,x",
                                  "JAVASCRIPT:alert(1)", "vbscript:x", "//evil.example/",
                                  "https://x/ y", "https://x/\n", 5, None, "x" * 2001])
def test_page_api_report_refuses_a_page_url_of_another_scheme(page: object) -> None:
    """Issue 25, injection: the page API's report took a ``javascript:`` page URL into its
    links; only http(s) and file URLs are accepted, as on the command line."""
    builds = [s.text for s in registry.get("marguerite").samples[:2]]
    request = json.dumps({"ruleset": "marguerite", "builds": builds, "seeds": 1})
    table = tournament.round_robin(tournament.load_entrants("marguerite", builds), 1,
                                   "tournament")
    answer = json.loads(api.tournament_report(request, json.dumps(table), page, "en"))
    assert not answer["ok"] and answer["problems"][0]["code"] == "core.bad_type"
    for good in ("https://example.org/kassen/", "http://127.0.0.1:8000/", "file:///tmp/x.html"):
        assert json.loads(api.tournament_report(request, json.dumps(table), good, "en"))["ok"]


def test_command_line_report_refuses_the_same_urls(tmp_path: Path, capsys) -> None:
    """Issue 25, injection: the command line and the page share one check."""
    path = tmp_path / "builds.txt"
    path.write_text("\n".join(s.text for s in registry.get("marguerite").samples[:2]) + "\n",
                    encoding="utf-8")
    assert cli.main(["tournament", "marguerite", "--builds", str(path), "--report",
                     str(tmp_path / "r.html"), "--page", "javascript:alert(1)//https://"]) == 2
    assert "--page" in capsys.readouterr().err
