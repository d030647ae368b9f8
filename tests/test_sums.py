"""core.sums (issue 16, the sum behind every number): the fold the page and the property
tests rely on."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kassen.core import sums
from kassen.core.events import Event


def test_fold_left_to_right_with_nested_parts() -> None:
    """(12 − (4 + 3)) × 2, at least 0: a parenthesised part is a nested term list."""
    inner = [["=", "def", 4], ["+", "armour", 3]]
    terms = [sums.term("=", "attack", 12), sums.term("-", "defence", inner),
             sums.term("*", "heavy", 2, "R8.5"), sums.term("max", "at_least", 0)]
    assert sums.fold(terms) == 10
    assert sums.labels(terms) == ["attack", "defence", "def", "armour", "heavy", "at_least"]


@pytest.mark.parametrize(("op", "value", "want"), [
    ("//", 2, 3), ("ceil/", 2, 4), ("/", 2, Fraction(7, 2)), ("min", 5, 5), ("max", 9, 9),
    ("*", "3/2", Fraction(21, 2))])
def test_each_binary_operation(op: str, value: object, want: object) -> None:
    """Floor and ceiling division, exact division and ratios, bounds."""
    assert sums.fold([["=", "x", 7], [op, "y", value]]) == want


def test_rounding_and_notes() -> None:
    """floor / ceil / round (half up) act on what is folded so far; a note adds nothing."""
    half = [["=", "x", 5], ["/", "half", 2]]
    assert sums.fold([*half, ["floor", "down", None]]) == 2
    assert sums.fold([*half, ["ceil", "up", None]]) == 3
    assert sums.fold([*half, ["round", "near", None], ["note", "crit", "critical"]]) == 3


def test_floats_fold_in_floats() -> None:
    """A ruleset that computes in binary floats uses float terms; the fold follows it."""
    assert sums.fold([["=", "x", 0.1], ["+", "y", 0.2]]) == 0.1 + 0.2


def test_mismatches_names_the_event_and_the_numbers() -> None:
    """A breakdown that drifts from its number is reported, with both numbers."""
    def hit(seq: int, damage: int, op: str) -> Event:
        values = {"damage": damage, "sums": {"damage": [[op, "a", 3]]}}
        return Event(seq, 1, "p", "hit", None, None, values, None, None)

    good, bad, broken = hit(0, 3, "="), hit(1, 4, "="), hit(2, 4, "?")
    found = sums.mismatches([good, bad, broken])
    assert len(found) == 2 and "terms make 3, event says 4" in found[0] and "unknown" in found[1]
    assert sums.used_labels([good, bad]) == ["damage", "a"]
