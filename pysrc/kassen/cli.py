"""``python -m kassen``: the command line of design 4.1.

Bad input exits 2 with one located line per problem on stderr (``line:column: message``),
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kassen import ENGINE_VERSION, rules_cli
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.links import battle_link, build_link, parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.text import ascii_int, clip, strip_bom

MAX_FILE_BYTES = 1_000_000


def _lang(args: argparse.Namespace) -> str:
    if getattr(args, "lang", None):
        return args.lang
    return "ja" if os.environ.get("LANG", "").startswith("ja") else "en"


def _located(problem: Problem, lang: str) -> str:
    side = problem.args.get("side")
    prefix = f"build {side}: " if side is not None else ""
    return prefix + problem.located(lang)


def _print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=None) + "\n")


def cmd_rulesets(args: argparse.Namespace) -> int:
    """List the rule systems with their options and samples."""
    described = [r.describe() for r in registry.all_rulesets()]
    if args.json:
        _print_json(described)
        return 0
    lang = _lang(args)
    for r in described:
        name = r["name_ja"] if lang == "ja" else f"{r['name_en']} ({r['name_ja']})"
        print(f"{r['id']}  v{r['version']}  {name}")
        for o in r["options"]:
            label = o["label_ja"] if lang == "ja" else o["label_en"]
            print(f"    --option {o['key']}={o['default']}   {label} [{o['rule']}]")
        for s in r["samples"]:
            print(f"    sample: {s['name']}: {s['text']}")
    return 0


SEPARATOR = re.compile(r"^[ \t]*---[ \t]*$")
"""A line between builds that take several lines (a dice sheet), as the page's box has it."""


def _read_builds(args: argparse.Namespace) -> list[tuple[int, str]]:
    """(line number, text) of each build: one a line, or, when the file has lines ``---``,
    the lines between them (the page's multi-line form); a leading BOM is dropped."""
    if args.file is None:
        return [(0, text) for text in args.build]
    path = Path(args.file)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ProblemError([Problem("core.input_too_long",
                                        args={"length": path.stat().st_size,
                                              "limit": MAX_FILE_BYTES})])
        lines = strip_bom(path.read_text(encoding="utf-8")).splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise ProblemError([Problem("core.file_unreadable",
                                    args={"path": str(path), "reason": str(err)})]) from None
    if not any(SEPARATOR.match(line) for line in lines):
        return [(n, line) for n, line in enumerate(lines, start=1)
                if line.strip() and not line.lstrip().startswith("#")]
    blocks: list[tuple[int, str]] = []
    start, block = 0, []
    for n, line in enumerate([*lines, "---"], start=1):
        if SEPARATOR.match(line):
            while block and not block[-1].strip():
                block.pop()
            if block:
                blocks.append((start, "\n".join(block)))
            start, block = 0, []
        elif block or line.strip():
            start = start or n
            block.append(line)
    return blocks


def _file_lines(err: ProblemError, entries: list[tuple[int, str]]) -> ProblemError:
    """Problems of entrant N (``side``) moved to the line of the file that entrant starts on."""
    moved = []
    for p in err.problems:
        side = p.args.get("side")
        if isinstance(side, int) and 1 <= side <= len(entries) and entries[side - 1][0]:
            args = {k: v for k, v in p.args.items() if k != "side"}
            p = Problem(p.code, entries[side - 1][0] + p.line - 1, p.column, p.rule, args)
        moved.append(p)
    return ProblemError(moved)


def cmd_validate(args: argparse.Namespace) -> int:
    """Check builds; print their canonical form, or the problems."""
    lang = _lang(args)
    ruleset = registry.get(args.ruleset)
    opts, problems = options_mod.resolve(ruleset.options, _options(args))
    if problems:
        raise ProblemError(problems)
    entries = _read_builds(args)
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
        _print_json({"ruleset": ruleset.id, "builds": report})
    else:
        for entry in report:
            if entry["ok"]:
                print(entry["canonical"])
    return 2 if bad else 0


def _options(args: argparse.Namespace) -> dict[str, str]:
    given, problems = options_mod.parse_assignments(args.option or [])
    if problems:
        raise ProblemError(problems)
    return given


def _print_outcome(outcome: session.Outcome, args: argparse.Namespace) -> None:
    if args.json:
        _print_json(session.battle_json(outcome))
        return
    lang = _lang(args)
    for line in session.log_lines(outcome, lang):
        print(line)
    result = outcome.result
    if result is None:
        assert outcome.pending is not None
        print(f"waiting for side {outcome.pending.side + 1}: {outcome.pending.kind} "
              f"{list(outcome.pending.options)}")
        print(f"link: {battle_link(outcome.record)}")
        return
    winner = "-" if result.winner is None else str(result.winner + 1)
    print(f"result: winner={winner} reason={result.reason} turn={result.turn}")
    print(f"link: {battle_link(outcome.record)}")


def _policies(args: argparse.Namespace) -> list[str | None] | None:
    if not args.policy:
        return None
    return [None if p in ("human", "none") else p for p in args.policy]


def fresh_seed() -> str:
    """A new seed for a battle played without ``--seed``: chosen here, at the edge, never
    inside the engine, and printed so the battle can be played again."""
    return f"xo1:{secrets.token_hex(6)}"


def cmd_battle(args: argparse.Namespace) -> int:
    """Play one battle (a fresh seed when none is given; the text output names it)."""
    seed = args.seed if args.seed is not None else fresh_seed()
    prepared = session.prepare(args.ruleset, args.build, _options(args), seed,
                               policies=_policies(args))
    if not args.json:
        print(f"seed: {prepared.record.seed}")
    _print_outcome(session.run(prepared), args)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a battle link (a build link prints the build). A record of another engine or
    rules version says so on stderr."""
    _check_report(args)
    kind, value = parse_link(args.link)
    if kind == "tournament":
        from kassen.core import tournament

        entrants = tournament.spec_entrants(value)
        _show_table(value, tournament.play_spec(value, entrants, _progress_bar()), args)
        return 0
    if kind == "build":
        ruleset = registry.get(value["ruleset"])
        opts, problems = options_mod.resolve(ruleset.options, value.get("options"))
        build, found = session.parse_side(ruleset, value["text"], opts)
        if problems or found:
            raise ProblemError(problems + found)
        if args.json:
            _print_json({"ruleset": ruleset.id, "build": ruleset.export(build)})
        else:
            print(ruleset.export(build))
        return 0
    prepared = session.from_record(value)
    for note in session.record_notes(value):
        print(note.located(_lang(args)), file=sys.stderr)
    _print_outcome(session.run(prepared), args)
    return 0


def cmd_share(args: argparse.Namespace) -> int:
    """Print a share link for one build or a whole battle."""
    ruleset = registry.get(args.ruleset)
    if len(args.build) == 1:
        opts, problems = options_mod.resolve(ruleset.options, _options(args))
        build, found = session.parse_side(ruleset, args.build[0], opts)
        if problems or found:
            raise ProblemError(problems + found)
        changed = options_mod.changed(ruleset.options, opts)
        print(build_link(ruleset.id, ruleset.export(build), changed))
        return 0
    prepared = session.prepare(args.ruleset, args.build, _options(args), args.seed,
                               policies=_policies(args))
    outcome = session.run(prepared)
    print(battle_link(outcome.record))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Battles per second per ruleset (a benchmark, never a test)."""
    from kassen.core.bench import run_bench

    if args.baseline:
        return _bench_baseline(args)
    report = run_bench(args.ruleset or None, pairs=args.pairs, seed=args.seed or "bench",
                       repeats=args.repeats)
    if args.json:
        _print_json(report)
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


def _bench_baseline(args: argparse.Namespace) -> int:
    """``bench --baseline REV``: this tree against REV, alternating, in one run."""
    from kassen.core.bench_compare import BenchError, compare, format_report

    try:
        report = compare(args.baseline, args.ruleset or None, rounds=args.rounds,
                         pairs=args.pairs, battles=args.battles, seed=args.seed or "bench")
    except BenchError as err:
        print(f"bench: {err}", file=sys.stderr)
        return 2
    if args.json:
        _print_json(report)
    else:
        print("\n".join(format_report(report)))
    return 0


def _whole(text: str) -> int:
    """A command-line count in ASCII digits (``int`` would read ٣ as 3)."""
    value = ascii_int(text.strip(), 12, signed=True)
    if value is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {clip(text, 20)!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m kassen``."""
    parser = argparse.ArgumentParser(prog="python -m kassen",
                                     description="Kassen (合戦): battle simulator")
    parser.add_argument("--version", action="version", version=f"kassen {ENGINE_VERSION}")
    sub = parser.add_subparsers(dest="verb", required=True)

    def common(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
        if json_flag:
            p.add_argument("--json", action="store_true", help="machine-readable output")
        p.add_argument("--lang", choices=("ja", "en"), help="message language")

    p = sub.add_parser("rulesets", help="list rule systems, options and samples")
    common(p)
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("validate", help="check builds")
    p.add_argument("ruleset")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--build", action="append", help="one build (repeatable)")
    group.add_argument("--file", help="a file with one build per line")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    common(p)
    p.set_defaults(func=cmd_validate)

    for verb, func, text in (("battle", cmd_battle, "play a battle"),
                             ("share", cmd_share, "print a share link")):
        p = sub.add_parser(verb, help=text)
        p.add_argument("ruleset")
        p.add_argument("--build", action="append", required=True, help="one side (repeat)")
        p.add_argument("--seed")
        p.add_argument("--option", action="append", metavar="KEY=VALUE")
        p.add_argument("--policy", action="append", help="AI policy per side, in side order")
        common(p, json_flag=verb == "battle")
        p.set_defaults(func=func)

    p = sub.add_parser("replay", help="replay a share link")
    p.add_argument("link", help="a URL or fragment (#m=…, #b=… or #t=…)")
    common(p)
    _table_outputs(p, ("--csv", "--matrix-csv"))
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
    p.add_argument("--seeds", type=_whole, default=100,
                   help="battles per pairing K, 1 to 10,000 (random systems)")
    p.add_argument("--seed", default="tournament", help="master seed")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_whole, default=1, help="processes (at most the cores)")
    where.add_argument("--scheduler", help="a Dask scheduler address (kassen[cluster])")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    _table_outputs(p, ("--json", "--csv", "--matrix-csv", "--lang"))
    p.add_argument("--link", action="store_true", help="print the #t= link (plays nothing)")
    p.set_defaults(func=cmd_tournament)

    from kassen.lab.cli import add_parser as add_search

    add_search(sub)
    return parser


def _table_outputs(p: argparse.ArgumentParser, flags: tuple[str, ...]) -> None:
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


def _progress_bar() -> Any:
    """A progress callback drawing on a terminal's stderr (None when not a terminal)."""
    if not sys.stderr.isatty():
        return None

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return draw


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play a tournament and print its table (``--link``: its ``#t=`` link instead, unplayed;
    ``--report FILE``: also write the HTML report)."""
    from kassen.core import tournament
    from kassen.core.links import tournament_link
    from kassen.core.parallel import check_workers
    from kassen.core.tournament_link import TournamentSpec

    _check_report(args)
    args.build, args.file = [], args.builds
    entries = _read_builds(args)
    texts = [text for _, text in entries]
    try:
        entrants = tournament.load_entrants(args.ruleset, texts, _options(args))
    except ProblemError as err:
        raise _file_lines(err, entries) from None
    spec = tournament.spec_of(entrants, args.format, args.seeds, args.seed)
    entrants = tournament.spec_entrants(TournamentSpec.from_json(spec.to_json()))
    if args.link:
        print(tournament_link(spec))
        return 0
    check_workers(args.workers)
    table = tournament.play_spec(spec, entrants, _progress_bar(), args.workers, args.scheduler)
    _show_table(spec, table, args)
    return 0


def _check_report(args: argparse.Namespace) -> None:
    """``--report`` needs ``--page``, the page's URL its links open (checked before playing)."""
    if getattr(args, "report", None) and not re.match(r"^(https?|file)://", args.page or ""):
        raise ProblemError([Problem("core.bad_type", args={
            "field": "--page", "expected": "the page's URL (https://…) for the report's links"})])


def _show_table(spec: Any, table: dict[str, Any], args: argparse.Namespace) -> None:
    """Print a tournament's table as asked (text, ``--json``, ``--csv``, ``--matrix-csv``) and
    write its ``--report``."""
    from kassen.core import export

    if getattr(args, "report", None):
        from kassen.core.report import tournament_report

        html = tournament_report(table, spec, args.page, _lang(args))
        try:
            Path(args.report).write_text(html, encoding="utf-8", newline="")
        except OSError as err:
            raise ProblemError([Problem("core.bad_type", args={
                "field": "--report", "expected": f"a file that can be written ({err})"})]) from None
    if args.json:
        _print_json(table)
    elif args.csv and "standings" in table:
        sys.stdout.write(export.standings_csv(table))
    elif args.matrix_csv and "matrix" in table:
        sys.stdout.write(export.matrix_csv(table))
    else:
        _print_table(table)


def _print_table(table: dict[str, Any]) -> None:
    if "standings" in table:
        print(f"{'#':>3} {'name':20} {'W':>5} {'D':>5} {'L':>5} {'pts':>7}  win rate (95%)")
        for row in table["standings"]:
            wr = row["win_rate"]
            print(f"{row['rank']:>3} {row['name'][:20]:20} {row['wins']:>5} {row['draws']:>5} "
                  f"{row['losses']:>5} {row['points']:>7}  {wr['rate']:.3f} "
                  f"[{wr['low']:.3f}, {wr['high']:.3f}]")
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):  # text from argv may hold undecodable bytes
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    lang = _lang(args)
    try:
        return int(args.func(args))
    except ProblemError as err:
        for problem in err.problems:
            print(_located(problem, lang), file=sys.stderr)
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
