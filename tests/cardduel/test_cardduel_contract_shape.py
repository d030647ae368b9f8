"""The card duel's rule code has the shape of the one contract (issue 28): every rule
function takes the :class:`CardDuelTable`, no rule module imports the engine (not even for
typing), and the ruleset's modules import one another without a loop."""

from __future__ import annotations

import ast

from test_import_cycles import ROOT, edges, module_name, modules, ruleset_cycles

FOLDER = ROOT / "kassen" / "rulesets" / "cardduel"
ENGINE = "kassen.rulesets.cardduel.engine"
MAY_IMPORT_ENGINE = {"engine.py", "ruleset.py", "__init__.py"}


def test_no_import_loop_counting_typing_imports() -> None:
    """Issue 28: no import loop at all among the card duel's modules, typing imports counted."""
    assert ruleset_cycles("cardduel") == []


def test_only_the_engine_and_the_ruleset_import_the_engine() -> None:
    """Rule modules get the table, never the battle: none imports ``engine``."""
    known = modules()
    offenders = [path.name for path in sorted(FOLDER.rglob("*.py"))
                 if path.name not in MAY_IMPORT_ENGINE
                 and ENGINE in edges(module_name(path), path, known, typing=True)]
    assert offenders == []


def test_rule_functions_take_the_table_first() -> None:
    """A function whose first parameter is typed as the table names it ``t``, and no function
    of the folder takes the battle (``CardDuelBattle``) but the engine's own methods."""
    wrong: list[str] = []
    for path in sorted(FOLDER.rglob("*.py")):
        if path.name == "engine.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for arg in node.args.args:
                note = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                if "CardDuelBattle" in note:
                    wrong.append(f"{path.name}:{node.name} takes the battle")
                if "CardDuelTable" in note and arg.arg != "t":
                    wrong.append(f"{path.name}:{node.name} names the table {arg.arg}")
    assert wrong == []
