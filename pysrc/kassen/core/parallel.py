"""Running tournament jobs on several processes (command line only; the page uses workers).

Each process parses the builds once (initializer), then plays chunks of jobs. Results are put
back in job order, so the table is the same whatever the number of processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from kassen.core.tournament import (
    Cancelled,
    Entrants,
    Job,
    JobResult,
    Progress,
    load_entrants,
    run_jobs,
)

_entrants: Entrants | None = None


def _init(ruleset_id: str, texts: list[str], options: dict[str, Any],
          policies: list[str | None]) -> None:
    global _entrants
    _entrants = load_entrants(ruleset_id, texts, options, policies)


def _play(chunk: list[list[Any]]) -> list[list[Any]]:
    assert _entrants is not None
    return [r.to_json() for r in run_jobs(_entrants, [Job.from_json(j) for j in chunk])]


def run_parallel(entrants: Entrants, jobs: Sequence[Job], workers: int,
                 progress: Progress | None = None) -> list[JobResult]:
    """Play ``jobs`` on ``workers`` processes; same results, in job order, as one process."""
    if workers <= 1 or len(jobs) < 2:
        return run_jobs(entrants, jobs, progress)
    size = max(1, min(256, len(jobs) // (workers * 8) or 1))
    chunks = [[j.to_json() for j in jobs[i : i + size]] for i in range(0, len(jobs), size)]
    results: list[JobResult] = []
    init_args = (entrants.ruleset.id, entrants.texts, entrants.options, entrants.policies)
    with ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=init_args) as pool:
        futures = [pool.submit(_play, chunk) for chunk in chunks]
        try:
            for future in as_completed(futures):
                results.extend(JobResult.from_json(r) for r in future.result())
                if progress is not None and progress(len(results), len(jobs)):
                    raise Cancelled(sorted(results, key=lambda r: r.index))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return sorted(results, key=lambda r: r.index)
