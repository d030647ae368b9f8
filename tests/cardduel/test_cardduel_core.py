"""The shared core (§4): validity, the +2, every row of the scoring table, the final damage
formula."""

from __future__ import annotations

import pytest

from kassen.rulesets.cardduel.catalogue import full_deck, valid_cards
from kassen.rulesets.cardduel.rules.checks import (
    FAIL,
    NONE,
    OK,
    effective,
    final_damage,
    is_valid,
    score_round,
)


@pytest.mark.rule("§4.1")
@pytest.mark.rule("§1.3")
def test_validity_4_1_threshold_or_favoured_suit() -> None:
    """§4.1 and §1.3: value ≤ 発現値, or a favoured suit (picture cards need the suit)."""
    assert is_valid("SA", 8, ()) and is_valid("H8", 8, ()) and not is_valid("H9", 8, ())
    assert not is_valid("SK", 10, ()) and is_valid("SK", 8, ("S",))
    assert not is_valid("HQ", 9, ("S",))
    assert is_valid("X1", 8, ())  # §12.4 a Joker is valid for everyone


@pytest.mark.rule("§4.1")
@pytest.mark.parametrize("fav", [(), ("S",), ("H", "D"), ("S", "C")])
@pytest.mark.parametrize("threshold", [8, 9, 10])
def test_valid_card_table_agrees_with_4_1(threshold: int, fav: tuple[str, ...]) -> None:
    """§4.1: the per-member table of valid cards is exactly the cards ``is_valid`` accepts."""
    want = {c for c in full_deck(2) if is_valid(c, threshold, fav)}
    assert valid_cards(threshold, fav) == want


@pytest.mark.rule("§4.2")
def test_effective_value_4_2_plus_two_for_favoured_suit() -> None:
    """§4.2: +2 for a favoured suit even when valid by the threshold; never for a Joker."""
    assert effective("S5", ("S",)) == 7 and effective("H5", ("S",)) == 5
    assert effective("SK", ("S",)) == 15 and effective("X1", ("S",)) == 0


@pytest.mark.rule("§4.5")
@pytest.mark.parametrize(("outcomes", "values", "gains", "fails"), [
    ((OK, OK), (7, 5), [1, 0], [False, False]),      # higher gets +1
    ((OK, OK), (5, 9), [0, 1], [False, False]),
    ((OK, OK), (6, 6), [0, 0], [False, False]),      # tie gives nothing
    ((OK, FAIL), (3, 0), [2, 0], [False, True]),     # +2, failer loses HP and right
    ((FAIL, OK), (0, 3), [0, 2], [True, False]),
    ((OK, NONE), (1, 0), [1, 0], [False, False]),    # +1 against no card
    ((NONE, OK), (0, 1), [0, 1], [False, False]),
    ((FAIL, FAIL), (0, 0), [0, 0], [True, True]),    # both lose, no points
    ((FAIL, NONE), (0, 0), [0, 0], [True, False]),   # failer loses, no points
    ((NONE, FAIL), (0, 0), [0, 0], [False, True]),
    ((NONE, NONE), (0, 0), [0, 0], [False, False]),  # nothing (stall rule §5.9 elsewhere)
])
def test_scoring_table_4_5_every_row(outcomes, values, gains, fails) -> None:
    """§4.5: each row of the round scoring table."""
    assert score_round(outcomes, values) == (gains, fails)


@pytest.mark.rule("§4.6")
@pytest.mark.parametrize(("a", "b", "dealt"), [
    (5, 3, (5, 1)), (3, 5, (1, 5)), (4, 4, (4, 4)), (1, 0, (1, 0)), (7, 6, (7, 3)),
    (0, 0, (0, 0)), (2, 1, (2, 0)),
])
def test_final_damage_formula_4_6(a: int, b: int, dealt: tuple[int, int]) -> None:
    """§4.6: the side ahead deals its points, the other ⌊its points/2⌋; a tie deals both."""
    assert final_damage(a, b) == dealt
