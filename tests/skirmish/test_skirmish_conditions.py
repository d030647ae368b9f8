"""Skirmish statuses go through the core's condition rows (issue 28): every status is one
row of ``catalogue_conditions.CONDITIONS`` and acts through its handlers by moment, so a new
status is one row; no rule module compares status names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from skirmish_kit import events, fighter, make

import kassen.rulesets.skirmish as package
from kassen.core.conditions import Condition, Conditions
from kassen.rulesets.skirmish.catalogue import STATUSES
from kassen.rulesets.skirmish.catalogue_conditions import ACTING, CONDITIONS, SLEEP
from kassen.rulesets.skirmish.model import Effect
from kassen.rulesets.skirmish.rules import statuses as sts
from kassen.rulesets.skirmish.rules.rounds import end_phase
from kassen.rulesets.skirmish.rules.statuses import add_effect, wake

FOLDER = Path(package.__file__).parent


@pytest.fixture
def toy() -> Iterator[Condition]:
    """A toy status (a test only): +2 装甲 per amount, keeps its bearer asleep, ends on
    waking; loaded beside the real rows for the test, then taken out."""
    row = Condition("toy_trance", "トランス", "trance", "§9", bad=True,
                    on_armour=lambda t, e: 2 * e.amount, on_asleep=lambda t, e: True,
                    on_wake=lambda t, e: True)
    ACTING.load(Conditions((*CONDITIONS.rows, row)))
    try:
        yield row
    finally:
        ACTING.load(CONDITIONS)


@pytest.mark.rule("§9")
def test_a_new_status_is_one_row_acting_through_its_handlers(toy: Condition) -> None:
    """Granted, the toy row raises 装甲 and puts its bearer to sleep by its handlers alone;
    waking ends it (its on_wake), as 睡眠's row does."""
    b, _ = make([fighter("A"), fighter("B", arm=4)])
    t = b.table
    v = t.unit("1.0")
    add_effect(t, v, toy, 2, 3)
    assert [e.values["status"] for e in events(b, "status")] == ["toy_trance"]
    assert sts.armour(t, v) == 4 + 6 and sts.asleep(t, v) and not sts.awake_able(t, v)
    wake(t, t.unit("0.0"), v, "§6.2")
    assert v.effects == [] and sts.armour(t, v) == 4 and not sts.asleep(t, v)


@pytest.mark.rule("§9.1")
def test_a_toy_status_counts_down_and_expires_like_the_others(toy: Condition) -> None:
    """The §9.1 countdown treats the toy row's effect like every effect: it expires in EP."""
    b, _ = make([fighter("A"), fighter("B")])
    t = b.table
    v = t.unit("1.0")
    add_effect(t, v, toy, 0, 1)
    end_phase(t)
    assert [e.values["status"] for e in events(b, "expire")] == ["toy_trance"]
    assert v.effects == []


@pytest.mark.rule("§10.3")
def test_deadlock_wakes_through_the_rows(toy: Condition) -> None:
    """A round nobody acts in wakes every sleeper (§10.3): both 睡眠 and the toy row end
    (their on_wake), a stone skin stays."""
    b, _ = make([fighter("A"), fighter("B")])
    t = b.table
    a, v = t.unit("0.0"), t.unit("1.0")
    a.effects.append(Effect("sleep", 3))
    v.effects.append(Effect("toy_trance", 3, 1))
    v.effects.append(Effect("stone_skin", 3, 2))
    end_phase(t)
    assert a.effects == [] and [e.name for e in v.effects] == ["stone_skin"]


def test_every_status_is_a_row_and_the_rows_index_the_effects() -> None:
    """The page's status names are the rows; an effect carries its row's index."""
    assert list(STATUSES) == [row.key for row in CONDITIONS.rows]
    assert all(STATUSES[row.key] is row for row in CONDITIONS)
    assert Effect("sleep", 1).index == SLEEP.index


def test_no_rule_module_compares_status_names() -> None:
    """Behaviour reaches statuses through the rows, never by comparing names (issue 28)."""
    names = "|".join(row.key for row in CONDITIONS)
    compare = re.compile(rf"""(==|!=|\bin\b)\s*["']({names})["']|\.name\s*(==|!=)""")
    found = [(p.name, line) for p in sorted(FOLDER.rglob("*.py")) if p.name != "text.py"
             for line in p.read_text(encoding="utf-8").splitlines() if compare.search(line)]
    assert found == []
