"""``python -m kassen replay``: play a share link again (``#m=`` a battle, ``#b=`` a build,
``#t=`` a tournament); ``--html FILE`` also writes a battle's replay file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kassen.cli.battle import print_outcome
from kassen.cli.io import lang_of, print_json
from kassen.cli.tournament import check_report, progress_bar, show_table, table_outputs
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.links import parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record


def add_parser(sub: Any, common: Any) -> None:
    """Register ``replay`` on the command line's sub-parsers."""
    p = sub.add_parser("replay", help="replay a share link")
    p.add_argument("link", help="a URL or fragment (#m=…, #b=… or #t=…)")
    p.add_argument("--html", metavar="FILE", help="a battle: also write its replay file")
    p.add_argument("--site", metavar="URL", help="the Kassen page the replay file's links open "
                   "(default: none; the file shows the #m= link as text)")
    common(p)
    table_outputs(p, ("--csv", "--matrix-csv"))
    p.set_defaults(func=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a battle link (a build link prints the build). A record of another engine or
    rules version says so on stderr."""
    check_report(args)
    kind, value = parse_link(args.link)
    if args.html and kind != "battle":
        raise ProblemError([Problem("core.bad_type", args={
            "field": "--html", "expected": "a battle link (#m=…) to write its replay file"})])
    if kind == "tournament":
        from kassen.tournament import formats as tournament

        entrants = tournament.spec_entrants(value)
        show_table(value, tournament.play_spec(value, entrants, progress_bar()), args)
        return 0
    if kind == "build":
        ruleset = registry.get(value["ruleset"])
        opts, problems = options_mod.resolve(ruleset.options, value.get("options"))
        build, found = session.parse_side(ruleset, value["text"], opts)
        if problems or found:
            raise ProblemError(problems + found)
        if args.json:
            print_json({"ruleset": ruleset.id, "build": ruleset.export(build)})
        else:
            print(ruleset.export(build))
        return 0
    prepared = session.from_record(value)
    for note in session.record_notes(value):
        print(note.located(lang_of(args)), file=sys.stderr)
    if args.html:
        write_replay(value, args.html, args.site)
    print_outcome(session.run(prepared), args)
    return 0


def write_replay(record: Record, path: str, site: str | None) -> None:
    """``replay LINK --html FILE``: the battle's replay file (the page's "Download replay"
    writes the same bytes), from the repository's ``static/`` and ``docs/rules/``."""
    from kassen.replay import bundle as jsbundle
    from kassen.replay import file as replay_html
    from kassen.rulesindex import disk as rulesindex
    from kassen.web.replay_api import replay_record

    def refuse(field: str, expected: str) -> ProblemError:
        return ProblemError([Problem("core.bad_type", args={"field": field, "expected": expected})])

    try:
        site = replay_html.check_site(site)
        files = replay_html.repo_files()
    except ValueError as err:
        raise refuse("--site", str(err)) from None
    except FileNotFoundError as err:
        raise refuse("--html", str(err)) from None
    try:
        text = replay_record(record, files, rulesindex.why_index(record.ruleset), site)
    except jsbundle.BundleError as err:
        raise refuse("--html", f"the viewer's modules: {err}") from None
    try:
        Path(path).write_text(text, encoding="utf-8", newline="")
    except OSError as err:
        raise refuse("--html", f"a file that can be written ({err})") from None
    print(f"replay file: {path} ({len(text.encode()) / 1000:.0f} kB)", file=sys.stderr)
