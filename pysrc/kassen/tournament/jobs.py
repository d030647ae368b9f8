"""A tournament's jobs: the parsed entrants and one job's battle (issue 7, issue 17).

What every player of a schedule needs, in this process, in the command line's worker
processes (:mod:`kassen.tournament.parallel`) or in the page's workers: the builds parsed once
(:func:`load_entrants`), one job played (:func:`play_job`) or many in order (:func:`run_jobs`),
a job's share link, and the progress/cancel protocol. :mod:`kassen.tournament.formats` builds
schedules and tables on top of this; it lives apart so that ``parallel`` and ``tournament``
do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kassen.core import options as options_mod
from kassen.core import registry
from kassen.core.driver import Driver
from kassen.core.links import battle_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.ruleset import Ruleset, Setup
from kassen.core.session import checked_policies, parse_sides
from kassen.tournament.schedule import Job, JobResult, Tally

MAX_BUILDS = 256


@dataclass
class Entrants:
    """Parsed builds of a tournament with its ruleset and options."""

    ruleset: Ruleset
    texts: list[str]
    builds: list[Any]
    options: dict[str, Any]
    policies: list[str | None]

    @property
    def names(self) -> list[str]:
        """Display names (issue 14): a sample's name when the build is a sample, else the
        build's own name or its members' names; repeated names are told apart (``X``,
        ``X (2)``) and a build with no name at all is ``#n``."""
        samples = {}
        for sample in self.ruleset.samples:
            samples.setdefault(sample.text.strip(), sample.name)
            parsed, problems = self.ruleset.parse(sample.text, self.options)
            if parsed is not None and not problems:
                samples.setdefault(self.ruleset.export(parsed).strip(), sample.name)
        seen: dict[str, int] = {}
        out = []
        for index, (text, build) in enumerate(zip(self.texts, self.builds, strict=True)):
            name = (samples.get(text.strip()) or samples.get(self.ruleset.export(build).strip())
                    or build_name(build) or f"#{index + 1}")
            seen[name] = seen.get(name, 0) + 1
            out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
        return out


MAX_NAME = 40


def build_name(build: Any) -> str | None:
    """A build's own name, or its members' names joined by "+" (repeats as ``×n``), cut to
    ``MAX_NAME`` characters; None when it has none."""
    name = getattr(build, "name", None)
    if name:
        return str(name)[:MAX_NAME]
    members = build.members() if callable(getattr(build, "members", None)) else build
    if not isinstance(members, list | tuple):
        return None
    counts: dict[str, int] = {}
    for member in members:
        if getattr(member, "name", None):
            counts[str(member.name)] = counts.get(str(member.name), 0) + 1
    text = "+".join(n if c == 1 else f"{n}×{c}" for n, c in counts.items())
    return (text if len(text) <= MAX_NAME else text[:MAX_NAME - 1] + "…") or None


def load_entrants(
    ruleset_id: str,
    texts: Sequence[str],
    given_options: dict[str, Any] | None = None,
    policies: Sequence[str | None] | None = None,
    minimum: int = 2,
) -> Entrants:
    """Parse every build once (problems name the build's line as ``side``); at least
    ``minimum`` builds (a build lab's field may be one)."""
    ruleset = registry.get(ruleset_id)
    opts, problems = options_mod.resolve(ruleset.options, given_options)
    if len(texts) < minimum:
        problems.append(Problem("core.no_builds"))
    if len(texts) > MAX_BUILDS:
        problems.append(Problem("core.too_many_builds",
                                args={"count": len(texts), "limit": MAX_BUILDS}))
    if policies is not None and (not isinstance(policies, (list, tuple)) or not all(
            p is None or isinstance(p, str) for p in policies)):
        problems.append(Problem("core.bad_type", args={
            "field": "policies", "expected": "a list of AI policy names (null: a person)"}))
    else:
        policies, found = checked_policies(ruleset, policies)
        problems += found
    if problems:
        raise ProblemError(problems)
    builds, problems = parse_sides(ruleset, texts, opts)
    if problems:
        raise ProblemError(problems)
    return Entrants(ruleset, [ruleset.export(b) for b in builds], builds, opts, list(policies))


def play_job(entrants: Entrants, job: Job) -> JobResult:
    """Play one job's battle (no snapshots, events kept only in memory)."""
    setup = Setup([entrants.builds[job.a], entrants.builds[job.b]], dict(entrants.options),
                  job.seed, [], list(entrants.policies))
    battle = entrants.ruleset.new_battle(setup)
    result = Driver(battle, snapshots=False).run()
    winner = None if result.winner is None else (job.a, job.b)[result.winner]
    return JobResult(job.index, winner, result.reason, result.turn)


def job_link(entrants: Entrants, job: Job) -> str:
    """The share link that opens exactly this job's battle."""
    record = Record(entrants.ruleset.id, entrants.ruleset.version,
                    [entrants.texts[job.a], entrants.texts[job.b]], dict(entrants.options),
                    job.seed, [], list(entrants.policies))
    return battle_link(record)


Progress = Callable[[int, int], bool | None]
"""Called as ``progress(done, total)``; returning True cancels the run."""


class Cancelled(Exception):
    """A run stopped on request; ``results`` holds what finished (``tally``: its tally, when
    the run only tallied)."""

    def __init__(self, results: list[JobResult], tally: Tally | None = None) -> None:
        super().__init__("cancelled")
        self.results = results
        self.tally = tally


def run_jobs(entrants: Entrants, jobs: Sequence[Job], progress: Progress | None = None,
             every: int = 16) -> list[JobResult]:
    """Play jobs in order in this process, reporting progress every ``every`` battles."""
    results = []
    for count, job in enumerate(jobs, start=1):
        results.append(play_job(entrants, job))
        due = count % every == 0 or count == len(jobs)
        if progress is not None and due and progress(count, len(jobs)):
            raise Cancelled(results)
    return results


