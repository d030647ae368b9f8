"""魔法学園 playing-card duel (``rules/cardduel.md``): warriors and mages, decks, enchants,
attacks, the Emotion Event and the Mana Storm.

Rooms: ``ruleset`` (the registered ruleset), ``options``, ``model`` (builds, the match's
``State``, ``Termination``), ``catalogue`` (cards, suits, costumes), ``catalogue_conditions``
(the member states as condition rows), ``table`` (``CardDuelTable``, what rule functions
act on), ``engine`` (set-up and the battle loop), ``rules/`` (one module per rule section),
``ai``, ``text``, ``view``, ``notation``, ``samples``, ``generate``, ``moves`` (build lab),
``measure``, ``constants``."""

from kassen.rulesets.cardduel.ruleset import CardDuelRuleset

RULESET = CardDuelRuleset()
