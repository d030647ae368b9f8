"""Skirmish (戦闘の進行): TRPG round and initiative combat on areas (issue 6).

The rooms (issue 28): ``ruleset`` (the registered description), ``options``, ``model``
(Character/Side as built, State and Unit in battle), ``catalogue`` (weapons, abilities, items)
and ``catalogue_conditions`` (the §9 statuses as condition rows with their handlers),
``table`` (what the rules act on), ``engine`` (set-up and the round loop), ``rules/`` (one
module per section of the specification), ``ai/`` (the §12 policy), ``text``, ``view``,
``notation``, ``samples``, ``generate`` (random sides, the build lab's line-ups), ``measure``,
``constants``.
"""

from kassen.rulesets.skirmish.ruleset import SkirmishRuleset

RULESET = SkirmishRuleset()
