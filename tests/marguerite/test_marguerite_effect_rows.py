"""A sword row owns its effect and its rider (issue 28): rule code calls the handlers of the
rows in catalogue_effects.py, looked up by catalogue index, and never compares a sword's
formula, rider, code or name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from marguerite_helpers import after, fencer

from kassen.rulesets.marguerite import catalogue as cat
from kassen.rulesets.marguerite import catalogue_effects as fx
from kassen.rulesets.marguerite.catalogue import ADD, ATTACK, BY_NAME, CONTROL, SUPPORT, SWORDS
from kassen.rulesets.marguerite.model import STATUS_KEYS

RULES = Path(cat.__file__).parent / "rules"
ROW_COLUMNS = {"formula", "rider", "code", "ja", "en"}
"""The columns that name a sword or its behaviour: rule code never compares them."""


def _names() -> set[str]:
    """Every name a sword row or an effect row goes by (one-letter formulas aside: "a" is too
    short to tell from other words)."""
    names = {n for d in SWORDS for n in (d.formula, d.rider, d.code, d.ja, d.en) if n}
    names |= {e.key for e in fx.EFFECTS} | {r.key for r in fx.RIDERS} | set(cat.ENCHANT_JA)
    return {n for n in names if len(n) > 1}


def test_no_rule_module_names_a_sword_or_its_effect() -> None:
    """No comparison, subscript or dict key in rules/*.py holds a sword's formula, rider, code
    or name (the old ``GIVE`` / ``RESET`` keys, ``== "reserve+3"``, ``== "dance"`` …), and no
    comparison there reads a naming column of a row (``d.formula == …``, ``d.rider in …``)."""
    names = _names()
    assert {"reserve+3", "fiction", "replica", "dance", "steal", "鏡の剣"} <= names
    checked = 0
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        keyed = [n for node in ast.walk(tree) for n in (
            [node] if isinstance(node, ast.Compare | ast.Subscript) else
            node.keys if isinstance(node, ast.Dict) else []) if n is not None]
        formatted = {id(c) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
                     for c in n.values}  # f"push{side}": a key's text, not a name
        strings = {c.value for n in keyed for c in ast.walk(n) if isinstance(c, ast.Constant)
                   and isinstance(c.value, str) and id(c) not in formatted}
        assert not strings & names, (path.name, strings & names)
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                read = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
                assert not read & ROW_COLUMNS, (path.name, ast.unparse(node))
        checked += 1
    assert checked >= 10


@pytest.mark.rule("§12.4")
@pytest.mark.rule("§12.5")
@pytest.mark.rule("§12.6")
def test_every_effect_and_rider_has_its_row() -> None:
    """Each 補助 has a support handler, each 制御 a control handler, each 追加 a pick, each rider
    of an attack its row; the swords aimed at the next sword (D18) are the enchanting 制御,
    共鳴剣 and 増殖剣."""
    hands = {SUPPORT: "support", CONTROL: "control", ADD: "pick"}
    for d in SWORDS:
        effect = fx.EFFECT_OF[d.index]
        if d.kind in hands:
            assert effect.key == d.formula and getattr(effect, hands[d.kind]) is not None, d.ja
        else:
            assert effect is fx.NO_EFFECT, d.ja
        assert fx.RIDER_OF[d.index].key == d.rider, d.ja
    aimed = {d.ja for d in SWORDS if d.aims_next}
    assert aimed == {d.ja for d in SWORDS if d.kind == CONTROL} - {"再来剣"} | {"増殖剣"}
    assert {d.ja for d in SWORDS if d.steals} == {"強盗剣"}
    assert {d.ja for d in SWORDS if d.gives_reserve} == {"儀式剣"}
    assert all(d.kind == SUPPORT for d in SWORDS if d.additive)


@contextmanager
def swapped(row: object, moment: str, handler: object) -> Iterator[None]:
    """``row``'s handler at ``moment`` replaced for the block (rows are frozen)."""
    before = getattr(row, moment)
    object.__setattr__(row, moment, handler)
    try:
        yield
    finally:
        object.__setattr__(row, moment, before)


@pytest.mark.rule("§12.1")
def test_a_support_does_what_its_rows_handler_says() -> None:
    """加熱剣 raises 攻撃力 by 1 (3 → 4); with its row's support handler replaced by one that
    adds 5, the same battle ends turn 1 with 8: the rule code calls the row."""
    builds = ("10/3/0/1/熱/A", "50/0/1/0//D")
    assert fencer(after(*builds, 1), 0).atk == 4

    def plus_five(t, f, d, ally) -> bool:
        ally.atk += 5
        return False

    with swapped(fx.EFFECT_OF[BY_NAME["加熱剣"].index], "support", plus_five):
        assert fencer(after(*builds, 1), 0).atk == 8
    assert fencer(after(*builds, 1), 0).atk == 4


@pytest.mark.rule("R8.5.6")
def test_a_rider_does_what_its_row_says() -> None:
    """衝撃剣's さらに rider stuns the receiver of a hit of ≥ 1; with its row's handler replaced
    by one that does nothing, the receiver ends turn 2 without スタン and HP is unchanged."""
    builds = ("10/3/0/9/衝/A", "50/0/1/0//D")
    stun = STATUS_KEYS.index("stun")
    plain = fencer(after(*builds, 2), 1)
    assert plain.st[stun] == 1

    def nothing(t, hit, d) -> None:
        return None

    rider = fx.RIDER_OF[BY_NAME["衝撃剣"].index]
    assert BY_NAME["衝撃剣"].kind == ATTACK
    with swapped(rider, "further", nothing):
        quiet = fencer(after(*builds, 2), 1)
    assert quiet.st[stun] == 0 and quiet.hp == plain.hp
