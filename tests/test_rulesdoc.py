"""The rules reference (docs/rules/ → anchored blocks): stable anchors from rule ids, every
rule option's rule reference resolves, and the build reads only the repository."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from kassen.rulesindex import doc as rulesdoc
from kassen.web import api

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
RULESETS = json.loads(api.hello())["rulesets"]


def _doc(system: str) -> list[dict]:
    files = [DOCS / f"{system}.md", *sorted(DOCS.glob(f"{system}-*.md"))]
    return rulesdoc.document(system, [f.read_text(encoding="utf-8") for f in files])


def _all_ids(blocks: list[dict]) -> list[str]:
    ids = [a for b in blocks for a in b.get("anchors", [])]
    return ids + [a for b in blocks for row in b.get("row_anchors", []) for a in row]


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r["id"] for r in RULESETS])
def test_every_option_rule_reference_names_an_anchor(ruleset: dict) -> None:
    """Each [inferred]/[designed] option cites its rule; the options list links there."""
    blocks = _doc(ruleset["id"])
    known = rulesdoc.anchors(blocks)
    assert Counter(_all_ids(blocks)).most_common(1)[0][1] == 1  # no anchor twice
    missing = {o["key"]: o["rule"] for o in ruleset["options"]
               if not rulesdoc.resolve(ruleset["id"], o.get("rule") or "", known)}
    assert missing == {}


def test_anchors_come_from_rule_ids() -> None:
    """marguerite R8.5, skirmish §16.4, §16 D7 (not §12's D7), §14 row #3, dice A7."""
    marguerite = rulesdoc.anchors(_doc("marguerite"))
    skirmish = rulesdoc.anchors(_doc("skirmish"))
    dice = rulesdoc.anchors(_doc("dice"))
    assert {"marguerite-R8.5", "marguerite-R6.3"} <= marguerite
    assert {"skirmish-16.4", "skirmish-16-D7", "skirmish-12-D7", "skirmish-14-3"} <= skirmish
    assert "skirmish-D7" not in skirmish  # D7 names two rules: only the qualified anchors
    assert {"dice-A7", "dice-N11", "dice-7.1"} <= dice
    assert rulesdoc.resolve("skirmish", "§11.3/§16 D7", skirmish) == ["skirmish-11.3",
                                                                      "skirmish-16-D7"]
    assert rulesdoc.resolve("skirmish", "§4.2/§14 #3", skirmish) == ["skirmish-4.2",
                                                                     "skirmish-14-3"]
    assert rulesdoc.resolve("cardduel", "§5.3.2c", rulesdoc.anchors(_doc("cardduel"))) == [
        "cardduel-5.3.2"]


def test_blocks_join_wrapped_lines_and_keep_table_cells() -> None:
    """A paragraph wrapped over lines is one block; a rule number starts a new one; a "|"
    inside a cell does not add a column."""
    text = ("## 3. Moves\n\nR3.1 first line\nstill R3.1.\nR3.2 next rule\n\n"
            "| # | what |\n|---|---|\n| 1 | distance |i−j| in areas |\n")
    blocks = rulesdoc.document("x", [text])
    assert [b.get("text") for b in blocks[:3]] == ["3. Moves", "R3.1 first line still R3.1.",
                                                   "R3.2 next rule"]
    assert [b.get("anchors") for b in blocks[:3]] == [["x-3"], ["x-R3.1"], ["x-R3.2"]]
    assert blocks[3]["rows"][1] == ["1", "distance | i−j | in areas"]
    assert blocks[3]["row_anchors"] == [["x-3-1"]]


def test_build_reads_the_rules_reference_from_the_repository(tmp_path, monkeypatch) -> None:
    """A fresh clone has no ../shared: the build's rules come from docs/rules/ only."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert not hasattr(build, "RULES_CANDIDATES") and build.RULES == DOCS
    monkeypatch.setattr(build, "VENDOR", tmp_path)
    names, option_anchors = build.copy_rules(json.loads(api.hello()))
    assert names == [r["id"] for r in RULESETS]
    written = json.loads((tmp_path / "rules" / "skirmish.en.json").read_text(encoding="utf-8"))
    assert "skirmish-16.4" in rulesdoc.anchors(written["blocks"])
    japanese = json.loads((tmp_path / "rules" / "skirmish.ja.json").read_text(encoding="utf-8"))
    assert japanese["lang"] == "ja" and japanese["source"]["title"] == "戦闘の進行"
    assert rulesdoc.anchors(japanese["blocks"]) == rulesdoc.anchors(written["blocks"])
    assert option_anchors["marguerite"]["negative"] == ["marguerite-R8.5"]
