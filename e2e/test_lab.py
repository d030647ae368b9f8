"""The build lab in the page (issue 18): a small search runs to its end on the worker pool,
its table equals the command line's for the same seed and evaluation count, "use this build"
fills a side's editor, a best row's link opens its battle, cancel says so and keeps the best
so far."""

from __future__ import annotations

import pytest

from e2e.helpers import wait_until as until
from kassen.core import registry
from kassen.core.rng import Rng
from kassen.lab.search import Search, Settings

pytestmark = pytest.mark.e2e

MARGUERITE = registry.get("marguerite")


def _field() -> list[str]:
    rng = Rng("e2e-lab")
    return [MARGUERITE.random_build(rng) for _ in range(5)]


def _start(page, seconds: int, seed: str = "e2e") -> None:
    page.select_option("#ruleset", "marguerite")
    page.fill("#lab-field", "\n".join(_field()))
    page.select_option("#lab-target", "counter")
    page.fill("#lab-seconds", str(seconds))
    page.fill("#lab-seed", seed)
    page.click("#lab-start")


def test_lab_search_to_its_end_and_use_this_build(app) -> None:
    page = app.page
    _start(page, seconds=2)
    page.wait_for_selector("#lab[data-state=done]", state="attached", timeout=240_000)
    result = page.evaluate("window.kassenLab")
    assert result["evaluations"] > 0 and result["best"]
    expected = Search("marguerite", _field(), {},
                      Settings(evaluations=result["evaluations"], seed="e2e")).run()
    assert result["best"] == expected["best"]
    shown = page.eval_on_selector_all("#lab-best tbody pre", "ps => ps.map(p => p.textContent)")
    assert shown == [row["text"] for row in expected["best"]]
    page.click("#lab-best tbody tr[data-row='0'] button[data-side='1']")
    until(page, "(t) => document.getElementById('build-1').value === t",
          expected["best"][0]["text"])
    link = page.get_attribute("#lab-best tbody tr[data-row='0'] a.lab-link", "href")
    assert link == expected["best"][0]["members"][0]["link"]


def test_lab_cancel_says_so_and_keeps_the_best_so_far(app) -> None:
    """Issue 25 (the test command on a busy machine): Cancel ends the search as cancelled at
    once (the busy state ends, Start is enabled again), and the search ends with the best so
    far of the rounds that finished, links included. How fast is measured, not asserted."""
    page = app.page
    _start(page, seconds=600, seed="e2e-cancel")
    until(page, "() => document.getElementById('lab').dataset.state === 'running'"
          " && document.getElementById('lab-best').querySelectorAll('tbody tr').length > 0",
          timeout=240)
    page.click("#lab-cancel")
    until(page, "() => document.getElementById('lab').dataset.state === 'cancelled'")
    assert page.is_enabled("#lab-start")
    until(page, "() => window.kassenLab?.cancelled === true")
    result = page.evaluate("window.kassenLab")
    assert result["best"] and all("link" in m for m in result["best"][0]["members"])
    # no round is counted after the cancel: the table drawn is the result's
    shown = page.eval_on_selector_all("#lab-best tbody pre", "ps => ps.map(p => p.textContent)")
    assert shown == [row["text"] for row in result["best"]]


def test_champion_search_plays_the_field_in_slices_and_equals_the_command_line(app) -> None:
    """Issue 25 (unbounded work): the champion target's field round robin is played by the
    pool in stages (lab_start plays nothing), each worker call within ``max_battles``; the
    search's table is the command line's for the same seed and evaluation count."""
    page = app.page
    page.select_option("#ruleset", "marguerite")
    page.fill("#lab-field", "\n".join(_field()))
    page.select_option("#lab-target", "champion")
    page.fill("#lab-seconds", "2")
    page.fill("#lab-seed", "e2e-champion")
    page.evaluate("() => { window.kassenLab = null; }")
    page.click("#lab-start")
    page.wait_for_selector("#lab:is([data-state=done],[data-state=idle])", state="attached",
                           timeout=240_000)
    until(page, "() => window.kassenLab !== null")
    result = page.evaluate("window.kassenLab")
    assert result["evaluations"] > 0 and result["field_best"] is not None
    expected = Search("marguerite", _field(), {}, Settings(
        target="champion", evaluations=result["evaluations"], seed="e2e-champion")).run()
    assert result["best"] == expected["best"]
    assert result["field_best"] == expected["field_best"]
    page.select_option("#lab-target", "counter")
