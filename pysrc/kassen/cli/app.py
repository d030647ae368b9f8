"""``python -m kassen``: the command line of design 4.1 — the table of commands, the parser
and the dispatch.

Each command is one module of :mod:`kassen.cli` with ``add_parser(sub, common)`` (it registers
its sub-parser and sets ``func``); :data:`COMMANDS` lists them in the order ``--help`` shows
them, so a new command is one module and one entry here. Bad input exits 2 with one located
line per problem on stderr (``line:column: message``), never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from kassen import ENGINE_VERSION
from kassen.cli import (
    battle,
    bench,
    play,
    replay,
    rules,
    rulesets,
    search,
    share,
    tournament,
    validate,
)
from kassen.cli.io import lang_of, located
from kassen.core.problems import ProblemError

COMMANDS: tuple[ModuleType, ...] = (rulesets, validate, battle, share, replay, play, bench,
                                    rules, tournament, search)
"""The command modules, in the order ``python -m kassen --help`` lists them."""


def common(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    """The flags most commands share: ``--json`` (unless ``json_flag`` is false) and
    ``--lang``."""
    if json_flag:
        p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--lang", choices=("ja", "en"), help="message language")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m kassen``."""
    installed = Path(sys.argv[0]).name == "kassen"  # the command pip install . puts on PATH
    parser = argparse.ArgumentParser(prog="kassen" if installed else "python -m kassen",
                                     description="Kassen (合戦): battle simulator")
    parser.add_argument("--version", action="version", version=f"kassen {ENGINE_VERSION}")
    sub = parser.add_subparsers(dest="verb", required=True)
    for command in COMMANDS:
        command.add_parser(sub, common)
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
