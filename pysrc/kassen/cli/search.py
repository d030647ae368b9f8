"""``python -m kassen search``: the build lab on the command line.

The field file holds one build a line (``#`` comments and blank lines skipped), or builds
separated by lines ``---`` when it has any (multi-line dice sheets). A progress bar is drawn on
a terminal's stderr; each improvement of the best build is printed as it happens (on stderr
with ``--json``, whose stdout is the summary alone).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from kassen.cli.io import given_options, lang_of, read_build_file
from kassen.cli.term import progress_bar
from kassen.core import registry
from kassen.core.problems import Problem, ProblemError
from kassen.lab.racing import TARGETS
from kassen.lab.search import Entry, Search, Settings
from kassen.tournament.runners import make_runner

DEFAULT_SEEDS = 20
"""K when ``--seeds`` is not given (random systems)."""


def add_parser(sub: Any, common: Any) -> None:
    """Register ``search`` on the command line's subparsers."""
    p = sub.add_parser("search", help="build lab: search builds that beat a field")
    p.add_argument("ruleset")
    p.add_argument("--field", required=True, help="a file of builds (one a line, or ---)")
    p.add_argument("--target", choices=TARGETS, default="counter")
    p.add_argument("--budget", type=int, help="the ruleset's point budget option")
    p.add_argument("--goal", type=float, default=0.5, help="balance: the field's win rate")
    p.add_argument("--start", help="a file of builds the walkers start from")
    amount = p.add_mutually_exclusive_group()
    amount.add_argument("--evaluations", type=int, help="candidates to score (default 1000)")
    amount.add_argument("--seconds", type=float, help="stop after the round ending past this")
    p.add_argument("--seeds", type=int,
                   help="K: seeds per pairing (random systems; default 20)")
    p.add_argument("--seed", default="lab")
    p.add_argument("--walkers", type=int, default=8)
    p.add_argument("--top", type=int, default=10, help="rows of the best-so-far table")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1)
    where.add_argument("--scheduler", help="a Dask scheduler address (kassen[cluster])")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("ja", "en"))
    p.set_defaults(func=cmd_search)


def read_builds(path_text: str, ruleset: str | None = None) -> list[str]:
    """The builds of a field file (see the module docstring; a leading BOM is dropped); with
    ``ruleset``, a line ``@NAME`` is that sample's build (:mod:`kassen.cli.builds`)."""
    entries = read_build_file(path_text)
    if ruleset is not None:
        from kassen.cli.builds import resolve_entries

        entries = resolve_entries(ruleset, entries)
    return [text for _, text in entries]


def _options(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = dict(given_options(args))
    if args.budget is not None:
        keys = [o.key for o in registry.get(args.ruleset).options]
        if "budget" not in keys:
            raise ProblemError([Problem("core.unknown_option", args={
                "key": "budget", "known": ", ".join(keys)})])
        out["budget"] = args.budget
    return out


def _line(entry: Entry) -> str:
    s = entry.score
    interval = "" if s.low == s.high else f" [{s.low:.3f}, {s.high:.3f}]"
    return f"{s.value:8.4f}{interval}  #{entry.evaluation}  {_one_line(entry.text)}"


def _one_line(text: str) -> str:
    """A build on one line (a dice sheet's lines joined by ``;``, its one-line form)."""
    from kassen.cli.builds import one_line

    return one_line(text)


def cmd_search(args: argparse.Namespace) -> int:
    """Search and print the best-so-far table (or its JSON) with a link per field member."""
    ruleset = registry.get(args.ruleset)
    if args.seeds is None:
        args.seeds = DEFAULT_SEEDS
    else:  # K given for a deterministic system: say that it plays each battle once
        from kassen.tournament.versions import seeds_note

        for note in seeds_note(ruleset, args.seeds):
            print(note.located(lang_of(args)), file=sys.stderr)
    field = read_builds(args.field, args.ruleset)
    start = tuple(read_builds(args.start, args.ruleset)) if args.start else ()
    # 0 or a negative count is the user's number: Search refuses it, never replaced by 1000
    evaluations = (args.evaluations if args.evaluations is not None
                   else None if args.seconds is not None else 1000)
    settings = Settings(target=args.target, games=args.seeds, evaluations=evaluations,
                        seconds=args.seconds, seed=args.seed,
                        walkers=args.walkers, goal=args.goal, top=args.top, start=start)
    notes = sys.stderr if args.json else sys.stdout
    bar = sys.stderr.isatty()
    counted = progress_bar(sys.stderr, "evaluations")  # the shared bar (rich when installed)
    began = time.monotonic()
    shown: list[str] = []
    ended = [False]

    def report(done: int, total: int | None, best: list[Entry]) -> None:
        if best and (not shown or best[0].text != shown[-1]):
            shown.append(best[0].text)
            if bar:
                sys.stderr.write("\r\033[K")
            print(f"best so far  {_line(best[0])}", file=notes, flush=True)
        if total and counted is not None:
            counted(done, total)
            ended[0] = done >= total  # the shared bar ends its own line
        elif bar:
            spent = time.monotonic() - began
            rate = done / spent if spent else 0.0
            sys.stderr.write(f"\r{done} evaluations  {spent:.0f}/{args.seconds:.0f} s"
                             f"  {rate:.1f}/s")
            sys.stderr.flush()

    if args.scheduler is None:
        from kassen.tournament.parallel import check_workers

        check_workers(args.workers)
    with make_runner(args.workers, args.scheduler) as runner:
        search = Search(args.ruleset, field, _options(args), settings, runner)
        if settings.target == "champion" and len(field) > 1:  # say what the first wait is
            from kassen.lab.evaluate import field_schedule

            count = f"{len(field_schedule(search.context)):,}"
            print(Problem("core.lab_field_first", args={"count": count}).message(
                lang_of(args)), file=sys.stderr, flush=True)
        try:
            summary = search.run(report)
        except KeyboardInterrupt:
            summary = search.summary(cancelled=True)
    if bar and not ended[0]:
        sys.stderr.write("\n")
    summary["seconds"] = round(time.monotonic() - began, 3)
    if args.json:
        print(_json(summary))
        return 0
    print(f"{summary['evaluations']} evaluations in {summary['rounds']} rounds "
          f"({summary['seconds']} s); same result: --seed {args.seed} "
          f"--evaluations {summary['evaluations']}"
          + (" (cancelled)" if summary["cancelled"] else ""))
    if "field_best" in summary:
        print(f"field's best member (points rate in its own round robin): "
              f"{summary['field_best']:.4f}")
    for rank, row in enumerate(summary["best"], start=1):
        interval = "" if row["low"] == row["high"] else f" [{row['low']:.3f}, {row['high']:.3f}]"
        print(f"{rank:>3} {row['score']:8.4f}{interval}  W{row['wins']} D{row['draws']} "
              f"/{row['battles']}  {_one_line(row['text'])}")
        if rank == 1:
            for text, member in zip(summary["field"], row["members"], strict=True):
                from kassen.cli.term import pad

                print(f"      vs {pad(_one_line(text), 40)}  {member['wins']}/{member['battles']}  "
                      f"{member.get('link', '')}")
    return 0


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, allow_nan=False)
