"""Where the lab's (and a tournament's) tasks run: this process, a process pool, or a Dask
cluster (``--scheduler ADDRESS``, the optional extra ``kassen[cluster]``).

A runner maps a module-level function over argument tuples and yields the answers in the
order of the arguments, whatever order they finish in, so the caller's sums and choices are
the same on every runner. Tasks are pure (a battle is a function of its record), so where they
ran never shows in a result.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from kassen.core.problems import Problem, ProblemError


class Runner:
    """Runs tasks in this process (the base of the others)."""

    workers = 1

    def map(self, func: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        """``func(*task)`` for every task, yielded in task order."""
        for task in tasks:
            yield func(*task)

    def close(self) -> None:
        """Release the processes or the cluster connection."""

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


AHEAD = 4
"""Tasks in flight per worker: more are handed out as results are taken, never all at once
(a huge bracket round would otherwise queue millions of tasks)."""


def in_order(submit: Callable[[tuple[Any, ...]], Any], tasks: Iterable[tuple[Any, ...]],
             ahead: int) -> Iterator[Any]:
    """Submit tasks with ``submit`` (a future each), at most ``ahead`` in flight, and yield
    their results in task order; futures not yet consumed are cancelled when the caller stops
    early (a cancel, an error)."""
    pending: deque[Any] = deque()
    try:
        for task in tasks:
            pending.append(submit(task))
            if len(pending) >= ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def _watch_parent(parent: int) -> None:
    """End this worker process when the process that started it has ended (a killed command
    line must not leave its workers playing)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _start_watch(parent: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


class ProcessRunner(Runner):
    """A pool of ``workers`` local processes (kept for the runner's lifetime)."""

    def __init__(self, workers: int) -> None:
        # imported here: the page's worker (Pyodide) has no processes and need not load
        # multiprocessing at start-up
        from concurrent.futures import ProcessPoolExecutor

        self.workers = workers
        self.pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_watch,
                                        initargs=(os.getpid(),))

    def map(self, func: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        return in_order(lambda task: self.pool.submit(func, *task), tasks,
                        self.workers * AHEAD)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskRunner(Runner):
    """The workers of a ``dask.distributed`` scheduler at ``address`` (or a ``Client``)."""

    def __init__(self, address: Any, timeout: float = 30) -> None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ProblemError([Problem("core.no_scheduler", args={
                "address": str(address),
                "reason": "dask.distributed is not installed (pip install 'kassen[cluster]')"})
            ]) from None
        self.own = not isinstance(address, Client)
        try:
            self.client = Client(address, timeout=timeout) if self.own else address
        except OSError as err:
            raise ProblemError([Problem("core.no_scheduler", args={
                "address": str(address), "reason": str(err)})]) from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def map(self, func: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        return in_order(lambda task: self.client.submit(func, *task, pure=False), tasks,
                        self.workers * AHEAD)

    def close(self) -> None:
        if self.own:
            self.client.close()


def make_runner(workers: int = 1, scheduler: Any = None) -> Runner:
    """A Dask runner when given a scheduler, else a process pool for ``workers`` > 1."""
    if scheduler is not None:
        return DaskRunner(scheduler)
    return ProcessRunner(workers) if workers > 1 else Runner()


def chunks(items: Sequence[Any], workers: int, per_worker: int = 4) -> list[list[Any]]:
    """``items`` cut into about ``workers * per_worker`` runs, in order (progress and cancel
    look in between runs)."""
    size = max(1, -(-len(items) // (max(1, workers) * per_worker)))
    return [list(items[i:i + size]) for i in range(0, len(items), size)]
