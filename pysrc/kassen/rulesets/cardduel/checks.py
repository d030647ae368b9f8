"""The core shared by both procedures (§4): validity, effective value, the round scoring
table and the final damage formula. Pure functions, no state."""

from __future__ import annotations

from collections.abc import Sequence

from kassen.rulesets.cardduel.catalogue import CARD_VALUES

OK = "ok"
"""A valid card (有効)."""
FAIL = "fail"
"""An invalid card: HP −1 and the right is lost."""
NONE = "none"
"""No card: passed, or no attack right."""


def is_valid(card: str, threshold: int, fav: Sequence[str]) -> bool:
    """§4.1: value ≤ 発現値, or a favoured suit whose condition holds (``fav`` lists only
    those). A Joker is valid for everyone (§12.4)."""
    return CARD_VALUES[card] <= threshold or card[0] in fav


def effective(card: str, fav: Sequence[str]) -> int:
    """§4.2: the value, +2 for a favoured suit whose condition holds (never for a Joker:
    its suit letter X is never favoured)."""
    return CARD_VALUES[card] + 2 if card[0] in fav else CARD_VALUES[card]


def score_round(outcomes: Sequence[str], values: Sequence[int]) -> tuple[list[int], list[bool]]:
    """§4.5 scoring table for two warriors: (advantage gained, lost 1 HP and the right).

    ``values`` are the effective values (used only when both are OK)."""
    gains = [0, 0]
    fails = [o == FAIL for o in outcomes]
    a, b = outcomes
    if a == OK and b == OK:
        if values[0] > values[1]:
            gains[0] = 1
        elif values[1] > values[0]:
            gains[1] = 1
    elif a == OK and b == FAIL:
        gains[0] = 2
    elif a == FAIL and b == OK:
        gains[1] = 2
    elif a == OK and b == NONE:
        gains[0] = 1
    elif a == NONE and b == OK:
        gains[1] = 1
    return gains, fails


def final_damage(a: int, b: int) -> tuple[int, int]:
    """§4.6: damage dealt by side A and by side B from advantages ``a`` and ``b``.

    The side ahead deals its points, the side behind half of its own (rounded down); on a
    tie both deal their points."""
    if a > b:
        return a, b // 2
    if b > a:
        return a // 2, b
    return a, b
