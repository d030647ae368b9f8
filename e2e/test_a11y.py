"""Accessibility and small screens: axe-core (vendored) on the set-up, battle and tournament
views, keyboard reach, the log as a live region, reduced motion, 360×640 without sideways
scrolling; screenshots go to e2e/artifacts/ (git-ignored)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.conftest import App
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
RULESETS = [r for r in json.loads(cpython_api.hello())["rulesets"] if r["samples"]]
SMALL = {"width": 360, "height": 640}
LARGE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def app(browser, site):
    site.start()
    application = App(browser, site.url, viewport=LARGE, reduced_motion="reduce")
    application.open()
    yield application
    application.close()


def axe(page, include: str) -> list[dict]:
    """Serious and critical axe violations inside ``include``."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url="/static/vendor/axe/axe.min.js")
    result = page.evaluate("""async (sel) => {
        const r = await axe.run(document.querySelector(sel), { resultTypes: ["violations"] });
        return r.violations.map(v => ({ id: v.id, impact: v.impact,
          nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) })); }""", include)
    return [v for v in result if v["impact"] in ("serious", "critical")]


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for label, size in (("360x640", SMALL), ("1280x800", LARGE)):
        page.set_viewport_size(size)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{name} scrolls sideways at {label} by {overflow}px"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)


def test_setup_view(app) -> None:
    page = app.page
    assert axe(page, "body") == []
    shoot(page, "setup")


def test_every_control_is_reachable_by_keyboard(app) -> None:
    page = app.page
    # folded sections (rule options, saved builds) open from the keyboard on their summary
    page.evaluate("document.querySelectorAll('#setup details').forEach(d => { d.open = true; })")
    wanted = set(page.eval_on_selector_all(
        "#setup button:not([disabled]), #setup select:not([disabled]), #setup input, "
        "#setup textarea, #tournament button:not([disabled]), #tournament select, "
        "#tournament input, #tournament textarea",
        "els => els.filter(e => e.offsetParent !== null && e.id).map(e => e.id)"))
    page.focus("body")
    seen = set()
    for _ in range(400):
        page.keyboard.press("Tab")
        seen.add(page.evaluate("document.activeElement?.id || ''"))
        if wanted <= seen:
            break
    assert wanted - seen == set()


@pytest.mark.skipif(not RULESETS, reason="no ruleset with samples")
def test_battle_view_with_keyboard_and_reduced_motion(app) -> None:
    page = app.page
    page.select_option("#ruleset", RULESETS[0]["id"])
    page.focus("#battle")
    page.keyboard.press("Enter")
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.get_attribute("#log", "aria-live") == "polite"
    page.focus("#next")
    page.keyboard.press("Enter")
    # a press while only the first beat has come is applied when the rest arrives (issue 29)
    page.wait_for_function("() => /^2\\/\\d+$/.test(document.getElementById('step-no').value)")
    durations = page.evaluate("""() => [...document.querySelectorAll('#viewer *')]
        .map(e => getComputedStyle(e)).filter(s => s.transitionDuration !== '0s'
          || (s.animationName !== 'none' && s.animationDuration !== '0s'))
        .map(s => s.transitionDuration + ' ' + s.animationName).slice(0, 5)""")
    assert durations == []
    assert axe(page, "#viewer") == []
    shoot(page, "battle")


@pytest.mark.skipif(not RULESETS, reason="no ruleset with samples")
def test_tournament_view(app) -> None:
    page = app.page
    page.set_viewport_size(LARGE)
    ruleset = RULESETS[0]
    valid = [x["text"] for x in ruleset["samples"]
             if json.loads(cpython_api.validate(ruleset["id"], x["text"], "en"))["ok"]][:4]
    page.select_option("#ruleset", ruleset["id"])
    page.fill("#t-builds", "\n---\n".join(valid))
    page.fill("#t-seeds", "2")
    page.focus("#t-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#tournament:is([data-state=done],[data-state=failed])",
                           state="attached", timeout=240_000)
    assert page.get_attribute("#tournament", "data-state") == "done", page.inner_text("#t-summary")
    page.focus("#t-standings button[data-key=points]")
    page.keyboard.press("Enter")
    assert page.get_attribute("#t-standings th:has(button[data-key=points])",
                              "aria-sort") == "descending"
    assert axe(page, "#tournament") == []
    shoot(page, "tournament")
