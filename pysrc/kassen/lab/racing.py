"""Scores of candidates and racing: which candidates still deserve battles.

A score is a number to maximise with an interval around it: for ``counter`` the candidate's
points rate (wins + draws/2 per battle) with its Wilson 95 % interval; for ``champion`` its
margin over the best field member in a tournament of the field plus the candidate; for
``balance`` minus the distance of the field's (the party's) win rate from a target. Deterministic
rulesets play each battle once, so their intervals are the point itself.

Racing (:func:`survivors`) drops a candidate once its upper bound falls below the leader's
lower bound, the leader being the candidate with the best estimate: the leader is never dropped,
and neither is any candidate whose interval still reaches the leader's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kassen.tournament.stats import wilson

TARGETS = ("counter", "champion", "balance")


@dataclass(frozen=True)
class Score:
    """An estimate to maximise and its interval (``low`` ≤ ``value`` ≤ ``high``)."""

    value: float
    low: float
    high: float


def totals(stats: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """``(battles, wins, draws)`` summed over the field members."""
    return (sum(s[0] for s in stats), sum(s[1] for s in stats), sum(s[2] for s in stats))


def rate_interval(successes: float, trials: int, exact: bool) -> Score:
    """A rate and its Wilson interval (the point itself when ``exact``)."""
    value = successes / trials if trials else 0.0
    if exact:
        return Score(value, value, value)
    low, high = wilson(successes, trials)
    return Score(value, min(low, value), max(high, value))


def score(target: str, stats: Sequence[Sequence[int]], *, exact: bool,
          rivals: Sequence[float] = (), goal: float = 0.5) -> Score:
    """The score of a candidate with ``stats`` per field member.

    ``rivals``: for ``champion``, each field member's points rate within the field alone
    (its own round robin), weighted like a battle against the candidate; ``goal``: for
    ``balance``, the field's target win rate."""
    battles, wins, draws = totals(stats)
    if target == "balance":
        party = rate_interval(battles - wins - draws, battles, exact)
        far = max(abs(party.low - goal), abs(party.high - goal))
        near = 0.0 if party.low <= goal <= party.high else min(abs(party.low - goal),
                                                               abs(party.high - goal))
        return Score(-abs(party.value - goal), -far, -near)
    mine = rate_interval(wins + draws / 2, battles, exact)
    if target == "counter" or not rivals:
        return mine
    best = _best_rival(stats, rivals)
    return Score(mine.value - best, mine.low - best, mine.high - best)


def _best_rival(stats: Sequence[Sequence[int]], rivals: Sequence[float]) -> float:
    """The best points rate of a field member in the tournament of the field plus the
    candidate: its rate within the field (``len(rivals) - 1`` opponents) combined with its
    rate against the candidate (weighted as one opponent)."""
    n = len(rivals)
    best = 0.0
    for rate, (battles, wins, draws) in zip(rivals, stats, strict=True):
        against = (battles - wins - draws / 2) / battles if battles else 0.0
        best = max(best, (rate * (n - 1) + against) / n)
    return best


def survivors(scores: Sequence[Score]) -> list[bool]:
    """Which candidates stay in the race: every one whose upper bound reaches the lower
    bound of the leader (the first best estimate)."""
    if not scores:
        return []
    leader = max(range(len(scores)), key=lambda i: (scores[i].value, -i))
    floor = scores[leader].low
    return [i == leader or s.high >= floor for i, s in enumerate(scores)]


def stages(games: int) -> list[int]:
    """Seeds per seating after each racing stage: about a tenth, a quarter, half, all."""
    marks = sorted({max(1, games * part // 20) for part in (2, 5, 10)} | {games})
    return [m for m in marks if m <= games]
