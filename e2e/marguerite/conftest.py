"""Fixtures of the マーガレット2011α view tests (this folder): CPython's answer to the battle the
page plays, and the module's page with that battle on its board."""

from __future__ import annotations

import json

import pytest

from e2e.helpers import wait_until
from e2e.marguerite.board import SAMPLES, SIDE_A, SIDE_B, TEXTS, defaults
from kassen.web import api as cpython_api


@pytest.fixture(scope="module")
def marguerite_native() -> dict:
    """CPython's answer to the マーガレット2011α request the view tests' page makes
    (``e2e/marguerite/test_view_marguerite*.py``)."""
    request = {"ruleset": "marguerite", "sides": [TEXTS[SIDE_A], TEXTS[SIDE_B]],
               "options": defaults(), "seed": None, "lang": "ja"}
    answer = json.loads(cpython_api.battle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


@pytest.fixture(scope="module")
def marguerite_fight(app, marguerite_native: dict) -> dict:
    """The module's page with the マーガレット2011α battle of ``marguerite_native`` played
    (samples 鏡の騎士 against 城壁, Japanese page)."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-lang=ja]")  # the checks read Japanese names (issue 27: English is English)
    wait_until(page, "() => document.documentElement.lang === 'ja'")
    page.select_option("#ruleset", "marguerite")
    page.select_option("#sample-0", str(SAMPLES.index(SIDE_A)))
    page.select_option("#sample-1", str(SAMPLES.index(SIDE_B)))
    page.fill("#seed", "")
    page.click("#battle")
    page.wait_for_selector("#board .mg")
    wait_until(page, "t => document.getElementById('step-no').value === t",
               f"1/{len(marguerite_native['steps'])}")
    return marguerite_native
