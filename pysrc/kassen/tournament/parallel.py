"""Playing a tournament schedule in this process, on several, or on a Dask cluster (command
line; the page uses its worker pool the same way).

Each task carries the entrants' texts and the schedule (a few KB) with a range of job
numbers; a process parses the builds once per schedule and answers the range's tally. Tallies
merge in any order into the same sums, so the table is the same whatever the number of
processes or where they run, and no process ever holds a list of every job or every result.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip
from kassen.tournament.jobs import Cancelled, Entrants, Progress, load_entrants, play_job
from kassen.tournament.runners import Runner, make_runner
from kassen.tournament.schedule import Schedule, Tally

PROGRESS_EVERY = 16
"""Battles between progress reports in one process."""


def max_workers() -> int:
    """The most processes a tournament may use: this machine's cores (at least 2)."""
    return max(2, os.cpu_count() or 1)


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number from 1 to :func:`max_workers`, else a problem."""
    if type(workers) is not int or not 1 <= workers <= max_workers():
        raise ProblemError([Problem("core.bad_count", args={
            "field": "--workers", "low": 1, "high": max_workers(), "value": clip(workers)})])
    return workers


Setting = tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...], tuple[str | None, ...],
                Schedule]
"""What a task needs besides its range: ruleset id, texts, options, policies, schedule."""

_loaded: tuple[Setting, Entrants] | None = None


def play_range(setting: Setting, start: int, stop: int) -> list[list[int]]:
    """The tally (as JSON entries) of jobs ``start`` to ``stop`` of the setting's schedule;
    the builds are parsed once per process and setting."""
    global _loaded
    if _loaded is None or _loaded[0] != setting:
        ruleset_id, texts, options, policies, _ = setting
        _loaded = (setting, load_entrants(ruleset_id, texts, dict(options), policies))
    entrants, schedule = _loaded[1], setting[4]
    tally = Tally()
    for job in schedule.jobs(start, stop):
        tally.add(job, play_job(entrants, job))
    return tally.to_json()


def play_schedule(entrants: Entrants, schedule: Schedule, workers: int = 1,
                  progress: Progress | None = None, scheduler: Any = None) -> Tally:
    """Play every job of ``schedule`` (on ``workers`` processes when more than one, or on the
    Dask ``scheduler``) and tally them. ``progress(done, total)`` returning True raises
    :class:`Cancelled` with the tally so far."""
    total = len(schedule)
    tally = Tally()
    if scheduler is None:
        check_workers(workers)
    if scheduler is None and (workers <= 1 or total < 2):
        for i in range(total):
            job = schedule.job(i)
            tally.add(job, play_job(entrants, job))
            due = (i + 1) % PROGRESS_EVERY == 0 or i + 1 == total
            if progress is not None and due and progress(i + 1, total):
                raise Cancelled([], tally)
        return tally
    with make_runner(workers, scheduler) as runner:
        return play_on(runner, entrants, schedule, progress)


def play_on(runner: Runner, entrants: Entrants, schedule: Schedule,
            progress: Progress | None = None) -> Tally:
    """Play ``schedule`` as ranges of jobs on ``runner`` (see :func:`play_schedule`); the
    runner keeps only a few ranges per worker in flight, handing out more as they finish."""
    total = len(schedule)
    tally = Tally()
    size = max(1, min(256, total // (runner.workers * 8) or 1))
    setting: Setting = (entrants.ruleset.id, tuple(entrants.texts),
                        tuple(sorted(entrants.options.items())), tuple(entrants.policies),
                        schedule)

    def tasks() -> Iterator[tuple[Setting, int, int]]:
        for start in range(0, total, size):
            yield setting, start, min(total, start + size)

    done = 0
    for entries in runner.map(play_range, tasks()):
        tally.add_entries(entries)
        done = min(total, done + size)
        if progress is not None and progress(done, total):
            raise Cancelled([], tally)
    return tally
