"""魔法学園 playing-card duel (``rules/cardduel.md``): warriors and mages, decks, enchants,
attacks, the Emotion Event and the Mana Storm."""

from kassen.rulesets.cardduel.ruleset import CardDuelRuleset

RULESET = CardDuelRuleset()
