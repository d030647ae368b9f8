"""A person plays a card duel side in the page (issue 4 "Human play"): the decision panel
offers exactly the engine's legal choices for each request (W1, M0, M1 …) with readable labels,
the duel goes on after each answer, and the finished duel's share link carries the person's
choices and replays to the digest CPython computes."""

from __future__ import annotations

import json

import pytest

from e2e.helpers import open_options, set_seek, wait_until
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

CARDDUEL = next(r for r in json.loads(cpython_api.hello())["rulesets"] if r["id"] == "cardduel")
TEXTS = {s["name"]: s["text"] for s in CARDDUEL["samples"]}
NAMES = [s["name"] for s in CARDDUEL["samples"]]
SEED = "e2e-person-cardduel"
OPTIONS = {"format": "fixed", "battles": 1}


def native(choices: list[str]) -> dict:
    request = {"ruleset": "cardduel", "sides": [TEXTS["アキラ+ミナ"], TEXTS["レン+サクラ"]],
               "options": OPTIONS, "seed": SEED, "policies": [None, "careful"],
               "choices": choices}
    answer = json.loads(cpython_api.battle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def person_choice(pending: dict) -> str:
    """A plain player: play the first card offered rather than pass."""
    playable = [o for o in pending["options"] if o != "pass"]
    return playable[0] if playable else pending["options"][0]


def test_a_person_plays_the_first_team(app) -> None:
    page = app.page
    app.wait_ready()
    page.select_option("#ruleset", "cardduel")
    page.select_option("#sample-0", str(NAMES.index("アキラ+ミナ")))
    page.select_option("#sample-1", str(NAMES.index("レン+サクラ")))
    open_options(page)
    page.select_option("#opt-format", "fixed")
    page.fill("#opt-battles", "1")
    page.fill("#seed", SEED)
    page.select_option("#policy-0", "")
    page.select_option("#policy-1", "careful")
    wait_until(page, "() => document.querySelector('#problems-1 li.ok')")
    page.click("#battle")
    expected = native([])
    kinds = set()
    while expected.get("pending"):
        pending = expected["pending"]
        kinds.add(pending["kind"])
        page.wait_for_selector("#decide:not([hidden]):not([aria-busy]) .decide-option:enabled")
        offered = page.eval_on_selector_all(
            "#decide .decide-option", "bs => bs.map(b => JSON.parse(b.dataset.option))")
        assert offered == pending["options"]
        labels = page.eval_on_selector_all("#decide .decide-label",
                                           "ls => ls.map(l => l.textContent)")
        assert all(labels) and labels != offered  # readable labels, not the raw codes
        # the board shows the moment of the decision: the steps up to it
        shown = page.evaluate("() => document.getElementById('step-no').value")
        assert shown.endswith(f"/{len(expected['steps'])}")
        choice = person_choice(pending)
        # the steps replay while the decision is offered and the board moves the panel as
        # they do: jump to the decision's step before clicking, as a player may
        total = len(expected["steps"])
        set_seek(page, total - 1)
        wait_until(page, "t => document.getElementById('step-no').value === t",
                   f"{total}/{total}")
        page.locator(f"#decide .decide-option[data-option='{json.dumps(choice)}']").click()
        expected = native([*expected["record"]["choices"], choice])
        assert len(expected["record"]["choices"]) < 200
    assert {"W1", "M1"} <= kinds
    wait_until(page, "() => document.querySelector('#decide').hidden")
    page.evaluate("window.kassenLastShare = null")
    page.click("#share")
    link = wait_until(page, "() => window.kassenLastShare")
    opened = json.loads(cpython_api.open_link(link[link.index("#"):]))
    assert opened["ok"] and opened["record"]["choices"] == expected["record"]["choices"]
    assert opened["digest"] == expected["digest"]
