"""The core shared by both procedures (§4): validity, effective value, the round scoring
table and the final damage formula, and the terms (``kassen.core.sums``) that show each of
those numbers' sum on its event (issue 16). Pure functions, no state."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import CARD_VALUES, valid_cards

OK = "ok"
"""A valid card (有効)."""
FAIL = "fail"
"""An invalid card: HP −1 and the right is lost."""
NONE = "none"
"""No card: passed, or no attack right."""


@implements("§4.1", "§12.4")
def is_valid(card: str, threshold: int, fav: Sequence[str]) -> bool:
    """§4.1: value ≤ 発現値, or a favoured suit whose condition holds (``fav`` lists only
    those). A Joker is valid for everyone (§12.4)."""
    return CARD_VALUES[card] <= threshold or card[0] in fav


@implements("§4.2")
def effective(card: str, fav: Sequence[str]) -> int:
    """§4.2: the value, +2 for a favoured suit whose condition holds (never for a Joker:
    its suit letter X is never favoured)."""
    return CARD_VALUES[card] + 2 if card[0] in fav else CARD_VALUES[card]


_GAINS = {(OK, FAIL): (2, 0), (FAIL, OK): (0, 2), (OK, NONE): (1, 0), (NONE, OK): (0, 1)}
"""§4.5 rows other than OK/OK that score: the gains per side."""


@implements("§4.5")
def score_round(outcomes: Sequence[str], values: Sequence[int]) -> tuple[list[int], list[bool]]:
    """§4.5 scoring table for two warriors: (advantage gained, lost 1 HP and the right).

    ``values`` are the effective values (used only when both are OK)."""
    a, b = outcomes
    fails = [a == FAIL, b == FAIL]
    if a == OK and b == OK:
        return [int(values[0] > values[1]), int(values[1] > values[0])], fails
    return list(_GAINS.get((a, b), (0, 0))), fails


@implements("§4.6")
def final_damage(a: int, b: int) -> tuple[int, int]:
    """§4.6: damage dealt by side A and by side B from advantages ``a`` and ``b``.

    The side ahead deals its points, the side behind half of its own (rounded down); on a
    tie both deal their points."""
    if a > b:
        return a, b // 2
    if b > a:
        return a // 2, b
    return a, b


Term = tuple[Any, ...]
Terms = tuple[Term, ...]
"""A number's sum as an event carries it (``kassen.core.sums``): immutable tuples (JSON
arrays on the page), made once per distinct number and shared by every event that reports
it, so recorded battles hold no per-event lists of terms."""

GAIN_LABELS = {OK: "higher_card", FAIL: "against_failed_attack", NONE: "lone_attacker"}
"""§4.5: what a gaining (OK) warrior scored against, by the other warrior's outcome."""

CACHE = 4096
"""Bound of each cache of terms (the numbers of a legal match are small)."""


class CardChecks:
    """The §4.1–§4.2 checks of every card for one character (its 発現値 and the favoured
    suits whose condition holds), made once per distinct pair (:func:`card_checks`):
    ``valid`` the valid cards, ``value[card]`` the effective value, ``value_sums[card]`` its
    terms. Immutable and shared, so a snapshot's deep copy keeps the same object."""

    __slots__ = ("fav", "threshold", "valid", "value", "value_sums")

    def __init__(self, threshold: int, fav: tuple[str, ...]) -> None:
        self.threshold = threshold
        self.fav = fav
        self.valid = valid_cards(threshold, fav)
        self.value = {c: effective(c, fav) for c in CARD_VALUES}
        self.value_sums = {c: value_terms(c, threshold, fav) for c in CARD_VALUES}

    def __deepcopy__(self, memo: dict[int, Any]) -> CardChecks:
        return self

    def __copy__(self) -> CardChecks:
        return self


@functools.lru_cache(maxsize=256)
def card_checks(threshold: int, fav: tuple[str, ...]) -> CardChecks:
    """The shared :class:`CardChecks` of a 発現値 and favoured suits."""
    return CardChecks(threshold, fav)


@implements("§4.1", "§4.2")
def value_terms(card: str, threshold: int, fav: Sequence[str]) -> Terms:
    """§4.1–§4.2: an attack card's effective value (printed value, +2 for a favoured suit),
    with a note of why it is valid or not against the user's 発現値."""
    value = CARD_VALUES[card]
    favoured = card[0] in fav
    why = ("valid_threshold" if value <= threshold else "valid_suit" if favoured
           else "invalid")
    plus = (("+", "favoured_suit", 2, "§4.2"),) if favoured else ()
    return (("=", "card_value", value), *plus, ("note", why, threshold, "§4.1"))


@functools.lru_cache(maxsize=CACHE)
@implements("§4.5")
def gain_terms(other: str, own_value: int, other_value: int) -> Terms:
    """§4.5: the advantage an OK warrior gains against the other's outcome (with both
    effective values when the higher card scored)."""
    label = GAIN_LABELS[other]
    first = ("=", label, 1 if other != FAIL else 2, "§4.5")
    if other == OK:
        return (first, ("note", "own_value", own_value), ("note", "other_value", other_value))
    return (first,)


@functools.lru_cache(maxsize=CACHE)
def total_terms(before: int, label: str, gain: int, rule: str) -> Terms:
    """A side's advantage after a gain: what it had, plus the gain."""
    return (("=", "advantage_before", before), ("+", label, gain, rule))


@functools.lru_cache(maxsize=CACHE)
@implements("§4.6")
def damage_terms(own: int, other: int) -> Terms:
    """§4.6: the damage a side with ``own`` points deals against ``other`` points: all of
    them when ahead or tied, half (rounded down) when behind."""
    if own < other:
        return (("=", "advantage_behind", own), ("//", "halved_behind", 2, "§4.6"))
    return (("=", "advantage_ahead" if own > other else "advantage_tied", own, "§4.6"),)


@functools.lru_cache(maxsize=CACHE)
@implements("§4.6", "§5.6.1")
def hp_terms(before: int, label: str, loss: int, rule: str) -> Terms:
    """HP after a loss of ``loss``, floored at 0 when it would go below (§4.6, §5.6.1)."""
    floor = (("max", "hp_floor", 0, "§4.6"),) if loss > before else ()
    return (("=", "hp_before", before), ("-", label, loss, rule), *floor)
