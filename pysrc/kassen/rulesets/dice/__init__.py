"""サイコロバトル (Saikoro Battle): the ``dice`` ruleset (rules/dice.md)."""

from kassen.rulesets.dice.ruleset import RULESET

__all__ = ["RULESET"]
