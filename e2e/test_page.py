"""The page in Chromium: shell first, engine ready, bad links, determinism across runtimes."""

from __future__ import annotations

import json

import pytest

from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

RULESETS = json.loads(cpython_api.hello())["rulesets"]
RULESET_IDS = [r["id"] for r in RULESETS]
NO_RULESET = pytest.param(None, marks=pytest.mark.skip(
    reason="no ruleset is registered yet (kassen/rulesets/ has no ruleset folder)"))


@pytest.fixture(scope="module")
def app(browser, site):
    """This module's page: opened without waiting, so the first test sees the shell."""
    from e2e.conftest import App

    site.start()
    application = App(browser, site.url)
    application.page.goto(site.url, wait_until="domcontentloaded")
    yield application
    application.close()


def test_shell_is_visible_before_python_is_ready(app) -> None:
    page = app.page
    assert page.get_attribute("html", "data-engine") == "loading"
    assert "Kassen" in page.inner_text("h1") and "合戦" in page.inner_text("h1")
    assert page.is_visible("#ruleset")
    options = page.eval_on_selector_all("#ruleset option", "os => os.map(o => o.value)")
    assert options == ["marguerite", "cardduel", "dice", "skirmish"]
    assert page.is_visible("#build-0") and page.is_visible("#build-1")
    assert page.is_disabled("#battle")
    assert "Python" in page.inner_text("#status")
    assert page.eval_on_selector_all(".rules-links a", "as => as.length") == 4


def test_engine_answers_its_first_call(app) -> None:
    app.wait_ready()
    info = app.call("hello")
    assert info["python"].startswith("3.14")
    assert info["engine"] == json.loads(cpython_api.hello())["engine"]
    assert [r["id"] for r in info["rulesets"]] == RULESET_IDS
    assert "ready" in app.page.inner_text("#status").lower() or "準備完了" in app.page.inner_text(
        "#status")
    if RULESET_IDS:
        assert app.page.is_enabled("#battle")
        picker = app.page.eval_on_selector_all("#ruleset option", "os => os.map(o => o.value)")
        assert picker == RULESET_IDS


def test_bad_battle_link_shows_a_message_and_the_page_keeps_working(app) -> None:
    app.wait_ready()
    app.page.evaluate("location.hash = '#m=not-a-real-battle-%3Cb%3E'")
    app.page.wait_for_selector("#notice:not([hidden])")
    notice = app.page.inner_text("#notice")
    assert notice.strip()
    assert app.page.eval_on_selector("#notice", "n => n.querySelector('b') === null")
    assert app.page.get_attribute("html", "data-engine") == "ready"
    again = app.call("hello")  # the engine still answers
    assert [r["id"] for r in again["rulesets"]] == RULESET_IDS
    answer = app.call("openLink", "#b=%%%", "en")
    assert answer["ok"] is False and answer["problems"]


def _request(ruleset: dict, lang: str = "en") -> dict:
    samples = [s["text"] for s in ruleset["samples"]]
    if not samples:
        pytest.skip(f"ruleset {ruleset['id']} has no sample builds")
    sides = [samples[0], samples[1 % len(samples)]]
    return {"ruleset": ruleset["id"], "sides": sides, "options": {}, "seed": "e2e-seed",
            "lang": lang}


@pytest.mark.parametrize("ruleset_id", RULESET_IDS or [NO_RULESET])
def test_same_record_same_events_in_cpython_and_in_the_browser(app, ruleset_id) -> None:
    app.wait_ready()
    ruleset = next(r for r in RULESETS if r["id"] == ruleset_id)
    native = json.loads(cpython_api.battle(json.dumps(_request(ruleset))))
    assert native["ok"], native
    record = json.dumps(native["record"])
    browser_digest = app.call("digest", record)
    assert browser_digest["digest"] == native["digest"]
    assert json.loads(cpython_api.digest(record))["digest"] == native["digest"]
    in_page = app.call("battle", _request(ruleset))
    assert in_page["ok"] and in_page["digest"] == native["digest"]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS[:1] or [NO_RULESET])
def test_battle_button_plays_a_battle_with_steps_and_log(app, ruleset_id) -> None:
    page = app.page
    app.wait_ready()
    page.select_option("#ruleset", ruleset_id)
    page.click("#battle")
    page.wait_for_selector("#viewer:not([hidden])")
    # the whole battle, which follows its first beat (issue 29)
    page.wait_for_function("() => window.kassen.currentBattle() !== null")
    steps = page.eval_on_selector_all("#steps li", "ls => ls.length")
    assert steps >= 1
    assert page.inner_text("#step-no") == f"1/{steps}"
    assert page.eval_on_selector_all("#log li", "ls => ls.length") >= 1
    if steps > 1:
        page.focus("#next")
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#step-no") == f"2/{steps}"
        page.keyboard.press("ArrowLeft")
        assert page.inner_text("#step-no") == f"1/{steps}"
    assert page.eval_on_selector_all("#board .member", "ms => ms.length") >= 2


@pytest.mark.parametrize("ruleset_id", RULESET_IDS[:1] or [NO_RULESET])
def test_stepping_keeps_the_page_where_the_reader_is(app, ruleset_id) -> None:
    """Stepping scrolls the step list to the current step, never the page: the board and a
    decision panel stay under the reader's eyes (and pointer)."""
    page = app.page
    app.wait_ready()
    page.select_option("#ruleset", ruleset_id)
    page.click("#battle")
    page.wait_for_selector("#viewer:not([hidden])")
    # the page scrolls to the seed line once the battle is shown and then re-enables Battle:
    # only after that is the scroll position the reader's own
    page.wait_for_selector("#battle:enabled")
    steps = page.eval_on_selector_all("#steps li", "ls => ls.length")
    page.evaluate("() => document.getElementById('viewer').scrollIntoView({ block: 'start' })")
    page.focus("#next")
    before = page.evaluate("scrollY")
    for _ in range(min(steps - 1, 40)):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("scrollY") == before
    visible = page.evaluate("""() => {
        const list = document.getElementById('steps').getBoundingClientRect();
        const row = document.querySelector('#steps li[aria-current=step]').getBoundingClientRect();
        return row.top >= list.top - 1 && row.bottom <= list.bottom + 1; }""")
    assert visible
