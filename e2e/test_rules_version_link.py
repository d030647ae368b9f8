"""A battle link made with an earlier rules version (issue 32) opens on the page, plays under
that version's rules and says which version made it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kassen.core import registry
from kassen.core.links import battle_link
from kassen.core.record import Record
from kassen.web import api as cpython_api

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "skirmish"))

from test_skirmish_saved_links import COVER_AND_AREA

pytestmark = pytest.mark.e2e




def test_a_link_of_rules_version_1_says_so_on_the_page(app) -> None:
    """A card duel record of version 1 (the storm of RB5, §6.2.9) replays with the digest the
    engine gives it here, and the notice names version 1 and today's version."""
    samples = [s.text for s in registry.get("cardduel").samples]
    record = Record("cardduel", "1", [samples[5], samples[8]], {}, "xo1:storm-3", [],
                    ["careful", "careful"])
    link = battle_link(record)
    lang = app.page.evaluate("document.documentElement.lang")
    expected = json.loads(cpython_api.open_link(link, lang))
    assert expected["ok"] and expected["notes"][0]["code"] == "core.record_rules_earlier"
    app.page.evaluate(f"location.hash = {json.dumps(link)}")
    app.page.wait_for_selector("#notice:not([hidden])")
    notice = app.page.inner_text("#notice")
    current = registry.get("cardduel").version
    assert "1" in notice and current in notice
    assert expected["notes"][0]["message"] in notice
    answer = app.call("openLink", link, lang)
    assert answer["digest"] == expected["digest"]


def test_an_earlier_rules_version_link_plays_with_a_note(app, tmp_path) -> None:
    """A skirmish link of version 1 (a cover and an area use, §7.2, §8) opens with the note
    styled as information, without a line and column; an error is styled as one again."""
    page = app.page
    page.evaluate("link => { location.hash = link.slice(1); }", COVER_AND_AREA)
    page.wait_for_selector("#notice:not([hidden])")
    assert page.eval_on_selector("#notice", "n => n.classList.contains('info')")
    text = page.inner_text("#notice")
    assert "About this link" in text or "このリンクについて" in text
    assert "version 1" in text or "「1」" in text
    assert "1:1" not in text  # a note has no line and column
    page.wait_for_selector("#viewer:not([hidden])", state="attached")
    page.screenshot(path=str(tmp_path / "rules-version-note.png"), full_page=True)
    page.evaluate("location.hash = '#m=not-a-real-battle'")  # an error is styled as one again
    page.wait_for_function(
        "() => !document.querySelector('#notice').classList.contains('info')")
