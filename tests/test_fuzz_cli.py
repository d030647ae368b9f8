"""Fuzzing the command line's ``search`` and ``tournament`` (issue 25): every flag with hostile
values (NaN, infinities, zero and negative counts, other scripts' digits, huge numbers, empty
text, seeds of unknown algorithms or over the limit, addresses of any scheme, report URLs of
any scheme, hostile build files). Each run exits 0 or 2 (argparse's own refusals included)
with messages and never a traceback or an internal error (exit 70); ``--json`` output is
strict JSON. The work is bounded (a few evaluations, at most 3 seeds per pairing are played)
so that the flags, not the battles, take the time.

The normal run draws a few dozen argument lists per command; ``-m slow`` draws
``KASSEN_FUZZ_CALLS`` (``fuzz_inputs.SLOW_CALLS``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import SLOW_CALLS, unicode_text
from kassen import cli
from kassen.core import registry
from kassen.lab import search as search_mod
from kassen.tournament import formats as tournament
from kassen.tournament import runners

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=SLOW_CALLS, deadline=None,
                suppress_health_check=list(HealthCheck), database=None)

NUMBERS = ["0", "-1", "1", "2", "3", "nan", "NaN", "inf", "-inf", "1e309", "1e-9", "0.5", "２",
           "٣", "", " 1", "1_000", "0x10", "10000", "10001", "99999999999999999999", "-0",
           "1.0", "true", "\u202e1", "1\x00"]
SEEDS = ["zz:1", "xo1:", "xo1:a", "a" * 200, "a" * 201, "", " ", ":", "\ud800", "12", "-5",
         "\u202ex", "x" * 5000]
ADDRESSES = ["", "garbage here", "http://127.0.0.1:8786", "javascript:alert(1)", "tcp://",
             "tcp://127.0.0.1:99999", "tcp://127.0.0.1:1", "tcp://[::1", "\x00", "a b:1",
             "udp://x:1", "tcp://127.0.0.1:-1"]
PAGES = ["https://example.org/", "file:///tmp/x", "javascript:alert(1)", "data:,x", "",
         "//x", "https://x/ y", "JAVASCRIPT:x", "http://x/\n"]

numbers = st.sampled_from(NUMBERS) | st.integers(-5, 12).map(str)
texts = st.sampled_from(SEEDS) | unicode_text


def _build_file(draw: st.DrawFn, ruleset_id: str) -> str:
    samples = [s.text for s in registry.get(ruleset_id).samples]
    builds = draw(st.lists(st.sampled_from(samples) | unicode_text, min_size=0, max_size=4))
    sep = "\n---\n" if any("\n" in b for b in builds) else "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8",
                                     errors="surrogatepass") as handle:
        handle.write(sep.join(builds))
    return handle.name


def _flag(draw: st.DrawFn, argv: list[str], flag: str, values: st.SearchStrategy[str]) -> None:
    if draw(st.booleans()):
        value = draw(values)
        argv.append(f"{flag}={value}" if value.startswith("-") else flag)
        if not value.startswith("-"):
            argv.append(value)


@st.composite
def search_argv(draw: st.DrawFn) -> list[str]:
    ruleset_id = draw(st.sampled_from(["marguerite", "dice", "cardduel", "skirmish"]))
    argv = ["search", draw(st.just(ruleset_id) | st.sampled_from(["", "nope", "\ud800"])),
            "--field", _build_file(draw, ruleset_id)]
    _flag(draw, argv, "--target", st.sampled_from(["counter", "champion", "balance", "x", ""]))
    _flag(draw, argv, "--budget", numbers)
    _flag(draw, argv, "--goal", numbers)
    if draw(st.booleans()):
        argv += ["--start", _build_file(draw, ruleset_id)]
    amount = draw(st.sampled_from(["--evaluations", "--seconds", None, "both"]))
    if amount == "both":
        argv += ["--evaluations", "2", "--seconds", "1"]
    elif amount is not None:
        _flag(draw, argv, amount, numbers)
    for flag in ("--seeds", "--walkers", "--top"):
        _flag(draw, argv, flag, numbers)
    _flag(draw, argv, "--seed", texts)
    where = draw(st.sampled_from(["--workers", "--scheduler", None]))
    if where == "--workers":
        _flag(draw, argv, where, st.sampled_from(["1", "0", "-1", "3", "nan", "", "２"]))
    elif where == "--scheduler":
        argv += [f"--scheduler={draw(st.sampled_from(ADDRESSES))}"]
    for _ in range(draw(st.integers(0, 2))):
        argv += ["--option", draw(st.sampled_from(["budget=8", "budget=-1", "x=1", "=",
                                                   "format=fixed", "budget=nan"]) | texts)]
    if draw(st.booleans()):
        argv.append("--json")
    _flag(draw, argv, "--lang", st.sampled_from(["ja", "en", "fr"]))
    return argv


@st.composite
def tournament_argv(draw: st.DrawFn) -> list[str]:
    ruleset_id = draw(st.sampled_from(["marguerite", "dice", "cardduel"]))
    argv = ["tournament", ruleset_id, "--builds", _build_file(draw, ruleset_id)]
    _flag(draw, argv, "--format", st.sampled_from(["round-robin", "elimination", "matchup",
                                                   "swiss", ""]))
    _flag(draw, argv, "--seeds", numbers)
    _flag(draw, argv, "--seed", texts)
    where = draw(st.sampled_from(["--workers", "--scheduler", None]))
    if where == "--workers":
        _flag(draw, argv, where, st.sampled_from(["1", "0", "-1", "3", "nan", "", "２"]))
    elif where == "--scheduler":
        argv += [f"--scheduler={draw(st.sampled_from(ADDRESSES))}"]
    out = draw(st.sampled_from([None, "--json", "--csv", "--matrix-csv", "--link"]))
    if out:
        argv.append(out)
    if draw(st.booleans()):
        argv += ["--report", str(Path(tempfile.gettempdir()) / "kassen-fuzz-report.html")]
        _flag(draw, argv, "--page", st.sampled_from(PAGES) | unicode_text)
    _flag(draw, argv, "--lang", st.sampled_from(["ja", "en", "fr"]))
    return argv


@pytest.fixture(autouse=True)
def bounded_work(monkeypatch) -> None:
    """Every check runs as written; only the battles played afterwards are few."""
    real_init, real_run, real_play = (search_mod.Search.__post_init__, search_mod.Search.run,
                                      tournament.play_spec)

    def init(self: Any) -> None:
        real_init(self)
        self.games = min(self.games, 3)
        self.context = dataclasses.replace(self.context, games=min(self.context.games, 3))

    def run(self: Any, report: Any = None) -> dict[str, Any]:
        self.settings.evaluations = min(self.settings.evaluations or 3, 3)
        self.settings.seconds = None
        return real_run(self, report)

    def play(spec: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return real_play(dataclasses.replace(spec, seeds=min(spec.seeds, 3)), *args, **kwargs)

    monkeypatch.setattr(search_mod.Search, "__post_init__", init)
    monkeypatch.setattr(search_mod.Search, "run", run)
    monkeypatch.setattr(tournament, "play_spec", play)
    monkeypatch.setattr(runners, "DaskRunner", functools.partial(runners.DaskRunner, timeout=1,
                                                                 worker_wait=1))


def check(argv: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as stop:  # argparse's refusal of a flag it cannot read
            code = stop.code
    errors = err.getvalue()
    assert code in (0, 2), (argv, code, errors[-2000:])
    assert "Traceback" not in errors and "internal error" not in errors, (argv, errors[-2000:])
    if code == 0 and "--json" in argv:

        def refuse(name: str) -> None:
            raise AssertionError(f"{name} printed by {argv}: not JSON")

        json.loads(out.getvalue(), parse_constant=refuse)
    for path in argv:
        if path.endswith(".txt") and Path(path).is_file():
            Path(path).unlink()


@FAST
@given(search_argv())
def test_search_any_flags(argv: list[str]) -> None:
    check(argv)


@FAST
@given(tournament_argv())
def test_tournament_any_flags(argv: list[str]) -> None:
    check(argv)


@pytest.mark.slow
@pytest.mark.parametrize("command", ["search", "tournament"])
def test_slow_tier_command_lines(command: str) -> None:
    SLOW(given(search_argv() if command == "search" else tournament_argv())(check))()
