"""Tournaments and match-ups for every ruleset (issue 7).

A tournament is a list of :class:`Job` s (one battle each: two build indices, a seat order and a
seed derived from one master seed) and a table computed from their results. Jobs are pure, so
they can run in any order, on any number of processes or page workers, and the table is the
same. Deterministic rulesets play each pairing once per seating; random ones play ``k`` seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kassen.core import options as options_mod
from kassen.core import registry
from kassen.core.driver import Driver
from kassen.core.links import battle_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.rng import normalize_seed
from kassen.core.ruleset import Ruleset, Setup
from kassen.core.session import parse_side, side_problem
from kassen.core.stats import median, rate

MAX_BUILDS = 256
MAX_SEEDS = 10_000
MAX_JOBS = 2_000_000


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


@dataclass
class Entrants:
    """Parsed builds of a tournament with its ruleset and options."""

    ruleset: Ruleset
    texts: list[str]
    builds: list[Any]
    options: dict[str, Any]
    policies: list[str | None]

    @property
    def names(self) -> list[str]:
        """Display names: the build's own name when the ruleset exposes one."""
        out = []
        for index, build in enumerate(self.builds):
            name = getattr(build, "name", None)
            out.append(str(name) if name else f"#{index + 1}")
        return out


def load_entrants(
    ruleset_id: str,
    texts: Sequence[str],
    given_options: dict[str, Any] | None = None,
    policies: Sequence[str | None] | None = None,
) -> Entrants:
    """Parse every build once (problems name the build's line as ``side``)."""
    ruleset = registry.get(ruleset_id)
    opts, problems = options_mod.resolve(ruleset.options, given_options)
    if len(texts) < 2:
        problems.append(Problem("core.no_builds"))
    if len(texts) > MAX_BUILDS:
        problems.append(Problem("core.input_too_long",
                                args={"length": len(texts), "limit": MAX_BUILDS}))
    if problems:
        raise ProblemError(problems)
    builds = []
    for index, text in enumerate(texts, start=1):
        build, found = parse_side(ruleset, text, opts)
        problems.extend(side_problem(index, p) for p in found)
        builds.append(build)
    if problems:
        raise ProblemError(problems)
    if policies is None:
        names = ruleset.policy_names()
        policies = [names[0] if names else None] * ruleset.sides
    return Entrants(ruleset, [ruleset.export(b) for b in builds], builds, opts, list(policies))


def battle_seed(master: str, a: int, b: int, k: int) -> str:
    """The seed of the ``k``-th battle of ``a`` (side 0) against ``b``: derived, never drawn."""
    return f"{normalize_seed(master)}/{a}v{b}/{k}"


def seats(ruleset: Ruleset) -> bool:
    """Whether both seatings are played (systems that are not symmetric)."""
    return not ruleset.symmetric


def games_per_pairing(ruleset: Ruleset, k: int) -> int:
    """Seeds per seating: one for deterministic systems, ``k`` for random ones."""
    return max(1, k) if ruleset.random else 1


def round_robin_jobs(entrants: Entrants, k: int, master: str) -> list[Job]:
    """Every pair, both seatings unless symmetric, ``k`` seeds each when random."""
    n = len(entrants.builds)
    games = games_per_pairing(entrants.ruleset, k)
    total = n * (n - 1) // 2 * games * (2 if seats(entrants.ruleset) else 1)
    if games > MAX_SEEDS or total > MAX_JOBS:
        raise ProblemError([Problem("core.input_too_long",
                                    args={"length": total, "limit": MAX_JOBS})])
    jobs: list[Job] = []
    for a in range(n):
        for b in range(a + 1, n):
            orders = [(a, b), (b, a)] if seats(entrants.ruleset) else [(a, b)]
            for left, right in orders:
                for g in range(games):
                    jobs.append(Job(len(jobs), left, right, battle_seed(master, left, right, g)))
    return jobs


def play_job(entrants: Entrants, job: Job) -> JobResult:
    """Play one job's battle (no snapshots, events kept only in memory)."""
    setup = Setup([entrants.builds[job.a], entrants.builds[job.b]], dict(entrants.options),
                  job.seed, [], list(entrants.policies))
    battle = entrants.ruleset.new_battle(setup)
    result = Driver(battle, snapshots=False).run()
    winner = None if result.winner is None else (job.a, job.b)[result.winner]
    return JobResult(job.index, winner, result.reason, result.turn)


def job_link(entrants: Entrants, job: Job) -> str:
    """The share link that opens exactly this job's battle."""
    record = Record(entrants.ruleset.id, entrants.ruleset.version,
                    [entrants.texts[job.a], entrants.texts[job.b]], dict(entrants.options),
                    job.seed, [], list(entrants.policies))
    return battle_link(record)


Progress = Callable[[int, int], bool | None]
"""Called as ``progress(done, total)``; returning True cancels the run."""


class Cancelled(Exception):
    """A run stopped on request; ``results`` holds what finished."""

    def __init__(self, results: list[JobResult]) -> None:
        super().__init__("cancelled")
        self.results = results


def run_jobs(entrants: Entrants, jobs: Sequence[Job], progress: Progress | None = None,
             every: int = 16) -> list[JobResult]:
    """Play jobs in order in this process, reporting progress every ``every`` battles."""
    results = []
    for count, job in enumerate(jobs, start=1):
        results.append(play_job(entrants, job))
        due = count % every == 0 or count == len(jobs)
        if progress is not None and due and progress(count, len(jobs)):
            raise Cancelled(results)
    return results


def link_jobs(jobs: Sequence[Job]) -> list[int]:
    """Indexes of the jobs whose battles the matrix opens: the first job of each pairing (both
    cells of a pairing open the same battle), as :func:`standings_and_matrix` picks them when
    every job has its result. The page's workers make these links while they play."""
    seen: set[tuple[int, int]] = set()
    out = []
    for job in jobs:
        pair = (min(job.a, job.b), max(job.a, job.b))
        if pair not in seen:
            seen.add(pair)
            out.append(job.index)
    return out


def standings_and_matrix(entrants: Entrants, jobs: Sequence[Job],
                         results: Sequence[JobResult], with_links: bool = True) -> dict[str, Any]:
    """The round-robin table: standings (sorted by points) and the win-rate matrix.

    Each cell names the job whose battle it opens (``job``) and, with ``with_links``, carries
    that battle's share link (``link``); the page's workers make the links while playing."""
    n = len(entrants.builds)
    by_index = {r.index: r for r in results}
    wins = [[0] * n for _ in range(n)]
    draws = [[0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    first_job: dict[tuple[int, int], Job] = {}
    for job in jobs:
        res = by_index.get(job.index)
        if res is None:
            continue
        for me, other in ((job.a, job.b), (job.b, job.a)):
            games[me][other] += 1
            if res.winner == me:
                wins[me][other] += 1
            elif res.winner is None:
                draws[me][other] += 1
            first_job.setdefault((me, other), job)
    names = entrants.names
    rows = []
    for i in range(n):
        w = sum(wins[i])
        d = sum(draws[i])
        played = sum(games[i])
        rows.append({"build": i, "name": names[i], "text": entrants.texts[i], "played": played,
                     "wins": w, "draws": d, "losses": played - w - d,
                     "points": w + d / 2, "win_rate": rate(w, played)})
    order = sorted(range(n), key=lambda i: (-rows[i]["points"], -rows[i]["wins"], i))
    for rank, i in enumerate(order, start=1):
        rows[i]["rank"] = rank
    matrix = []
    links: dict[int, str] = {}  # one link per job: both cells of a pairing share it
    for i in range(n):
        line = []
        for j in range(n):
            if i == j or games[i][j] == 0:
                line.append(None)
                continue
            cell = {"games": games[i][j], "wins": wins[i][j], "draws": draws[i][j],
                    "losses": games[i][j] - wins[i][j] - draws[i][j],
                    "win_rate": rate(wins[i][j], games[i][j])}
            job = first_job[(i, j)]
            cell["job"] = job.index
            if with_links:
                if job.index not in links:
                    links[job.index] = job_link(entrants, job)
                cell["link"] = links[job.index]
            line.append(cell)
        matrix.append(line)
    return {"standings": [rows[i] for i in order], "matrix": matrix, "names": names,
            "battles": len(results)}


def bracket_order(size: int) -> list[int]:
    """Seed numbers (0-based) in bracket order so seed 1 meets seed 2 only in the final."""
    order = [0]
    while len(order) < size:
        total = len(order) * 2
        order = [x for seed in order for x in (seed, total - 1 - seed)]
    return order


@dataclass
class BracketStep:
    """Where a bracket stands given the results known so far: the jobs of the first round
    that still lacks results (``pending``), or the finished ``table``."""

    pending: list[Job]
    table: dict[str, Any] | None
    played: int
    total: int


def elimination_step(entrants: Entrants, k: int, master: str,
                     known: dict[int, JobResult]) -> BracketStep:
    """Walk a single-elimination bracket seeded in build order (build 1 = seed 1), with byes.

    A match is every seating (and ``k`` seeds when random); most wins advances; a tie goes to
    the better seed, and the table says so. Job numbers and seeds depend only on the bracket,
    so the page's workers and this process play exactly the same battles.
    """
    master = normalize_seed(master)
    n = len(entrants.builds)
    size = 1
    while size < n:
        size *= 2
    slots: list[int | None] = [s if s < n else None for s in bracket_order(size)]
    games = games_per_pairing(entrants.ruleset, k)
    both = seats(entrants.ruleset)
    total = (n - 1) * games * (2 if both else 1)
    rounds: list[dict[str, Any]] = []
    job_index = played = round_no = 0
    while len(slots) > 1:
        round_no += 1
        pending: list[Job] = []
        matches: list[dict[str, Any]] = []
        next_slots: list[int | None] = []
        for m in range(0, len(slots), 2):
            a, b = slots[m], slots[m + 1]
            if a is None or b is None:
                winner = a if b is None else b
                matches.append({"a": a, "b": b, "winner": winner, "bye": True})
                next_slots.append(winner)
                continue
            score = {a: 0, b: 0}
            for left, right in ([(a, b), (b, a)] if both else [(a, b)]):
                for g in range(games):
                    job = Job(job_index, left, right, f"{master}/r{round_no}/{left}v{right}/{g}",
                              match=m // 2)
                    job_index += 1
                    res = known.get(job.index)
                    if res is None:
                        pending.append(job)
                        continue
                    played += 1
                    if res.winner is not None:
                        score[res.winner] += 1
            tie = score[a] == score[b]
            winner = min(a, b) if tie else (a if score[a] > score[b] else b)
            first = Job(0, a, b, f"{master}/r{round_no}/{a}v{b}/0")
            matches.append({"a": a, "b": b, "score": [score[a], score[b]], "winner": winner,
                            "tiebreak_by_seed": tie, "bye": False,
                            "link": job_link(entrants, first)})
            next_slots.append(winner)
        if pending:
            return BracketStep(pending, None, played, total)
        rounds.append({"round": round_no, "matches": matches})
        slots = next_slots
    table = {"format": "elimination", "names": entrants.names, "rounds": rounds,
             "champion": slots[0], "battles": played}
    return BracketStep([], table, played, total)


def elimination(entrants: Entrants, k: int, master: str,
                progress: Progress | None = None) -> dict[str, Any]:
    """Play a whole bracket in this process, round by round (see :func:`elimination_step`)."""
    known: dict[int, JobResult] = {}
    while True:
        step = elimination_step(entrants, k, master, known)
        if step.table is not None:
            return step.table
        for job in step.pending:
            known[job.index] = play_job(entrants, job)
            if progress is not None and progress(len(known), step.total):
                raise Cancelled(list(known.values()))


def round_robin(entrants: Entrants, k: int, master: str,
                progress: Progress | None = None) -> dict[str, Any]:
    """Play a whole round robin in this process and return its table."""
    jobs = round_robin_jobs(entrants, k, master)
    results = run_jobs(entrants, jobs, progress)
    table = standings_and_matrix(entrants, jobs, results)
    table.update({"format": "round-robin", "seeds": games_per_pairing(entrants.ruleset, k),
                  "master_seed": normalize_seed(master), "ruleset": entrants.ruleset.id})
    return table


def matchup_jobs(entrants: Entrants, k: int, master: str) -> list[Job]:
    """``k`` battles of build 0 (side 0) against build 1 (one for deterministic systems)."""
    return [Job(g, 0, 1, battle_seed(master, 0, 1, g))
            for g in range(min(games_per_pairing(entrants.ruleset, k), MAX_SEEDS))]


def matchup_summary(entrants: Entrants, jobs: Sequence[Job], results: Sequence[JobResult],
                    watched_turns: int | None = None) -> dict[str, Any]:
    """Win/draw/loss rates with intervals, median length, how battles ended, where a watched
    battle of ``watched_turns`` falls (share of battles that were shorter), the first link."""
    by_index = {r.index: r for r in results}
    done = [by_index[j.index] for j in jobs if j.index in by_index]
    n = len(done)
    wins = sum(1 for r in done if r.winner == 0)
    losses = sum(1 for r in done if r.winner == 1)
    turns = [r.turn for r in done]
    reasons: dict[str, int] = {}
    for r in done:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    out: dict[str, Any] = {
        "format": "matchup",
        "names": entrants.names,
        "battles": n,
        "win": rate(wins, n),
        "draw": rate(n - wins - losses, n),
        "loss": rate(losses, n),
        "median_turns": median(turns),
        "reasons": dict(sorted(reasons.items())),
        "first_link": job_link(entrants, jobs[0]) if jobs else None,
    }
    if watched_turns is not None and n:
        out["watched_percentile"] = round(sum(1 for t in turns if t < watched_turns) / n, 4)
    return out


def matchup(entrants: Entrants, k: int, master: str, watched_turns: int | None = None,
            progress: Progress | None = None) -> dict[str, Any]:
    """Play a match-up in this process (see :func:`matchup_summary`)."""
    jobs = matchup_jobs(entrants, k, master)
    return matchup_summary(entrants, jobs, run_jobs(entrants, jobs, progress), watched_turns)
