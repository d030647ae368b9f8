"""The rule sections of サイコロバトル, named after the specification (``docs/rules/dice.md``).

Each module acts on the :class:`~kassen.rulesets.dice.table.DiceTable` it is handed as ``t``:

- :mod:`.abilities`: turn steps 4–9 — zone (§16.2), ability selection and resolution (§7),
  the 奥義 pre-step (§15.5), demerit squares (§8), special and slot abilities.
- :mod:`.values`: step 10, derived values — flags (§13.2), stun (§12.4), passives
  (§18.3–18.4, §18.7), speed (§6.2), combo threshold and coefficient (§10).
- :mod:`.attack`: steps 11–13 — range (§11), speed, attack right and cross (§9), multi-hit
  (§10) and damage (§19), the knockout (§17.1).
- :mod:`.upkeep`: steps 14–15 — stun (§12), VP (§14), stars due and 奥義 (§15), flag
  durations (§13.3), the range move (§11.4), the turn limit (§17.3).
- :mod:`.formulas`: the pure formulas of §6, §10, §11, §12 and §19.
- :mod:`.sheet`: §2, the sheet as a build — its cost (§2.3), board constraints (§2.4) and
  demerit placement (§2.5), read when a sheet is parsed or set up.

What each ability of the §18 catalogue does is its row's (:mod:`..catalogue`), by moment.
"""
