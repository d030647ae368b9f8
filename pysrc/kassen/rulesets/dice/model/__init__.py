"""The dice ruleset's model: the build (the character sheet, :mod:`.build`) and the battle's
typed state (:mod:`.state`), re-exported here so that rule code imports ``model`` alone."""

from __future__ import annotations

from kassen.rulesets.dice.model.build import (
    SLOTS,
    SPECIAL_SLOTS,
    Ability,
    Kit,
    Ougi,
    Sheet,
    SheetFacts,
    Slot,
    Star,
)
from kassen.rulesets.dice.model.state import (
    Act,
    Additive,
    Character,
    DiceCondition,
    Factor,
    Flag,
    Ratio,
    Source,
    State,
    Termination,
    TurnValues,
)

__all__ = ["SLOTS", "SPECIAL_SLOTS", "Ability", "Act", "Additive", "Character", "DiceCondition",
           "Factor", "Flag", "Kit", "Ougi", "Ratio", "Sheet", "SheetFacts", "Slot", "Source",
           "Star", "State", "Termination", "TurnValues"]
