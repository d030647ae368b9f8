"""What every command-line verb shares: the message language, located problem lines, JSON
output, build files (one build a line, or ``---``-separated multi-line builds) and
``--option KEY=VALUE`` assignments."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from kassen.core import options as options_mod
from kassen.core.problems import Problem, ProblemError
from kassen.core.text import strip_bom

MAX_FILE_BYTES = 1_000_000


SEPARATOR = re.compile(r"^[ \t]*---[ \t]*$")
"""A line between builds that take several lines (a dice sheet), as the page's box has it."""


def lang_of(args: argparse.Namespace) -> str:
    if getattr(args, "lang", None):
        return args.lang
    return "ja" if os.environ.get("LANG", "").startswith("ja") else "en"


def located(problem: Problem, lang: str) -> str:
    side = problem.args.get("side")
    prefix = f"build {side}: " if side is not None else ""
    return prefix + problem.located(lang)


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=None) + "\n")


def read_builds(args: argparse.Namespace) -> list[tuple[int, str]]:
    """(line number, text) of each build: one a line, or, when the file has lines ``---``,
    the lines between them (the page's multi-line form); a leading BOM is dropped."""
    if args.file is None:
        return [(0, text) for text in args.build]
    return read_build_file(args.file)


def read_build_file(name: str) -> list[tuple[int, str]]:
    """(line number, text) of each build in the file ``name`` (see :func:`read_builds`)."""
    path = Path(name)
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


def file_lines(err: ProblemError, entries: list[tuple[int, str]]) -> ProblemError:
    """Problems of entrant N (``side``) moved to the line of the file that entrant starts on."""
    moved = []
    for p in err.problems:
        side = p.args.get("side")
        if isinstance(side, int) and 1 <= side <= len(entries) and entries[side - 1][0]:
            args = {k: v for k, v in p.args.items() if k != "side"}
            p = Problem(p.code, entries[side - 1][0] + p.line - 1, p.column, p.rule, args)
        moved.append(p)
    return ProblemError(moved)


def given_options(args: argparse.Namespace) -> dict[str, str]:
    given, problems = options_mod.parse_assignments(args.option or [])
    if problems:
        raise ProblemError(problems)
    return given
