"""The shape of Marguerite's rule code (issue 28): rule functions act on the typed table, no
rule module imports the engine, and no import loop remains among the ruleset's modules, not
even among imports that only name types."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from marguerite_helpers import start

from kassen.core.events import Recorder
from kassen.rulesets.marguerite.rules import (
    executable,
    hits,
    initiative,
    judgement,
    life,
    processing,
    sword_effects,
)
from test_import_cycles import edges, modules, ruleset_cycles

ENGINE = "kassen.rulesets.marguerite.engine"
MAY_IMPORT_ENGINE = {"engine.py", "ruleset.py", "__init__.py"}


def test_no_import_loop_counting_typing_imports() -> None:
    assert ruleset_cycles("marguerite") == []


def test_only_the_engine_and_the_ruleset_import_the_engine() -> None:
    known = modules()
    importers = sorted(
        path.name for name, path in known.items()
        if name.startswith("kassen.rulesets.marguerite")
        and ENGINE in edges(name, path, known, typing=True))
    assert importers  # the walk sees the ruleset object's import
    assert set(importers) <= MAY_IMPORT_ENGINE, importers


def test_rule_functions_take_the_table_first() -> None:
    """Every public function of a rule section takes ``t: MargueriteTable`` first."""
    checked = 0
    for module in (executable, hits, initiative, judgement, life, processing, sword_effects):
        tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                params = node.args.args
                if params and params[0].arg in ("t", "b"):
                    first = params[0]
                    assert first.arg == "t", (module.__name__, node.name)
                    assert ast.unparse(first.annotation) == "MargueriteTable", node.name
                    checked += 1
    assert checked >= 30


def test_the_battle_hands_its_table_the_recorder_and_the_state() -> None:
    """The driver swaps ``battle.rec`` when it rebuilds a step, and a restored snapshot gives
    the battle a new state: the table follows both."""
    battle = start("10/3/3/4/斬", "10/3/3/4/斬")
    snap = battle.snapshot()
    battle.play_turn()
    battle.restore(snap)
    assert battle.table.state is battle.state
    other = Recorder()
    battle.rec = other
    assert battle.table.rec is other and battle.rec is other
