"""Playing a tournament schedule in this process or on several (command line; the page uses
its worker pool the same way).

Each process parses the builds and receives the schedule once (initializer), then plays ranges
of job numbers and answers their tally. Tallies merge in any order into the same sums, so the
table is the same whatever the number of processes, and no process ever holds a list of every
job or every result.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from kassen.core.schedule import Schedule, Tally
from kassen.core.tournament import Cancelled, Entrants, Progress, load_entrants, play_job

PROGRESS_EVERY = 16
"""Battles between progress reports in one process."""

_entrants: Entrants | None = None
_schedule: Schedule | None = None


def _init(ruleset_id: str, texts: list[str], options: dict[str, Any],
          policies: list[str | None], schedule: Schedule) -> None:
    global _entrants, _schedule
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
    with ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=init_args) as pool:
        futures = {pool.submit(_play_range, start, min(total, start + size)):
                   min(total, start + size) - start for start in range(0, total, size)}
        try:
            for future in as_completed(futures):
                tally.add_entries(future.result())
                done += futures[future]
                if progress is not None and progress(done, total):
                    raise Cancelled([], tally)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return tally
