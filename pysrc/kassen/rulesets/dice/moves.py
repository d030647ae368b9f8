"""Build-lab moves over legal sheets (§2): start sheets within the cost pool and one-move
neighbours (a stat, 交差 or 得意 one up or down, or one part taken from a random legal sheet:
the type, a die choice, a slot, the whole board, a special face, passives, zone, line or
trigger). The sheet's own validator decides legality (cost pool, demerits, §16.3 line)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core import moves
from kassen.core.rng import Rng
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.generate import random_sheet
from kassen.rulesets.dice.model import Sheet

NAME = "Lab"
GRAFTS: tuple[tuple[str, ...], ...] = tuple((name,) for name in (
    "type", "special", "selected", "slots", "slots", "slots", "specials", "specials",
    "passives", "zone", "line", "trigger"))
NUDGES = ((("atk",), 0, k.STAT_MAX["atk"]), (("defence",), 0, k.STAT_MAX["def"]),
          (("agi",), 0, k.STAT_MAX["agi"]), (("cross",), 0, 5), (("fav",), 1, 6))


def start(ruleset: Any, rng: Rng, options: dict[str, Any]) -> Sheet:
    """A random legal sheet named :data:`NAME`."""
    while True:
        found = moves.legal(ruleset, replace(random_sheet(rng), name=NAME, side=""), options)
        if found is not None:
            return found


def move(ruleset: Any, sheet: Sheet, rng: Rng, options: dict[str, Any]) -> Sheet:
    """One legal move from ``sheet``."""
    return moves.move(ruleset, replace(sheet, name=NAME, side=""), rng, options, random_sheet,
                      GRAFTS, NUDGES)
