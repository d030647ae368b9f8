"""The build lab and tournaments on a Dask cluster (issue 18): a LocalCluster of two worker
processes gives exactly the local results (battles are pure; answers are merged in order)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kassen.core import registry, tournament
from kassen.core.rng import Rng
from kassen.core.runners import DaskRunner
from kassen.lab.search import Search, Settings

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
    from kassen.core.problems import ProblemError

    with pytest.raises(ProblemError):
        DaskRunner("tcp://127.0.0.1:9", timeout=2)
