"""A small round robin in the page: progress advances, the page stays responsive, a matrix
cell opens exactly its battle (same digest as CPython), CSV equals the command line's, cancel
says so and counts nothing after it (its latency: ``scripts/bench_browser.py --cancel``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.helpers import wait_until as until
from kassen.tournament import export
from kassen.tournament import formats as tournament
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

RULESETS = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}
PREFERRED = [r for r in ("marguerite", "cardduel", "skirmish", "dice") if r in RULESETS]
RULESET = PREFERRED[0] if PREFERRED else None
if RULESET is None:
    pytest.skip("no ruleset registered", allow_module_level=True)

WATCH = """() => {
  window.__progress = [];
  const bar = document.getElementById("t-progress");
  new MutationObserver(() => window.__progress.push(bar.value))
    .observe(document.getElementById("t-progress-text"),
             { childList: true, characterData: true, subtree: true });
}"""


RANDOM = next((r for r in ("cardduel", "skirmish", "dice") if r in RULESETS), RULESET)


def _builds(ruleset: str = RULESET) -> list[str]:
    """Four sample builds that are valid under the default options."""
    texts = [s["text"] for s in RULESETS[ruleset]["samples"]
             if json.loads(cpython_api.validate(ruleset, s["text"], "en"))["ok"]]
    return texts[:4]


def _start(page, builds: list[str], seeds: int, fmt: str = "round-robin",
           ruleset: str = RULESET) -> None:
    page.select_option("#ruleset", ruleset)
    sep = "\n---\n" if any("\n" in b for b in builds) else "\n"
    page.fill("#t-builds", sep.join(builds))
    page.select_option("#t-format", fmt)
    page.fill("#t-seeds", str(seeds))
    page.fill("#t-seed", "e2e-master")
    page.click("#t-start")


def test_round_robin_progress_responsive_and_cells_open_their_battle(app) -> None:
    page = app.page
    builds = _builds()
    page.evaluate(WATCH)
    _start(page, builds, seeds=4)
    page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                           state="attached", timeout=240_000)
    assert page.get_attribute("#tournament", "data-state") == "done", page.inner_text("#t-summary")
    progress = page.evaluate("window.__progress")
    total = page.evaluate("document.getElementById('t-progress').max")
    assert len(set(progress)) >= 3 and progress[-1] == total, progress
    assert progress == sorted(progress)
    # The 50 ms goal for the main thread's longest task is measured by the browser benchmark
    # (scripts/bench_browser.py), not asserted here: a busy shared machine stretches any task
    # (issue 25). What can be asserted: no Python runs on the main thread, the battles were
    # played by the pool's workers.
    assert page.evaluate("() => typeof window.pyodide === 'undefined'"
                         " && typeof window.loadPyodide === 'undefined'")

    ent = tournament.load_entrants(RULESET, builds)
    expected = tournament.round_robin(ent, 4, "e2e-master")
    rows = page.eval_on_selector_all("#t-standings tbody tr",
                                     "rs => rs.map(r => r.children[1].textContent)")
    assert rows == [r["name"] for r in expected["standings"]]

    cell = page.query_selector("#t-matrix a[data-row='0'][data-col='1']")
    link = cell.get_attribute("href")
    assert link == expected["matrix"][0][1]["link"]
    cell.click()
    page.wait_for_selector("#viewer:not([hidden])")
    native = json.loads(cpython_api.open_link(link, "en"))
    seed = native["record"]["seed"]
    until(page, "(s) => window.kassen.currentBattle()?.record?.seed === s", seed)
    in_page = page.evaluate("window.kassen.currentBattle().digest")
    assert in_page == native["digest"]

    with page.expect_download() as info:
        page.click("#t-csv-standings")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text == export.standings_csv(expected)


def test_sorting_by_a_header(app) -> None:
    page = app.page
    page.click("#t-standings button[data-key=name]")
    names = page.eval_on_selector_all("#t-standings tbody th", "hs => hs.map(h => h.textContent)")
    assert names == sorted(names)
    header = "#t-standings th:has(button[data-key=name])"
    assert page.get_attribute(header, "aria-sort") == "ascending"


def test_language_switch_redraws_the_table_in_the_other_language(app) -> None:
    page = app.page
    cells = page.eval_on_selector_all("#t-matrix a", "as => as.map(a => a.getAttribute('href'))")
    lang = page.evaluate("document.documentElement.lang")
    other = "en" if lang == "ja" else "ja"
    page.click(f"button[data-lang={other}]")
    caption = {"en": "Win rates", "ja": "勝率表"}[other]
    until(page, "(c) => document.querySelector('#t-matrix caption')?.textContent.startsWith(c)"
          " && document.querySelectorAll('#t-matrix a').length > 0", caption)
    until(page, "(n) => document.querySelectorAll('#t-matrix a').length === n", len(cells))
    again = page.eval_on_selector_all("#t-matrix a", "as => as.map(a => a.getAttribute('href'))")
    assert again == cells and len(cells) == 4 * 3
    page.click(f"button[data-lang={lang}]")


def test_cancel_says_so_and_no_result_arrives_after_it(app) -> None:
    """Issue 25 (the test command on a busy machine): Cancel ends the run as cancelled, says
    so, and no result is counted after it, even once every slice in flight has come back.
    How fast it stops is measured, not asserted (``scripts/bench_browser.py --cancel``)."""
    page = app.page
    _start(page, _builds(RANDOM), seeds=200, ruleset=RANDOM)
    until(page, "() => (window.kassenTournament?.done || 0) > 0")
    page.click("#t-cancel")
    page.wait_for_selector("#tournament[data-state=cancelled]", state="attached",
                           timeout=120_000)
    counted = "() => [window.kassenTournament.done, document.getElementById('t-progress').value]"
    at_cancel = page.evaluate(counted)
    page.evaluate("() => window.kassenPool.idle()")
    assert page.evaluate(counted) == at_cancel
    assert at_cancel[0] < page.evaluate("document.getElementById('t-progress').max")
    lang = page.evaluate("document.documentElement.lang")
    assert page.text_content("#t-progress-text") == {"ja": "中止しました", "en": "cancelled"}[lang]
    assert page.is_enabled("#t-start")


def _exported(page) -> dict:
    with page.expect_download() as info:
        page.click("#t-json")
    return json.loads(Path(info.value.path()).read_text(encoding="utf-8"))


@pytest.mark.parametrize("fmt", ["elimination", "matchup"])
def test_elimination_and_matchup_in_the_pool_equal_the_command_line(app, fmt) -> None:
    """Issue 7: the page's bracket (rounds handed to the pool one at a time) and match-up
    give the tables kassen.core gives, and the JSON export carries them."""
    page = app.page
    builds = _builds(RANDOM)
    seeds = 6
    _start(page, builds, seeds=seeds, fmt=fmt, ruleset=RANDOM)
    page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                           state="attached", timeout=240_000)
    assert page.get_attribute("#tournament", "data-state") == "done", page.inner_text("#t-summary")
    table = _exported(page)
    if fmt == "elimination":
        expected = tournament.elimination(tournament.load_entrants(RANDOM, builds), seeds,
                                          "e2e-master")
        assert table["rounds"] == expected["rounds"]
        assert table["champion"] == expected["champion"]
        assert table["battles"] == expected["battles"] > 0
        link = expected["rounds"][0]["matches"][0]["link"]
        assert page.query_selector(f"#t-summary a[href='{link}']") is not None
    else:
        expected = tournament.matchup(tournament.load_entrants(RANDOM, builds[:2]), seeds,
                                      "e2e-master")
        for key in ("battles", "win", "draw", "loss", "median_turns", "reasons", "first_link"):
            assert table[key] == expected[key], key


def test_tables_name_builds_and_tell_repeats_apart_issue_14(app) -> None:
    """Issue 14: standings and heatmap show the builds' names (sample names), a build given
    twice reads ``X (2)``; a match-up names both sides."""
    page = app.page
    samples = RULESETS[RULESET]["samples"]
    builds = [samples[0]["text"], samples[1]["text"], samples[0]["text"]]
    _start(page, builds, seeds=1)
    page.wait_for_selector("#tournament[data-state=done]", state="attached", timeout=240_000)
    rows = page.eval_on_selector_all("#t-standings tbody th", "hs => hs.map(h => h.textContent)")
    first, second = samples[0]["name"], samples[1]["name"]
    assert sorted(rows) == sorted([first, second, f"{first} (2)"])
    heads = page.eval_on_selector_all("#t-matrix tbody th", "hs => hs.map(h => h.textContent)")
    assert heads == [f"1. {first}", f"2. {second}", f"3. {first} (2)"]
    _start(page, builds[:2], seeds=1, fmt="matchup")
    page.wait_for_selector("#tournament[data-state=done]", state="attached", timeout=240_000)
    title = page.inner_text("#t-summary .matchup-title")
    assert first in title and second in title
    # the pool's workers start without a SharedArrayBuffer warning (calls go by message)
    assert [m for m in app.console if "SharedArrayBuffer" in m] == []


def test_an_old_tournament_link_opens_with_a_note(app) -> None:
    """Issue 25: a ``#t=`` link made before links carried a rules version still opens and
    plays, under today's rules, and the page says so (the engine's note, as text)."""
    from kassen.core.links import encode_payload

    builds = _builds(RULESET)[:2]
    payload = {"v": 1, "ruleset": RULESET, "format": "round-robin", "seeds": 1,
               "seed": "e2e-old", "builds": builds}
    page = app.page
    page.evaluate("(f) => { location.hash = f; }", "#t=" + encode_payload(payload))
    until(page, "() => !document.getElementById('notice').hidden")
    notice = page.inner_text("#notice")
    lang = page.evaluate("document.documentElement.lang")
    assert {"en": "carries no rules version", "ja": "ルール版がありません"}[lang] in notice
    page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                           state="attached", timeout=240_000)
    assert page.get_attribute("#tournament", "data-state") == "done"
