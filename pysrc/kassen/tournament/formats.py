"""Tournaments and match-ups for every ruleset (issue 7).

A tournament is a :class:`~kassen.tournament.schedule.Schedule` of jobs (one battle each: two build
indices, a seat order and a seed derived from one master seed) and a table computed from the
:class:`~kassen.tournament.schedule.Tally` of their results. Jobs are pure, so they can run in any
order, on any number of processes or page workers, and the table is the same. Deterministic
rulesets play each pairing once per seating; random ones play ``k`` seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.rng import MAX_SEED_LENGTH, SeedError, normalize_seed
from kassen.core.ruleset import Ruleset
from kassen.core.text import clip
from kassen.core.tournament_link import TournamentSpec
from kassen.tournament.jobs import (  # noqa: F401  (the job pieces, still named here by callers)
    MAX_BUILDS,
    Cancelled,
    Entrants,
    Progress,
    build_name,
    job_link,
    load_entrants,
    play_job,
    run_jobs,
)
from kassen.tournament.parallel import play_schedule
from kassen.tournament.schedule import Job, JobResult, Schedule, Tally
from kassen.tournament.stats import median, rate
from kassen.tournament.versions import seeds_note, spec_notes, spec_options  # noqa: F401

MAX_SEEDS = 10_000
MAX_JOBS = 2_000_000


def seats(ruleset: Ruleset) -> bool:
    """Whether both seatings are played (systems that are not symmetric)."""
    return not ruleset.symmetric


def check_k(k: object) -> int:
    """``k`` (seeds per pairing) if it is a whole number from 1 to ``MAX_SEEDS``, else raise
    ProblemError saying so (never cut silently to the range)."""
    if type(k) is not int or not 1 <= k <= MAX_SEEDS:
        raise ProblemError([Problem("core.bad_count", args={
            "field": "seeds K", "low": 1, "high": MAX_SEEDS, "value": clip(k)})])
    return k


def master_seed(master: object, limit: int | None = MAX_SEED_LENGTH) -> str:
    """The tournament's master seed, normalised, or a ``core.bad_seed`` problem (``limit``
    bounds a seed someone gives; ``None`` for one derived from a seed already checked)."""
    try:
        return normalize_seed(master, limit)  # type: ignore[arg-type]
    except SeedError as err:
        raise ProblemError([Problem("core.bad_seed", args={"seed": clip(master),
                                                           "reason": err.reason})]) from None


def check_jobs(total: int) -> None:
    """Refuse a tournament of more than ``MAX_JOBS`` battles, in the user's terms."""
    if total > MAX_JOBS:
        raise ProblemError([Problem("core.too_many_battles",
                                    args={"count": f"{total:,}", "limit": f"{MAX_JOBS:,}"})])


def games_per_pairing(ruleset: Ruleset, k: int) -> int:
    """Seeds per seating: one for deterministic systems, ``k`` for random ones (``k`` is
    checked either way, so a bad K is refused whatever the system)."""
    return check_k(k) if ruleset.random else min(1, check_k(k))


def round_robin_schedule(entrants: Entrants, k: int, master: str, *,
                         seed_limit: int | None = MAX_SEED_LENGTH) -> Schedule:
    """Every pair, both seatings unless symmetric, ``k`` seeds each when random."""
    n = len(entrants.builds)
    games = games_per_pairing(entrants.ruleset, k)
    seatings = 2 if seats(entrants.ruleset) else 1
    check_jobs(n * (n - 1) // 2 * games * seatings)
    pairs = tuple((a, b) for a in range(n) for b in range(a + 1, n))
    return Schedule(pairs, games, seatings, master_seed(master, seed_limit))


def round_robin_jobs(entrants: Entrants, k: int, master: str) -> list[Job]:
    """The round robin's jobs as a list (see :func:`round_robin_schedule`)."""
    return round_robin_schedule(entrants, k, master).jobs()


def standings_and_matrix(entrants: Entrants, tally: Tally,
                         link: Callable[[int], str] | None = None) -> dict[str, Any]:
    """The round-robin table: standings (sorted by points) and the win-rate matrix.

    Each cell names the job whose battle it opens (``job``: its pairing's first) and, given
    ``link`` (job index → share link), carries that battle's link; the page's workers make the
    links while they play and put them on the cells themselves."""
    n = len(entrants.builds)
    names = entrants.names
    rows = []
    for i in range(n):
        played = w = d = 0
        for j in range(n):
            cell = tally.get(i, j) if i != j else None
            if cell is not None:
                played += cell[0]
                w += cell[1]
                d += cell[2]
        rows.append({"build": i, "name": names[i], "text": entrants.texts[i], "played": played,
                     "wins": w, "draws": d, "losses": played - w - d,
                     "points": w + d / 2, "win_rate": rate(w, played)})
    order = sorted(range(n), key=lambda i: (-rows[i]["points"], -rows[i]["wins"], i))
    for rank, i in enumerate(order, start=1):
        rows[i]["rank"] = rank
    links: dict[int, str] = {}  # both cells of a pairing open the same battle
    matrix = []
    for i in range(n):
        line: list[dict[str, Any] | None] = []
        for j in range(n):
            found = tally.get(i, j) if i != j else None
            if found is None or found[0] == 0:
                line.append(None)
                continue
            games, wins, draws, first = found
            cell: dict[str, Any] = {"games": games, "wins": wins, "draws": draws,
                                    "losses": games - wins - draws,
                                    "win_rate": rate(wins, games), "job": first}
            if link is not None:
                if first not in links:
                    links[first] = link(first)
                cell["link"] = links[first]
            line.append(cell)
        matrix.append(line)
    return {"standings": [rows[i] for i in order], "matrix": matrix, "names": names,
            "battles": tally.battles}


def schedule_link(entrants: Entrants, schedule: Schedule) -> Callable[[int], str]:
    """Job index → the share link of that job of ``schedule``."""
    return lambda index: job_link(entrants, schedule.job(index - schedule.first))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (0-based) in bracket order so seed 1 meets seed 2 only in the final."""
    order = [0]
    while len(order) < size:
        total = len(order) * 2
        order = [x for seed in order for x in (seed, total - 1 - seed)]
    return order


@dataclass
class BracketStep:
    """Where a bracket stands given the tally so far: the first round that still lacks its
    battles (``pending``, a schedule), or the finished ``table``."""

    pending: Schedule | None
    table: dict[str, Any] | None
    played: int
    total: int


def elimination_step(entrants: Entrants, k: int, master: str, tally: Tally) -> BracketStep:
    """Walk a single-elimination bracket seeded in build order (build 1 = seed 1), with byes.

    A match is every seating (and ``k`` seeds when random); most wins advances; a tie goes to
    the better seed, and the table says so. Job numbers and seeds depend only on the bracket,
    so the page's workers and this process play exactly the same battles. Two builds meet at
    most once in a bracket, so the tally (per pairing) holds each match's score; a round counts
    as played when every one of its matches has all its battles.
    """
    master = master_seed(master)
    n = len(entrants.builds)
    size = 1
    while size < n:
        size *= 2
    slots: list[int | None] = [s if s < n else None for s in bracket_order(size)]
    games = games_per_pairing(entrants.ruleset, k)
    seatings = 2 if seats(entrants.ruleset) else 1
    per_match = games * seatings
    total = (n - 1) * per_match
    check_jobs(total)
    rounds: list[dict[str, Any]] = []
    first = played = round_no = 0
    while len(slots) > 1:
        round_no += 1
        prefix = f"{master}/r{round_no}"
        pairs: list[tuple[int, int]] = []
        numbers: list[int] = []
        matches: list[dict[str, Any]] = []
        complete = True
        next_slots: list[int | None] = []
        for m in range(0, len(slots), 2):
            a, b = slots[m], slots[m + 1]
            if a is None or b is None:
                winner = a if b is None else b
                matches.append({"a": a, "b": b, "winner": winner, "bye": True})
                next_slots.append(winner)
                continue
            pairs.append((a, b))
            numbers.append(m // 2)
            found = tally.get(a, b)
            count, wins_a, draws, _ = found or (0, 0, 0, 0)
            complete = complete and count > 0
            if count not in (0, per_match):
                raise ProblemError([Problem("core.record_schema", args={
                    "field": "tally", "reason": f"a bracket match of {per_match} battles"})])
            score = [wins_a, count - wins_a - draws]
            tie = score[0] == score[1]
            winner = min(a, b) if tie else (a if score[0] > score[1] else b)
            matches.append({"a": a, "b": b, "score": score, "winner": winner,
                            "tiebreak_by_seed": tie, "bye": False})
            next_slots.append(winner)
        schedule = Schedule(tuple(pairs), games, seatings, prefix, first, tuple(numbers))
        if not complete:
            return BracketStep(schedule, None, played, total)
        played += len(schedule)
        first += len(schedule)
        rounds.append({"round": round_no, "matches": matches})
        slots = next_slots
    for rnd in rounds:  # links only for the finished bracket, not at every step of it
        for match in rnd["matches"]:
            if not match["bye"]:
                a, b = match["a"], match["b"]
                first = Job(0, a, b, f"{master}/r{rnd['round']}/{a}v{b}/0")
                match["link"] = job_link(entrants, first)
    table = {"format": "elimination", "names": entrants.names, "rounds": rounds,
             "champion": slots[0], "battles": played}
    return BracketStep(None, table, played, total)


def elimination(entrants: Entrants, k: int, master: str,
                progress: Progress | None = None, workers: int = 1,
                scheduler: Any = None) -> dict[str, Any]:
    """Play a whole bracket round by round (see :func:`elimination_step`), on ``workers``
    processes or a Dask ``scheduler``."""
    tally = Tally()
    while True:
        step = elimination_step(entrants, k, master, tally)
        if step.pending is None:
            assert step.table is not None
            return step.table
        tally.add_entries(_play(entrants, step.pending, workers,
                                _offset(progress, step), scheduler).to_json())


def _offset(progress: Progress | None, step: BracketStep) -> Progress | None:
    """Progress of one bracket round reported as progress through the whole bracket."""
    if progress is None:
        return None
    return lambda count, _: progress(step.played + count, step.total)


def _play(entrants: Entrants, schedule: Schedule, workers: int,
          progress: Progress | None, scheduler: Any = None) -> Tally:
    return play_schedule(entrants, schedule, workers, progress, scheduler)


def round_robin(entrants: Entrants, k: int, master: str,
                progress: Progress | None = None, workers: int = 1,
                scheduler: Any = None) -> dict[str, Any]:
    """Play a whole round robin (on ``workers`` processes or a Dask ``scheduler``) and
    return its table."""
    schedule = round_robin_schedule(entrants, k, master)
    tally = _play(entrants, schedule, workers, progress, scheduler)
    table = standings_and_matrix(entrants, tally, schedule_link(entrants, schedule))
    table.update({"format": "round-robin", "seeds": schedule.games,
                  "master_seed": schedule.prefix, "ruleset": entrants.ruleset.id})
    return table


def matchup_schedule(entrants: Entrants, k: int, master: str) -> Schedule:
    """``k`` battles of build 0 (side 0) against build 1 (one for deterministic systems)."""
    return Schedule(((0, 1),), games_per_pairing(entrants.ruleset, k), 1, master_seed(master))


def matchup_jobs(entrants: Entrants, k: int, master: str) -> list[Job]:
    """The match-up's jobs as a list (see :func:`matchup_schedule`)."""
    return matchup_schedule(entrants, k, master).jobs()


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


# -- tournament links (issue 16): a TournamentSpec checked and played -------------------------

def spec_of(entrants: Entrants, format: str, seeds: int, seed: str) -> TournamentSpec:
    """The spec (``#t=`` payload) of a tournament: canonical texts, changed options, this
    engine's and rules' versions, and K as played (checked; 1 for a deterministic system,
    which plays each pairing once per seating: see :func:`seeds_note`)."""
    from kassen import ENGINE_VERSION
    from kassen.core import options as options_mod

    changed = options_mod.changed(entrants.ruleset.options, entrants.options)
    return TournamentSpec(entrants.ruleset.id, format, games_per_pairing(entrants.ruleset, seeds),
                          seed, list(entrants.texts), dict(changed), entrants.ruleset.version,
                          ENGINE_VERSION)


def spec_entrants(spec: TournamentSpec) -> Entrants:
    """The spec's parsed entrants after every check a tournament request gets (rules version,
    entrant count, each build through the ruleset's validator, K, master seed, battle count),
    under the options of the spec's rules version (:func:`spec_options`)."""
    entrants = load_entrants(spec.ruleset, spec.builds, spec_options(spec))
    check_k(spec.seeds)
    master_seed(spec.seed)
    if spec.format == "matchup" and len(spec.builds) != 2:
        raise ProblemError([Problem("core.wrong_side_count",
                                    args={"count": len(spec.builds), "expected": 2})])
    if spec.format == "round-robin":
        round_robin_schedule(entrants, spec.seeds, spec.seed)  # checks the battle count
    elif spec.format == "elimination":
        elimination_step(entrants, spec.seeds, spec.seed, Tally())
    return entrants


def play_spec(spec: TournamentSpec, entrants: Entrants, progress: Progress | None = None,
              workers: int = 1, scheduler: Any = None) -> dict[str, Any]:
    """Play a checked spec in this process (or ``workers``/``scheduler``): its table."""
    if spec.format == "elimination":
        return elimination(entrants, spec.seeds, spec.seed, progress, workers=workers,
                           scheduler=scheduler)
    if spec.format == "matchup":
        return matchup(entrants, spec.seeds, spec.seed, progress=progress)
    return round_robin(entrants, spec.seeds, spec.seed, progress, workers=workers,
                       scheduler=scheduler)


def open_tournament_link(link: str) -> tuple[TournamentSpec, Entrants]:
    """The spec and checked entrants of a ``#t=`` link (a URL or its fragment), or raise
    ProblemError; another kind of link is refused as not a tournament."""
    from kassen.core.links import parse_link

    kind, spec = parse_link(link)
    if kind != "tournament":
        raise ProblemError([Problem("core.link_prefix")])
    return spec, spec_entrants(spec)
