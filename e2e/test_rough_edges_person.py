"""Issue 27, the card duel at 1280×800 and person play: a toolbar on one row, whole phase tabs,
the current step in view; the question clear of the sticky toolbar with the player's hand in
view beside it; a compact, folding choice sheet on a small screen that leaves the board in view;
every choice reachable by keyboard (arrows, Home, End), past the 36 with a key."""

from __future__ import annotations

import pytest

from e2e.helpers import wait_until
from e2e.rough import LARGE, QUIET, SIZES, SMALL, battle, seek, set_lang

pytestmark = pytest.mark.e2e
LANGS = ["ja", "en"]


APP_CONTEXT = QUIET  # the shared ``app`` fixture of conftest opens the page with it


def person_battle(page, system: str = "cardduel") -> None:
    """Side 1 played by a person: wait until the panel offers the first choice."""
    page.select_option("#ruleset", system)
    wait_until(page, "() => document.getElementById('policy-0')")
    page.select_option("#policy-0", "")
    battle(page, system, seed="rough-person")
    page.wait_for_selector("#decide[data-state=offer] .decide-option:enabled")
    page.wait_for_timeout(100)


def ai_again(page) -> None:
    """Both sides back to the AI (the module's other checks watch AI battles)."""
    page.select_option("#policy-0", page.eval_on_selector("#policy-0", "s => s.options[0].value"))


def in_view(page, selector: str) -> bool:
    """Whether the whole of ``selector`` lies inside the window, below the sticky toolbar."""
    return page.evaluate("""(sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        const bar = document.querySelector('#viewer .controls').getBoundingClientRect();
        return r.height > 0 && r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1
          && r.left >= -1 && r.right <= innerWidth + 1; }""", selector)


@pytest.mark.parametrize("lang", LANGS)
def test_card_duel_fits_1280(app, lang: str) -> None:
    page = app.page
    page.set_viewport_size(LARGE)
    set_lang(page, lang)
    steps = battle(page, "cardduel")
    rows = page.eval_on_selector_all(
        "#viewer .controls > :is(button, select, input, output)",
        """els => { let rows = 0, bottom = -1;
          for (const r of els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())
                             .sort((a, b) => a.top - b.top)) {
            if (r.top >= bottom - 2) rows += 1;
            bottom = Math.max(bottom, r.bottom); }
          return rows; }""")
    assert rows == 1, f"the toolbar takes {rows} rows"
    for at in (2, steps // 2, steps - 1):
        seek(page, at)
        cut = page.eval_on_selector_all(
            "#board .cd-track li span",
            "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)"
            ".map(e => e.textContent)")
        assert cut == [], cut
        assert page.evaluate("""() => {
            const li = document.querySelector('#board .cd-track li[aria-current=step]');
            if (!li) return true;
            const r = li.getBoundingClientRect(), box = li.parentElement.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1; }""")
        assert page.evaluate("""() => {
            const li = document.querySelector('#steps [aria-current=step]');
            const r = li.getBoundingClientRect(), box = li.closest('ol').getBoundingClientRect();
            return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }"""), f"step {at + 1}"
    set_lang(page, "ja")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_question_is_never_under_the_toolbar(app, size: str, lang: str) -> None:
    page = app.page
    page.set_viewport_size(SIZES[size])
    set_lang(page, lang)
    try:
        person_battle(page)
        assert in_view(page, "#decide-q")
        assert in_view(page, "#decide-h")
        page.click("#decide .decide-option >> nth=0")
        page.wait_for_selector("#decide:is([data-state=offer],[hidden]):not([aria-busy])",
                               state="attached")
        if page.get_attribute("#decide", "data-state") == "offer":
            wait_until(page, "() => !document.getElementById('decide').hidden")
            page.wait_for_timeout(100)
            assert in_view(page, "#decide-h")
    finally:
        ai_again(page)
        page.set_viewport_size(LARGE)
        set_lang(page, "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_duel_hand_is_in_view_with_the_question(app, lang: str) -> None:
    page = app.page
    page.set_viewport_size(LARGE)
    set_lang(page, lang)
    try:
        person_battle(page)
        assert in_view(page, "#decide-q")
        hands = page.evaluate("""() => [...document.querySelectorAll('.cd-hand.open')].map((h) => {
            const r = h.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
              && h.querySelectorAll('[class*=card]').length; })""")
        assert any(hands), "the player's own hand is in view together with the question"
    finally:
        ai_again(page)
        set_lang(page, "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_a_small_screen_gets_a_folding_choice_sheet_over_the_board(app, lang: str) -> None:
    page = app.page
    page.set_viewport_size(SMALL)
    set_lang(page, lang)
    try:
        for system in ("cardduel", "skirmish"):
            person_battle(page, system)
            page.evaluate("document.getElementById('viewer').scrollIntoView()")
            sheet = page.evaluate(
                "document.getElementById('decide').getBoundingClientRect().toJSON()")
            board = page.evaluate(
                "document.getElementById('board').getBoundingClientRect().toJSON()")
            assert sheet["height"] <= SMALL["height"] * 0.5, sheet
            assert board["top"] < sheet["top"] - 80, (board, sheet)  # the board shows above it
            page.click("#decide .decide-fold")
            assert page.get_attribute("#decide .decide-fold", "aria-expanded") == "false"
            folded = page.evaluate(
                "document.getElementById('decide').getBoundingClientRect().height")
            assert folded < sheet["height"] and folded <= 110
            assert in_view(page, "#decide-q")
            page.click("#decide .decide-fold")
            assert page.is_visible("#decide .decide-option >> nth=0")
            ai_again(page)
    finally:
        page.set_viewport_size(LARGE)
        set_lang(page, "ja")


def test_every_choice_is_reachable_by_keyboard(app) -> None:
    page = app.page
    page.set_viewport_size(LARGE)
    set_lang(page, "ja")
    try:
        person_battle(page, "skirmish")
        count = page.eval_on_selector_all("#decide .decide-option", "bs => bs.length")
        assert count >= 2
        page.focus("#decide .decide-option >> nth=0")
        at = page.evaluate("() => document.activeElement.dataset.option")
        reached = {at}
        for _ in range(count - 1):
            page.keyboard.press("ArrowDown")
            reached.add(page.evaluate("() => document.activeElement.dataset.option"))
        assert len(reached) == count  # each option, none skipped, the board did not step
        page.keyboard.press("Home")
        page.keyboard.press("End")
        last = page.eval_on_selector_all("#decide .decide-option", "bs => bs.at(-1).dataset.option")
        assert page.evaluate("() => document.activeElement.dataset.option") == last
        # an option without a key (the 37th on) is a focusable button that Enter chooses
        before = page.evaluate("window.kassen.currentBattle()")
        assert page.evaluate("document.activeElement.tabIndex") == 0
        page.keyboard.press("Enter")
        wait_until(page, "(b) => window.kassen.currentBattle() !== b"
                   " || document.getElementById('decide').hidden",
                   before)
        chosen = page.evaluate("window.kassen.currentBattle().record.choices.at(-1)")
        assert chosen == page.evaluate("(s) => JSON.parse(s)", last)
    finally:
        ai_again(page)


_ = seek
