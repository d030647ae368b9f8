"""``python -m kassen share``: a share link for one build (``#b=``) or a whole battle
(``#m=``)."""

from __future__ import annotations

import argparse
from typing import Any

from kassen.cli.battle import add_side_arguments, battle_sides, policies
from kassen.cli.io import given_options
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.links import battle_link, build_link
from kassen.core.problems import ProblemError


def add_parser(sub: Any, common: Any) -> None:
    """Register ``share`` on the command line's sub-parsers."""
    p = sub.add_parser("share", help="print a share link")
    add_side_arguments(p)
    common(p, json_flag=False)
    p.set_defaults(func=cmd_share)


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
                               policies=policies(args))
    outcome = session.run(prepared)
    print(battle_link(outcome.record))
    return 0
