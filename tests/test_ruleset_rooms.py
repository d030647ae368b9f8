"""Every ruleset folder has the same rooms (issue 28, ``pysrc/kassen/rulesets/README.md``):
the same module names meaning the same thing; only the rule sections in ``rules/`` differ, a
system whose battles ask for decisions adds ``ai`` and ``prompts``, and a catalogue too long
for one file may keep its rows in ``catalogue_*.py`` beside ``catalogue.py``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kassen.core import registry

RULESETS = Path(__file__).resolve().parents[1] / "pysrc" / "kassen" / "rulesets"
ROOMS = {"__init__", "ruleset", "options", "catalogue", "catalogue_conditions", "table",
         "notation", "model", "constants", "engine", "rules", "view", "text", "samples",
         "generate", "measure"}
"""The rooms of every folder (a room is a module ``x.py`` or a package ``x/``)."""
DECISION_ROOMS = {"ai", "prompts"}
"""The rooms of a system with decisions (its ruleset names AI policies)."""


def rooms(folder: Path) -> set[str]:
    """The module and package names in one ruleset folder."""
    return {p.stem for p in folder.iterdir()
            if (p.suffix == ".py" or (p / "__init__.py").exists())}


@pytest.mark.parametrize("ruleset_id", ["marguerite", "cardduel", "dice", "skirmish"])
def test_every_folder_has_the_same_rooms(ruleset_id: str) -> None:
    found = rooms(RULESETS / ruleset_id)
    extra_catalogues = {name for name in found if name.startswith("catalogue_")} - ROOMS
    decisions = bool(registry.get(ruleset_id).policy_names())
    expected = ROOMS | (DECISION_ROOMS if decisions else set()) | extra_catalogues
    assert found == expected, (sorted(found - expected), sorted(expected - found))


def test_the_rooms_are_found() -> None:
    """The walk sees a package room and a module room (else the test above could pass by not
    looking): the dice's model is a package, the skirmish's AI too."""
    assert {"model", "rules", "engine"} <= rooms(RULESETS / "dice")
    assert "ai" in rooms(RULESETS / "skirmish") and "ai" not in rooms(RULESETS / "dice")


MACHINERY = {("marguerite", "runs"), ("marguerite", "summary")}
"""Modules of ``rules/`` that serve the log summary (constants.py's budget: summarised turns and
fast-forwarded runs) rather than implement a section, so they cite no rule id."""
RULE_ID = re.compile(r"§|\bR\d|\b[ADQW]\d")


@pytest.mark.parametrize("ruleset_id", ["marguerite", "cardduel", "dice", "skirmish"])
def test_rule_sections_cite_what_they_implement(ruleset_id: str) -> None:
    """Every module of ``rules/`` opens with a paragraph citing the rule ids (§, R, A/D/Q/W
    numbers) it implements, apart from the summary's machinery."""
    for path in sorted((RULESETS / ruleset_id / "rules").glob("*.py")):
        if path.stem == "__init__":
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        cites = bool(RULE_ID.search(doc.split("\n\n")[0]))
        assert cites != ((ruleset_id, path.stem) in MACHINERY), path
