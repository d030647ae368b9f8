"""The card duel's rule sections (spec ``rules/cardduel.md``), one module each, every rule
function taking the :class:`~kassen.rulesets.cardduel.table.CardDuelTable` first:

- ``checks``: the core checks shared by both procedures (§4: validity, value, scoring, the
  damage formula);
- ``battle``: a battle's start (§2.6 refill, §12.1 usage conditions), the last damage check
  and fainting (B9 / A4, §4.6, §2.3) and the reset (B9 / A5, §5.10);
- ``procedure_b``: procedure B's enchant steps B1–B3 and its round (§5, the default);
- ``procedure_a``: procedure A's engagement A1–A3 (§7, the option);
- ``rounds``: the round loop both procedures share (§5.8–§5.9, §7 A3, §15 D2);
- ``enchant``: enchant setup and check (§5.1–§5.2, A1);
- ``attack``: attack setup, check, damage and advantage (§5.4–§5.8, A2);
- ``happenings``: the Emotion Event and the happening draw (§6.1, §12.2);
- ``storm``: the Mana Storm (§6.2);
- ``resources``: MP, costumes and exhaustion (§9, §5.3.3);
- ``victory``: the end checks and the winner (§8, §15 D16).
"""
