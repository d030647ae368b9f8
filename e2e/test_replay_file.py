"""Replay files (issue 16) in Chromium: for a sample battle of each system, "Download replay"
on the page and ``python -m kassen replay LINK --html FILE --site URL`` write the same bytes;
the file, opened from ``file://`` with every request aborted (and none made), steps to its
end and shows the page's final board and log, its "why" panel shows the rule's text, and its
language switch works. Screenshots go to ``e2e/artifacts/replay-<system>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from e2e.helpers import log_filled, set_seek, wait_until
from kassen.cli import main as cli_main
from kassen.rulesindex import disk as rulesindex
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
HELLO = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}
SEED = "xo1:replay-e2e"


def play(page, system: str) -> dict:
    """Play samples 1 and 2 on the page, seek to the end; the battle on screen."""
    page.select_option("#ruleset", system)
    page.select_option("#sample-0", "0")
    page.select_option("#sample-1", "1")
    page.fill("#seed", SEED)
    page.click("#battle")
    wait_until(page, "([s, r]) => { const b = window.kassen.currentBattle();"
               " return b?.seed === s && b.ruleset === r; }", [SEED, system])
    battle = page.evaluate("() => { const b = window.kassen.currentBattle();"
                           " return {link: b.link, ruleset: b.ruleset, steps: b.steps.length}; }")
    set_seek(page, battle["steps"] - 1)
    wait_until(page, "n => document.getElementById('step-no').value === n",
               f"{battle['steps']}/{battle['steps']}")
    return battle


def shown(page) -> dict:
    """What a reader sees of the battle: board, log, counters, result."""
    log_filled(page)
    return page.evaluate("""() => ({
      board: document.getElementById('board').innerText,
      log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
      step: document.getElementById('step-no').value,
      turn: document.getElementById('turn').value,
      result: document.getElementById('result').textContent,
    })""")


class Offline:
    """A context that aborts every request and remembers each one (a replay makes none)."""

    def __init__(self, browser) -> None:
        self.requests: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.file = ""
        self.context.route("**/*", self.route)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def route(self, route) -> None:
        """Only the file itself may load; every other request is aborted."""
        self.requests.append(route.request.url)
        if route.request.url == self.file:
            route.continue_()
        else:
            route.abort("blockedbyclient")

    def open(self, path: Path, lang: str) -> None:
        self.file = path.as_uri()
        self.page.add_init_script(f"localStorage.setItem('kassen.lang', '{lang}')")
        self.page.goto(path.as_uri())
        wait_until(self.page, "() => document.documentElement.dataset.replay === 'ready'")

    def close(self, path: Path) -> None:
        self.context.close()
        assert set(self.requests) <= {path.as_uri()}, self.requests
        assert not [m for m in self.console if "Content Security Policy" in m or "error" in m], \
            self.console


@pytest.mark.parametrize("system", list(HELLO))
def test_replay_file_from_page_and_cli_plays_offline_like_the_page(app, browser, system: str,
                                                                   tmp_path: Path) -> None:
    """Issue 16, "Replay files": same bytes from page and CLI; from disk with no request it
    ends on the page's board and log; "why" shows the rule text; the language switch works."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("button[data-lang=ja]")
    battle = play(page, system)
    on_page = shown(page)
    with page.expect_download() as wait:
        page.click("#download-replay")
    from_page = tmp_path / "page.html"
    wait.value.save_as(from_page)
    site = page.evaluate("() => location.origin + location.pathname")
    from_cli = tmp_path / "cli.html"
    assert cli_main(["replay", battle["link"], "--html", str(from_cli), "--site", site]) == 0
    assert from_page.read_bytes() == from_cli.read_bytes()
    assert len(from_page.read_bytes()) < 300_000

    replay = Offline(browser)
    replay.open(from_page, "ja")
    rp = replay.page
    rp.keyboard.press("End")
    wait_until(rp, "n => document.getElementById('step-no').value === n", on_page["step"])
    assert shown(rp) == on_page
    assert rp.locator("#replay-link").get_attribute("href") == site + battle["link"]
    ARTIFACTS.mkdir(exist_ok=True)
    rp.screenshot(path=str(ARTIFACTS / f"replay-{system}.png"))

    # "why" on a log line: the rule's text from the index the file carries
    rp.click("#tab-log") if rp.is_visible("#tab-log") else None
    button = rp.locator("#log .why-btn").last
    rule = button.get_attribute("data-rule")
    button.scroll_into_view_if_needed()
    button.click()
    rp.wait_for_selector("#why-panel:not([hidden]) .why-entry")
    entry = rulesindex.index(system).entry(rule)
    if entry:
        part = entry["parts"][0]  # the reader's language: the file opens in Japanese
        text = part.get("text_ja") if rp.locator("html").get_attribute("lang") == "ja" else None
        first = re.sub(r"\*\*|`", "", text or part["text"]).split("\n")[0]
        assert rp.locator("#why-panel .why-text").first.text_content().startswith(first[:40])
    assert rp.locator("#why-panel .why-id").first.text_content() == rule
    rp.keyboard.press("Escape")

    # the language switch: controls and log in English
    rp.click("button[data-lang=en]")
    assert rp.locator("#play-label").text_content() == "Play"
    assert rp.locator("html").get_attribute("lang") == "en"
    log_en = shown(rp)["log"]
    first_en = rp.evaluate("() => window.kassenReplay.battle.steps[0].text.en[0]")
    assert log_en != on_page["log"] and first_en in log_en
    step_no = "() => document.getElementById('step-no').value"
    rp.keyboard.press("Home")
    assert rp.evaluate(step_no).startswith("1/")
    rp.keyboard.press("ArrowRight")
    assert not rp.evaluate(step_no).startswith("1/")
    rp.screenshot(path=str(ARTIFACTS / f"replay-{system}-en.png"))
    replay.close(from_page)

    # the command line's file plays the same, from disk, with no request
    again = Offline(browser)
    again.open(from_cli, "ja")
    again.page.keyboard.press("End")
    wait_until(again.page, "n => document.getElementById('step-no').value === n", on_page["step"])
    assert shown(again.page) == on_page
    again.close(from_cli)


def test_hostile_names_in_a_replay_file_are_text_and_never_run(browser, tmp_path: Path) -> None:
    """Issue 16: build names are shown as text, never as HTML, and cannot break out of the
    file's data block (a dice battle whose sides are named with markup)."""
    from kassen.core import registry, session
    from kassen.core.links import battle_link

    evil = ["</script><svg onload=__pwned=2>", "<!--<script>__pwned=4</script>"]
    samples = [s.text for s in registry.get("dice").samples]
    sides = [f"name: {n}\n{samples[i].split(chr(10), 1)[1]}" for i, n in enumerate(evil)]
    record = session.run(session.prepare("dice", sides, {}, "xo1:evil")).record
    path = tmp_path / "evil.html"
    assert cli_main(["replay", battle_link(record), "--html", str(path)]) == 0
    replay = Offline(browser)
    replay.open(path, "en")
    page = replay.page
    page.keyboard.press("End")
    assert page.evaluate("() => [window.__pwned, document.scripts.length]") == [None, 2]
    assert page.locator("#replay-title").text_content() == f"Replay file: {evil[0]} vs {evil[1]}"
    assert evil[0] in page.locator("#board").inner_text()
    assert page.evaluate("() => document.querySelectorAll('svg[onload], body script:not([id])')"
                         ".length") == 1   # the bundle itself; no svg carries an onload
    assert page.locator("#replay-link").text_content().startswith("#m=")
    replay.close(path)
