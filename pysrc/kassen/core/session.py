"""From user input to a finished battle: the one path the command line, the page and the
tests share.

:func:`prepare` checks a ruleset id, side texts, options and a seed and returns a
:class:`Prepared` (a record plus parsed builds) or raises ProblemError with every problem,
each tagged with the side it belongs to. :func:`run` plays it; :func:`battle_json` is the
``battle --json`` object of design 4.1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kassen.core import options as options_mod
from kassen.core import registry
from kassen.core.canonical import digest
from kassen.core.decisions import NeedDecision, Request
from kassen.core.driver import Driver
from kassen.core.events import Step
from kassen.core.links import battle_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.render import render_event
from kassen.core.rng import SeedError, normalize_seed
from kassen.core.ruleset import MAX_BUILD_TEXT, Battle, Result, Ruleset, Setup

DEFAULT_SEED = "xo1:kassen"


@dataclass
class Prepared:
    """A checked record with its parsed builds."""

    ruleset: Ruleset
    record: Record
    builds: list[Any]

    def setup(self) -> Setup:
        """The setup a battle is started from."""
        return Setup(list(self.builds), dict(self.record.options), self.record.seed,
                     list(self.record.choices), list(self.record.policies))


@dataclass
class Outcome:
    """A battle that has been played."""

    prepared: Prepared
    battle: Battle
    result: Result | None
    pending: Request | None = None
    """The decision a person must make before the battle can go on (result is then None)."""
    partial: list[Step] = field(default_factory=list)
    """With ``pending``: the steps of the interrupted turn up to the decision, for display
    (the battle itself stands at the start of that turn)."""

    @property
    def steps(self) -> list[Step]:
        """Every step to show: the finished turns, then any partial turn."""
        return self.battle.rec.steps + self.partial

    @property
    def record(self) -> Record:
        """The record with every choice made during the battle."""
        rec = self.prepared.record
        return Record(rec.ruleset, rec.ruleset_version, list(rec.sides), dict(rec.options),
                      rec.seed, list(self.battle.decider.choices), list(rec.policies),
                      rec.engine)


def side_problem(side: int, problem: Problem) -> Problem:
    """Tag a problem with the (1-based) side it was found in."""
    return Problem(problem.code, problem.line, problem.column, problem.rule,
                   {**problem.args, "side": side})


def parse_side(ruleset: Ruleset, text: str, opts: dict[str, Any]) -> tuple[Any, list[Problem]]:
    """Parse one side's text, refusing over-long input at once."""
    if not isinstance(text, str):
        return None, [Problem("core.empty_build")]
    if len(text) > MAX_BUILD_TEXT:
        return None, [Problem("core.input_too_long",
                              args={"length": len(text), "limit": MAX_BUILD_TEXT})]
    if not text.strip():
        return None, [Problem("core.empty_build")]
    return ruleset.parse(text, opts)


def parse_sides(ruleset: Ruleset, texts: Sequence[str],
                opts: dict[str, Any]) -> tuple[list[Any], list[Problem]]:
    """Parse every side's (or entrant's) text; each problem names its 1-based side."""
    builds: list[Any] = []
    problems: list[Problem] = []
    for index, text in enumerate(texts, start=1):
        build, found = parse_side(ruleset, text, opts)
        problems.extend(side_problem(index, p) for p in found)
        builds.append(build)
    return builds, problems


def prepare(
    ruleset_id: str,
    sides: Sequence[str],
    given_options: Mapping[str, Any] | None = None,
    seed: str | int | None = None,
    choices: Sequence[Any] = (),
    policies: Sequence[str | None] | None = None,
) -> Prepared:
    """Check everything and return a :class:`Prepared`, or raise ProblemError."""
    ruleset = registry.get(ruleset_id)
    opts, problems = options_mod.resolve(ruleset.options, given_options)
    try:
        seed_text = normalize_seed(DEFAULT_SEED if seed is None else seed)
    except SeedError as err:
        problems.append(Problem("core.bad_seed", args={"seed": str(seed)[:40],
                                                       "reason": str(err)}))
        seed_text = DEFAULT_SEED
    if len(sides) != ruleset.sides:
        problems.append(Problem("core.wrong_side_count",
                                args={"count": len(sides), "expected": ruleset.sides}))
    if policies is None:
        names = ruleset.policy_names()
        policies = [names[0] if names else None] * ruleset.sides
    for name in policies:
        if name is not None and name not in ruleset.policy_names():
            problems.append(Problem("core.bad_option_value",
                                    args={"key": "policy", "value": str(name)[:40],
                                          "allowed": "/".join(ruleset.policy_names()) or "-"}))
    builds: list[Any] = []
    if not problems:
        builds, problems = parse_sides(ruleset, sides, opts)
    if problems:
        raise ProblemError(problems)
    record = Record(ruleset.id, ruleset.version, [ruleset.export(b) for b in builds], opts,
                    seed_text, list(choices), list(policies))
    return Prepared(ruleset, record, builds)


def from_record(record: Record) -> Prepared:
    """Re-check a decoded record (its builds go through the ruleset's validator again)."""
    return prepare(record.ruleset, record.sides, record.options, record.seed, record.choices,
                   record.policies)


def run(prepared: Prepared, *, views: bool = False, snapshots: bool = False) -> Outcome:
    """Play the battle to its end; with ``views`` every step carries the page's view.

    When a side played by a person (policy None) must decide and the record holds no answer,
    the battle stops at the start of that turn: the outcome has no result and ``pending`` is
    the request. Answering means running again with the answer appended to the choices.
    """
    battle = prepared.ruleset.new_battle(prepared.setup())
    if views:
        battle.rec.view = battle.view
    person = bool(prepared.ruleset.policy_names()) and None in prepared.record.policies
    driver = Driver(battle, snapshots=snapshots or person)
    try:
        result = driver.run()
    except NeedDecision as need:
        return Outcome(prepared, battle, None, need.request, driver.partial)
    return Outcome(prepared, battle, result)


def events_json(battle: Battle, steps: list[Step] | None = None) -> list[dict[str, Any]]:
    """Every event of a battle (or of the given steps) as JSON data."""
    return [e.to_json() for step in (battle.rec.steps if steps is None else steps)
            for e in step.events]


def event_digest(battle: Battle) -> str:
    """The digest that must agree across runtimes for the same record."""
    return digest(events_json(battle))


def battle_json(outcome: Outcome, *, with_events: bool = True) -> dict[str, Any]:
    """The ``battle --json`` object of design 4.1."""
    record = outcome.record
    out: dict[str, Any] = {
        "ruleset": record.ruleset,
        "version": record.ruleset_version,
        "seed": record.seed,
        "options": record.options,
        "result": outcome.result.to_json() if outcome.result else None,
        "sides": outcome.battle.members(),
    }
    if outcome.pending is not None:
        out["pending"] = outcome.pending.to_json()
        out["partial_from"] = len(outcome.battle.rec.steps)
    if with_events:
        out["events"] = events_json(outcome.battle, outcome.steps)
    out["digest"] = event_digest(outcome.battle)
    out["link"] = battle_link(record)
    return out


def log_lines(outcome: Outcome, lang: str) -> list[str]:
    """The whole log, one rendered line per event."""
    battle = outcome.battle
    names = battle.names()
    return [render_event(outcome.prepared.ruleset, e, names, lang)
            for step in battle.rec.steps for e in step.events]
