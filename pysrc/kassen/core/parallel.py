"""Playing a tournament schedule in this process or on several (command line; the page uses
its worker pool the same way).

Each process parses the builds and receives the schedule once (initializer), then plays ranges
of job numbers and answers their tally. Tallies merge in any order into the same sums, so the
table is the same whatever the number of processes, and no process ever holds a list of every
job or every result.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from kassen.core.jobs import Cancelled, Entrants, Progress, load_entrants, play_job
from kassen.core.problems import Problem, ProblemError
from kassen.core.schedule import Schedule, Tally
from kassen.core.text import clip

PROGRESS_EVERY = 16
"""Battles between progress reports in one process."""
IN_FLIGHT = 4
"""Ranges queued per process at any time: work is handed out as ranges finish, never queued
all at once (a billion-battle bracket round would otherwise queue millions of tasks)."""


def max_workers() -> int:
    """The most processes a tournament may use: this machine's cores (at least 2)."""
    return max(2, os.cpu_count() or 1)


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number from 1 to :func:`max_workers`, else a problem."""
    if type(workers) is not int or not 1 <= workers <= max_workers():
        raise ProblemError([Problem("core.bad_count", args={
            "field": "--workers", "low": 1, "high": max_workers(), "value": clip(workers)})])
    return workers


def _watch_parent(parent: int) -> None:
    """End this worker process when the process that started it has ended (a killed command
    line must not leave its workers playing)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)

_entrants: Entrants | None = None
_schedule: Schedule | None = None


def _init(ruleset_id: str, texts: list[str], options: dict[str, Any],
          policies: list[str | None], schedule: Schedule) -> None:
    global _entrants, _schedule
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    _entrants = load_entrants(ruleset_id, texts, options, policies)
    _schedule = schedule


def _play_range(start: int, stop: int) -> list[list[int]]:
    assert _entrants is not None and _schedule is not None
    tally = Tally()
    for job in _schedule.jobs(start, stop):
        tally.add(job, play_job(_entrants, job))
    return tally.to_json()


def play_schedule(entrants: Entrants, schedule: Schedule, workers: int = 1,
                  progress: Progress | None = None) -> Tally:
    """Play every job of ``schedule`` (on ``workers`` processes when more than one) and tally
    them. ``progress(done, total)`` returning True raises :class:`Cancelled` with the tally so
    far."""
    total = len(schedule)
    tally = Tally()
    check_workers(workers)
    if workers <= 1 or total < 2:
        for i in range(total):
            job = schedule.job(i)
            tally.add(job, play_job(entrants, job))
            due = (i + 1) % PROGRESS_EVERY == 0 or i + 1 == total
            if progress is not None and due and progress(i + 1, total):
                raise Cancelled([], tally)
        return tally
    size = max(1, min(256, total // (workers * 8) or 1))
    init_args = (entrants.ruleset.id, entrants.texts, entrants.options, entrants.policies,
                 schedule)
    done = 0
    starts = iter(range(0, total, size))
    with ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=init_args) as pool:
        futures: dict[Future[Any], int] = {}

        def submit() -> None:
            for start in starts:
                stop = min(total, start + size)
                futures[pool.submit(_play_range, start, stop)] = stop - start
                if len(futures) >= workers * IN_FLIGHT:
                    return

        try:
            submit()
            while futures:
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in finished:
                    tally.add_entries(future.result())
                    done += futures.pop(future)
                    if progress is not None and progress(done, total):
                        raise Cancelled([], tally)
                submit()
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return tally
