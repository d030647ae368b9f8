"""Issue 27, the build lab: usable at 360×640 (a readable build column, "use" buttons on
screen), compact results with the whole build on demand, scores that read right (a rate with
its Wilson interval, a champion's margin, a balance's distance from its goal), a default field
that separates candidates, "counter the winning build" on a finished battle, and feedback and a
scroll after "use this build"."""

from __future__ import annotations

import re

import pytest

from e2e.helpers import wait_until
from e2e.rough import LARGE, QUIET, SIZES, SMALL, battle, set_lang

pytestmark = pytest.mark.e2e
RATE = r"\d+(?:\.\d)?/\d+ = \d+ %"


APP_CONTEXT = QUIET  # the shared ``app`` fixture of conftest opens the page with it


def search(page, system: str, target: str, seconds: int = 2, seeds: int = 4,
           field: str | None = None) -> dict:
    """Run a short search of ``system`` with the lab's own default field (or ``field``)."""
    if page.input_value("#ruleset") != system:
        page.select_option("#ruleset", system)
    if field is not None:
        page.fill("#lab-field", field)
    page.select_option("#lab-target", target)
    page.fill("#lab-seconds", str(seconds))
    page.fill("#lab-seeds", str(seeds))
    page.fill("#lab-seed", f"rough-{target}")
    page.evaluate("window.kassenLab = null")
    page.click("#lab-start")
    wait_until(page, "() => window.kassenLab"
               " && document.getElementById('lab').dataset.state === 'done'",
               timeout=300)
    return page.evaluate("window.kassenLab")


def rates(page) -> list[str]:
    return page.eval_on_selector_all("#lab-best .lab-rate", "els => els.map(e => e.textContent)")


def test_a_default_field_separates_candidates(app) -> None:
    """The lab's default field is the system's samples (not two builds), and it separates
    candidates: the samples themselves, scored as counter candidates against that field
    (points per battle, both seatings, Marguerite being deterministic), do not all tie. A
    timed search's own table is not asserted here: how many builds it reaches, and so whether
    its best rows tie at 100 %, depends on the machine's speed."""
    from kassen.core import registry, session

    page = app.page
    page.select_option("#ruleset", "marguerite")
    samples = page.evaluate(
        "window.kassen.info.rulesets.find(r => r.id === 'marguerite').samples.length")
    field = [b for b in re.split(r"\n", page.input_value("#lab-field")) if b.strip()]
    assert len(field) == samples > 2
    texts = [s.text for s in registry.get("marguerite").samples]
    assert sorted(field) == sorted(texts)
    scores = set()
    for me in texts:
        points = 0.0
        for other in texts:
            for seats in ((me, other), (other, me)):
                result = session.run(session.prepare("marguerite", list(seats))).result
                mine = seats.index(me) if seats[0] != seats[1] else 0
                points += 1.0 if result.winner == mine else 0.5 if result.winner is None else 0
        scores.add(points / (2 * len(texts)))
    assert len(scores) >= 3, scores


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_scores_read_right(app, lang: str) -> None:
    page = app.page
    set_lang(page, lang)
    try:
        result = search(page, "marguerite", "champion")
        shown = rates(page)
        assert shown and all(re.match(RATE, s) for s in shown), shown
        assert not any(re.search(r"\(.*%.*–.*%\)", s) for s in shown), shown
        top = result["best"][0]
        assert f"{top['wins'] + top['draws'] / 2:g}/{top['battles']}" in shown[0]
        assert re.search(r"[+−]\d+\.\d pt", shown[0])
        search(page, "dice", "counter", field=page.evaluate(
            "window.kassen.info.rulesets.find(r => r.id === 'dice').samples[1].text + '\\n---'"))
        for text in rates(page):
            m = re.match(r"(\S+)/(\d+) = (\d+) % \[(\d+)–(\d+) %\]$", text)
            assert m, text
            assert int(m[4]) <= int(m[3]) <= int(m[5])
        search(page, "skirmish", "balance", seeds=2, field=page.evaluate(
            "window.kassen.info.rulesets.find(r => r.id === 'skirmish').samples[0].text"))
        for text in rates(page):
            assert re.search(RATE + r" \[\d+–\d+ %\] · \d+\.\d pt", text), text
            assert "50 %" in text
    finally:
        set_lang(page, "ja")


def test_skirmish_results_are_a_compact_line_up_with_details_on_demand(app) -> None:
    page = app.page
    result = search(page, "skirmish", "balance", seeds=2, field=page.evaluate(
        "window.kassen.info.rulesets.find(r => r.id === 'skirmish').samples[0].text"))
    assert result["best"]
    rows = page.eval_on_selector_all("#lab-best tbody tr", """rows => rows.map(r => ({
        height: r.getBoundingClientRect().height,
        lineup: r.querySelector('.lab-lineup').textContent,
        open: r.querySelector('details').open }))""")
    for row, best in zip(rows, result["best"], strict=True):
        assert not row["open"] and row["height"] < 120, row
        assert len(row["lineup"]) < len(best["text"]) or len(best["text"]) <= 60
    page.click("#lab-best tbody tr[data-row='0'] .lab-lineup")
    assert page.is_visible("#lab-best tbody tr[data-row='0'] pre.lab-text")
    assert page.inner_text("#lab-best tbody tr[data-row='0'] pre.lab-text").strip() == \
        result["best"][0]["text"].strip()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_lab_is_usable_at_360(app, lang: str) -> None:
    page = app.page
    set_lang(page, lang)
    page.set_viewport_size(SMALL)
    try:
        search(page, "marguerite", "counter")
        page.evaluate("document.getElementById('lab-best').scrollIntoView()")
        sizes = page.eval_on_selector_all("#lab-best tbody tr", """rows => rows.map(r => ({
            build: r.querySelector('.lab-build').getBoundingClientRect().width,
            buttons: [...r.querySelectorAll('.lab-use')]
              .map(b => b.getBoundingClientRect().toJSON()) }))""")
        assert sizes
        for row in sizes:
            assert row["build"] >= 200, row
            assert all(b["left"] >= 0 and b["right"] <= SMALL["width"] for b in row["buttons"]), row
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
    finally:
        page.set_viewport_size(LARGE)
        set_lang(page, "ja")


@pytest.mark.parametrize("size", SIZES)
def test_use_this_build_says_so_and_shows_the_editor(app, size: str) -> None:
    page = app.page
    page.set_viewport_size(SIZES[size])
    try:
        result = search(page, "marguerite", "counter")
        page.click("#lab-best tbody tr[data-row='0'] button[data-side='1']")
        wait_until(page, "(t) => document.getElementById('build-1').value === t",
                   result["best"][0]["text"])
        wait_until(page, """() => {
            const f = document.querySelector('fieldset.side[data-side="1"]');
            const r = f.getBoundingClientRect();
            return r.top >= -2 && r.top < innerHeight / 2; }""", timeout=10)
        note = page.inner_text("fieldset.side[data-side='1'] .copy-note")
        assert note.strip()
    finally:
        page.set_viewport_size(LARGE)


def test_counter_the_winning_build_from_a_finished_battle(app) -> None:
    page = app.page
    assert page.is_hidden("#lab-counter") or page.evaluate("!!window.kassen.currentBattle()")
    steps = battle(page, "dice")
    assert steps > 1
    assert page.is_visible("#lab-counter")
    b = page.evaluate("window.kassen.currentBattle()")
    winner = b["result"]["winner"]
    expected = b["record"]["sides"][winner if winner in (0, 1) else 1]
    page.fill("#lab-seconds", "1")
    page.click("#lab-counter")
    assert page.input_value("#lab-field").strip().removesuffix("---").strip() == expected.strip()
    assert page.input_value("#lab-target") == "counter"
    wait_until(page,
               "() => ['running', 'done'].includes(document.getElementById('lab').dataset.state)")
    wait_until(page, "() => document.getElementById('lab').dataset.state !== 'running'",
               timeout=300)
