"""Tournament links and reports in the page (issue 16): "Share tournament" gives the command
line's ``#t=`` link; that link opened in a fresh context recomputes the same standings and
matrix (same cell links); "Download report" saves the same bytes as ``python -m kassen
tournament … --report``, with hostile names kept as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.conftest import App
from kassen import cli
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

RULESETS = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}
EVIL = ["<img src=x onerror=__pwned=1>", "</script><svg onload=__pwned=2>",
        "javascript:__pwned=3"]
if "dice" not in RULESETS:
    pytest.skip("the dice ruleset (free-text names) is not registered", allow_module_level=True)


def _builds() -> list[str]:
    samples = RULESETS["dice"]["samples"]
    return [f"name: {name}\n{samples[i % len(samples)]['text'].split(chr(10), 1)[1]}"
            for i, name in enumerate(EVIL)]


def _done(page) -> None:
    page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                           state="attached", timeout=240_000)
    assert page.get_attribute("#tournament", "data-state") == "done", page.inner_text("#t-summary")


def _shown(page) -> tuple[list[str], list[str]]:
    page.wait_for_function("() => document.querySelectorAll('#t-matrix a').length === 6")
    rows = page.eval_on_selector_all("#t-standings tbody tr",
                                     "rs => rs.map(r => r.innerText)")
    links = page.eval_on_selector_all("#t-matrix a", "as => as.map(a => a.getAttribute('href'))")
    return rows, links


def test_share_open_fresh_and_report_issue_16(app, browser, site, tmp_path: Path) -> None:
    page = app.page
    page.evaluate("window.__pwned = 0")
    page.select_option("#ruleset", "dice")
    page.fill("#t-builds", "\n---\n".join(_builds()))
    page.select_option("#t-format", "round-robin")
    page.fill("#t-seeds", "3")
    page.fill("#t-seed", "e2e-link")
    page.click("#t-start")
    _done(page)
    rows, links = _shown(page)
    assert any(EVIL[0] in row for row in rows)  # shown as text

    page.click("#t-share")
    page.wait_for_function("() => window.kassenLastTournamentShare")
    shared = page.evaluate("window.kassenLastTournamentShare")
    fragment = shared[shared.index("#"):]
    builds = tmp_path / "builds.txt"
    builds.write_text("\n---\n".join(_builds()), encoding="utf-8")
    url = page.evaluate("location.origin + location.pathname")
    report = tmp_path / "cli.html"
    args = ["tournament", "dice", "--builds", str(builds), "--seeds", "3", "--seed", "e2e-link"]
    assert cli.main([*args, "--report", str(report), "--page", url, "--json"]) == 0

    with page.expect_download() as info:
        page.click("#t-report")
    assert Path(info.value.path()).read_bytes() == report.read_bytes()
    assert page.evaluate("window.__pwned") == 0

    fresh = App(browser, site.url)
    try:
        fresh.open(fragment)
        _done(fresh.page)
        assert _shown(fresh.page) == (rows, links)
        assert fresh.page.input_value("#t-seed") == "e2e-link"
        assert fresh.page.evaluate("window.__pwned || 0") == 0
    finally:
        fresh.close()


def test_cli_prints_the_page_link(app, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    shared = app.page.evaluate("window.kassenLastTournamentShare")
    builds = tmp_path / "builds.txt"
    builds.write_text("\n---\n".join(_builds()), encoding="utf-8")
    assert cli.main(["tournament", "dice", "--builds", str(builds), "--seeds", "3",
                     "--seed", "e2e-link", "--link"]) == 0
    assert shared.endswith(capsys.readouterr().out.strip())


def test_hostile_link_shows_a_message_and_the_page_works(app) -> None:
    page = app.page
    page.evaluate("location.hash = '#t=1AAAA'")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice").strip()
    assert page.get_attribute("html", "data-engine") == "ready"
