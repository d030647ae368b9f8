"""Marguerite's statuses are rows of the core's conditions (issue 28): the rule code reaches
their behaviour only through the catalogue's moments, so a new status is one row in
``catalogue_conditions.py`` (with its count slot in ``model.STATUS_KEYS``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from marguerite_helpers import after, fencer

from kassen.core.conditions import Condition, Conditions
from kassen.rulesets.marguerite import catalogue_conditions as statuses
from kassen.rulesets.marguerite import engine
from kassen.rulesets.marguerite.catalogue_conditions import CONDITIONS, slots, sole
from kassen.rulesets.marguerite.model import STATUS_KEYS

FOLDER = Path(statuses.__file__).parent


def test_every_status_is_one_row_of_the_catalogue_in_slot_order() -> None:
    assert tuple(row.key for row in CONDITIONS) == STATUS_KEYS
    assert [row.index for row in CONDITIONS] == list(range(len(STATUS_KEYS)))
    assert all(row.rule == f"§11 {row.ja}" for row in CONDITIONS)


@pytest.mark.rule("§11 猛毒")
def test_the_moments_list_their_rows_in_order_d17_d2() -> None:
    """猛毒 acts before 毒 (D17), ソウル is tried before ライフ (D2)."""
    assert [CONDITIONS.rows[i].key for i, _ in slots("on_status_phase")] == ["venom", "poison"]
    assert [CONDITIONS.rows[i].key for i, _ in slots("on_death")] == ["soul", "life"]
    assert CONDITIONS.rows[sole("on_hit_taken")[0]].key == "reflect"
    assert CONDITIONS.rows[sole("on_damage_taken")[0]].key == "guard"
    with pytest.raises(ValueError, match="on_status_phase"):
        sole("on_status_phase")


@pytest.mark.rule("R6.2")
@pytest.mark.parametrize(("order", "after_poison"), [(3, True), (0, False)])
def test_a_toy_row_acts_at_its_moment_in_its_order(monkeypatch, order: int,
                                                   after_poison: bool) -> None:
    """A row added to the catalogue (here in the test) acts in the 状態効果フェイズ through the
    one dispatch, before or after 毒 as its ``order`` says, with nothing else changed."""
    seen: list[list[tuple[str, int]]] = []

    def on_status_phase(t: Any, fencers: list[Any], hurt: list[Any]) -> None:
        seen.append([(f.id, f.hp) for f in hurt])

    toy = Condition("toy", "玩具", "Toy", "test", order=order, on_status_phase=on_status_phase)
    monkeypatch.setattr(engine, "CONDITIONS", Conditions((*CONDITIONS.rows, toy)))
    battle = after("10/3/0/1/毒/A", "50/0/1/0//D", 2)  # the shared rows keep their indexes
    target = fencer(battle, 1)
    assert target.st[STATUS_KEYS.index("poison")] == 1
    assert seen, "the toy row never acted"
    assert bool(seen[-1]) is after_poison
    if after_poison:
        assert seen[-1] == [(target.id, target.hp)]


def test_no_rule_module_reaches_a_handler_but_through_the_moments() -> None:
    """Outside ``catalogue_conditions.py`` no module names a row's handler (``.on_…``, ``.on(``,
    ``.handlers``) or compares a status by its key: behaviour comes from ``slots``/``sole``/
    ``dispatch`` alone."""
    handler = re.compile(r"\.(on_[a-z_]+|on\(|handlers)\b")
    compare = re.compile(r"(status|key)\s*==\s*[\"']")
    for path in sorted(FOLDER.rglob("*.py")):
        if path.name == "catalogue_conditions.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not handler.search(text), (path.name, handler.search(text))
        assert not compare.search(text), (path.name, compare.search(text))
