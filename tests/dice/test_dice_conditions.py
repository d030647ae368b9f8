"""Flags (§13) and stun (§12) are condition rows that own their behaviour (issue 28): a side's
flags name their row, the step-10 values reach each row's handler by its index, and no rule
module names a condition."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from dice_helpers import DEFAULT_FACES, battle, events, one_turn
from dice_helpers import RED as PLAIN_RED

from kassen.core.conditions import Conditions
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import catalogue_conditions as cc
from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.model import DiceCondition, Flag
from kassen.rulesets.dice.rules import values

RULE_MODULES = ("rules/abilities", "rules/attack", "engine", "table",
                "rules/upkeep", "rules/values")
"""The modules of rule code: none of them may name a condition."""
FOLDER = Path(cc.__file__).parent


@pytest.mark.rule("§13.1")
@pytest.mark.rule("§12.3")
def test_every_flag_and_stun_is_one_row() -> None:
    """§13.1: the good, bad and demerit flags, and stun (§12.3), each one row with its kind."""
    kinds = {row.ja: row.kind for row in cc.ROWS}
    assert kinds["防1.5倍"] == kinds["被弾軽減"] == "good"
    assert kinds["浮き"] == kinds["ダウン"] == "bad"
    assert {e.ja for e in cat.DEMERIT} == {ja for ja, k in kinds.items() if k == "demerit"}
    assert kinds["スタン"] == "stun"
    assert [row.index for row in cc.CONDITIONS] == list(range(len(cc.ROWS)))
    assert all(row.bad == (row.kind != "good") for row in cc.ROWS)
    # every demerit row owns its effect; the English names the board shows are the rows'
    assert all(cc.ON_DEMERIT[row.index] is not None for row in cc.DEMERIT_FLAGS.values())
    assert cat.english("浮き") == "Airborne" and cat.english("空振り") == "Whiff"


def _constants(path: Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_no_rule_module_names_a_condition() -> None:
    """Behaviour is reached through the rows, never by comparing condition names."""
    names = {row.ja for row in cc.ROWS}
    for module in RULE_MODULES:
        found = names & _constants(FOLDER / f"{module}.py")
        assert not found, (module, found)


@pytest.mark.rule("§13.2")
def test_a_toy_flag_acts_through_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new flag is one row: held by a side, its step-10 handler acts through the dispatch
    by row index, once per turn however many copies the side holds."""
    seen: list[int] = []

    def on_values(t: object, c: int) -> None:
        seen.append(c)
        t.state.tv[c].right += 3  # type: ignore[attr-defined]

    toy = DiceCondition("toy", "テスト旗", "Toy flag", "test", "good", on_values=on_values)
    rows = Conditions((*cc.ROWS, toy))
    monkeypatch.setattr(values, "ON_VALUES", tuple(r.on("on_values") for r in rows.rows))

    def hold(b: DiceBattle) -> None:
        for _ in range(2):
            b.table.ch(1).flags.append(Flag(toy.ja, toy.kind, 1, 0, toy.index))
    b = one_turn(before=hold)
    assert seen == [1]
    assert b.table.tv[1].right == 3 and b.table.tv[0].right == 0
    assert rows["toy"] is toy and toy.index == len(cc.ROWS)


@pytest.mark.rule("§13.3")
def test_a_flag_raised_is_not_effective_the_same_turn() -> None:
    """§13.3: 硬化 raises 防1.5倍 for 4 turns; it counts from the next turn."""
    b = battle(PLAIN_RED + "; slot10: 硬化", PLAIN_RED.replace("Red", "Blue"),
               DEFAULT_FACES * 2)
    b.play_turn()
    first = b.table.tv[0].def_mult.every
    held = b.table.ch(0).flags
    assert [(f.name, f.row) for f in held] == [("防1.5倍", cc.DEF_UP.index)]
    assert events(b, "flag_set", "0.0")[0]["flag"] == "防1.5倍"
    b.play_turn()
    # the ability again (+1) and now the flag (+1): one more than on turn 1
    assert b.table.tv[0].def_mult.every == first + 1


@pytest.mark.rule("§12.4")
def test_stun_penalty_is_the_stun_rows_handler() -> None:
    """§12.4: stunned, 防御倍率 −1 comes from stun's row (``stun_penalty = delta``)."""
    def stunned(b: DiceBattle) -> None:
        ch = b.table.ch(0)
        ch.stunned, ch.stun_left = True, 3
    assert one_turn(before=stunned).table.tv[0].def_mult.every == 1
    assert one_turn().table.tv[0].def_mult.every == 2
    assert cc.STUN_VALUES is cc.ON_VALUES[cc.STUN.index]
