"""``python -m kassen validate``: check builds, print their canonical form or the problems
(one located line each on stderr)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from kassen.cli.builds import resolve_entries
from kassen.cli.io import given_options, lang_of, print_json, read_builds
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.problems import Problem, ProblemError


def add_parser(sub: Any, common: Any) -> None:
    """Register ``validate`` on the command line's sub-parsers."""
    p = sub.add_parser("validate", help="check builds")
    p.add_argument("ruleset")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--build", action="append",
                       help="one build, or @NAME for a sample (repeatable)")
    group.add_argument("--file", help="a file of builds: one a line, or separated by ---")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    common(p)
    p.set_defaults(func=cmd_validate)


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
