"""``bench --baseline``: the benchmark set of issue 15 and the same-run comparison."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from kassen.bench.compare import ROOT, benchmark_set, compare, format_report
from kassen.bench.runner import run_set
from kassen.core import registry, session


def test_set_uses_the_specifications_line_ups() -> None:
    """Card duel §12.5 line-ups both seatings, dice's 20 type pairings, skirmish R1–R3."""
    entries = benchmark_set(None, pairs=5, battles=60, seed="t")
    by = {rid: [e for e in entries if e["ruleset"] == rid] for rid in registry.ids()}
    assert len(by["marguerite"]) == 5
    assert len({tuple(e["sides"]) for e in by["cardduel"]}) == 4
    dice = {tuple(e["sides"]) for e in by["dice"]}
    assert len(dice) == 20 and all(a != b for a, b in dice)
    skirmish = registry.get("skirmish")
    assert {e["sides"][1] for e in by["skirmish"]} == {
        skirmish.sample_text(n) for n in ("R1 warband", "R2 ogre pack", "R3 shadow cult")}
    assert len({e["seed"] for e in by["skirmish"]}) == len(by["skirmish"]) == 60


def test_runner_digests_the_events_session_produces() -> None:
    entries = benchmark_set(["dice"], pairs=0, battles=20, seed="t")
    row = run_set(entries, with_digest=True)["dice"]
    assert row["battles"] == 20 and row["cpu"] > 0
    assert row["format"] == "mt1:"  # issue 29: each tree plays its own fresh-seed format
    total = hashlib.sha256()
    for e in entries:
        prepared = session.prepare("dice", e["sides"], e["options"], f"mt1:{e['seed']}")
        total.update(session.event_digest(session.run(prepared).battle).encode())
    assert row["digest"] == total.hexdigest()


def test_compare_with_head_reports_the_same_events() -> None:
    """Against HEAD (same rules) both sides must produce identical events."""
    if not (Path(ROOT) / ".git").exists():
        pytest.skip("not a git checkout")
    report = compare("HEAD", ["marguerite"], rounds=2, pairs=20, battles=0, seed="t")
    (row,) = report["rulesets"]
    assert row["same_events"] and row["battles"] == 20
    assert row["ratio_best"] > 0
    # the paired ratio is the median of the rounds' own ratios
    pairs = [c / b for c, b in zip(row["current"]["rates"], row["baseline"]["rates"],
                                   strict=True)]
    assert len(pairs) == 2 and row["ratio_paired"] == pytest.approx(sum(pairs) / 2)
    assert "x pair" in format_report(report)[1]


def test_cli_refuses_an_unknown_revision() -> None:
    done = subprocess.run([sys.executable, "-m", "kassen", "bench", "--baseline",
                           "no-such-rev-xyz", "--json"], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(Path(ROOT) / "pysrc"),
                                         "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2 and "no-such-rev-xyz" in done.stderr
    assert done.stdout == ""


def test_report_says_formats_differ_instead_of_comparing_events() -> None:
    """Issue 29: a baseline tree on xo1 and this tree on mt1 play different battles; the
    report says so instead of "DIFFER", and still compares events when the formats agree."""
    rates = {"best": 10.0, "median": 9.0, "rates": [9.0]}
    row = {"ruleset": "dice", "battles": 6, "baseline": rates, "current": rates,
           "ratio_best": 1.0, "ratio_median": 1.0, "ratio_paired": 1.0}
    report = {"baseline": "old", "baseline_commit": "0" * 40, "rounds": 1, "python": "3.11",
              "rulesets": [{**row, "formats": ["xo1", "mt1"], "same_events": None},
                           {**row, "formats": ["mt1", "mt1"], "same_events": False},
                           {**row, "formats": ["mt1", "mt1"], "same_events": True}]}
    lines = format_report(report)
    assert lines[2].endswith("formats differ (xo1/mt1)")
    assert lines[3].endswith("DIFFER") and lines[4].endswith("same")
