"""Data from users and links: hostile names are shown as text everywhere and never run; a
corrupted saved-builds store is reported and kept, and the page still starts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.conftest import App
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

RULESETS = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}
CORRUPT = '{"kassen": "builds", "version": 1, "ruleset": "dice", "builds": [{"name": 5'
EVIL = ["<img src=x onerror=__pwned=1>", "</script><svg onload=__pwned=2>",
        "javascript:__pwned=3"]
# every handler an injected element could run sets window.__pwned
SETUP = (
    "window.__pwned = 0;\n"
    "if (!sessionStorage.getItem('seeded')) {\n"
    "  sessionStorage.setItem('seeded', '1');\n"
    f"  localStorage.setItem('kassen.builds.dice', {json.dumps(CORRUPT)});\n"
    "}\n")


def _dice(name: str, index: int) -> str:
    sample = RULESETS["dice"]["samples"][index]
    first = sample["text"].split("\n", 1)
    return f"name: {name}\n{first[1]}"


@pytest.fixture(scope="module")
def app(browser, site):
    if "dice" not in RULESETS:
        pytest.skip("the dice ruleset (free-text names) is not registered")
    site.start()
    application = App(browser, site.url)
    application.context.add_init_script(SETUP)
    application.open()
    yield application
    application.close()


def test_corrupted_store_is_reported_kept_and_exported(app) -> None:
    page = app.page
    assert page.get_attribute("html", "data-engine") == "ready"
    page.select_option("#ruleset", "dice")
    page.wait_for_selector("#saved-problem:not([hidden])")
    assert page.is_visible("#saved-discard")
    page.fill("#saved-name", "mine")
    page.click("#saved-save-0")
    assert page.evaluate("localStorage.getItem('kassen.builds.dice')") == CORRUPT
    assert page.inner_text("#saved-list") .strip() == "mine"
    with page.expect_download() as info:
        page.click("#saved-export")
    data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert data["unreadable"]["raw"] == CORRUPT
    assert [b["name"] for b in data["builds"]] == ["mine"]
    page.select_option("#saved-list", index=0)
    page.fill("#build-1", "")
    page.click("#saved-load-1")
    assert page.input_value("#build-1") == page.input_value("#build-0")


def test_hostile_names_are_text_everywhere_and_never_run(app) -> None:
    page = app.page
    page.select_option("#ruleset", "dice")
    page.fill("#build-0", _dice(EVIL[0], 0))
    page.fill("#build-1", _dice(EVIL[1], 1))
    page.click("#battle")
    page.wait_for_selector("#viewer:not([hidden])")
    # the whole battle, which follows its first beat (issue 29)
    page.wait_for_function("() => window.kassen.currentBattle() !== null")
    page.click("#next")
    page.click("#next")
    assert EVIL[0] in page.inner_text("#board") + page.inner_text("#log")
    assert EVIL[0] in page.title()
    # a battle link carrying the names, opened fresh
    link = page.evaluate("window.kassen.currentBattle().link")
    page.evaluate("(l) => { location.hash = ''; location.hash = l; }", link)
    page.wait_for_selector("#viewer:not([hidden])")
    # tournament tables
    page.fill("#t-builds", "\n---\n".join([_dice(EVIL[0], 0), _dice(EVIL[1], 1),
                                            _dice(EVIL[2], 2)]))
    page.select_option("#t-format", "round-robin")
    page.fill("#t-seeds", "2")
    page.click("#t-start")
    page.wait_for_selector("#tournament[data-state=done]", state="attached", timeout=240_000)
    standings = page.inner_text("#t-standings")
    assert EVIL[0] in standings and EVIL[1] in standings and EVIL[2] in standings
    page.select_option("#t-format", "elimination")
    page.click("#t-start")
    page.wait_for_selector("#tournament[data-state=done]", state="attached", timeout=240_000)
    assert EVIL[2] in page.inner_text("#t-summary")
    assert page.evaluate("window.__pwned") == 0
    injected = page.evaluate("""() => document.querySelectorAll(
        'body img[src=x], body svg[onload], [onerror], [onload], a[href^="javascript:"]').length""")
    assert injected == 0
