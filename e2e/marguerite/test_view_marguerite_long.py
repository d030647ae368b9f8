"""A マーガレット2011α list of 41,110 swords in Chromium (issue 13 §2, R6.3 alternative
reset=cycle): the page plays the battle, and the board draws that list as a few chips, each
run of alike swords one chip with a small "×n", in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.helpers import open_options, set_seek, wait_until
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
SIDES = ["5/1/0/3/速増複音怒", "20/1/2/2/複"]


@pytest.fixture(scope="module")
def native() -> dict:
    """CPython's answer to the request the page makes."""
    hello = json.loads(cpython_api.hello())
    spec = next(r for r in hello["rulesets"] if r["id"] == "marguerite")
    options = {o["key"]: o["default"] for o in spec["options"]} | {"reset": "cycle"}
    answer = json.loads(cpython_api.battle(json.dumps({
        "ruleset": "marguerite", "sides": SIDES, "options": options, "seed": None,
        "lang": "ja"})))
    assert answer["ok"], answer
    return answer


def chips(page) -> list[list]:
    """The first 剣師 of party 1: its chips as [code, count, the "×n" text, aria-label]."""
    return page.eval_on_selector_all(
        "#board .mg-party:first-of-type .mg-member:first-of-type .mg-sword",
        """cs => cs.map(c => [c.dataset.code, Number(c.dataset.count || 1),
                   c.querySelector('.mg-count')?.textContent ?? null,
                   c.getAttribute('aria-label')])""")


def test_a_41110_sword_list_is_drawn_as_counted_runs_r6_3(app, native) -> None:
    page = app.page
    app.wait_ready()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#ruleset", "marguerite")
    page.fill("#build-0", SIDES[0])
    page.fill("#build-1", SIDES[1])
    page.fill("#seed", "")
    open_options(page)
    page.select_option("#opt-reset", "cycle")
    page.click("#battle")
    steps = native["steps"]
    wait_until(page, "t => document.getElementById('step-no').value === t", f"1/{len(steps)}")
    last = len(steps) - 1
    set_seek(page, last)
    wait_until(page, "i => document.querySelector('#board .mg')?.dataset.step === String(i)",
               last)
    want = steps[last]["view"]["sides"][0]["members"][0]["swords"]
    got = chips(page)
    assert [(code, n) for code, n, _, _ in got] == [(c["code"], c.get("count", 1)) for c in want]
    assert sum(n for _, n, _, _ in got) == 41110
    assert [(n, mark) for _, n, mark, _ in got if n > 1] == [(2, "×2"), (2, "×2"),
                                                              (41104, "×41104")]
    assert all(mark is None for _, n, mark, _ in got if n == 1)
    assert page.locator("#board .mg-sword").count() < 20  # not 41,110 nodes
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(ARTIFACTS / "marguerite-long-list-1280.png"))
    was = page.evaluate("() => document.documentElement.lang")
    for lang, words in (("ja", "同じ剣が41104本続く"), ("en", "41104 alike in a row"),
                        (was, None)):
        page.click(f"[data-lang={lang}]")
        wait_until(page, "l => document.documentElement.lang === l", lang)
        assert words is None or words in chips(page)[-1][3]
    page.select_option("#opt-reset", "turn")


def test_the_swords_past_64_chips_are_one_mark(app, native) -> None:
    """A list whose runs still make more than 64 chips (the view then ends it with
    ``{"more": n}``, view.sword_chips) shows the rest as one "n more swords" mark, in both
    languages; drawn by the page's own view module from a view of the battle above."""
    page = app.page
    app.wait_ready()
    step = json.loads(json.dumps(native["steps"][-1]))
    member = step["view"]["sides"][0]["members"][0]
    member["swords"] = [*member["swords"][:2], {"more": 41108}]
    battle = {"glossary": native["glossary"], "names": native["names"],
              "steps": [native["steps"][-2], step]}
    shown = page.evaluate("""async ([step, battle]) => {
      const view = await import("./static/js/rulesets/marguerite/view.js");
      const out = {};
      for (const lang of ["ja", "en"]) {
        const board = document.createElement("div");
        view.render(board, step, { battle, index: battle.steps.length - 1, lang });
        const list = board.querySelector(".mg-member .mg-swords");
        const all = (q) => [...list.querySelectorAll(q)];
        out[lang] = [all(".mg-sword").map((c) => c.dataset.code),
                     all(".mg-more").map((c) => [c.dataset.more, c.textContent])];
      }
      return out;
    }""", [step, battle])
    codes = [c["code"] for c in member["swords"][:2]]
    assert shown == {"ja": [codes, [["41108", "ほか41108本"]]],
                     "en": [codes, [["41108", "41108 more swords"]]]}
