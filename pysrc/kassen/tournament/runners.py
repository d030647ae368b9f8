"""Where the lab's (and a tournament's) tasks run: this process, a process pool, or a Dask
cluster (``--scheduler ADDRESS``, the optional extra ``kassen[cluster]``).

A runner maps a module-level function over argument tuples and yields the answers in the
order of the arguments, whatever order they finish in, so the caller's sums and choices are
the same on every runner. Tasks are pure (a battle is a function of its record), so where they
ran never shows in a result.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip


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
             ahead: int, result: Callable[[Any], Any] = lambda future: future.result()
             ) -> Iterator[Any]:
    """Submit tasks with ``submit`` (a future each), at most ``ahead`` in flight, and yield
    their results (``result(future)``) in task order; futures not yet consumed are cancelled
    when the caller stops early (a cancel, an error)."""
    pending: deque[Any] = deque()
    try:
        for task in tasks:
            pending.append(submit(task))
            if len(pending) >= ahead:
                yield result(pending.popleft())
        while pending:
            yield result(pending.popleft())
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


WORKER_WAIT = 120.0
"""Seconds a Dask run waits for a worker, at the start (a scheduler with none) or when every
worker is gone mid-run, before it gives up with ``core.no_workers`` / ``core.workers_lost``
(issue 25). ``DaskRunner(…, worker_wait=…)`` sets it per runner (the tests use a few
seconds)."""
POLL = 1.0
"""Seconds between two looks at the cluster's workers while a result is awaited."""
SCHEMES = ("tcp", "tls", "ws", "wss")
ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?"
                     r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(?P<port>[0-9]{1,5}))?")


def check_address(address: object) -> str:
    """A Dask scheduler address (``tcp://host:8786``, ``tls://…``, ``ws(s)://…`` or bare
    ``host:port``), else a ``core.no_scheduler`` problem that says what one looks like."""
    found = ADDRESS.fullmatch(address) if isinstance(address, str) else None
    reason = ""
    if found is None:
        reason = "not an address: give one like tcp://host:8786"
    elif found["scheme"] is not None and found["scheme"].lower() not in SCHEMES:
        reason = (f"{found['scheme']}:// is not a Dask scheme "
                  f"({', '.join(s + '://' for s in SCHEMES)})")
    elif found["port"] is not None and not 0 < int(found["port"]) < 65536:
        reason = "the port must be from 1 to 65535"
    if reason:
        raise ProblemError([Problem("core.no_scheduler", args={
            "address": clip(address, 80) or "''", "reason": reason})])
    return str(address)


def _say(problem: Problem) -> None:
    """Tell the person at the command line what a run is waiting for (stderr)."""
    print(problem.message("en"), file=sys.stderr, flush=True)


class DaskRunner(Runner):
    """The workers of a ``dask.distributed`` scheduler at ``address`` (or a ``Client``). With no
    worker (at the start, or every one gone mid-run) it says so through ``notify`` and gives
    up after ``worker_wait`` seconds without one; a task lost with its worker is played again
    by the others (Dask's own retry), so a killed worker changes no result."""

    def __init__(self, address: Any, timeout: float = 30, worker_wait: float = WORKER_WAIT,
                 notify: Callable[[Problem], None] = _say) -> None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ProblemError([Problem("core.no_scheduler", args={
                "address": str(address),
                "reason": "dask.distributed is not installed (pip install 'kassen[cluster]')"})
            ]) from None
        self.own = not isinstance(address, Client)
        self.address = (check_address(address) if self.own
                        else str(getattr(address.scheduler, "address", "the client's")))
        self.worker_wait = worker_wait
        self.notify = notify
        try:
            self.client = Client(address, timeout=timeout) if self.own else address
        except Exception as err:  # Dask raises OSError, ValueError, TimeoutError, …
            raise ProblemError([Problem("core.no_scheduler", args={
                "address": clip(self.address, 80),
                "reason": clip(f"{type(err).__name__}: {err}", 200)})]) from None
        if not self.client.nthreads():
            self._wait_for_workers("core.no_workers")
        self.workers = max(1, sum(self.client.nthreads().values()))

    def _wait_for_workers(self, code: str) -> None:
        """Say that the cluster has no worker and wait for one; ``code`` after
        ``worker_wait`` seconds without."""
        args = {"address": clip(self.address, 80), "seconds": f"{self.worker_wait:g}"}
        self.notify(Problem("core.waiting_workers", args=args))
        try:
            self.client.wait_for_workers(1, timeout=self.worker_wait)
        except (TimeoutError, OSError):
            if code == "core.no_workers":  # from the constructor: no __exit__ will close it
                self.close()
            raise ProblemError([Problem(code, args=args)]) from None

    def _result(self, future: Any) -> Any:
        """The future's result, looking at the workers every ``POLL`` seconds while it waits."""
        from dask.distributed import TimeoutError as DaskTimeout
        from distributed.scheduler import KilledWorker

        while True:
            try:
                return future.result(timeout=POLL)
            except (TimeoutError, DaskTimeout):
                if not self.client.nthreads():
                    self._wait_for_workers("core.workers_lost")
            except KilledWorker as err:
                raise ProblemError([Problem("core.task_failed", args={
                    "reason": clip(str(err), 200)})]) from None

    def map(self, func: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        return in_order(lambda task: self.client.submit(func, *task, pure=False), tasks,
                        self.workers * AHEAD, self._result)

    def close(self) -> None:
        if self.own and getattr(self, "client", None) is not None:
            self.client.close()
            self.client = None


def make_runner(workers: int = 1, scheduler: Any = None) -> Runner:
    """A Dask runner when given a scheduler, else a process pool for ``workers`` > 1."""
    if scheduler is not None:
        return DaskRunner(scheduler)  # checks the address, waits a while for workers
    return ProcessRunner(workers) if workers > 1 else Runner()


def chunks(items: Sequence[Any], workers: int, per_worker: int = 4) -> list[list[Any]]:
    """``items`` cut into about ``workers * per_worker`` runs, in order (progress and cancel
    look in between runs)."""
    size = max(1, -(-len(items) // (max(1, workers) * per_worker)))
    return [list(items[i:i + size]) for i in range(0, len(items), size)]
