"""Tournament links and reports (issue 16): ``#t=`` round trip, hostile links refused with a
located problem, the report escaped and self-contained, the command line's verbs."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

import pytest

from kassen import cli
from kassen.core import registry
from kassen.core.links import MAX_LINK_CHARS, encode_payload, parse_link, tournament_link
from kassen.core.problems import ProblemError
from kassen.core.tournament_link import TournamentSpec
from kassen.tournament import formats as tournament
from kassen.tournament.formats import open_tournament_link, play_spec, spec_entrants, spec_of
from kassen.tournament.report import tournament_report

EVIL = ["<img src=x onerror=__pwned=1>", "</script><svg onload=__pwned=2>",
        "javascript:__pwned=3"]


def dice_builds() -> list[str]:
    """Three dice sheets named with the hostile names of e2e/test_data.py."""
    samples = registry.get("dice").samples
    return [f"name: {name}\n{samples[i % len(samples)].text.split(chr(10), 1)[1]}"
            for i, name in enumerate(EVIL)]


def spec(fmt: str = "round-robin", builds: list[str] | None = None) -> TournamentSpec:
    entrants = tournament.load_entrants("dice", builds or dice_builds())
    return spec_of(entrants, fmt, 3, "cup")


def codes(link: str) -> list[str]:
    with pytest.raises(ProblemError) as err:
        open_tournament_link(link)
    problems = err.value.problems
    assert all(p.located("en") and p.located("ja") for p in problems)
    return [p.code for p in problems]


def test_round_trip_recomputes_the_same_table_design_4_2() -> None:
    made = spec()
    link = tournament_link(made)
    assert link.startswith("#t=1")
    opened, entrants = open_tournament_link("https://example.org/kassen/" + link)
    assert opened == made
    direct = play_spec(made, tournament.load_entrants("dice", dice_builds()))
    again = play_spec(opened, entrants)
    assert again == direct  # same standings, matrix and cell links
    assert all(c is None or c["link"].startswith("#m=") for line in again["matrix"] for c in line)


@pytest.mark.parametrize("fmt", ["elimination", "matchup"])
def test_other_formats_round_trip(fmt: str) -> None:
    builds = dice_builds()[:2] if fmt == "matchup" else None
    made = spec(fmt, builds)
    opened, entrants = open_tournament_link(tournament_link(made))
    assert opened.format == fmt and play_spec(opened, entrants) == play_spec(made, entrants)


def test_hostile_links_give_located_problems_design_4_2() -> None:
    link = tournament_link(spec())
    assert codes(link[:-7])[0] in ("core.link_inflate", "core.link_base64")  # truncated
    assert codes("#t=1" + "A" * (MAX_LINK_CHARS + 10)) == ["core.link_too_long"]  # oversize
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    import base64
    packed = bomb.compress(b"[" + b" " * 5_000_000) + bomb.flush()
    assert len(packed) < 12_000
    assert codes("#t=1" + base64.urlsafe_b64encode(packed).decode().rstrip("=")) \
        == ["core.link_too_large"]  # inflation bomb
    assert codes(link + "&x=1") == ["core.link_trailing"]
    good = spec().to_json()
    for field, value in [("seeds", "3"), ("seeds", 3.0), ("builds", "a"), ("builds", [1]),
                         ("format", "swiss"), ("seed", 5), ("ruleset", 5), ("v", 2),
                         ("options", [1]), ("builds", ["x" * 5000])]:
        assert codes("#t=" + encode_payload({**good, field: value})) == ["core.record_schema"]
    assert codes("#t=" + encode_payload([good])) == ["core.record_schema"]
    thousands = {**good, "builds": ["a"] * 5000}  # compresses to a few bytes
    assert codes("#t=" + encode_payload(thousands)) == ["core.too_many_builds"]
    assert codes("#t=" + encode_payload({**good, "seeds": 0})) == ["core.bad_count"]
    assert codes("#t=" + encode_payload({**good, "seed": "x" * 201})) == ["core.bad_seed"]
    assert codes("#t=" + encode_payload({**good, "seeds": 10_000,
                                         "builds": good["builds"] * 40})) \
        == ["core.too_many_battles"]
    bad_build = {**good, "builds": [*good["builds"][:2], "name: x\nnonsense"]}
    assert codes("#t=" + encode_payload(bad_build))
    assert codes("#t=" + encode_payload({**good, "format": "matchup"})) == ["core.wrong_side_count"]
    assert codes("#m=" + encode_payload(good)) == ["core.record_schema"]  # not a record
    assert parse_link(link)[0] == "tournament"


def test_report_escapes_names_and_needs_nothing_issue_16() -> None:
    made = spec()
    table = play_spec(made, spec_entrants(made))
    page = 'https://example.org/k/index.html?a="b"#old'
    html = tournament_report(table, made, page)
    for name in EVIL:
        assert name not in html or "<" not in name
        assert name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in html
    assert "<script" not in html.lower() and "<img" not in html and "<svg" not in html
    assert re.findall(r"<(?:link|iframe|object|embed|img|script)\b", html) == []
    assert "default-src 'none'" in html and "style=" not in html
    hrefs = re.findall(r'href="([^"]*)"', html)
    cell_links = {c["link"] for line in table["matrix"] for c in line if c}
    assert {h.split("#", 1)[1] for h in hrefs} == {tournament_link(made)[1:]} | \
        {x[1:] for x in cell_links}
    assert all(h.startswith("https://example.org/k/index.html?a=&quot;b&quot;#") for h in hrefs)


def test_cli_link_replay_and_report_agree(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    builds = tmp_path / "b.txt"
    builds.write_text("\n---\n".join(dice_builds()), encoding="utf-8")
    base = ["tournament", "dice", "--builds", str(builds), "--seeds", "3", "--seed", "cup"]
    assert cli.main([*base, "--link"]) == 0
    link = capsys.readouterr().out.strip()
    assert link == tournament_link(spec())
    page = ["--page", "https://example.org/k/"]
    assert cli.main([*base, "--json", "--report", str(tmp_path / "a.html"), *page]) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.main(["replay", link, "--json", "--report", str(tmp_path / "b.html"), *page]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()
    assert cli.main(["replay", link, "--csv"]) == 0
    assert capsys.readouterr().out.startswith("rank")
    assert cli.main(["replay", link + " zz"]) == 2
    assert "extra text" in capsys.readouterr().err


def test_page_api_link_and_report_equal_the_command_line_issue_16() -> None:
    """The worker API's link and report (the page's path: slices, tallies, links put on the
    cells, the table sent back as JSON) equal the core's, byte for byte."""
    from kassen.web import api

    req = {"ruleset": "dice", "builds": dice_builds(), "options": {}, "seeds": 3, "seed": "cup",
           "format": "round-robin"}
    text = json.dumps(req)
    link = json.loads(api.tournament_link(text))["link"]
    assert link == tournament_link(spec())
    total = json.loads(api.tournament_plan(text))["total"]
    played = json.loads(api.tournament_play(text, json.dumps(
        {"format": "round-robin", "start": 0, "stop": total, "links": True})))
    table = json.loads(api.tournament_table(text, json.dumps(played["tally"])))
    links = dict(played["links"])
    for line in table["matrix"]:
        for cell in line:
            if cell:
                cell["link"] = links[cell["job"]]
    table.update(format="round-robin", request=req, seconds=1.5)
    page = "http://127.0.0.1:8000/index.html"
    html = json.loads(api.tournament_report(text, json.dumps(table), page, "en"))["html"]
    made = spec()
    assert html == tournament_report(play_spec(made, spec_entrants(made)), made, page)
    opened = json.loads(api.open_link(link))
    assert opened["kind"] == "tournament" and opened["tournament"] == made.to_json()
    assert not json.loads(api.open_link(link[:-3]))["ok"]


def test_too_big_a_tournament_gets_no_link_but_a_report() -> None:
    """A link longer than links may be would never open: refused when made, and the report
    leaves it out (design 4.2's length limit)."""
    import random

    rng = random.Random(7)  # test data only, not engine randomness
    texts = [f"{rng.getrandbits(600):x}" for _ in range(200)]  # only the size matters here
    made = TournamentSpec("dice", "round-robin", 1, "cup", texts)
    with pytest.raises(ProblemError) as err:
        tournament_link(made)
    assert err.value.problems[0].code == "core.link_too_long"
    html = tournament_report({"format": "round-robin"}, made, "https://x.org/")
    assert "#t=" not in html


def test_cli_report_needs_the_page_url(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """``--report`` without ``--page`` is refused before anything is played."""
    link = tournament_link(spec())
    assert cli.main(["replay", link, "--report", str(tmp_path / "r.html")]) == 2
    assert "--page" in capsys.readouterr().err and not (tmp_path / "r.html").exists()
    assert cli.main(["replay", link, "--report", str(tmp_path / "no" / "r.html"),
                     "--page", "https://x.org/"]) == 2
    assert "--report" in capsys.readouterr().err
