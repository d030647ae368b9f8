"""Issue 27, the set-up and small things: first pairings that show each system in its first
battle, a dice sheet's unknown value with a "nearest" suggestion, the tournament matrix's
caption inside a small screen, the seed field's hint readable at both sizes."""

from __future__ import annotations

import re

import pytest

from e2e.helpers import wait_until
from e2e.rough import LARGE, QUIET, SIZES, SMALL, SYSTEMS, battle, set_lang

pytestmark = pytest.mark.e2e
LANGS = ["ja", "en"]


APP_CONTEXT = QUIET  # the shared ``app`` fixture of conftest opens the page with it


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_first_pairing_shows_the_system(app, system: str) -> None:
    """The first battle a player sees deals damage early and ends before its turn limit."""
    page = app.page
    set_lang(page, "en")
    try:
        steps = battle(page, system, seed="first-look")
        b = page.evaluate("window.kassen.currentBattle()")
        assert b["result"]["reason"] not in ("overturn", "turn_limit", "turn_limit_draw", "draw")
        assert steps > 1
        hurt = page.evaluate("""() => window.kassen.currentBattle().steps
            .filter((s) => (s.text?.en || []).some((line) =>
              /(?<![\\d.])[1-9]\\d* (?:damage|Poison damage)/.test(line)))
            .map((s) => s.turn)""")
        last = b["result"]["turn"]
        assert hurt and hurt[0] <= max(1, (last + 1) // 2), (system, hurt[:3], last)
    finally:
        set_lang(page, "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_dice_value_gets_a_nearest_suggestion(app, lang: str) -> None:
    page = app.page
    set_lang(page, lang)
    try:
        page.select_option("#ruleset", "dice")
        wait_until(page, "() => document.getElementById('build-0').value.includes('type')")
        text = re.sub(r"(?m)^type:.*$", "type: ガーデ", page.input_value("#build-0"))
        page.fill("#build-0", text)
        wait_until(page, "() => document.querySelector('#problems-0 li:not(.ok)')")
        problems = page.inner_text("#problems-0")
        word = "近いもの: ガード" if lang == "ja" else "nearest: ガード"
        assert "ガーデ" in problems and word in problems, problems
    finally:
        page.select_option("#ruleset", "marguerite")
        set_lang(page, "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_the_matrix_caption_stays_inside_a_small_screen(app, lang: str) -> None:
    page = app.page
    page.set_viewport_size(SMALL)
    set_lang(page, lang)
    try:
        page.select_option("#ruleset", "marguerite")
        samples = page.evaluate(
            "window.kassen.info.rulesets.find(r => r.id === 'marguerite').samples.map(s => s.text)")
        page.fill("#t-builds", "\n".join(samples[:8]))
        page.fill("#t-seeds", "1")
        page.click("#t-start")
        page.wait_for_selector("#tournament[data-state=done]", state="attached", timeout=240_000)
        for table in ("#t-matrix", "#t-standings"):
            box = page.evaluate("""(sel) => { const c = document.querySelector(sel + ' caption');
                const range = document.createRange(); range.selectNodeContents(c);
                return range.getBoundingClientRect().toJSON(); }""", table)
            assert box["width"] > 0 and box["left"] >= 0 and box["right"] <= SMALL["width"], box
    finally:
        page.set_viewport_size(LARGE)
        set_lang(page, "ja")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_seed_hint_is_readable(app, size: str, lang: str) -> None:
    page = app.page
    page.set_viewport_size(SIZES[size])
    set_lang(page, lang)
    try:
        page.fill("#seed", "")
        fits = page.evaluate("""() => { const input = document.getElementById('seed');
            const style = getComputedStyle(input);
            const ctx = document.createElement('canvas').getContext('2d');
            ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize}`
              + ` ${style.fontFamily}`;
            const room = input.clientWidth - parseFloat(style.paddingLeft)
              - parseFloat(style.paddingRight);
            return [ctx.measureText(input.placeholder).width, room, input.placeholder]; }""")
        assert fits[0] <= fits[1], fits
    finally:
        page.set_viewport_size(LARGE)
        set_lang(page, "ja")

