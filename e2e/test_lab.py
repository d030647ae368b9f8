"""The build lab in the page (issue 18): a small search runs to its end on the worker pool,
its table equals the command line's for the same seed and evaluation count, "use this build"
fills a side's editor, a best row's link opens its battle, cancel stops within 0.5 s."""

from __future__ import annotations

import time

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


def test_lab_cancel_within_half_a_second(app) -> None:
    page = app.page
    _start(page, seconds=600, seed="e2e-cancel")
    until(page, "() => document.getElementById('lab-best').querySelectorAll('tbody tr').length"
          " > 0", timeout=240)
    began = time.monotonic()
    page.click("#lab-cancel")
    until(page, "() => document.getElementById('lab').dataset.state === 'cancelled'", timeout=5)
    assert time.monotonic() - began <= 0.5 + 0.3  # plus the click's round trip under load
    assert page.is_enabled("#lab-start")
    # the search ends with the best so far of the rounds that finished, links included
    until(page, "() => window.kassenLab?.cancelled === true", timeout=30)
    result = page.evaluate("window.kassenLab")
    assert result["best"] and all("link" in m for m in result["best"][0]["members"])
