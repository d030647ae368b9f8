"""A battle link made with an earlier rules version (issue 32) opens on the page, plays under
that version's rules and says which version made it."""

from __future__ import annotations

import json

import pytest

from kassen.core import registry
from kassen.core.links import battle_link
from kassen.core.record import Record
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def app(browser, site):
    """This module's page, the engine ready."""
    from e2e.conftest import App

    site.start()
    application = App(browser, site.url)
    application.page.goto(site.url)
    application.wait_ready()
    yield application
    application.close()


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
