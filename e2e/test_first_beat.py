"""Issue 29: after a click on Battle the first beat is on screen before the page has received
the battle's last beat (the engine worker posts beat 1 the moment it is played), and the whole
battle then takes its place on the same step: the same steps, log, link and result as ever."""

from __future__ import annotations

import json

import pytest

from e2e.helpers import wait_until
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

SEED = "mt1:f1257be40a7b"
# the step counter (#step-no) as the page shows it, from the click on
WATCH = """() => { window.__counts = [];
  const out = document.getElementById("step-no");
  new MutationObserver(() => window.__counts.push(out.value)).observe(out,
    { childList: true, characterData: true, subtree: true });
  performance.clearMarks("kassen:battle-shown"); performance.clearMarks("kassen:battle-whole");
  window.__click = performance.now(); }"""
MARKS = """() => { const at = (name) => performance.getEntriesByName(name).map((e) => e.startTime);
  return { shown: at("kassen:battle-shown"), whole: at("kassen:battle-whole"),
           click: window.__click, counts: window.__counts }; }"""


def longest_pairing() -> tuple[int, int, dict]:
    """The Marguerite sample pairing with the most steps under SEED, and CPython's answer."""
    from kassen.core import registry

    texts = [s.text for s in registry.get("marguerite").samples]
    best = None
    for i in range(3):
        for j in range(3):
            answer = json.loads(cpython_api.battle(json.dumps(
                {"ruleset": "marguerite", "sides": [texts[i], texts[j]], "seed": SEED})))
            if best is None or len(answer["steps"]) > len(best[2]["steps"]):
                best = (i, j, answer)
    return best


def test_the_first_beat_shows_before_the_last_beat_is_received(app) -> None:
    page = app.page
    i, j, expected = longest_pairing()
    steps = len(expected["steps"])
    page.select_option("#ruleset", "marguerite")
    page.select_option("#sample-0", str(i))
    page.select_option("#sample-1", str(j))
    page.fill("#seed", SEED)
    wait_until(page, "() => document.querySelector('#problems-1 li.ok')"
                     " && !document.getElementById('battle').disabled")
    page.evaluate(WATCH)
    page.click("#battle")
    wait_until(page, """n => { const b = window.kassen.currentBattle();
        return b && b.steps.length === n && !document.getElementById('battle').disabled; }""",
               steps)
    marks = page.evaluate(MARKS)
    # beat 1 was in the page (shown) before the whole battle had arrived, then the whole
    # battle took its place on the same first step
    assert len(marks["whole"]) == 1 and marks["shown"], marks
    assert marks["click"] < marks["shown"][0] < marks["whole"][0], marks
    assert marks["counts"][0] == "1/…", marks["counts"]  # beat 1, more to come
    assert marks["counts"][-1] == f"1/{steps}", marks["counts"]
    battle = page.evaluate("() => window.kassen.currentBattle()")
    assert battle["digest"] == expected["digest"] and battle["link"] == expected["link"]
    assert battle["steps"] == expected["steps"]
    # every behaviour of a whole battle: the step list, the log of beat 1, the seed line
    assert page.locator("#steps li").count() == steps
    assert page.locator("#log li.step-head").count() >= 1
    assert page.evaluate("document.getElementById('seed-used').value") == SEED
    assert not page.is_hidden("#after-battle")
