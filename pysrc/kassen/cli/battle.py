"""``python -m kassen battle``: play one battle and print its log, result and link; a side
played by a person (``--policy human``) is asked each decision in a terminal
(:mod:`kassen.cli.prompt`). :func:`add_side_arguments`, :func:`battle_sides` and
:func:`print_outcome` are shared with ``share`` and ``replay``."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any

from kassen.cli import prompt as cli_prompt
from kassen.cli.builds import resolve_all, resolve_entries
from kassen.cli.io import given_options, lang_of, print_json, read_build_file
from kassen.core import registry, render, session
from kassen.core.links import battle_link
from kassen.core.rng import FRESH_PREFIX


def add_side_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of a battle's sides (``battle`` and ``share``): the ruleset, ``--build``
    or ``--file``, ``--seed``, ``--option``, ``--policy``."""
    p.add_argument("ruleset")
    sides = p.add_mutually_exclusive_group(required=True)
    sides.add_argument("--build", action="append",
                       help="one side: its build text, or @NAME for a sample (repeat)")
    sides.add_argument("--file", help="the sides' builds: one a line, or separated by ---")
    p.add_argument("--seed", help="the battle's seed: xo1:TEXT or mt1:TEXT; TEXT alone means "
                   "xo1:TEXT (as in every link); none: a fresh mt1 seed, printed")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    p.add_argument("--policy", action="append",
                   help="per side, in side order: an AI policy, or human (asked in a terminal)")


def add_parser(sub: Any, common: Any) -> None:
    """Register ``battle`` on the command line's sub-parsers."""
    p = sub.add_parser("battle", help="play a battle")
    add_side_arguments(p)
    common(p)
    p.set_defaults(func=cmd_battle)


def print_outcome(outcome: session.Outcome, args: argparse.Namespace, *,
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


def policies(args: argparse.Namespace) -> list[str | None] | None:
    if not args.policy:
        return None
    return [None if p in ("human", "none") else p for p in args.policy]


def fresh_seed() -> str:
    """A new seed for a battle played without ``--seed``: chosen here, at the edge, never
    inside the engine, and printed so the battle can be played again. It is in the fresh-seed
    format (``mt1``, the fast generator, issue 29); a ``--seed`` typed without a prefix stays
    ``xo1``."""
    return f"{FRESH_PREFIX}{secrets.token_hex(6)}"


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
                               policies=policies(args))
    if not args.json:
        print(f"seed: {prepared.record.seed}")
    person = bool(prepared.ruleset.policy_names()) and None in prepared.record.policies
    if not person:
        print_outcome(session.run(prepared), args)
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
    print_outcome(outcome, args, logged=logged)
    return 0
