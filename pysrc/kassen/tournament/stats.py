"""Small statistics for win rates: Wilson score intervals and medians."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def median(values: Sequence[float]) -> float | None:
    """The median, or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def rate(count: int, trials: int) -> dict[str, float | int | None]:
    """A rate with its interval, as tournament tables print it."""
    low, high = wilson(count, trials)
    return {
        "count": count,
        "rate": round(count / trials, 6) if trials else None,
        "low": round(low, 6),
        "high": round(high, 6),
    }
