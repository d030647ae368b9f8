"""Helpers of the marguerite tests: start, advance and inspect battles from build texts."""

from __future__ import annotations

from typing import Any

from kassen.core import session
from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.engine import MargueriteBattle
from kassen.rulesets.marguerite.model import Fencer

FREE = {"budget": 0, "hp_step": "1"}
"""Options that let a test write any build (no point budget, any HP)."""


def start(a: str, b: str, **options: Any) -> MargueriteBattle:
    """A battle at its start; budget and HP steps are free unless given."""
    prepared = session.prepare("marguerite", [a, b], {**FREE, **options})
    battle = prepared.ruleset.new_battle(prepared.setup())
    assert isinstance(battle, MargueriteBattle)
    return battle


def after(a: str, b: str, turn: int, **options: Any) -> MargueriteBattle:
    """A battle played through turn ``turn`` (0 = turn 0 and its death check) or its end."""
    battle = start(a, b, **options)
    advance(battle, turn)
    return battle


def advance(battle: MargueriteBattle, turn: int) -> None:
    """Play turns until ``turn`` has been played or the battle is over."""
    st = battle.state
    while not battle.finished and battle.aborted is None and (st.last < turn):
        battle.play_turn()


def finish(a: str, b: str, **options: Any) -> MargueriteBattle:
    """A battle played to its end."""
    battle = start(a, b, **options)
    while not battle.finished and battle.aborted is None:
        battle.play_turn()
    return battle


def fencer(battle: MargueriteBattle, side: int, index: int = 0) -> Fencer:
    """The ``index``-th 剣師 of a side in order of entry."""
    return battle.state.members[side][index]


def codes(f: Fencer) -> str:
    """A 剣師's sword list as one-character codes."""
    return "".join(SWORDS[s.sid].code for s in f.swords)


def kinds(battle: MargueriteBattle) -> list[str]:
    """Every event kind, in order."""
    return [e.kind for e in battle.rec.events()]


def events(battle: MargueriteBattle, kind: str) -> list[Any]:
    """Every event of one kind."""
    return [e for e in battle.rec.events() if e.kind == kind]
