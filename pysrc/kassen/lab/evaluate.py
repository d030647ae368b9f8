"""Playing candidates against a field: the build lab's unit of work.

A :class:`Context` is everything a worker needs besides the candidates (ruleset, field texts,
options, policies, seatings, seed prefix): small, hashable and picklable, so it travels with
every chunk to a process or a Dask worker, which parses the field once and keeps it. A
candidate is played through a :class:`~kassen.tournament.schedule.Schedule` whose build 0 is the
candidate and builds 1… the field: the same jobs, seeds and battles as a tournament of those
entrants would play, so every number links to a battle anyone can replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kassen.core.problems import ProblemError
from kassen.tournament.formats import (
    Entrants,
    job_link,
    load_entrants,
    master_seed,
    play_job,
    round_robin_schedule,
)
from kassen.tournament.schedule import Schedule, Tally

MemberStats = list[int]
"""``[battles, wins of the candidate, draws]`` against one field member."""


@dataclass(frozen=True)
class Context:
    """What a worker needs to play candidates against a field. ``seatings`` 2 plays both
    seatings; 1 plays the candidate on side 0, or on side 1 with ``candidate_side`` 1 (an
    encounter against a party)."""

    ruleset: str
    field: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    policies: tuple[str | None, ...]
    seatings: int
    seed: str
    candidate_side: int = 0
    games: int = 0
    """Seeds per seating of the field's own round robin (``champion``; 0: none is played)."""

    @property
    def option_dict(self) -> dict[str, Any]:
        """The resolved options as a dict."""
        return dict(self.options)


def make_context(ruleset_id: str, field: Sequence[str], given_options: dict[str, Any] | None,
                 seed: str, *, balance: bool = False) -> tuple[Context, Entrants]:
    """Check the field and options (problems name the field's line as ``side``) and return the
    context with the parsed field. A field over the ``budget`` option is played (and its
    links recorded) with the budget free: the budget binds the candidates only. The seed is
    checked first, as a tournament's master seed (at most 200 characters, algorithm ``xo1``):
    a ``core.bad_seed`` problem, never an error (issue 25)."""
    master_seed(seed)
    try:
        entrants = load_entrants(ruleset_id, field, given_options, minimum=1)
    except ProblemError as err:
        opts = dict(given_options or {})
        if not err.problems or any(not p.code.endswith(".over_budget") for p in err.problems):
            raise
        # the budget binds the candidates, not the field
        entrants = load_entrants(ruleset_id, field, {**opts, "budget": 0}, minimum=1)
    seatings = 1 if balance or entrants.ruleset.symmetric else 2
    context = Context(ruleset_id, tuple(entrants.texts), tuple(sorted(entrants.options.items())),
                      tuple(entrants.policies), seatings, master_seed(seed),
                      1 if balance else 0)
    return context, entrants


_FIELDS: dict[Context, Entrants] = {}
"""Parsed fields of the contexts this process has seen (a few at most)."""


def field_of(context: Context) -> Entrants:
    """The parsed field of ``context`` (parsed once per process)."""
    found = _FIELDS.get(context)
    if found is None:
        if len(_FIELDS) >= 4:
            _FIELDS.clear()
        found = _FIELDS[context] = load_entrants(context.ruleset, context.field,
                                                 context.option_dict, context.policies,
                                                 minimum=1)
    return found


def schedule_of(context: Context, games: int) -> Schedule:
    """The candidate's schedule up to ``games`` seeds per seating (build 0 = candidate)."""
    n = len(context.field)
    if context.candidate_side == 1:
        pairs = tuple((j, 0) for j in range(1, n + 1))
    else:
        pairs = tuple((0, j) for j in range(1, n + 1))
    return Schedule(pairs, games, context.seatings, context.seed)


def entrants_with(context: Context, text: str) -> Entrants:
    """The field with the candidate ``text`` (a canonical, legal build) as build 0."""
    field = field_of(context)
    build, problems = field.ruleset.parse(text, field.options)
    if build is None:
        raise ProblemError(problems)
    return Entrants(field.ruleset, [text, *field.texts], [build, *field.builds],
                    field.options, field.policies)


def play_candidate(context: Context, text: str, first: int, stop: int) -> list[MemberStats]:
    """Games ``first`` to ``stop`` (exclusive) of every seating against every field member."""
    entrants = entrants_with(context, text)
    schedule = schedule_of(context, stop)
    tally = Tally()
    for block in range(0, len(schedule), stop):  # one seating of one pairing: games 0..stop
        for i in range(block + first, block + stop):
            job = schedule.job(i)
            tally.add(job, play_job(entrants, job))
    out = []
    for j in range(1, len(context.field) + 1):
        found = tally.get(0, j)
        out.append([found[0], found[1], found[2]] if found else [0, 0, 0])
    return out


def field_schedule(context: Context) -> Schedule:
    """The field's own round robin (``champion``): ``games`` seeds per seating, master seed
    ``{seed}/rr``."""
    key = ("rr", context)
    found = _SCHEDULES.get(key)
    if found is None:
        _SCHEDULES.clear()
        found = _SCHEDULES[key] = round_robin_schedule(field_of(context), context.games,
                                                       f"{context.seed}/rr", seed_limit=None)
    return found


_SCHEDULES: dict[Any, Schedule] = {}


def play_field(context: Context, start: int, stop: int) -> list[list[int]]:
    """The tally entries of jobs ``start`` to ``stop`` of the field's own round robin."""
    entrants = field_of(context)
    tally = Tally()
    for job in field_schedule(context).jobs(start, stop):
        tally.add(job, play_job(entrants, job))
    return tally.to_json()


def task_battles(context: Context, task: Sequence[Any]) -> int:
    """The battles a task plays: a candidate's games against every field member and seating,
    or a range of the field's round robin (text None)."""
    text, first, stop = task
    if text is None:
        return stop - first
    return (stop - first) * len(context.field) * context.seatings


def play_chunk(context: Context, chunk: Sequence[tuple[str | None, int, int]]) -> list[Any]:
    """For each ``(text, first, stop)`` of a chunk (one task): :func:`play_candidate`, or
    :func:`play_field` when the text is None."""
    return [play_field(context, first, stop) if text is None
            else play_candidate(context, text, first, stop) for text, first, stop in chunk]


def links(context: Context, text: str) -> list[str]:
    """The share link of the candidate's first battle against each field member."""
    entrants = entrants_with(context, text)
    schedule = schedule_of(context, 1)
    per_pair = context.seatings
    return [job_link(entrants, schedule.job(p * per_pair))
            for p in range(len(context.field))]

