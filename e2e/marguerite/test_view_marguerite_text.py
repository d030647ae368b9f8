"""The マーガレット2011α page's words and links in Chromium: the result line in both
languages and for every judgement, the share link reproducing the battle, and the MP cost text
option with its presets (the board itself: ``test_view_marguerite.py``).

One page for the module (``conftest``'s ``marguerite_fight``), the same battle as the board's.
"""

from __future__ import annotations

import json

import pytest

from e2e.helpers import open_options, wait_until
from e2e.marguerite.board import (
    MARGUERITE,
    REASONS,
    SIDE_A,
    SIDE_B,
    TEXTS,
    check,
    defaults,
    find,
    seek,
)
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e


def test_result_line_in_both_languages(marguerite_fight, app) -> None:
    page = app.page
    steps = marguerite_fight["steps"]
    reason = marguerite_fight["result"]["reason"]
    seek(page, len(steps) - 1)
    line = page.locator("#board .mg-result")
    assert line.get_attribute("data-reason") == reason
    assert REASONS[reason][0] in line.inner_text()
    assert REASONS[reason][0] in page.inner_text("#result")
    page.click("[data-lang=en]")
    try:
        wait_until(page, "() => document.documentElement.lang === 'en'")
        assert REASONS[reason][1] in page.inner_text("#board .mg-result")
        assert REASONS[reason][1] in page.inner_text("#result")
        assert page.locator("#board .mg-track li[data-phase=ap]").inner_text().startswith("AP")
    finally:
        page.click("[data-lang=ja]")
        wait_until(page, "() => document.documentElement.lang === 'ja'")
    seek(page, 0)
    assert page.locator("#board .mg-result").count() == 0


def test_share_link_reproduces_the_battle(marguerite_fight, app) -> None:
    page = app.page
    page.evaluate("window.kassenLastShare = null")
    page.click("#share")
    link = wait_until(page, "() => window.kassenLastShare")
    fragment = link[link.index("#"):]
    opened = json.loads(cpython_api.open_link(fragment))
    assert opened["ok"], opened
    assert opened["digest"] == marguerite_fight["digest"]
    assert app.call("openLink", fragment, "ja")["digest"] == opened["digest"]
    seek(page, len(marguerite_fight["steps"]) - 1)
    page.evaluate("document.querySelector('#board .mg').dataset.old = 'yes'")
    page.evaluate("f => { location.hash = f; }", fragment)
    wait_until(page, """t => document.getElementById('step-no').value === t
               && !document.querySelector('#board .mg')?.dataset.old""",
               f"1/{len(opened['steps'])}")
    steps = opened["steps"]
    assert [s["view"] for s in steps] == [s["view"] for s in marguerite_fight["steps"]]
    for i in (find(steps, "build")["index"], len(steps) - 1):
        seek(page, i)
        check(page, steps[i])
    page.evaluate("history.replaceState(null, '', location.pathname)")


def test_mp_cost_text_option_round_trips(marguerite_fight, app) -> None:
    page = app.page
    spec = next(o for o in MARGUERITE["options"] if o["key"] == "mp_costs")
    assert spec["kind"] == "text"
    preset = next(p for p in spec["extra"]["presets"] if p)
    open_options(page)
    box = page.locator("#opt-mp_costs")
    assert box.get_attribute("type") == "text"
    listed = page.eval_on_selector_all(f"#{box.get_attribute('list')} option",
                                       "os => os.map(o => o.value)")
    assert listed == [p for p in spec["extra"]["presets"] if p]
    assert box.input_value() == spec["default"]
    box.fill(preset)
    page.click("[data-lang=en]")  # a relabel keeps the value
    wait_until(page, "() => document.documentElement.lang === 'en'")
    assert page.input_value("#opt-mp_costs") == preset
    page.click("[data-lang=ja]")
    wait_until(page, "() => document.documentElement.lang === 'ja'")
    try:
        page.evaluate("document.querySelector('#board .mg').dataset.old = 'yes'")
        page.click("#battle")
        expected = json.loads(cpython_api.battle(json.dumps({
            "ruleset": "marguerite", "sides": [TEXTS[SIDE_A], TEXTS[SIDE_B]],
            "options": {**defaults(), "mp_costs": preset}, "seed": None, "lang": "ja"})))
        assert expected["ok"], expected
        canonical = expected["options"]["mp_costs"]  # the engine sorts the table
        assert sorted(canonical.split(",")) == sorted(preset.split(","))
        wait_until(page, """t => document.getElementById('step-no').value === t
                   && !document.querySelector('#board .mg')?.dataset.old""",
                   f"1/{len(expected['steps'])}")
        page.evaluate("window.kassenLastShare = null")
        page.click("#share")
        link = wait_until(page, "() => window.kassenLastShare")
        opened = json.loads(cpython_api.open_link(link[link.index("#"):]))
        assert opened["ok"] and opened["options"]["mp_costs"] == canonical
        assert opened["digest"] == expected["digest"] != marguerite_fight["digest"]
    finally:
        page.fill("#opt-mp_costs", spec["default"])


def test_result_words_for_every_judgement(marguerite_fight, app) -> None:
    words = app.page.evaluate("""async (reasons) => {
      const url = new URL('static/js/rulesets/marguerite/view.js', document.baseURI);
      const v = await import(url.href);
      const out = {};
      for (const reason of reasons) {
        const judge = {kind: 'judgement', values: {reason, winner: 0, measure: reason === 'overkill'
          ? 'overkill' : 'hp', total0: 3, total1: 7, push0: reason === 'push' ? 2 : 0, push1: 0}};
        const none = reason === 'draw' || reason === 'aborted';
        const stop = {kind: 'aborted', values: {cap: 'steps'}};
        const battle = {result: {reason, winner: none ? null : 0},
          steps: [{events: [reason === 'aborted' ? stop : judge]}]};
        out[reason] = [v.describeResult(battle, 'ja'), v.describeResult(battle, 'en')];
      }
      return out;
    }""", list(REASONS))
    for reason, (ja, en) in REASONS.items():
        assert words[reason][0].startswith(ja), words[reason]
        assert words[reason][1].startswith(en), words[reason]
    assert words["overkill"][0].endswith("(オーバーキル合計 3 対 7)")
    assert words["push"][1] == "push — party 1 wins (HP total 3 to 7, push 2 to 0)"
    assert words["draw"][0] == "引き分け (HP合計 3 対 7)"  # one word for a draw (issue 27)
