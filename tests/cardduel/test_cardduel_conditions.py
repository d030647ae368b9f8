"""The card duel's member states are condition rows of the core's one mechanism (issue 28):
a state is one row of ``catalogue_conditions.CONDITIONS``, and what it does reaches the rules
only through the moments the rows answer (a toy row added here acts through them)."""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import W8, W8B, events, make

from kassen.core.conditions import Condition, Conditions
from kassen.rulesets.cardduel import engine, view
from kassen.rulesets.cardduel.catalogue_conditions import CONDITIONS, FAINTED, RIGHT_LOST
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.rules import attack, battle

FOLDER = Path(__file__).resolve().parents[2] / "pysrc" / "kassen" / "rulesets" / "cardduel"


def test_every_member_state_is_one_row() -> None:
    """気絶, 消耗, アタック権なし, エンチャント停止, 次の交戦を休む, アタック失敗, 放棄: one row
    each, named in both languages with its rule; the member keeps no status field beside
    ``conds``."""
    assert [row.key for row in CONDITIONS] == [
        "fainted", "exhausted", "right_lost", "locked", "sitting_out", "failed", "withdrew"]
    for row in CONDITIONS:
        assert row.ja and row.en and row.rule.startswith("§"), row
    fields = {f.name for f in dataclasses.fields(Member)}
    assert not fields & {"right", "out_until", "locked", "exhausted", "fainted", "failed",
                         "withdrew"}


def test_rule_code_reaches_states_only_through_rows() -> None:
    """No module but the catalogue and the member indexes ``conds`` or fetches a row by its
    key: rule code holds the row objects."""
    wrong = []
    for path in sorted(FOLDER.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name not in ("catalogue_conditions.py", "model.py") and ".conds[" in text:
            wrong.append(f"{path.name}: indexes conds")
        if re.search(r"CONDITIONS\[", text):
            wrong.append(f"{path.name}: fetches a row by key")
    assert wrong == []


def _frozen(t: Any, m: Member) -> bool:
    return m.has(FROZEN) > 0


def _thaw(t: Any, m: Member) -> None:
    m.lose(FROZEN)


FROZEN = Condition("frozen", "凍結", "frozen", "§test", bad=True, order=9,
                   on_attack_bar=_frozen, on_view=_frozen, on_reset=_thaw)
"""A toy state: the holder cannot attack, the page shows it, the reset clears it."""


@pytest.mark.rule("§5.4.1")
@pytest.mark.rule("§5.10.2")
def test_a_toy_row_acts_through_the_moments(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding one row (and nothing else) bars the holder's attacks, shows on the page and
    is cleared at the reset: the rules ask the rows' moments, not the states by name."""
    toy = Conditions([*CONDITIONS.rows, FROZEN])  # the rows keep their indices
    monkeypatch.setattr(engine, "CONDITIONS", toy)
    monkeypatch.setattr(attack, "ATTACK_BARS", toy.at("on_attack_bar"))
    monkeypatch.setattr(view, "SHOWN", toy.at("on_view"))
    monkeypatch.setattr(battle, "AT_RESET", toy.at("on_reset"))
    b = make([W8, W8B])
    frozen = b.member("0.0")
    frozen.gain(FROZEN)
    assert b.members()[0]["members"][0]["statuses"] == {"凍結": 1}
    b.play_turn()
    attackers = {e.actor for e in events(b, "attack_set") + events(b, "attack_pass")}
    assert attackers == {"1.0"}
    assert frozen.has(FROZEN) == 0 and not frozen.has(RIGHT_LOST)
    assert not frozen.has(FAINTED)


@pytest.mark.rule("§5.4.1")
def test_without_the_toy_row_both_warriors_attack() -> None:
    """The same battle without the toy row: both warriors set attacks (the toy test's
    outcome is the row's doing)."""
    b = make([W8, W8B])
    b.play_turn()
    attackers = {e.actor for e in events(b, "attack_set") + events(b, "attack_pass")}
    assert attackers == {"0.0", "1.0"}
