"""The build lab's settings checked, one located problem per bad value (issue 25).

Every number a person gives (on the command line or through the page's API) is checked against
the range it must lie in and refused with a message naming that range: none is cut to the
range, rounded or replaced by a default without a word. A value of the wrong JSON type (a
string for a number, ``true`` for a count, a list for a seed) is refused the same way.
"""

from __future__ import annotations

import math
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip

MAX_SECONDS = 7 * 24 * 3600
"""The longest time budget of one search (a week)."""
MAX_TOP = 1000
"""The most rows of the best-so-far table."""
MAX_EVALUATIONS = 10_000_000


def count(field: str, value: object, low: int, high: int) -> list[Problem]:
    """No problem when ``value`` is a whole number (not a boolean) from ``low`` to ``high``."""
    if type(value) is int and low <= value <= high:
        return []
    return [Problem("core.bad_count", args={"field": field, "low": low, "high": high,
                                            "value": clip(value)})]


def number(field: str, value: object, low: float, high: float, *,
           above_low: bool = False) -> list[Problem]:
    """No problem when ``value`` is a finite number (not a boolean) from ``low`` to ``high``
    (``above_low``: greater than ``low``). NaN and infinities are refused by name."""
    ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
          and (isinstance(value, int) or math.isfinite(value))  # 10**400 is no float
          and (value > low if above_low else value >= low) and value <= high)
    if ok:
        return []
    code = "core.bad_positive" if above_low else "core.bad_number"
    return [Problem(code, args={"field": field, "low": low, "high": high,
                                "value": clip(value)})]


def text(field: str, value: object, expected: str) -> list[Problem]:
    """No problem when ``value`` is a string."""
    if isinstance(value, str):
        return []
    return [Problem("core.bad_type", args={"field": field, "expected": expected})]


def settings_problems(settings: Any) -> list[Problem]:
    """Every problem of a :class:`kassen.lab.search.Settings` (the target is checked by the
    search itself, the seed by :func:`kassen.tournament.formats.master_seed`)."""
    s = settings
    found = count("seeds K", s.games, 1, 10_000)
    found += count("walkers", s.walkers, 1, 256) + count("neighbours", s.neighbours, 1, 64)
    found += count("stall", s.stall, 1, 10_000)
    found += count("top", s.top, 1, MAX_TOP)
    found += number("goal", s.goal, 0, 1)
    if s.evaluations is None and s.seconds is None:
        found += count("evaluations", s.evaluations, 1, MAX_EVALUATIONS)
    if s.evaluations is not None:
        found += count("evaluations", s.evaluations, 1, MAX_EVALUATIONS)
    if s.seconds is not None:
        found += number("seconds", s.seconds, 0, MAX_SECONDS, above_low=True)
    if not isinstance(s.start, tuple) or not all(isinstance(t, str) for t in s.start):
        found += text("start", None, "a list of build texts")
    return found


def check_settings(settings: Any) -> None:
    """Raise ProblemError with every problem of ``settings``."""
    found = settings_problems(settings)
    if found:
        raise ProblemError(found)
