"""Two people play each other in the page (issue 30), each in their own browser context: a
whole card duel played by link to its end, whose final link replays identically in a third
context; a whole skirmish by link, party against GM, to the round cap; a skirmish by link
finished by the AI taking both sides over; hot-seat with the cover screen between the
players; an out-of-turn, an old and a tampered link, each with its message. Screenshots of
each player's view at a decision go to docs/play/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.conftest import App
from e2e.helpers import open_options, wait_until
from e2e.test_a11y import axe
from kassen.core import game_link as gl
from kassen.core.links import encode_payload
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "play"
APP_CONTEXT = {"viewport": {"width": 900, "height": 760}, "reduced_motion": "reduce"}
RULESETS = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}


def person_choice(options: list) -> object:
    """A plain player: the first card or action offered rather than a pass."""
    playable = [o for o in options if o not in ("pass", "withdraw")]
    return playable[0] if playable else options[0]


def set_up(page, ruleset: str, how: str, seed: str, side: int = 0,
           options: dict[str, str] | None = None) -> None:
    """Both sides played by a person, played ``how`` (hotseat or link)."""
    page.select_option("#ruleset", ruleset)
    if options:
        open_options(page)
        for key, value in options.items():
            if page.locator(f"select#opt-{key}").count():
                page.select_option(f"#opt-{key}", value)
            else:
                page.fill(f"#opt-{key}", value)
    page.fill("#seed", seed)
    page.select_option("#policy-0", "")
    page.select_option("#policy-1", "")
    page.check(f"#game-how-{how}")
    if how == "link":
        page.select_option("#game-side", str(side))
    wait_until(page, "() => document.querySelector('#problems-0 li.ok') && "
                     "document.querySelector('#problems-1 li.ok') && "
                     "!document.getElementById('battle').disabled")
    page.click("#battle")


def game_state(page) -> dict:
    """What the page shows of the game: the answer's game info and whether a choice is open."""
    return page.evaluate("""() => {
      const g = window.kassenGame?.();
      const box = document.getElementById('decide');
      return {game: g?.answer?.game ?? null, pending: g?.answer?.pending ?? null,
              offer: Boolean(box && !box.hidden && box.dataset.state === 'offer'
                             && !box.getAttribute('aria-busy')),
              link: g?.answer?.game?.link ?? null};
    }""")


def to_move(players: dict, opened: dict, state: dict):
    """The page of the side to move, showing the game's newest link: the link opened in that
    player's context the first time, the page's hash changed after that, as a player would."""
    side = state["game"]["to_move"]
    page = players[side].page
    if not opened[side]:
        players[side].open(state["game"]["link"])
        opened[side] = True
    else:
        page.evaluate("l => { location.hash = l; }", state["game"]["link"])
    wait_until(page, "n => window.kassenGame?.()?.answer?.game?.n === n", state["game"]["n"])
    return page


def decide_here(page, shot: Path | None = None) -> None:
    """Make this page's pending decision (jumping to it first)."""
    page.wait_for_selector(
        "#decide[data-state=offer]:not([hidden]):not([aria-busy]) .decide-option:enabled")
    options = page.eval_on_selector_all("#decide .decide-option",
                                        "bs => bs.map(b => JSON.parse(b.dataset.option))")
    if shot is not None and not shot.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("() => document.getElementById('game-panel')?.scrollIntoView()")
        page.screenshot(path=str(shot), type="png")
    before = game_state(page)["game"]["n"]
    choice = person_choice(options)
    page.locator(f"#decide .decide-option[data-option='{json.dumps(choice)}']").click()
    wait_until(page, "n => { const g = window.kassenGame?.()?.answer?.game; "
                     "return g && (g.n > n || g.finished); }", before)


def wait_game(page) -> dict:
    wait_until(page, "() => window.kassenGame?.()?.answer?.game")
    return game_state(page)


def test_a_whole_card_duel_by_link_and_the_final_link_replays_in_a_third_context(
        browser, site) -> None:
    site.start()
    a, b, c = (App(browser, site.url, **APP_CONTEXT) for _ in range(3))
    try:
        a.open()
        set_up(a.page, "cardduel", "link", "xo1:e2e-two", 0, {"format": "fixed", "battles": "1"})
        players = {0: a, 1: b}
        state = wait_game(a.page)
        opened = {0: True, 1: False}
        moves = kept = 0
        old_link = None
        while not state["game"]["finished"]:
            side = state["game"]["to_move"]
            page = to_move(players, opened, state)
            decide_here(page, SHOTS / f"cardduel-side{side + 1}.png")
            moves += 1
            if moves == 3:
                old_link = state["link"]
            state = game_state(page)
            if not state["game"]["finished"]:
                # the saved menu keeps the game in progress, with its newest link
                entry = page.locator(f"#saved-games li[data-game='{state['game']['id']}'] a")
                assert entry.get_attribute("href") == state["game"]["link"]
                kept += 1
            if not state["game"]["finished"] and state["game"]["to_move"] != side:
                # it is the other's move: this page offers the link to send
                page.wait_for_selector("#game-copy")
                assert page.locator("#game-status").text_content()
        assert moves >= 4 and kept
        final = state["link"]
        assert "#m=" in final
        digest = page.evaluate("() => window.kassen.currentBattle().digest")
        # the final link is an ordinary battle link: a third context replays it identically
        c.open("#" + final.split("#", 1)[1])
        wait_until(c.page, "() => window.kassen.currentBattle()?.digest")
        assert c.page.evaluate("() => window.kassen.currentBattle().digest") == digest
        assert c.page.evaluate("() => window.kassen.currentBattle().result") is not None
        # an old link of this game, opened where a newer move is kept: says so
        a.page.evaluate("l => { location.hash = l; }", "#" + old_link.split("#", 1)[1])
        a.page.wait_for_selector("#game-behind")
    finally:
        for app in (a, b, c):
            app.close()


def test_out_of_turn_and_tampered_links_get_their_messages(browser, site) -> None:
    site.start()
    a = App(browser, site.url, **APP_CONTEXT)
    try:
        a.open()
        set_up(a.page, "cardduel", "link", "xo1:e2e-turn", 0, {"format": "fixed", "battles": "1"})
        state = wait_game(a.page)
        while state["game"]["to_move"] == 0:
            decide_here(a.page)
            state = game_state(a.page)
        # the link this side sent, opened again here: it is side 2's move, not this player's
        link = state["game"]["link"]
        a.page.evaluate("() => { location.hash = ''; }")
        a.page.evaluate("l => { location.hash = l; }", link)
        a.page.wait_for_selector("#game-not-yours")
        assert "2" in a.page.locator("#game-not-yours").text_content()
        assert a.page.locator("#decide[data-state=offer]:not([hidden])").count() == 0
        # a tampered decision: refused, the message names the decision
        data = gl.parse_game_link(link).to_json()
        data["record"]["choices"][0] = "S99"
        a.page.evaluate("l => { location.hash = l; }", gl.PREFIX + encode_payload(data))
        a.page.wait_for_selector("#notice:not([hidden])")
        text = a.page.locator("#notice").text_content()
        assert "S99" in text and ("decision 1" in text or "判断1番目" in text)
    finally:
        a.close()


def test_hot_seat_covers_the_board_when_the_device_passes(browser, site) -> None:
    site.start()
    a = App(browser, site.url, **APP_CONTEXT)
    try:
        a.open()
        set_up(a.page, "cardduel", "hotseat", "xo1:e2e-seat", options={"format": "fixed",
                                                                       "battles": "1"})
        state = wait_game(a.page)
        first = state["game"]["to_move"]
        covered = 0
        for _ in range(12):
            side = game_state(a.page)["game"]["to_move"]
            decide_here(a.page, SHOTS / f"hotseat-side{side + 1}.png")
            nxt = game_state(a.page)["game"]
            if nxt["finished"]:
                break
            if nxt["to_move"] != side:
                cover = a.page.wait_for_selector("#game-cover:not([hidden])")
                assert a.page.locator("#viewer").is_hidden()
                assert str(nxt["to_move"] + 1) in cover.text_content()
                if covered == 0:
                    top = a.page.evaluate(
                        "() => document.getElementById('game-cover').getBoundingClientRect().top")
                    assert 0 <= top < 50, "the cover is scrolled into sight"
                    a.page.screenshot(path=str(SHOTS / "hotseat-cover.png"), type="png")
                    assert axe(a.page, "#game-cover") == []
                    a.page.click("[data-lang=ja]")  # the cover in Japanese, as at the table
                    heading = a.page.locator("#game-cover-h").text_content()
                    assert f"サイド{nxt['to_move'] + 1}" in heading
                    assert "端末を渡してください" in heading
                    a.page.click("[data-lang=en]")
                covered += 1
                a.page.click("#game-ready")
                a.page.wait_for_selector("#viewer:not([hidden])")
                # each player sees only their own hand: the board is locked to their side
                viewing = a.page.get_attribute(".cd", "data-viewing")
                assert viewing == str(nxt["to_move"])
                assert a.page.locator("#cd-open").count() == 0
                other = 1 - nxt["to_move"]
                assert a.page.locator(f".cd-side[data-side='{other}'] .cd-hand.open").count() == 0
        assert covered >= 1, f"the decision never passed from side {first + 1}"
        assert axe(a.page, "#game-panel") == [] and axe(a.page, "#game-row") == []
    finally:
        a.close()


def test_a_skirmish_gm_by_link_then_the_ai_takes_over_to_the_end(browser, site) -> None:
    site.start()
    a, b, c = (App(browser, site.url, **APP_CONTEXT) for _ in range(3))
    try:
        a.open()
        set_up(a.page, "skirmish", "link", "xo1:e2e-gm", 1)  # the creator is the enemy GM
        state = wait_game(a.page)
        players = {1: a, 0: b}
        opened = {1: True, 0: False}
        for _ in range(6):
            side = state["game"]["to_move"]
            page = to_move(players, opened, state)
            decide_here(page, SHOTS / f"skirmish-side{side + 1}.png")
            state = game_state(page)
        # both players leave: the AI plays both sides to the end; the record says so
        page.click(".game-takeover")
        wait_until(page, "() => (window.kassenGame()?.answer?.game?.took_over || []).length >= 1")
        while not game_state(page)["game"]["finished"]:
            page.click(".game-takeover")
            wait_until(page, "() => window.kassenGame()?.answer?.game?.finished "
                             "|| (window.kassenGame()?.answer?.game?.took_over || []).length >= 2")
        final = game_state(page)["link"]
        digest = page.evaluate("() => window.kassen.currentBattle().digest")
        c.open("#" + final.split("#", 1)[1])
        wait_until(c.page, "() => window.kassen.currentBattle()?.digest")
        assert c.page.evaluate("() => window.kassen.currentBattle().digest") == digest
        assert "AI" in c.page.locator("#notice").text_content()
    finally:
        for app in (a, b, c):
            app.close()


@pytest.mark.rule("§10.2")
def test_a_whole_skirmish_by_link_to_its_end(browser, site) -> None:
    """A skirmish played by link from the first decision to the last, party against GM
    (§10.2: the round cap, set to 1 here, ends a game that no side has won in a draw, so the
    whole game is one round of decisions); its final link replays in a third context."""
    site.start()
    a, b, c = (App(browser, site.url, **APP_CONTEXT) for _ in range(3))
    try:
        a.open()
        set_up(a.page, "skirmish", "link", "xo1:e2e-whole", 0, {"round_cap": "1"})
        state = wait_game(a.page)
        players = {0: a, 1: b}
        opened = {0: True, 1: False}
        sides = set()
        while not state["game"]["finished"]:
            side = state["game"]["to_move"]
            sides.add(side)
            page = to_move(players, opened, state)
            decide_here(page)
            state = game_state(page)
        assert sides == {0, 1} and state["game"]["took_over"] == []
        final = state["link"]
        assert "#m=" in final
        digest = page.evaluate("() => window.kassen.currentBattle().digest")
        c.open("#" + final.split("#", 1)[1])
        wait_until(c.page, "() => window.kassen.currentBattle()?.digest")
        assert c.page.evaluate("() => window.kassen.currentBattle().digest") == digest
    finally:
        for app in (a, b, c):
            app.close()
