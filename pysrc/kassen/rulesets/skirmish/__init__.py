"""Skirmish (戦闘の進行): TRPG round and initiative combat on areas (issue 6)."""

from kassen.rulesets.skirmish.ruleset import SkirmishRuleset

RULESET = SkirmishRuleset()
