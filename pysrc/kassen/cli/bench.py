"""``python -m kassen bench``: battles per second per ruleset, or (``--baseline REV``) this
tree against a commit in the same run."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from kassen import ENGINE_VERSION
from kassen.cli.io import print_json


def add_parser(sub: Any, common: Any) -> None:
    """Register ``bench`` on the command line's sub-parsers."""
    p = sub.add_parser("bench", help="battles per second per ruleset")
    p.add_argument("--ruleset", action="append")
    p.add_argument("--pairs", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3, help="best of N runs")
    p.add_argument("--baseline", metavar="REV",
                   help="compare with commit REV (a temporary worktree), alternating rounds")
    p.add_argument("--rounds", type=int, default=3, help="alternating rounds with --baseline")
    p.add_argument("--battles", type=int, default=600,
                   help="with --baseline: battles per random ruleset, over its line-ups")
    p.add_argument("--seed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    """Battles per second per ruleset (a benchmark, never a test)."""
    from kassen.bench.run import run_bench

    if args.baseline:
        return bench_baseline(args)
    report = run_bench(args.ruleset or None, pairs=args.pairs, seed=args.seed or "bench",
                       repeats=args.repeats)
    if args.json:
        print_json(report)
    else:
        print(f"kassen {ENGINE_VERSION} on Python {sys.version.split()[0]} "
              f"(best of {args.repeats} runs; events recorded; bare = no events)")
        for row in report["rulesets"]:
            print(f"{row['ruleset']:12s} {row['battles']:6d} battles  "
                  f"{row['seconds']:8.3f} s  {row['battles_per_second']:10.1f} battles/s "
                  f"({row['battles_per_cpu_second']:.1f}/cpu-s)  "
                  f"{row['events_per_battle']:8.1f} events/battle  "
                  f"bare {row['bare_battles_per_second']:10.1f}/s  "
                  f"ratio {row['ratio_to_bare']:.2f}")
    return 0


def bench_baseline(args: argparse.Namespace) -> int:
    """``bench --baseline REV``: this tree against REV, alternating, in one run."""
    from kassen.bench.compare import BenchError, compare, format_report

    try:
        report = compare(args.baseline, args.ruleset or None, rounds=args.rounds,
                         pairs=args.pairs, battles=args.battles, seed=args.seed or "bench")
    except BenchError as err:
        print(f"bench: {err}", file=sys.stderr)
        return 2
    if args.json:
        print_json(report)
    else:
        print("\n".join(format_report(report)))
    return 0
