"""From user input to a finished battle: the one path the command line, the page and the
tests share.

:func:`prepare` checks a ruleset id, side texts, options and a seed and returns a
:class:`Prepared` (a record plus parsed builds) or raises ProblemError with every problem,
each tagged with the side it belongs to. :func:`run` plays it; :func:`battle_json` is the
``battle --json`` object of design 4.1.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kassen import ENGINE_VERSION
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
from kassen.core.rng import MAX_BATTLE_SEED_LENGTH, SeedError, normalize_seed
from kassen.core.ruleset import MAX_BUILD_TEXT, Battle, Result, Ruleset, Setup
from kassen.core.text import clip

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
                      rec.engine, list(rec.took_over))


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
    """Check everything and return a :class:`Prepared`, or raise ProblemError. Values of the
    wrong JSON type (a page's request, a link) are problems too, never exceptions."""
    ruleset = registry.get(ruleset_id)
    opts, problems = options_mod.resolve(ruleset.options, given_options)
    problems += _shape_problems(ruleset, sides, choices, policies)
    if problems and any(p.code == "core.bad_type" for p in problems):
        raise ProblemError(problems)
    try:
        seed_text = normalize_seed(DEFAULT_SEED if seed is None else seed, MAX_BATTLE_SEED_LENGTH)
    except SeedError as err:
        problems.append(Problem("core.bad_seed", args={"seed": clip(seed),
                                                       "reason": err.reason}))
        seed_text = DEFAULT_SEED
    if len(sides) != ruleset.sides:
        problems.append(Problem("core.wrong_side_count",
                                args={"count": len(sides), "expected": ruleset.sides}))
    policies, found = checked_policies(ruleset, policies)
    problems += found
    builds: list[Any] = []
    if not problems:
        builds, problems = parse_sides(ruleset, sides, opts)
    if problems:
        raise ProblemError(problems)
    record = Record(ruleset.id, ruleset.version, [ruleset.export(b) for b in builds], opts,
                    seed_text, list(choices), list(policies))
    return Prepared(ruleset, record, builds)


def checked_policies(ruleset: Ruleset, policies: Sequence[str | None] | None
                     ) -> tuple[list[str | None], list[Problem]]:
    """The AI policy of each side (None: the default one for every side), with a problem for
    a list of the wrong length (for systems with decisions) or an unknown name."""
    names = ruleset.policy_names()
    if policies is None:
        return [names[0] if names else None] * ruleset.sides, []
    problems = []
    if names and len(policies) != ruleset.sides:
        problems.append(Problem("core.bad_policy_count",
                                args={"count": len(policies), "expected": ruleset.sides}))
    for name in policies:
        if name is not None and name not in names:
            problems.append(Problem("core.bad_option_value",
                                    args={"key": "policy", "value": clip(name),
                                          "allowed": "/".join(names) or "-"}))
    return list(policies), problems


def _shape_problems(ruleset: Ruleset, sides: Any, choices: Any, policies: Any) -> list[Problem]:
    """Sides a list of texts, choices a list, policies null or a list of names or nulls."""
    found = []
    if not isinstance(sides, (list, tuple)) or not all(isinstance(s, str) for s in sides):
        found.append(("sides", f"a list of {ruleset.sides} build texts"))
    if not isinstance(choices, (list, tuple)):
        found.append(("choices", "a list"))
    if policies is not None and (not isinstance(policies, (list, tuple)) or not all(
            p is None or isinstance(p, str) for p in policies)):
        found.append(("policies", "a list of AI policy names (null: a person)"))
    return [Problem("core.bad_type", args={"field": f, "expected": e}) for f, e in found]


def version_options(ruleset: Ruleset, version: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options a record (or tournament link) of rules ``version`` plays under today: its
    own values, over the values that reproduce that version where it carries none
    (``Ruleset.earlier_defaults``). Raises ProblemError (``core.record_rules_differ``) for a
    version whose rules this engine no longer plays. Old option keys (aliases) are read as
    their options' keys first, so a record's own value wins over an earlier default however
    it names it."""
    given = options_mod.renamed(ruleset.options, given)
    if version == ruleset.version or version in ruleset.same_rules:
        return given
    if version in ruleset.earlier_defaults:
        return {**ruleset.earlier_defaults[version], **given}
    raise ProblemError([Problem("core.record_rules_differ", args={
        "version": clip(version), "current": ruleset.version})])


def from_record(record: Record) -> Prepared:
    """Re-check a decoded record (its builds go through the ruleset's validator again). A
    record of another rules version is replayed only when its ruleset still plays that
    version (``Ruleset.same_rules``, or ``Ruleset.earlier_defaults`` with the option values
    that reproduce it); see :func:`version_options` and :func:`record_notes`."""
    ruleset = registry.get(record.ruleset)
    opts = version_options(ruleset, record.ruleset_version, record.options)
    prepared = prepare(record.ruleset, record.sides, opts, record.seed, record.choices,
                       record.policies)
    prepared.record.took_over = list(record.took_over)
    return prepared


@dataclass(frozen=True)
class Budget:
    """The most work one request (a page's battle, a link, a batch of digests) may ask for:
    steps shown and events recorded. Past it the run stops with a ``core.too_much_work``
    problem; no legal battle seen comes near (largest of 1,200 random legal battles per
    ruleset: 326 steps, 566 events)."""

    steps: int = 20_000
    events: int = 200_000
    view_chars: int | None = None
    """Characters of JSON the step views may fill (the bulk of a page's answer); past it the
    run stops with ``core.answer_too_large_at`` instead of building an answer it would refuse
    (a 12 v 12 skirmish at validator-maximum stats with round_cap=100 fills 85 MB)."""


def budgeted(battle: Battle, budget: Budget, view: Any) -> Any:
    """A view hook (called as each step closes) that stops the battle past ``budget``."""
    rec = battle.rec
    filled = 0

    def hook() -> Any:
        nonlocal filled
        for what, count, limit in (("steps", len(rec.steps), budget.steps),
                                   ("events", rec.event_count, budget.events)):
            if count > limit:
                raise ProblemError([Problem("core.too_much_work", args={
                    "what": {"code": f"core.work_{what}"}, "count": count, "limit": limit})])
        shown = view() if view is not None else None
        if shown is not None and budget.view_chars is not None:
            filled += len(json.dumps(shown, ensure_ascii=False, separators=(",", ":")))
            if filled > budget.view_chars:
                raise ProblemError([Problem("core.answer_too_large_at", args={
                    "steps": len(rec.steps),
                    "limit": f"{budget.view_chars / 1e6:.0f} MB"})])
        return shown

    return hook


def record_notes(record: Record) -> list[Problem]:
    """What to tell the person replaying ``record``: that it was made by another engine or
    rules version (replayed because the rules are the same), that the AI took a side over."""
    notes = []
    if record.engine != ENGINE_VERSION:
        notes.append(Problem("core.record_engine", args={"version": clip(record.engine),
                                                         "engine": ENGINE_VERSION}))
    ruleset = registry.get(record.ruleset)
    if record.ruleset_version != ruleset.version:
        code = ("core.record_rules_earlier" if record.ruleset_version in ruleset.earlier_defaults
                else "core.record_ruleset_version")
        notes.append(Problem(code, args={
            "version": clip(record.ruleset_version), "current": ruleset.version}))
    notes += [Problem("core.record_took_over", args={"side": side, "index": n})
              for side, n in enumerate(record.took_over, start=1) if n is not None]
    return notes


def run(prepared: Prepared, *, views: bool = False, snapshots: bool = False,
        budget: Budget | None = None) -> Outcome:
    """Play the battle to its end; with ``views`` every step carries the page's view; with
    ``budget`` a battle asking for more steps or events raises ProblemError.

    When a side played by a person (policy None) must decide and the record holds no answer,
    the battle stops at the start of that turn: the outcome has no result and ``pending`` is
    the request. Answering means running again with the answer appended to the choices.
    """
    battle = prepared.ruleset.new_battle(prepared.setup())
    if views:
        battle.rec.view = battle.view
    if budget is not None:
        battle.rec.view = budgeted(battle, budget, battle.rec.view)
    person = bool(prepared.ruleset.policy_names()) and None in prepared.record.policies
    driver = Driver(battle, snapshots=snapshots or person)
    try:
        result = driver.run()
    except NeedDecision as need:
        return Outcome(prepared, battle, None, need.request, driver.partial)
    return Outcome(prepared, battle, result)


def events_json(battle: Battle, steps: list[Step] | None = None) -> list[dict[str, Any]]:
    """Every event of a battle (or of the given steps) as JSON data, made from the recorded
    events without building :class:`kassen.core.events.Event` objects."""
    if steps is None:
        return battle.rec.events_json()
    return [e for step in steps for e in step.events_json()]


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
