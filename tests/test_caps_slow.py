"""Slow tier (issue 13 §2): for every ruleset, many random legal battles under the default
options, none aborted, with the largest sizes printed beside the caps (design 6: caps bound
only what no legal battle reaches). For Marguerite also builds biased towards the growth
swords, ``reset=cycle``, and the abort rate of free-budget builds.

``KASSEN_CAP_BATTLES`` sets N (default 1,000,000 battles per kind; ``reset=cycle`` plays
N/10, free budget N/100), ``KASSEN_CAP_WORKERS`` the processes (default 2). Run with
``pytest -m slow -s tests/test_caps_slow.py`` to see the report.
"""

from __future__ import annotations

import os

import pytest

from caps_sampler import describe, sample
from kassen.core import registry
from kassen.rulesets.marguerite import constants

N = int(os.environ.get("KASSEN_CAP_BATTLES", "1000000"))

MARGUERITE_CAPS = {"swords": constants.MAX_SWORDS, "held": constants.MAX_BATTLE_SWORDS,
                   "fencers": constants.MAX_FENCERS,
                   "work": constants.MAX_ACTIONS, "work_events": constants.MAX_EVENTS,
                   "scan": constants.MAX_SCAN}
"""Sizes the sampler reports → the hard cap that bounds them."""


def _margins(report: dict) -> str:
    found = report["max"]
    return ", ".join(f"{key} {found[key][0]:,} of {cap:,}" for key, cap in MARGUERITE_CAPS.items()
                     if key in found)


def _check(kind: str, n: int) -> dict:
    report = sample(kind, n)
    print("\n" + describe(kind, report))
    if kind.startswith("marguerite"):
        print(f"  against the hard caps: {_margins(report)}")
    return report


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_no_default_battle_is_aborted(ruleset_id: str) -> None:
    """N random legal battles under the default options: none ends `aborted`."""
    report = _check(ruleset_id, N)
    assert report["n"] > 0 and report["aborted"] == 0, report["examples"]


@pytest.mark.slow
def test_no_growth_battle_is_aborted_marguerite() -> None:
    """N 10-point battles biased towards 増虚鳴複光星灼泡涙再儀速: none ends `aborted`."""
    report = _check("marguerite-growth", N)
    assert report["n"] > 0 and report["aborted"] == 0, report["examples"]


@pytest.mark.slow
def test_no_cycle_battle_is_aborted_marguerite() -> None:
    """N/10 10-point battles with reset=cycle (R6.3 alternative): none ends `aborted`."""
    report = _check("marguerite-cycle", max(1, N // 10))
    assert report["n"] > 0 and report["aborted"] == 0, report["examples"]


@pytest.mark.slow
def test_free_budget_abort_rate_marguerite() -> None:
    """N/100 battles with budget=0 (R3.1 option): caps may stop them; the rate is printed,
    and every stopped battle says why (the sampler keeps examples with their cap)."""
    report = _check("marguerite-free", max(1, N // 100))
    assert report["n"] > 0
    assert all(cap for _, _, cap in report["examples"])
