"""Rule markers in one style (issue 17): tests carry ``@pytest.mark.rule("<id>")``, one marker
per rule, with the id as the events carry it; ``python -m kassen rules --where ID`` reads them.

Every marker of a ruleset's test folder names a block of that system's rules reference, and
every test there that cites a rule in its docstring or name carries its marker
(``scripts/rule_markers.py --write`` adds the missing ones).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from kassen.rulesindex import doc as rulesdoc

TESTS = Path(__file__).resolve().parent
MARKED = ("marguerite", "cardduel", "dice", "skirmish")
"""The folders converted so far (``skirmish`` joins when its reshaping lands)."""


def _script():
    spec = importlib.util.spec_from_file_location(
        "rule_markers", TESTS.parent / "scripts" / "rule_markers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rule_markers = _script()


def markers(folder: Path) -> list[tuple[str, str, list[ast.expr]]]:
    """(file, test, marker arguments) of every ``pytest.mark.rule`` in a folder's tests."""
    out = []
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                        and deco.func.attr == "rule"):
                    out.append((path.name, node.name, deco.args))
    return out


@pytest.mark.parametrize("system", MARKED)
def test_every_marker_names_one_rule_of_its_system(system: str) -> None:
    anchors = rule_markers.known(system)
    found = markers(TESTS / system)
    assert len(found) >= 50
    bad = [(f, t, [ast.unparse(a) for a in args]) for f, t, args in found
           if len(args) != 1 or not isinstance(args[0], ast.Constant)
           or not isinstance(args[0].value, str)
           or not rulesdoc.resolve(system, args[0].value, anchors)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("system", MARKED)
def test_tests_citing_a_rule_carry_its_marker(system: str) -> None:
    missing = []
    anchors = rule_markers.known(system)
    for path in sorted((TESTS / system).glob("test_*.py")):
        _, added = rule_markers.mark_file(path, system, anchors)
        if added:
            missing.append(f"{path.name}: {added}")
    assert not missing, f"run scripts/rule_markers.py tests/{system} --write: {missing}"


def test_the_script_reads_ids_as_events_carry_them() -> None:
    """Docstring and name citations become ids in each system's own style; dice faces and
    design sections never do."""
    assert rule_markers.from_text("§17 E1 (R7.3, R8.6, R8.5.4): Y wins") == [
        "§17 E1", "R7.3", "R8.6", "R8.5.4"]
    assert rule_markers.from_text("§11 スタン, R8.1: the stunned") == ["§11 スタン", "R8.1"]
    assert rule_markers.from_name("test_b3_exhaustion_5_3_3") == ["B3", "§5.3.3"]
    assert rule_markers.from_name("test_x_r16_4") == ["R16.4"]
    func = ast.parse('def test_n8_slam():\n    """§18.1 N8 叩き落とし; R4 B3 Y3 G5."""\n').body[0]
    assert rule_markers.rules_of("dice", rule_markers.known("dice"), func) == ["§18.1", "N8"]
