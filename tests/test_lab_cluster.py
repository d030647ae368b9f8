"""The build lab and tournaments on a Dask cluster (issue 18): a LocalCluster of two worker
processes gives exactly the local results (battles are pure; answers are merged in order). A
worker killed mid-search changes no result; a scheduler with no worker, or whose workers all
die, ends in a clear error after ``worker_wait`` seconds (issue 25; the error is asserted,
never a time)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kassen.core import registry
from kassen.core.problems import Problem, ProblemError
from kassen.core.rng import Rng
from kassen.lab.search import Search, Settings
from kassen.tournament import formats as tournament
from kassen.tournament.runners import WORKER_WAIT, DaskRunner

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """Two worker processes, one thread each, on loopback, no dashboard."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1",
                                  death_timeout=120) as local:
        yield local.scheduler_address


def _field(n: int) -> list[str]:
    ruleset = registry.get("marguerite")
    rng = Rng("cluster-field")
    return [ruleset.random_build(rng) for _ in range(n)]


def test_search_on_a_local_cluster_equals_the_local_search(cluster: str) -> None:
    """Same seed → same result on the cluster as in this process (Marguerite and dice, whose
    racing stages depend on every answer)."""
    settings = Settings(evaluations=48, seed="c", walkers=4, neighbours=4)
    local = Search("marguerite", _field(6), {}, settings).run()
    with DaskRunner(cluster, timeout=120) as runner:
        assert runner.workers == 2
        remote = Search("marguerite", _field(6), {}, settings, runner).run()
    assert remote == local
    dice = [s.text for s in registry.get("dice").samples[:2]]
    small = Settings(evaluations=6, games=4, seed="d", walkers=2, neighbours=3)
    local = Search("dice", dice, {}, small).run()
    with DaskRunner(cluster, timeout=120) as runner:
        remote = Search("dice", dice, {}, small, runner).run()
    assert remote == local


def test_tournament_on_a_local_cluster_equals_the_local_table(cluster: str) -> None:
    """A round robin and a bracket played on the cluster give the local tables."""
    entrants = tournament.load_entrants("marguerite", _field(7))
    local = tournament.round_robin(entrants, 1, "s")
    assert tournament.round_robin(entrants, 1, "s", scheduler=cluster) == local
    bracket = tournament.elimination(entrants, 1, "s")
    assert tournament.elimination(entrants, 1, "s", scheduler=cluster) == bracket


def test_no_scheduler_is_a_problem_not_a_crash() -> None:
    """An address with no scheduler gives a located problem."""
    with pytest.raises(ProblemError):
        DaskRunner("tcp://127.0.0.1:9", timeout=2)


@pytest.fixture
def bare_scheduler() -> Iterator[str]:
    """A scheduler with no worker of its own (workers are started and killed by the test)."""
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as local:
        yield local.scheduler_address


def _worker(address: str) -> subprocess.Popen:
    """A worker process without a nanny (so a kill is final), one thread."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "pysrc")}
    return subprocess.Popen([sys.executable, "-m", "dask", "worker", address, "--no-nanny",
                             "--nthreads", "1", "--no-dashboard"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _kill(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def test_no_workers_is_a_clear_error(bare_scheduler: str) -> None:
    """Issue 25, hangs: a scheduler without workers waited forever in silence; now the run
    says it is waiting (``core.waiting_workers``) and gives up with ``core.no_workers``."""
    told: list[Problem] = []
    with pytest.raises(ProblemError) as err:
        DaskRunner(bare_scheduler, timeout=60, worker_wait=1, notify=told.append)
    assert [p.code for p in err.value.problems] == ["core.no_workers"]
    assert [p.code for p in told] == ["core.waiting_workers"]
    assert "dask worker" in err.value.problems[0].message("en")
    assert WORKER_WAIT >= 60  # the stated default gives a slow cluster time to start


def _search_killing(address: str, workers: list[subprocess.Popen], kill: int,
                    worker_wait: float) -> dict:
    """A Marguerite search on the scheduler that kills the first ``kill`` workers after the
    first chunk's answer (from inside the search, so mid-search for sure)."""
    told: list[Problem] = []
    with DaskRunner(address, timeout=60, worker_wait=120, notify=told.append) as runner:
        runner.client.wait_for_workers(len(workers), timeout=120)
        runner.workers = len(workers)
        runner.worker_wait = worker_wait
        settings = Settings(evaluations=48, seed="k", walkers=4, neighbours=4)
        search = Search("marguerite", _field(6), {}, settings, runner)
        killed: list[int] = []

        def stop() -> bool:
            if not killed:
                for process in workers[:kill]:
                    _kill(process)
                    killed.append(process.pid)
            return False

        search.stop = stop
        return search.run()


def test_a_worker_killed_mid_search_changes_nothing(bare_scheduler: str) -> None:
    """Issue 25 (kept from issue 18): a worker killed mid-search still gives the local result
    (its tasks are played again by the other)."""
    workers = [_worker(bare_scheduler), _worker(bare_scheduler)]
    try:
        remote = _search_killing(bare_scheduler, workers, 1, 120)
    finally:
        for process in workers:
            _kill(process)
    local = Search("marguerite", _field(6), {}, Settings(evaluations=48, seed="k", walkers=4,
                                                         neighbours=4)).run()
    assert remote == local


def test_all_workers_dead_mid_search_is_a_clear_error(bare_scheduler: str) -> None:
    """Issue 25, hangs: every worker dying mid-search made ``search`` wait forever; now it
    gives up with ``core.workers_lost`` once ``worker_wait`` seconds pass without one."""
    workers = [_worker(bare_scheduler)]
    try:
        with pytest.raises(ProblemError) as err:
            _search_killing(bare_scheduler, workers, 1, 1)
    finally:
        for process in workers:
            _kill(process)
    assert [p.code for p in err.value.problems] == ["core.workers_lost"]
