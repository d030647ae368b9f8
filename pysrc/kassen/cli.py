"""``python -m kassen``: the command line of design 4.1.

Bad input exits 2 with one located line per problem on stderr (``line:column: message``),
never a traceback.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from kassen import ENGINE_VERSION, cli_play, cli_prompt, rules_cli
from kassen.bench_cli import cmd_bench
from kassen.cli_builds import cmd_rulesets, resolve_all, resolve_entries
from kassen.cli_io import (
    given_options,
    lang_of,
    located,
    print_json,
    read_build_file,
    read_builds,
)
from kassen.core import options as options_mod
from kassen.core import registry, render, session
from kassen.core.links import battle_link, build_link, parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.text import ascii_int, clip
from kassen.tournament_cli import (
    check_report,
    cmd_tournament,
    progress_bar,
    show_table,
    table_outputs,
)


def cmd_validate(args: argparse.Namespace) -> int:
    """Check builds; print their canonical form, or the problems."""
    lang = lang_of(args)
    ruleset = registry.get(args.ruleset)
    opts, problems = options_mod.resolve(ruleset.options, given_options(args))
    if problems:
        raise ProblemError(problems)
    entries = resolve_entries(ruleset.id, read_builds(args))
    if not entries:
        raise ProblemError([Problem("core.no_builds")])
    report = []
    bad = False
    for line, text in entries:
        build, found = session.parse_side(ruleset, text, opts)
        if line:
            found = [p.shifted(line + p.line - 1) for p in found]
        bad = bad or bool(found)
        report.append({
            "line": line or None,
            "ok": not found,
            "canonical": ruleset.export(build) if build is not None and not found else None,
            "problems": [p.to_json(lang) for p in found],
        })
        for p in found:
            print(p.located(lang), file=sys.stderr)
    if args.json:
        print_json({"ruleset": ruleset.id, "builds": report})
    else:
        for entry in report:
            if entry["ok"]:
                print(entry["canonical"])
    return 2 if bad else 0


def _print_outcome(outcome: session.Outcome, args: argparse.Namespace, *,
                   logged: int = 0) -> None:
    """The battle's log (from line ``logged`` on), result and link; ``--json``: the object
    of design 4.1 plus ``result.winner_side`` (sides are numbered 1, 2 wherever a person
    reads them; ``result.winner`` stays the 0-based index into ``sides``)."""
    result = outcome.result
    if args.json:
        out = session.battle_json(outcome)
        if out.get("result") is not None:
            winner = out["result"].get("winner")
            out["result"]["winner_side"] = None if winner is None else winner + 1
        print_json(out)
        return
    lang = lang_of(args)
    for line in session.log_lines(outcome, lang)[logged:]:
        print(line)
    assert result is not None
    side = None if result.winner is None else result.winner + 1
    text = render.result_text(outcome.record.ruleset, result.to_json(), lang)
    if side is not None:
        names = [str(m.get("name", "?")) for m in outcome.battle.members()[side - 1]["members"]]
        more = f" +{len(names) - 3}" if len(names) > 3 else ""
        text += f"  ({'+'.join(names[:3])}{more})"
    print(f"{text}, {'ターン' if lang == 'ja' else 'turn '}{result.turn}")
    print(f"result: winner_side={'-' if side is None else side} reason={result.reason} "
          f"turn={result.turn}")
    print(f"link: {battle_link(outcome.record)}")


def _policies(args: argparse.Namespace) -> list[str | None] | None:
    if not args.policy:
        return None
    return [None if p in ("human", "none") else p for p in args.policy]


def fresh_seed() -> str:
    """A new seed for a battle played without ``--seed``: chosen here, at the edge, never
    inside the engine, and printed so the battle can be played again."""
    return f"xo1:{secrets.token_hex(6)}"


def battle_sides(args: argparse.Namespace) -> list[str]:
    """The sides' build texts of ``battle``/``share``: ``--build`` texts or ``@NAME``s, or the
    builds of ``--file`` (one a line, or separated by lines ``---``)."""
    ruleset = registry.get(args.ruleset)
    if args.file is not None:
        entries = resolve_entries(ruleset.id, read_build_file(args.file))
        return [text for _, text in entries]
    return resolve_all(ruleset.id, args.build)


def cmd_battle(args: argparse.Namespace) -> int:
    """Play one battle (a fresh seed when none is given; the text output names it). A side
    played by a person (``--policy human``) is asked each decision in the terminal."""
    seed = args.seed if args.seed is not None else fresh_seed()
    prepared = session.prepare(args.ruleset, battle_sides(args), given_options(args), seed,
                               policies=_policies(args))
    if not args.json:
        print(f"seed: {prepared.record.seed}")
    person = bool(prepared.ruleset.policy_names()) and None in prepared.record.policies
    if not person:
        _print_outcome(session.run(prepared), args)
        return 0
    if not cli_prompt.is_terminal():
        raise cli_prompt.needs_terminal(prepared)
    def say(line: str) -> None:
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    def read(prompt: str) -> str:
        if sys.stdin.isatty() and not args.json:
            return input(prompt)
        say(prompt.rstrip())
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    outcome, logged = cli_prompt.play(prepared, lang_of(args), read=read, write=say,
                                      log=None if args.json else say)
    _print_outcome(outcome, args, logged=logged)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a battle link (a build link prints the build). A record of another engine or
    rules version says so on stderr."""
    check_report(args)
    kind, value = parse_link(args.link)
    if args.html and kind != "battle":
        raise ProblemError([Problem("core.bad_type", args={
            "field": "--html", "expected": "a battle link (#m=…) to write its replay file"})])
    if kind == "tournament":
        from kassen.core import tournament

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
    _print_outcome(session.run(prepared), args)
    return 0


def write_replay(record: Record, path: str, site: str | None) -> None:
    """``replay LINK --html FILE``: the battle's replay file (the page's "Download replay"
    writes the same bytes), from the repository's ``static/`` and ``docs/rules/``."""
    from kassen import jsbundle, replay_html, rulesindex

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
        text = replay_html.replay_file(record, files, rulesindex.why_index(record.ruleset), site)
    except jsbundle.BundleError as err:
        raise refuse("--html", f"the viewer's modules: {err}") from None
    try:
        Path(path).write_text(text, encoding="utf-8", newline="")
    except OSError as err:
        raise refuse("--html", f"a file that can be written ({err})") from None
    print(f"replay file: {path} ({len(text.encode()) / 1000:.0f} kB)", file=sys.stderr)


def cmd_share(args: argparse.Namespace) -> int:
    """Print a share link for one build or a whole battle."""
    ruleset = registry.get(args.ruleset)
    sides = battle_sides(args)
    if len(sides) == 1:
        opts, problems = options_mod.resolve(ruleset.options, given_options(args))
        build, found = session.parse_side(ruleset, sides[0], opts)
        if problems or found:
            raise ProblemError(problems + found)
        changed = options_mod.changed(ruleset.options, opts)
        print(build_link(ruleset.id, ruleset.export(build), changed))
        return 0
    prepared = session.prepare(args.ruleset, sides, given_options(args), args.seed,
                               policies=_policies(args))
    outcome = session.run(prepared)
    print(battle_link(outcome.record))
    return 0


def _whole(text: str) -> int:
    """A command-line count in ASCII digits (``int`` would read ٣ as 3)."""
    value = ascii_int(text.strip(), 12, signed=True)
    if value is None and ascii_int(text.strip(), len(text), signed=True) is not None:
        digits = len(text.strip().lstrip("-"))
        raise argparse.ArgumentTypeError(f"too large: a number of {digits} digits")
    if value is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {clip(text, 20)!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m kassen``."""
    installed = Path(sys.argv[0]).name == "kassen"  # the command pip install . puts on PATH
    parser = argparse.ArgumentParser(prog="kassen" if installed else "python -m kassen",
                                     description="Kassen (合戦): battle simulator")
    parser.add_argument("--version", action="version", version=f"kassen {ENGINE_VERSION}")
    sub = parser.add_subparsers(dest="verb", required=True)

    def common(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
        if json_flag:
            p.add_argument("--json", action="store_true", help="machine-readable output")
        p.add_argument("--lang", choices=("ja", "en"), help="message language")

    p = sub.add_parser("rulesets", help="list rule systems, options and samples")
    p.add_argument("ruleset", nargs="?", help="only this system")
    common(p)
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("validate", help="check builds")
    p.add_argument("ruleset")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--build", action="append",
                       help="one build, or @NAME for a sample (repeatable)")
    group.add_argument("--file", help="a file of builds: one a line, or separated by ---")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    common(p)
    p.set_defaults(func=cmd_validate)

    for verb, func, text in (("battle", cmd_battle, "play a battle"),
                             ("share", cmd_share, "print a share link")):
        p = sub.add_parser(verb, help=text)
        p.add_argument("ruleset")
        sides = p.add_mutually_exclusive_group(required=True)
        sides.add_argument("--build", action="append",
                           help="one side: its build text, or @NAME for a sample (repeat)")
        sides.add_argument("--file", help="the sides' builds: one a line, or separated by ---")
        p.add_argument("--seed")
        p.add_argument("--option", action="append", metavar="KEY=VALUE")
        p.add_argument("--policy", action="append",
                       help="per side, in side order: an AI policy, or human (asked in a terminal)")
        common(p, json_flag=verb == "battle")
        p.set_defaults(func=func)

    p = sub.add_parser("replay", help="replay a share link")
    p.add_argument("link", help="a URL or fragment (#m=…, #b=… or #t=…)")
    p.add_argument("--html", metavar="FILE", help="a battle: also write its replay file")
    p.add_argument("--site", metavar="URL", help="the Kassen page the replay file's links open "
                   "(default: none; the file shows the #m= link as text)")
    common(p)
    table_outputs(p, ("--csv", "--matrix-csv"))
    p.set_defaults(func=cmd_replay)

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

    rules_cli.add_parser(sub, common)

    p = sub.add_parser("tournament", help="round robin, elimination or one match-up")
    p.add_argument("ruleset")
    p.add_argument("--builds", required=True, help="a file with one build per line")
    p.add_argument("--format", choices=("round-robin", "elimination", "matchup"),
                   default="round-robin")
    p.add_argument("--seeds", type=_whole,  # None: 100, without a note for exact systems
                   help="battles per pairing K, 1 to 10,000 (random systems; default 100)")
    p.add_argument("--seed", default="tournament", help="master seed")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_whole, default=1, help="processes (at most the cores)")
    where.add_argument("--scheduler", help="a Dask scheduler address (kassen[cluster])")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    table_outputs(p, ("--json", "--csv", "--matrix-csv", "--lang"))
    p.add_argument("--link", action="store_true", help="print the #t= link (plays nothing)")
    p.set_defaults(func=cmd_tournament)

    from kassen.lab.cli import add_parser as add_search

    add_search(sub)
    cli_play.add_parser(sub)  # issue 30: a game played by link, from a terminal
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):  # text from argv may hold undecodable bytes
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    lang = lang_of(args)
    try:
        return int(args.func(args))
    except ProblemError as err:
        for problem in err.problems:
            print(located(problem, lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:  # the last guard: no traceback for users
        if os.environ.get("KASSEN_DEBUG"):
            raise
        print(f"internal error: {type(err).__name__}: {err} "
              "(set KASSEN_DEBUG=1 for a traceback; please report it)", file=sys.stderr)
        return 70
