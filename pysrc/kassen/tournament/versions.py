"""What a tournament link plays under and what its reader is told (issue 25).

A ``#t=`` link carries the rules and engine versions that made it. Like a battle record, a
link of an earlier rules version plays under that version's rules
(:func:`kassen.core.session.version_options`, ``Ruleset.earlier_defaults``) and says so; one
whose rules this engine no longer plays is refused; a link made before links carried versions
plays under the current rules, with a note saying so.
"""

from __future__ import annotations

from typing import Any

from kassen import ENGINE_VERSION
from kassen.core import registry, session
from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip
from kassen.core.tournament_link import TournamentSpec


def seeds_note(ruleset: Any, seeds: object) -> list[Problem]:
    """A note when a K in range (2 to 10,000; others are refused as they are) was given for a
    deterministic system, which does not use it."""
    if ruleset.random or type(seeds) is not int or not 2 <= seeds <= 10_000:
        return []
    return [Problem("core.seeds_unused", args={"ruleset": ruleset.id, "seeds": clip(seeds)})]


def spec_options(spec: TournamentSpec) -> dict[str, Any]:
    """The options the spec's tournament plays under today (``session.version_options``: a
    link of an earlier rules version keeps that version's rules, or is refused)."""
    ruleset = registry.get(spec.ruleset)
    try:
        return session.version_options(ruleset, spec.version or ruleset.version, spec.options)
    except ProblemError:
        raise ProblemError([Problem("core.tournament_rules_differ", args={
            "version": clip(spec.version), "current": ruleset.version})]) from None


def spec_notes(spec: TournamentSpec) -> list[Problem]:
    """What to tell the person opening a ``#t=`` link: made by another engine, by another
    rules version (played under that version's rules, or the same rules), or before links
    carried versions (played under the current rules)."""
    ruleset = registry.get(spec.ruleset)
    notes = []
    if spec.engine and spec.engine != ENGINE_VERSION:
        notes.append(Problem("core.record_engine", args={"version": clip(spec.engine),
                                                         "engine": ENGINE_VERSION}))
    if not spec.version:
        notes.append(Problem("core.tournament_unversioned", args={"current": ruleset.version}))
    elif spec.version != ruleset.version:
        code = ("core.record_rules_earlier" if spec.version in ruleset.earlier_defaults
                else "core.record_ruleset_version")
        notes.append(Problem(code, args={"version": clip(spec.version),
                                         "current": ruleset.version}))
    return notes
