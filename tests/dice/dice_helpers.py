"""Helpers for the dice tests: battles with forced dice (ScriptedRng) and event lookups."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kassen.core import session, sums
from kassen.core.rng import ScriptedRng
from kassen.rulesets.dice.engine import DiceBattle

RED = "name: Red; atk: 5; def: 5; fav: 3; cross: 0"
BLUE = "name: Blue; atk: 5; def: 5; fav: 3; cross: 0"
EX_RED = ("name: ExRed; special: G; selected: 自; atk: 5; def: 5; agi: 5; cross: 2; fav: 2; "
          "slot10: 攻2倍")
EX_BLUE = ("name: ExBlue; special: Y; selected: Y; atk: 3; def: 8; agi: 8; cross: 4; fav: 5; "
           "slot14: 防1.5倍")
"""The two sheets of the §19 worked example (dice R5 B3 Y2 G6)."""
DEFAULT_FACES = (4, 3, 3, 5)
"""R4 B3 Y3 G5: both sides (special G) read ability number 10 and special face 5."""


def put(obj: Any, **fields: Any) -> None:
    """Set named fields of a state object (a test's starting position)."""
    for name, value in fields.items():
        if not hasattr(obj, name):
            raise AttributeError(name)
        setattr(obj, name, value)


def battle(red: str, blue: str, faces: Sequence[int] = (), **options: Any) -> DiceBattle:
    """A battle whose dice are forced: ``faces`` are R, B, Y, G per turn, in order."""
    prepared = session.prepare("dice", [red, blue], options, "xo1:test")
    b = prepared.ruleset.new_battle(prepared.setup())
    assert isinstance(b, DiceBattle)
    b.rng = b.table.rng = ScriptedRng.faces(list(faces))
    return b


def one_turn(red_extra: str = "", blue_extra: str = "", faces: Sequence[int] = DEFAULT_FACES,
             before: Callable[[DiceBattle], None] | None = None, **options: Any) -> DiceBattle:
    """Play turn 1 of the standard pair with extra sheet entries and forced dice."""
    red = RED + ("; " + red_extra if red_extra else "")
    blue = BLUE + ("; " + blue_extra if blue_extra else "")
    b = battle(red, blue, faces, **options)
    if before is not None:
        before(b)
    b.play_turn()
    return b


def events(b: DiceBattle, kind: str, actor: str | None = None) -> list[dict[str, Any]]:
    """Values of every event of ``kind`` (optionally of one actor)."""
    return [e.values for e in b.rec.events()
            if e.kind == kind and (actor is None or e.actor == actor)]


def kinds(b: DiceBattle) -> list[str]:
    """Every event kind in order."""
    return [e.kind for e in b.rec.events()]


def _flat(terms: Sequence[Any], out: dict[str, Any]) -> dict[str, Any]:
    for t in terms:
        value = t[2]
        if isinstance(value, list):
            out.setdefault(t[1], sums.fold(value))
            _flat(value, out)
        elif t[0] not in sums.UNARY:
            out.setdefault(t[1], sums.fold([["=", t[1], value]]))
    return out


def damage_terms(hit: dict[str, Any], part: str | None = None) -> dict[str, Any]:
    """The numbers of a hit's damage sum by label (core.sums, §19), nested parts folded:
    ``part`` ``"attack"`` or ``"defence"`` reads inside that part only (both have 5計 and
    stars), else the top level and the attack side first."""
    terms = hit["sums"]["damage"]
    if part is not None:
        terms = next(t[2] for t in terms if t[1] == part)
    return _flat(terms, {})
