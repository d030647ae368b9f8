"""A battle link made with an earlier rules version (issue 32): the page replays it and says,
as a note (not an error), which rules version it was made with."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "skirmish"))

from test_skirmish_saved_links import COVER_AND_AREA

pytestmark = pytest.mark.e2e


def test_an_earlier_rules_version_link_plays_with_a_note(app, tmp_path) -> None:
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
