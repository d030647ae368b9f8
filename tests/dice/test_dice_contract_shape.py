"""The dice ruleset keeps the shape of the rule-code contract (issue 28): rule functions take
the :class:`~kassen.rulesets.dice.table.DiceTable`, so no rule module imports the engine and
the ruleset's modules form no import loop, counting imports made for typing only."""

from __future__ import annotations

import inspect

from dice_helpers import BLUE, RED, battle

from kassen.core.table import Table
from kassen.rulesets.dice import engine
from kassen.rulesets.dice.model import State
from kassen.rulesets.dice.rules import abilities, attack, upkeep, values
from kassen.rulesets.dice.table import DiceTable
from test_import_cycles import graph, ruleset_cycles

PREFIX = "kassen.rulesets.dice."
ENGINE = PREFIX + "engine"
MAY_IMPORT_ENGINE = {PREFIX + "ruleset", ENGINE, "kassen.rulesets.dice"}
"""The engine builds the table; the ruleset starts battles; the package names its parts."""


def test_no_import_loop_counting_typing_imports() -> None:
    assert ruleset_cycles("dice") == []


def test_only_the_engine_and_ruleset_import_the_engine() -> None:
    importers = sorted(name for name, targets in graph(typing=True).items()
                       if ENGINE in targets and name.startswith("kassen.rulesets.dice"))
    assert importers, "the ruleset module must import the engine to start a battle"
    assert set(importers) <= MAY_IMPORT_ENGINE, importers


def test_rule_functions_take_the_table_first() -> None:
    """Every public function of the rule sections takes ``t: DiceTable`` first."""
    checked = 0
    for module in (abilities, attack, upkeep, values):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ != module.__name__ or name.startswith("_"):
                continue
            first = next(iter(inspect.signature(function).parameters.values()))
            assert (first.name, first.annotation) == ("t", "DiceTable"), (module, name)
            checked += 1
    assert checked >= 12


def test_the_battle_hands_its_table_and_state() -> None:
    b = battle(RED, BLUE, (4, 3, 3, 5))
    assert isinstance(b, engine.DiceBattle)
    assert isinstance(b.table, DiceTable) and isinstance(b.table, Table)
    assert isinstance(b.state, State) and b.table.state is b.state
    snap = b.snapshot()
    b.play_turn()
    b.restore(snap)
    assert b.table.state is b.state and b.state.turn == 0
