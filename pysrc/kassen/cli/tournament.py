"""``python -m kassen tournament`` and the tables it (and ``replay '#t=…'``) prints: text,
``--json``, ``--csv``, ``--matrix-csv``, the ``--report`` HTML file and a terminal progress bar."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kassen.cli import term
from kassen.cli.builds import resolve_entries
from kassen.cli.io import file_lines, given_options, lang_of, print_json, read_builds
from kassen.cli.term import Column
from kassen.core.problems import Problem, ProblemError
from kassen.core.text import ascii_int, clip

DEFAULT_SEEDS = 100
"""Seeds per pairing K when ``--seeds`` is not given (random systems)."""


def add_parser(sub: Any, common: Any) -> None:
    """Register ``tournament`` on the command line's sub-parsers."""
    p = sub.add_parser("tournament", help="round robin, elimination or one match-up")
    p.add_argument("ruleset")
    p.add_argument("--builds", required=True, help="a file with one build per line")
    p.add_argument("--format", choices=("round-robin", "elimination", "matchup"),
                   default="round-robin")
    p.add_argument("--seeds", type=whole,  # None: 100, without a note for exact systems
                   help="battles per pairing K, 1 to 10,000 (random systems; default 100)")
    p.add_argument("--seed", default="tournament", help="master seed")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=whole, default=1, help="processes (at most the cores)")
    where.add_argument("--scheduler", help="a Dask scheduler address (kassen[cluster])")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    table_outputs(p, ("--json", "--csv", "--matrix-csv", "--lang"))
    p.add_argument("--link", action="store_true", help="print the #t= link (plays nothing)")
    p.set_defaults(func=cmd_tournament)


def whole(text: str) -> int:
    """A command-line count in ASCII digits (``int`` would read ٣ as 3)."""
    value = ascii_int(text.strip(), 12, signed=True)
    if value is None and ascii_int(text.strip(), len(text), signed=True) is not None:
        digits = len(text.strip().lstrip("-"))
        raise argparse.ArgumentTypeError(f"too large: a number of {digits} digits")
    if value is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {clip(text, 20)!r}")
    return value


def table_outputs(p: argparse.ArgumentParser, flags: tuple[str, ...]) -> None:
    """A tournament table's outputs (``tournament`` and ``replay '#t=…'``): ``flags`` of
    ``--json``/``--csv``/``--matrix-csv``/``--lang`` the parser lacks, and ``--report``."""
    out = p.add_mutually_exclusive_group() if "--json" in flags else p
    helps = {"--json": None, "--csv": "standings as CSV", "--matrix-csv": "win-rate matrix as CSV"}
    for flag in flags:
        if flag == "--lang":
            p.add_argument("--lang", choices=("ja", "en"))
        else:
            out.add_argument(flag, action="store_true", help=helps[flag])
    p.add_argument("--report", metavar="FILE", help="write the tournament's HTML report")
    p.add_argument("--page", help="with --report: the page's URL its links open")


def progress_bar() -> Any:
    """A progress callback drawing on a terminal's stderr (None when not a terminal)."""
    return term.progress_bar()


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play a tournament and print its table (``--link``: its ``#t=`` link instead, unplayed;
    ``--report FILE``: also write the HTML report)."""
    from kassen.core.links import tournament_link
    from kassen.core.tournament_link import TournamentSpec
    from kassen.tournament import formats as tournament
    from kassen.tournament.parallel import check_workers

    check_report(args)
    args.build, args.file = [], args.builds
    entries = resolve_entries(args.ruleset, read_builds(args))
    texts = [text for _, text in entries]
    try:
        entrants = tournament.load_entrants(args.ruleset, texts, given_options(args))
    except ProblemError as err:
        raise file_lines(err, entries) from None
    if args.seeds is None:
        args.seeds = DEFAULT_SEEDS
    else:  # K given for a deterministic system: say that it plays each pairing once
        for note in tournament.seeds_note(entrants.ruleset, args.seeds):
            print(note.located(lang_of(args)), file=sys.stderr)
    spec = tournament.spec_of(entrants, args.format, args.seeds, args.seed)
    entrants = tournament.spec_entrants(TournamentSpec.from_json(spec.to_json()))
    if args.link:
        print(tournament_link(spec))
        return 0
    check_workers(args.workers)
    table = tournament.play_spec(spec, entrants, progress_bar(), args.workers, args.scheduler)
    show_table(spec, table, args)
    return 0


def check_report(args: argparse.Namespace) -> None:
    """``--report`` needs ``--page``, the page's URL its links open (checked before playing:
    ``http(s)://`` or ``file://``, :func:`kassen.tournament.report.check_page`)."""
    if getattr(args, "report", None):
        from kassen.tournament.report import check_page

        check_page(args.page, "--page")


def show_table(spec: Any, table: dict[str, Any], args: argparse.Namespace) -> None:
    """Print a tournament's table as asked (text, ``--json``, ``--csv``, ``--matrix-csv``) and
    write its ``--report``."""
    from kassen.tournament import export
    from kassen.tournament.versions import spec_notes

    for note in spec_notes(spec):  # a #t= link of another engine or rules version, or none
        print(note.located(lang_of(args)), file=sys.stderr)
    if getattr(args, "report", None):
        from kassen.tournament.report import tournament_report

        html = tournament_report(table, spec, args.page, lang_of(args))
        try:
            Path(args.report).write_text(html, encoding="utf-8", newline="")
        except OSError as err:
            raise ProblemError([Problem("core.bad_type", args={
                "field": "--report", "expected": f"a file that can be written ({err})"})]) from None
        print(f"report: {args.report} ({len(html.encode()) / 1000:.0f} kB)", file=sys.stderr)
    if args.json:
        print_json(table)
    elif args.csv and "standings" in table:
        sys.stdout.write(export.standings_csv(table))
    elif args.matrix_csv and "matrix" in table:
        sys.stdout.write(export.matrix_csv(table))
    else:
        print_table(table)


STANDINGS = (Column("#", 3, ">", 0), Column("name", 20, "<", 1, cut=True),
             Column("W", 5, ">"), Column("D", 5, ">"), Column("L", 5, ">"),
             Column("pts", 7, ">"), Column("win rate (95%)", 0, "<", 2))
"""The standings table's columns (text output; ``--csv`` and ``--json`` have their own)."""


def print_table(table: dict[str, Any]) -> None:
    """A tournament's table as text: the standings (by display width; a ``rich`` table on a
    terminal), an elimination's rounds, or a match-up's rates."""
    if "standings" in table:
        rows = []
        for row in table["standings"]:
            wr = row["win_rate"]
            rows.append([str(row["rank"]), row["name"], str(row["wins"]), str(row["draws"]),
                         str(row["losses"]), str(row["points"]),
                         f"{wr['rate']:.3f} [{wr['low']:.3f}, {wr['high']:.3f}]"])
        term.table(STANDINGS, rows)
    elif "rounds" in table:
        names = table["names"]
        for rnd in table["rounds"]:
            for m in rnd["matches"]:
                a = "-" if m["a"] is None else names[m["a"]]
                b = "-" if m["b"] is None else names[m["b"]]
                print(f"round {rnd['round']}: {a} vs {b} -> {names[m['winner']]}")
        print(f"champion: {names[table['champion']]}")
    else:
        for key in ("win", "draw", "loss"):
            r = table[key]
            print(f"{key:5} {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]")
        print(f"battles {table['battles']}  median turns {table['median_turns']}")
