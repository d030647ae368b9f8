"""The page's battle API: describe, validate, play, open links, share, digests.

Every function takes and returns JSON text and never raises (:func:`kassen.web.wire.guard`);
each call does a whole job, because crossing the worker boundary costs per call.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from kassen import ENGINE_VERSION
from kassen.core import options as options_mod
from kassen.core import registry, render, session, sums
from kassen.core.canonical import canonical_json
from kassen.core.decisions import NeedDecision
from kassen.core.driver import Driver
from kassen.core.events import Step
from kassen.core.links import build_link, parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.render import render_event
from kassen.core.ruleset import Battle
from kassen.web import wire
from kassen.web.wire import dump, field_of, guard, pick_lang, read_json, read_list, read_options

MAX_DIGEST_RECORDS = 100


def hello() -> str:
    """Engine version, Python version and every ruleset's description."""
    return guard("en", lambda: {
        "ok": True,
        "engine": ENGINE_VERSION,
        "python": sys.version.split()[0],
        "rulesets": [r.describe() for r in registry.all_rulesets()],
    })


def ping() -> str:
    """The cheapest answer: engine and Python versions (the page's first call; the rulesets'
    descriptions come with the build, so Python need not import every ruleset to be ready)."""
    return dump({"ok": True, "engine": ENGINE_VERSION, "python": sys.version.split()[0]})


def validate(ruleset_id: str, text: str, lang: str = "en", options_json: str = "{}") -> str:
    """Validate one side's text: ``{ok, canonical, problems}``."""
    lang = pick_lang(lang)

    def work() -> dict[str, Any]:
        ruleset = registry.get(ruleset_id)
        opts, problems = options_mod.resolve(ruleset.options, read_options(options_json))
        build, found = session.parse_side(ruleset, text, opts)
        found = problems + found
        return {
            "ok": not found,
            "canonical": ruleset.export(build) if build is not None and not found else None,
            "problems": [p.to_json(lang) for p in found],
        }

    return guard(lang, work)


def step_payload(ruleset: Any, names: dict[str, str], step: Step,
                 view: dict[str, Any] | None = None) -> dict[str, Any]:
    """One step as the battle view shows it: its events, texts in both languages, view
    (``view``, else the step's own) and label."""
    data = step.to_json()
    data["text"] = {lang: [render_event(ruleset, e, names, lang) for e in step.events]
                    for lang in ("ja", "en")}
    data["view"] = step.view if view is None else view
    data["label"] = render.step_labels(ruleset.id, step.phase, step.kind)
    return data


def battle_payload(outcome: session.Outcome) -> dict[str, Any]:
    """A played battle as the page's battle view plays it (and a replay file carries it):
    every step with its events, texts in both languages, view and label; names, record,
    glossary, sum labels, result texts and the share link."""
    ruleset = outcome.prepared.ruleset
    battle = outcome.battle
    names = battle.names()
    steps = [step_payload(ruleset, names, step) for step in outcome.steps]
    payload = session.battle_json(outcome, with_events=False)
    result = payload.get("result")
    labels = sums.used_labels(e for step in outcome.steps for e in step.events)
    payload.update({"ok": True, "kind": "battle", "steps": steps, "names": names,
                    "record": outcome.record.to_json(), "glossary": ruleset.glossary(),
                    "sum_labels": render.sum_labels(ruleset.id, labels),
                    "result_text": {lang: render.result_text(ruleset.id, result, lang)
                                    for lang in ("ja", "en")}})
    return payload


def early_payload(prepared: session.Prepared, battle: Battle, view: dict[str, Any],
                  ) -> dict[str, Any]:
    """The first beat of a battle (its first step, closing now with ``view``) as the battle
    view shows it: what :func:`battle_payload` gives for that step, marked ``early``, with no
    result, record, digest or link (those need the whole battle)."""
    ruleset = prepared.ruleset
    rec = prepared.record
    names = battle.names()
    step = battle.rec.steps[0]
    labels = sums.used_labels(step.events)
    return {"ok": True, "kind": "battle", "early": True, "ruleset": rec.ruleset,
            "version": rec.ruleset_version, "seed": rec.seed, "options": rec.options,
            "result": None, "sides": battle.members(), "names": names,
            "steps": [step_payload(ruleset, names, step, view)],
            "glossary": ruleset.glossary(), "sum_labels": render.sum_labels(ruleset.id, labels)}


class _FirstBeat(Exception):
    """Stops a battle as its first step closes, carrying that beat's payload."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__("first beat")
        self.payload = payload


def prepare_battle(request: dict[str, Any]) -> session.Prepared:
    """The battle a page's request describes, prepared."""
    return session.prepare(
        field_of(request, "ruleset", ""),
        field_of(request, "sides", []),
        field_of(request, "options", {}),
        request.get("seed"),
        field_of(request, "choices", []),
        request.get("policies"),
    )


def _battle_answer(request_json: str, play: Callable[[session.Prepared], dict[str, Any]]) -> str:
    """``play`` the battle a page's request describes, as a guarded answer; the request's
    ``lang`` is read before it is prepared, so a refused request answers in that language."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = read_json(request_json, "request", dict, wire.MAX_REQUEST_CHARS)
        lang = pick_lang(request.get("lang"))
        return play(prepare_battle(request))

    return guard(lambda: lang, work, wire.MAX_ANSWER_CHARS)


def battle(request_json: str) -> str:
    """Play the battle a request describes; every step carries its texts and view."""
    return _battle_answer(request_json, lambda prepared: battle_payload(
        session.run(prepared, views=True, budget=wire.BUDGET)))


def battle_first(request_json: str) -> str:
    """Only the first beat of the battle :func:`battle` plays for the same request (issue 29:
    the page shows it, then asks for the whole battle). The battle is played under the same
    budget until its first step closes, and no further: ``steps`` holds that step exactly as
    the whole answer's first, or nothing when a person must decide before it."""

    def first(prepared: session.Prepared) -> dict[str, Any]:
        battle = prepared.ruleset.new_battle(prepared.setup())
        hook = session.budgeted(battle, wire.BUDGET, battle.view)  # as session.run sets

        def first_view() -> Any:
            raise _FirstBeat(early_payload(prepared, battle, hook()))

        battle.rec.view = first_view
        person = bool(prepared.ruleset.policy_names()) and None in prepared.record.policies
        try:
            Driver(battle, snapshots=person).run()
        except _FirstBeat as beat:
            return beat.payload
        except NeedDecision:
            pass
        return {"ok": True, "kind": "battle", "early": True, "steps": []}

    return _battle_answer(request_json, first)


def open_link(fragment: str, lang: str = "en") -> str:
    """Open a ``#m=`` battle link (played with views, within the same budget of work and
    answer size as a battle the page asks for), a ``#b=`` build link or a ``#t=`` tournament
    link (checked, not played: ``tournament``, its payload). A record made by
    another engine or rules version says so in ``notes``."""
    lang = pick_lang(lang)

    def work() -> dict[str, Any]:
        kind, value = parse_link(fragment)
        if kind == "build":
            ruleset = registry.get(value["ruleset"])
            if "options" in value:  # old option keys (aliases) under today's
                value = {**value, "options": options_mod.renamed(ruleset.options,
                                                                 value["options"])}
            return {"ok": True, "kind": "build", **value}
        if kind == "tournament":  # checked here; the page's pool plays it (tournament.js)
            from kassen.tournament.formats import spec_entrants, spec_notes, spec_of

            # the page plays today's spec: the link's rules version as explicit options
            today = spec_of(spec_entrants(value), value.format, value.seeds, value.seed)
            answer = {"ok": True, "kind": "tournament", "tournament": today.to_json()}
            notes = spec_notes(value)
            if notes:
                answer["notes"] = [p.to_json(lang) for p in notes]
            return answer
        prepared = session.from_record(value)
        payload = battle_payload(session.run(prepared, views=True, budget=wire.BUDGET))
        notes = session.record_notes(value)
        if notes:
            payload["notes"] = [p.to_json(lang) for p in notes]
        return payload

    return guard(lang, work, wire.MAX_ANSWER_CHARS)


def share_build(ruleset_id: str, text: str, options_json: str = "{}") -> str:
    """A ``#b=`` link for one build, validated under the given options (which the link then
    carries, so a build legal only under ``budget=0`` opens as it was shared)."""

    def work() -> dict[str, Any]:
        ruleset = registry.get(ruleset_id)
        opts, problems = options_mod.resolve(ruleset.options, read_options(options_json))
        build, found = session.parse_side(ruleset, text, opts)
        if problems or found:
            raise ProblemError(problems + found)
        changed = options_mod.changed(ruleset.options, opts)
        return {"ok": True, "link": build_link(ruleset.id, ruleset.export(build), changed)}

    return guard("en", work)


def digest(record_json: str) -> str:
    """The event digest of a record (cross-runtime determinism checks)."""

    def work() -> dict[str, Any]:
        record = Record.from_json(read_json(record_json, "record", dict, wire.MAX_REQUEST_CHARS))
        outcome = session.run(session.from_record(record), budget=wire.BUDGET)
        return {"ok": True, "digest": session.event_digest(outcome.battle),
                "record": canonical_json(outcome.record.to_json())}

    return guard("en", work)


def digests(records_json: str) -> str:
    """Event digests of many records at once (cross-runtime checks in one worker call)."""

    def work() -> dict[str, Any]:
        records = read_list(records_json, "records")
        if len(records) > MAX_DIGEST_RECORDS:
            raise ProblemError([Problem("core.bad_count", args={
                "field": "records", "low": 0, "high": MAX_DIGEST_RECORDS,
                "value": len(records)})])
        out: list[str] = []
        whole = session.Budget(wire.BUDGET.steps * 5, wire.BUDGET.events * 5)  # five battles'
        left = whole
        for data in records:
            try:
                outcome = session.run(session.from_record(Record.from_json(data)), budget=left)
            except ProblemError as err:  # the whole call's budget, said as such
                raise ProblemError([_batch_work(p, whole, len(out), len(records))
                                    for p in err.problems]) from None
            rec = outcome.battle.rec
            left = session.Budget(left.steps - len(rec.steps), left.events - rec.event_count)
            out.append(session.event_digest(outcome.battle))
        return {"ok": True, "digests": out}

    return guard("en", work)


def _batch_work(problem: Problem, whole: session.Budget, done: int, count: int) -> Problem:
    """A ``core.too_much_work`` of one record in a batch, restated as the batch's: the limit
    is the whole call's, not what was left of it when that record began."""
    if problem.code != "core.too_much_work":
        return problem
    what = problem.args["what"]
    limit = whole.steps if what == {"code": "core.work_steps"} else whole.events
    return Problem("core.too_much_work_records", args={
        "what": what, "limit": limit, "done": done, "count": count})
