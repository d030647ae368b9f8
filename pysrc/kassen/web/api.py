"""The worker API of the page. Every function takes and returns JSON text, never raises.

Crossing the worker boundary costs per call, so each call does a whole job: describe the
rulesets, validate one text, play one battle with a view per step, open a link.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kassen import ENGINE_VERSION
from kassen.core import registry, session
from kassen.core.canonical import canonical_json
from kassen.core.links import build_link, parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.render import render_event

MAX_REQUEST_CHARS = 200_000


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _problems(problems: list[Problem], lang: str) -> str:
    return _dump({"ok": False, "problems": [p.to_json(lang) for p in problems]})


def _guard(lang: str, func: Any) -> str:
    try:
        return _dump(func())
    except ProblemError as err:
        return _problems(err.problems, lang)
    except Exception as err:  # the page must always get an answer
        return _dump({"ok": False, "problems": [{
            "line": 1, "column": 1, "code": "internal", "rule": None, "args": {},
            "message": f"internal error: {type(err).__name__}: {err}"}]})


def hello() -> str:
    """Engine version, Python version and every ruleset's description."""
    return _guard("en", lambda: {
        "ok": True,
        "engine": ENGINE_VERSION,
        "python": sys.version.split()[0],
        "rulesets": [r.describe() for r in registry.all_rulesets()],
    })


def validate(ruleset_id: str, text: str, lang: str = "en", options_json: str = "{}") -> str:
    """Validate one side's text: ``{ok, canonical, problems}``."""

    def work() -> dict[str, Any]:
        ruleset = registry.get(ruleset_id)
        from kassen.core import options as options_mod

        given = json.loads(options_json) if options_json else {}
        opts, problems = options_mod.resolve(ruleset.options,
                                             given if isinstance(given, dict) else {})
        build, found = session.parse_side(ruleset, text, opts)
        found = problems + found
        return {
            "ok": not found,
            "canonical": ruleset.export(build) if build is not None and not found else None,
            "problems": [p.to_json(lang) for p in found],
        }

    return _guard(lang, work)


def _battle_payload(outcome: session.Outcome) -> dict[str, Any]:
    ruleset = outcome.prepared.ruleset
    battle = outcome.battle
    names = battle.names()
    steps = []
    for step in battle.rec.steps:
        data = step.to_json()
        data["text"] = {lang: [render_event(ruleset, e, names, lang) for e in step.events]
                        for lang in ("ja", "en")}
        data["view"] = step.view
        steps.append(data)
    payload = session.battle_json(outcome, with_events=False)
    payload.update({"ok": True, "kind": "battle", "steps": steps, "names": names,
                    "record": outcome.record.to_json()})
    return payload


def battle(request_json: str) -> str:
    """Play the battle a request describes; every step carries its texts and view."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        if len(request_json) > MAX_REQUEST_CHARS:
            raise ProblemError([Problem("core.input_too_long",
                                        args={"length": len(request_json),
                                              "limit": MAX_REQUEST_CHARS})])
        try:
            request = json.loads(request_json)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            raise ProblemError([Problem("core.record_schema",
                                        args={"field": "request", "reason": "not an object"})])
        lang = request.get("lang", "en")
        prepared = session.prepare(
            str(request.get("ruleset", "")),
            list(request.get("sides") or []),
            request.get("options") or {},
            request.get("seed"),
            list(request.get("choices") or []),
            request.get("policies"),
        )
        return _battle_payload(session.run(prepared, views=True))

    return _guard(lang, work)


def open_link(fragment: str, lang: str = "en") -> str:
    """Open a ``#m=`` battle link (played with views) or a ``#b=`` build link."""

    def work() -> dict[str, Any]:
        kind, value = parse_link(fragment)
        if kind == "build":
            registry.get(value["ruleset"])
            return {"ok": True, "kind": "build", **value}
        return _battle_payload(session.run(session.from_record(value), views=True))

    return _guard(lang, work)


def share_build(ruleset_id: str, text: str) -> str:
    """A ``#b=`` link for one build (validated first)."""

    def work() -> dict[str, Any]:
        ruleset = registry.get(ruleset_id)
        build, problems = session.parse_side(ruleset, text, {})
        if problems:
            raise ProblemError(problems)
        return {"ok": True, "link": build_link(ruleset.id, ruleset.export(build))}

    return _guard("en", work)


def digest(record_json: str) -> str:
    """The event digest of a record (cross-runtime determinism checks)."""

    def work() -> dict[str, Any]:
        record = Record.from_json(json.loads(record_json))
        outcome = session.run(session.from_record(record))
        return {"ok": True, "digest": session.event_digest(outcome.battle),
                "record": canonical_json(outcome.record.to_json())}

    return _guard("en", work)
