"""Which battles a tournament plays, described rather than listed, and what they add up to.

A :class:`Schedule` is a list of pairings, each played in one or both seatings and ``games``
times. Job ``i`` is worked out from ``i`` alone, so a page worker handed a range of indexes plays
exactly the battles one process would, and neither the page nor a worker ever holds a list of
a million jobs. A :class:`Tally` sums results per pairing; the tallies of any slices, in any
order, merge into the tally of the whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kassen.core.problems import Problem, ProblemError

MAX_PAIRS = 256 * 255 // 2
"""Pairings of the biggest round robin (256 builds)."""


@dataclass(frozen=True)
class Job:
    """One battle: build ``a`` on side 0 against build ``b`` on side 1, with ``seed``."""

    index: int
    a: int
    b: int
    seed: str
    match: int = 0

    def to_json(self) -> list[Any]:
        """Compact form for crossing to page workers."""
        return [self.index, self.a, self.b, self.seed, self.match]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Job:
        """The inverse of :meth:`to_json`."""
        return cls(int(data[0]), int(data[1]), int(data[2]), str(data[3]), int(data[4]))


@dataclass(frozen=True)
class JobResult:
    """What a battle gave: the winning build index (or None), reason and length."""

    index: int
    winner: int | None
    reason: str
    turn: int

    def to_json(self) -> list[Any]:
        """Compact form."""
        return [self.index, self.winner, self.reason, self.turn]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> JobResult:
        """The inverse of :meth:`to_json`."""
        return cls(int(data[0]), None if data[1] is None else int(data[1]), str(data[2]),
                   int(data[3]))

    @classmethod
    def checked(cls, data: Any, builds: int) -> JobResult:
        """:meth:`from_json` for a result from a page: a problem, never an exception."""
        if not (isinstance(data, list) and len(data) == 4 and type(data[0]) is int
                and data[0] >= 0 and (data[1] is None or (type(data[1]) is int
                                                          and 0 <= data[1] < builds))
                and isinstance(data[2], str) and len(data[2]) <= 40
                and type(data[3]) is int and data[3] >= 0):
            raise _bad("results", "[job, winner or null, reason, turns] entries")
        return cls(data[0], data[1], data[2], data[3])


def _bad(field: str, reason: str) -> ProblemError:
    return ProblemError([Problem("core.record_schema", args={"field": field, "reason": reason})])


def _ints(value: Any, count: int) -> bool:
    return (isinstance(value, list) and len(value) == count
            and all(type(x) is int and x >= 0 for x in value))


@dataclass(frozen=True)
class Schedule:
    """Pairings played in order: pairing ``p``, seating ``s``, game ``g`` is job
    ``(p * seatings + s) * games + g`` (numbered from ``first``). Seating 0 puts the pairing's
    first build on side 0, seating 1 swaps the sides. Battle seeds are
    ``{prefix}/{left}v{right}/{g}``; ``matches`` numbers the pairings in a bracket."""

    pairs: tuple[tuple[int, int], ...]
    games: int
    seatings: int
    prefix: str
    first: int = 0
    matches: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.pairs) * self.seatings * self.games

    def job(self, i: int) -> Job:
        """The ``i``-th job of this schedule (0-based within it)."""
        if not 0 <= i < len(self):
            raise IndexError(i)
        p, rest = divmod(i, self.seatings * self.games)
        s, g = divmod(rest, self.games)
        a, b = self.pairs[p]
        left, right = (a, b) if s == 0 else (b, a)
        return Job(self.first + i, left, right, f"{self.prefix}/{left}v{right}/{g}",
                   self.matches[p] if self.matches else 0)

    def jobs(self, start: int = 0, stop: int | None = None) -> list[Job]:
        """Jobs ``start`` to ``stop`` (exclusive; all by default)."""
        stop = len(self) if stop is None else min(stop, len(self))
        return [self.job(i) for i in range(max(0, start), stop)]

    def opens_pairing(self, i: int) -> bool:
        """Whether job ``i`` is its pairing's first: the battle the pairing's cells open."""
        return i % (self.seatings * self.games) == 0

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (a bracket round crosses to the page's workers this way)."""
        return {"pairs": [list(p) for p in self.pairs], "games": self.games,
                "seatings": self.seatings, "prefix": self.prefix, "first": self.first,
                "matches": list(self.matches)}

    @classmethod
    def from_json(cls, data: Any, builds: int) -> Schedule:
        """The inverse of :meth:`to_json`, checked: a problem, never an exception."""
        if not isinstance(data, dict):
            raise _bad("round", "not an object")
        pairs, matches = data.get("pairs"), data.get("matches", [])
        if (not isinstance(pairs, list) or len(pairs) > MAX_PAIRS
                or not all(_ints(p, 2) and p[0] != p[1] and max(p) < builds for p in pairs)):
            raise _bad("round.pairs", f"pairs of different builds below {builds}")
        if not isinstance(matches, list) or not all(type(m) is int for m in matches) or (
                matches and len(matches) != len(pairs)):
            raise _bad("round.matches", "one number per pairing")
        games, seatings, first = data.get("games"), data.get("seatings"), data.get("first", 0)
        if type(games) is not int or not 1 <= games <= 10_000 or seatings not in (1, 2):
            raise _bad("round.games", "1 to 10000 games, 1 or 2 seatings")
        if type(first) is not int or first < 0 or not isinstance(data.get("prefix"), str):
            raise _bad("round.first", "a job number and a seed prefix")
        return cls(tuple((a, b) for a, b in pairs), games, seatings, data["prefix"], first,
                   tuple(matches))


class Tally:
    """Results summed per pairing of builds ``lo < hi``: battles, wins of ``lo``, wins of
    ``hi`` (the rest are draws) and the index of the pairing's first job, whose battle its
    cells open."""

    def __init__(self) -> None:
        self.pairs: dict[tuple[int, int], list[int]] = {}

    def add(self, job: Job, result: JobResult) -> None:
        """Count one battle."""
        lo, hi = min(job.a, job.b), max(job.a, job.b)
        self._merge(lo, hi, 1, int(result.winner == lo), int(result.winner == hi), job.index)

    def _merge(self, lo: int, hi: int, games: int, wins_lo: int, wins_hi: int,
               first: int) -> None:
        entry = self.pairs.get((lo, hi))
        if entry is None:
            self.pairs[(lo, hi)] = [games, wins_lo, wins_hi, first]
        else:
            entry[0] += games
            entry[1] += wins_lo
            entry[2] += wins_hi
            entry[3] = min(entry[3], first)

    def add_entries(self, entries: Iterable[Sequence[int]]) -> None:
        """Merge entries of :meth:`to_json` made by this engine (unchecked: see
        :meth:`from_json` for entries from a page)."""
        for lo, hi, games, wins_lo, wins_hi, first in entries:
            self._merge(lo, hi, games, wins_lo, wins_hi, first)

    def get(self, me: int, other: int) -> tuple[int, int, int, int] | None:
        """``(battles, wins of me, draws, first job)`` of ``me`` against ``other``."""
        entry = self.pairs.get((min(me, other), max(me, other)))
        if entry is None:
            return None
        games, wins_lo, wins_hi, first = entry
        mine = wins_lo if me < other else wins_hi
        return games, mine, games - wins_lo - wins_hi, first

    @property
    def battles(self) -> int:
        """Battles counted."""
        return sum(entry[0] for entry in self.pairs.values())

    def to_json(self) -> list[list[int]]:
        """``[[lo, hi, battles, wins_lo, wins_hi, first], …]`` sorted by pairing."""
        return [[lo, hi, *self.pairs[(lo, hi)]] for lo, hi in sorted(self.pairs)]

    @classmethod
    def from_json(cls, entries: Iterable[Any], builds: int) -> Tally:
        """Merge entries (any number per pairing, any order), checked: a problem for any
        entry that is not six counts of a real pairing, never an exception."""
        tally = cls()
        if not isinstance(entries, list):
            raise _bad("tally", "a list")
        for entry in entries:
            if not (_ints(entry, 6) and entry[0] < entry[1] < builds
                    and entry[3] + entry[4] <= entry[2]):
                raise _bad("tally", "[lo, hi, battles, wins lo, wins hi, first job] entries")
            tally._merge(*entry)
        return tally

    @classmethod
    def of(cls, jobs: Sequence[Job], results: Iterable[JobResult]) -> Tally:
        """The tally of ``results`` (each the result of the job with its index in ``jobs``)."""
        by_index = {job.index: job for job in jobs}
        tally = cls()
        for result in results:
            job = by_index.get(result.index)
            if job is not None:
                tally.add(job, result)
        return tally
