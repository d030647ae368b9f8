"""The odds of the §4 checks and §6.4 damage rolls: exact expectations over 2D10 / 3D10 that
the AI plans with (§16 A1, A3, A4, A5). No randomness."""

from __future__ import annotations

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
    """E[min(cap, max(0, base + 2D10 (3D10 on a critical)))]; cap < 0 means no cap."""
    total = 0.0
    for roll, p in (PMF3 if crit else PMF2).items():
        value = base + roll
        if value <= 0:
            continue  # adds exactly 0.0
        if 0 <= cap < value:
            value = cap
        total += p * value
    return total


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
