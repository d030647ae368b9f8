"""A sword row owns its damage (issue 28): an attack calls the row's ``damage`` handler, made
from the row's formula column once, never an if/elif on the formula in rule code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from marguerite_helpers import after, fencer

from kassen.rulesets.marguerite import catalogue as cat
from kassen.rulesets.marguerite.catalogue import ATTACK, BY_NAME, SWORDS


@pytest.mark.rule("R8.5")
@pytest.mark.rule("§12.3")
def test_every_attack_row_has_its_formula_as_its_damage() -> None:
    """R8.5 1: the damage of an attack is its sword's formula; HP-reading formulas (魔法剣,
    デス剣, 激怒剣) are marked so that a hit reading HP is never taken as steady."""
    attacks = [d for d in SWORDS if d.kind == ATTACK]
    assert all(d.damage is cat.DAMAGE[d.formula] for d in attacks)
    assert {d.ja for d in SWORDS if d.reads_hp} == {"魔法剣", "デス剣", "激怒剣"}
    rule = BY_NAME["重撃剣"].rule
    assert BY_NAME["重撃剣"].damage(5, 2, 10, 10, 10, 1, rule)[0] == 8  # 2A − D
    assert BY_NAME["魔法剣"].damage(5, 2, 9, 10, 10, 1, rule)[0] == 5  # ceil(H/2)
    assert BY_NAME["魔法剣"].damage(5, 2, -3, 10, 10, 1, rule)[0] == 0  # H ≤ 0 deals 0
    assert BY_NAME["滅奏剣"].damage(0, 0, 0, 0, 0, 3, rule)[0] == 8  # 2^turn


def test_no_rule_module_branches_on_a_damage_formula() -> None:
    """The formula names appear in the catalogue only: no rule module compares them."""
    formulas = set(cat.DAMAGE) - {"a"}  # "a" is too short to tell from other words
    rules = Path(cat.__file__).parent / "rules"
    for path in sorted(rules.glob("*.py")):
        constants = {node.value for node in ast.walk(ast.parse(path.read_text("utf-8")))
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        assert not constants & formulas, (path.name, constants & formulas)


@pytest.mark.rule("R8.5")
def test_an_attack_deals_what_its_rows_handler_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacing 斬撃剣's ``damage`` changes what its hit deals: A − D = 2 becomes 7."""
    plain = after("10/3/0/1/斬/A", "50/0/1/0//D", 1)
    assert fencer(plain, 1).hp == 48
    row = BY_NAME["斬撃剣"]

    def seven(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
              rule: str) -> tuple[int, cat.Terms]:
        return 7, (("=", "fixed", 7, rule),)

    monkeypatch.setattr(row, "damage", seven)
    assert fencer(after("10/3/0/1/斬/A", "50/0/1/0//D", 1), 1).hp == 43
