"""The ability catalogue of §18: normal, special, passive, type, demerit, 奥義 and zone rows,
with the lookups the sheets, the text and the rules read, and what a sheet costs (§2.3).

The rows, each owning its behaviour as handlers by moment, are in
:mod:`.catalogue_abilities` (§18.1–§18.2) and :mod:`.catalogue_passives` (§18.3–§18.7); this
module is where everything else finds them: by Japanese name (``*_BY_JA``), by accepted
spelling (:func:`aliases`), in English (:func:`english`), and once per sheet (:func:`kit`).
The flags and stun are condition rows (:mod:`.catalogue_conditions`).
"""

from __future__ import annotations

from kassen.rulesets.dice import catalogue_conditions as cc
from kassen.rulesets.dice.catalogue_abilities import NORMAL, SPECIAL, Entry
from kassen.rulesets.dice.catalogue_passives import DEMERIT, OUGI, PASSIVE, TYPES, ZONE_PASSIVE
from kassen.rulesets.dice.model import Kit, Sheet

__all__ = ["DEMERIT", "NORMAL", "OUGI", "PASSIVE", "SPECIAL", "TYPES", "ZONE_PASSIVE", "Entry"]

FLAG_NAMES_EN = {row.ja: row.en for row in cc.ROWS if row.kind in ("good", "bad")}
"""English names of the flags that are not demerit flags (§13), for the board's glossary:
their condition rows' (:mod:`.catalogue_conditions`)."""

DERIVATIONS = ("渡", "開", "単")
"""Derivation suffixes (§2.8): 渡 own attack right −1, 開 own defCorr 0, 単 first hit only."""
DERIVATION_EN = {"渡": "hand", "開": "open", "単": "single"}


def _index(*tables: tuple[Entry, ...]) -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for table in tables:
        for entry in table:
            out[entry.ja] = entry
    return out


NORMAL_BY_JA = _index(NORMAL)
SPECIAL_BY_JA = _index(SPECIAL)
PASSIVE_BY_JA = _index(PASSIVE)
TYPE_BY_JA = _index(TYPES)
DEMERIT_BY_JA = _index(DEMERIT)
OUGI_BY_JA = _index(OUGI)
ZONE_BY_JA = _index(ZONE_PASSIVE)
ABILITY_BY_JA = _index(NORMAL, DEMERIT)
"""The rows a slot's normal column may name (normal and demerit abilities)."""
ON_HIT_NAMES = tuple(e.ja for e in NORMAL if e.on_hit is not None)
"""The abilities armed for a connecting hit (打ち上げ, 叩き落とし, 重撃, §7.4)."""


def aliases(table: tuple[Entry, ...]) -> dict[str, str]:
    """Accepted spellings (Japanese, English id, English label, lower-cased) → Japanese name."""
    out: dict[str, str] = {}
    for entry in table:
        for key in (entry.ja, entry.id, entry.en.lower(), entry.en.lower().replace(" ", "_")):
            out[key.lower()] = entry.ja
    return out


def english(ja: str) -> str:
    """The English label of any catalogue term (the Japanese text itself when unknown)."""
    for table in (NORMAL, SPECIAL, PASSIVE, TYPES, DEMERIT, OUGI, ZONE_PASSIVE):
        for entry in table:
            if entry.ja == ja:
                return entry.en
    return FLAG_NAMES_EN.get(ja, ja)


def kit(sheet: Sheet) -> Kit:
    """The sheet's type, passive and zone rows' handlers and bonuses, and its slots and
    demerit squares by slot number, looked up once per sheet (kept in ``sheet.facts``: every
    battle of the sheet reads the same kit; the ruleset's parse makes it, so a prepared
    battle's set-up finds it made)."""
    facts = sheet.facts
    if facts.kit is None:
        passives = tuple(PASSIVE_BY_JA[p] for p in sheet.passives)
        kind = (TYPE_BY_JA[sheet.type],) if sheet.type else ()
        zone = ZONE_BY_JA[sheet.zone[1]] if sheet.zone else None
        facts.kit = Kit(
            on_values=tuple(e.on_values for e in (*kind, *passives) if e.on_values),
            zone_on_values=zone.on_values if zone else None,
            on_zone=zone.on_zone if zone else None,
            gauge_bonus=sum(p.gauge_bonus for p in passives),
            stardust_bonus=sum(p.stardust_bonus for p in passives),
            countdown_bonus=sum(p.countdown_bonus for p in passives),
            demerit_guard=any(p.guards == "demerit_square" for p in passives),
            stun_flag_guard=any(p.guards == "good_flags" for p in passives),
            slots=(None, None, None, *sheet.slots),
            squares=(False, False, False, *(slot.normal is not None
                                            and ABILITY_BY_JA[slot.normal.name].flag is not None
                                            for slot in sheet.slots)),
            ougi_squares=(False, False, False, *(slot.ougi is not None for slot in sheet.slots)),
            ougi=next((slot.ougi for slot in sheet.slots if slot.ougi is not None), None),
            trigger_vp=ABILITY_BY_JA[sheet.trigger[1].name].vp if sheet.trigger else 0)
    return facts.kit
