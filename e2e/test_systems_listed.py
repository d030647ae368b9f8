"""Issue 28, "rulesets register themselves": the page lists the systems the registry finds, in
the order each ruleset declares (``Ruleset.order``), with their own names; the shared chart
takes its word for the sides' life from the ruleset (``glossary()["chart"]["life"]``), so no
shared page file names a system."""

from __future__ import annotations

import pytest

from e2e.rough import QUIET, battle, set_lang
from kassen.core import registry

pytestmark = pytest.mark.e2e

APP_CONTEXT = QUIET  # the shared ``app`` fixture of conftest opens the page with it


def test_the_picker_lists_the_registry_in_declared_order(app) -> None:
    """The system picker holds every ruleset id in registry order, each under its own name."""
    page = app.page
    options = page.eval_on_selector_all(
        "#ruleset option", "(os) => os.map((o) => [o.value, o.textContent])")
    assert [value for value, _ in options] == registry.ids()
    assert [value for value, _ in options] == ["marguerite", "cardduel", "dice", "skirmish"]
    for value, label in options:
        ruleset = registry.get(value)
        assert ruleset.name_ja in label or ruleset.name_en in label, (value, label)


@pytest.mark.parametrize("system", ["marguerite", "dice"])
def test_the_chart_names_life_as_the_ruleset_does(app, system: str) -> None:
    """The chart legend starts with the ruleset's word for life (LP in Saikoro Battle, HP
    where a ruleset gives none)."""
    page = app.page
    set_lang(page, "en")
    try:
        battle(page, system, seed="chart-word")
        legend = page.inner_text("#chart .chart-legend")
        word = registry.get(system).glossary().get("chart", {}).get("life", ["HP", "HP"])[1]
        assert legend.startswith(f"{word}:"), legend
        assert word == ("LP" if system == "dice" else "HP")
    finally:
        set_lang(page, "ja")
