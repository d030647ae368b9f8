"""The skirmish's rule code follows the one contract of issue 28: rule functions take the
table (:class:`kassen.rulesets.skirmish.table.SkirmishTable`), no rule module imports the
engine (not even for typing), and the ruleset's modules form no import loop."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from skirmish_kit import fighter, make

import kassen.rulesets.skirmish as package
from kassen.rulesets.skirmish.rules import rounds
from kassen.rulesets.skirmish.table import SkirmishTable
from test_import_cycles import ruleset_cycles

FOLDER = Path(package.__file__).parent
ENGINE_USERS = {"engine.py", "ruleset.py", "__init__.py"}
DISPLAY = {"view.py", "text.py"}  # page code (issue 27 edits it), not rule code


def test_no_import_loop_counting_typing_imports() -> None:
    """Issue 28: no loop among the skirmish's modules, imports under TYPE_CHECKING counted."""
    assert ruleset_cycles("skirmish") == []


def _imports_engine(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None and (
                node.module.endswith("skirmish.engine")
                or (node.module.endswith("skirmish")
                    and any(a.name == "engine" for a in node.names))):
            return True
        if isinstance(node, ast.Import) and any(a.name.endswith("skirmish.engine")
                                                for a in node.names):
            return True
    return False


def test_only_the_engine_rooms_import_the_engine() -> None:
    """No rule module imports the engine, not even for typing (issue 28)."""
    users = sorted(p.name for p in FOLDER.rglob("*.py") if _imports_engine(p))
    assert set(users) <= ENGINE_USERS, users
    assert "ruleset.py" in users  # the walk sees imports (else this could pass by not looking)


def test_rule_functions_take_the_table_first() -> None:
    """Every public rule function whose first parameter is the table calls it ``t`` and
    no function of the rule modules takes the battle."""
    seen = 0
    for path in sorted(FOLDER.rglob("*.py")):
        if path.name in ENGINE_USERS:
            continue
        source = path.read_text(encoding="utf-8")
        assert "SkirmishBattle" not in source, path.name
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.args.args:
                first = node.args.args[0]
                if path.name not in DISPLAY and first.annotation is not None and \
                        "SkirmishTable" in ast.unparse(first.annotation):
                    assert first.arg == "t", (path.name, node.name)
                    seen += 1
    assert seen >= 30


def test_the_engine_hands_its_table_to_the_rules() -> None:
    """The battle builds one table in its set-up; the rounds act on it, and the AI reads it
    (a restored snapshot keeps the table on the restored state)."""
    b, policy = make([fighter("A"), fighter("B")], dice=[5] * 400)
    t = b.table
    assert isinstance(t, SkirmishTable)
    assert (t.state, t.rec, t.decider) == (b.state, b.rec, b.decider)
    assert list(inspect.signature(rounds.play_round).parameters) == ["t"]
    snap = b.snapshot()
    b.play_turn()
    assert policy.asked and t.state.round == 1
    b.restore(snap)
    assert t.state is b.state and t.state.round == 0 and t.unit("0.0") is b.state.units[0]
