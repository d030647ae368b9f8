"""The odds of the §4 checks and §6.4 damage rolls: exact expectations over 2D10 / 3D10 that
the AI plans with (§16 A1, A3, A4, A5). No randomness."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache


def _pmf(dice: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 11):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 10
        dist = nxt
    return dist


PMF2 = _pmf(2)
PMF3 = _pmf(3)


@lru_cache(maxsize=8192)
def damage(base: int, cap: int, crit: bool = False) -> float:
    """E[min(cap, max(0, base + 2D10 (3D10 on a critical)))]; cap < 0 means no cap.

    Summed roll by roll in ascending order; the rolls below the cap add the same terms for
    every cap, so their running sums come from :func:`_running` (the same floats)."""
    values, chances, running = _running(base, crit)
    if cap < 0:
        return running[-1] if running else 0.0
    k = bisect_right(values, cap)  # values[:k] are not capped
    total = running[k - 1] if k else 0.0
    for p in chances[k:]:
        total += p * cap
    return total


@lru_cache(maxsize=512)
def _running(base: int, crit: bool) -> tuple[list[int], list[float], list[float]]:
    """The positive values base + roll in roll order (ascending; the others add exactly 0),
    their chances, and the running sum of chance × value after each."""
    values, chances, running = [], [], []
    total = 0.0
    for roll, p in (PMF3 if crit else PMF2).items():
        value = base + roll
        if value > 0:
            total += p * value
            values.append(value)
            chances.append(p)
            running.append(total)
    return values, chances, running


@lru_cache(maxsize=4096)
def hit_chances(acc: int, eva: int, crit_fumble: bool) -> tuple[float, float]:
    """(P(normal hit), P(critical)) of 2D10 + acc against eva (§4.2, §4.4)."""
    normal = crit = 0.0
    for d1 in range(1, 11):
        for d2 in range(1, 11):
            if crit_fumble and d1 == d2 == 10:
                crit += 0.01
            elif crit_fumble and d1 == d2 == 1:
                continue
            elif d1 + d2 + acc >= eva:
                normal += 0.01
    return normal, crit


@lru_cache(maxsize=16384)
def physical(acc: int, eva: int, base: int, cap: int, crit_fumble: bool) -> float:
    """P(hit) × E[capped damage] of a hit-checked attack (§16 A1)."""
    normal, crit = hit_chances(acc, eva, crit_fumble)
    return normal * damage(base, cap) + crit * damage(base, cap, True)


@lru_cache(maxsize=1024)
def opposed(active: int, passive: int) -> float:
    """P(2D10 + active > 2D10 + passive): the active side wins, ties to the passive (§4.3)."""
    win = 0.0
    for a, pa in PMF2.items():
        for p, pp in PMF2.items():
            if a + active > p + passive:
                win += pa * pp
    return win


@lru_cache(maxsize=1024)
def heal(missing: int, bonus: int = 0) -> float:
    """E[min(missing, 2D10 + bonus)]."""
    return sum(p * min(missing, roll + bonus) for roll, p in PMF2.items())
