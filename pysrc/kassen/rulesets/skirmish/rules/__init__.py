"""The skirmish's rules, one module per section of the specification (``docs/rules/skirmish.md``):
``battlefield`` (§3 the area map), ``checks`` (§4 dice and checks), ``rounds`` (§5 round
structure), ``initiative`` (§5.3), ``actions`` (§6.1, §6.2 the legal choices of a step, §8),
``uses`` (§6.3 hit check, §6.4 damage, §6.5 magic, §11.3, §11.4), ``movement`` (§6.6),
``auto_actions`` (§7), ``targeting`` (§8), ``statuses`` (§9), ``victory`` (§10 end of combat);
``breakdowns`` builds the sums those checks show (issue 16). Every rule function takes the
table (:class:`kassen.rulesets.skirmish.table.SkirmishTable`) first."""
