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


def ping() -> str:
    """The cheapest answer: engine and Python versions (the page's first call; the rulesets'
    descriptions come with the build, so Python need not import every ruleset to be ready)."""
    return _dump({"ok": True, "engine": ENGINE_VERSION, "python": sys.version.split()[0]})


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
    for step in outcome.steps:
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


# -- tournaments: the page splits the jobs over its worker pool ------------------------------

_entrants_cache: dict[str, Any] = {}


def _entrants(request: dict[str, Any]) -> Any:
    from kassen.core import tournament

    key = canonical_json([request.get("ruleset"), request.get("builds"), request.get("options"),
                          request.get("policies")])
    found = _entrants_cache.get(key)
    if found is None:
        builds = request.get("builds")
        if not isinstance(builds, list) or not all(isinstance(b, str) for b in builds):
            raise ProblemError([Problem("core.no_builds")])
        found = tournament.load_entrants(str(request.get("ruleset", "")), builds,
                                         request.get("options") or {}, request.get("policies"))
        _entrants_cache.clear()
        _entrants_cache[key] = found
    return found


def _request(request_json: str) -> dict[str, Any]:
    if len(request_json) > MAX_REQUEST_CHARS * 5:
        raise ProblemError([Problem("core.input_too_long",
                                    args={"length": len(request_json),
                                          "limit": MAX_REQUEST_CHARS * 5})])
    try:
        request = json.loads(request_json)
    except ValueError:
        request = None
    if not isinstance(request, dict):
        raise ProblemError([Problem("core.record_schema",
                                    args={"field": "request", "reason": "not an object"})])
    return request


def tournament_plan(request_json: str) -> str:
    """Check a tournament request ``{ruleset, builds, options, seeds, seed}``; list its jobs
    and, in ``link_jobs``, the jobs whose share links the matrix shows."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        jobs = tournament.round_robin_jobs(entrants, int(request.get("seeds") or 1),
                                           str(request.get("seed") or "tournament"))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "jobs": [j.to_json() for j in jobs], "link_jobs": tournament.link_jobs(jobs)}

    return _guard("en", work)


def tournament_play(request_json: str, jobs_json: str, links_json: str = "[]") -> str:
    """Play a slice of jobs (``[[index, a, b, seed, match], …]``) in this worker; for the job
    indexes listed in ``links_json``, also make the battle's share link (``links``: pairs of
    index and link), so the links of a big table are made in parallel with its battles."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        entrants = _entrants(_request(request_json))
        jobs = [tournament.Job.from_json(j) for j in json.loads(jobs_json)]
        wanted = json.loads(links_json)
        if (not isinstance(wanted, list) or len(wanted) > len(jobs)
                or not all(type(i) is int for i in wanted)):
            raise ProblemError([Problem("core.record_schema", args={
                "field": "links", "reason": "a list of this slice's job indexes"})])
        wanted_set = set(wanted)
        linked = [job for job in jobs if job.index in wanted_set]
        return {"ok": True, "results": [r.to_json() for r in tournament.run_jobs(entrants, jobs)],
                "links": [[job.index, tournament.job_link(entrants, job)] for job in linked]}

    return _guard("en", work)


def tournament_table(request_json: str, results_json: str) -> str:
    """The standings and matrix from every job's result. Cells name their battle's job
    (``job``) but carry no link: the page has the links from ``tournament_play``, and a
    100-build table without them is a third of the text for its main thread to parse."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        jobs = tournament.round_robin_jobs(entrants, int(request.get("seeds") or 1),
                                           str(request.get("seed") or "tournament"))
        results = [tournament.JobResult.from_json(r) for r in json.loads(results_json)]
        return {"ok": True, **tournament.standings_and_matrix(entrants, jobs, results,
                                                              with_links=False)}

    return _guard("en", work)


def digests(records_json: str) -> str:
    """Event digests of many records at once (cross-runtime checks in one worker call)."""

    def work() -> dict[str, Any]:
        records = json.loads(records_json)
        if not isinstance(records, list) or len(records) > 1000:
            raise ProblemError([Problem("core.record_schema",
                                        args={"field": "records", "reason": "a list of ≤ 1000"})])
        out = []
        for data in records:
            outcome = session.run(session.from_record(Record.from_json(data)))
            out.append(session.event_digest(outcome.battle))
        return {"ok": True, "digests": out}

    return _guard("en", work)


# -- match-up and elimination for the page's worker pool (same results as kassen.core) --------

def _matchup_jobs(entrants: Any, request: dict[str, Any]) -> list[Any]:
    from kassen.core import tournament

    return tournament.matchup_jobs(entrants, int(request.get("seeds") or 1),
                                   str(request.get("seed") or "tournament"))


def matchup_plan(request_json: str) -> str:
    """The jobs of a match-up: ``K`` battles of build 1 (side 0) against build 2."""

    def work() -> dict[str, Any]:
        request = _request(request_json)
        entrants = _entrants(request)
        if len(entrants.builds) != 2:
            raise ProblemError([Problem("core.no_builds")])
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "jobs": [j.to_json() for j in _matchup_jobs(entrants, request)]}

    return _guard("en", work)


def matchup_table(request_json: str, results_json: str) -> str:
    """The match-up's summary from its results (``kassen.core.tournament.matchup_summary``)."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        results = [tournament.JobResult.from_json(x) for x in json.loads(results_json)]
        watched = request.get("watched_turns")
        summary = tournament.matchup_summary(entrants, _matchup_jobs(entrants, request), results,
                                             watched if isinstance(watched, int) else None)
        return {"ok": True, **summary}

    return _guard("en", work)


def elimination_next(request_json: str, results_json: str) -> str:
    """Walk a single-elimination bracket over the results known so far.

    Answers ``{"done": false, "jobs": [...]}`` with the jobs of the first round that still
    lacks results, or ``{"done": true, ...}`` with the whole bracket: the same table as
    ``kassen.core.tournament.elimination`` (same seeds, same job numbers).
    """

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        known = {r.index: r for r in (tournament.JobResult.from_json(x)
                                      for x in json.loads(results_json or "[]"))}
        step = tournament.elimination_step(entrants, int(request.get("seeds") or 1),
                                           str(request.get("seed") or "tournament"), known)
        if step.table is None:
            return {"ok": True, "done": False, "jobs": [j.to_json() for j in step.pending],
                    "played": step.played, "total": step.total, "names": entrants.names}
        return {"ok": True, "done": True, **step.table, "total": step.total}

    return _guard("en", work)


def _with_floats(table: dict[str, Any]) -> dict[str, Any]:
    """Points and rates are floats in the core's tables; a trip through JavaScript turns 5.0
    into 5. Restore them so the CSV is byte-identical to the command line's."""

    def rate(r: Any) -> None:
        if isinstance(r, dict):
            for key in ("rate", "low", "high"):
                if isinstance(r.get(key), int):
                    r[key] = float(r[key])

    for row in table.get("standings", []):
        if isinstance(row.get("points"), int):
            row["points"] = float(row["points"])
        rate(row.get("win_rate"))
    for line in table.get("matrix", []):
        for cell in line:
            if isinstance(cell, dict):
                rate(cell.get("win_rate"))
    return table


def table_csv(table_json: str) -> str:
    """A round-robin table (as ``tournament_table`` gave it) as the command line's CSV texts:
    ``{ok, standings, matrix}`` (``kassen.core.export``)."""

    def work() -> dict[str, Any]:
        from kassen.core import export

        if len(table_json) > MAX_REQUEST_CHARS * 50:
            raise ProblemError([Problem("core.input_too_long",
                                        args={"length": len(table_json),
                                              "limit": MAX_REQUEST_CHARS * 50})])
        table = _with_floats(json.loads(table_json))
        return {"ok": True, "standings": export.standings_csv(table),
                "matrix": export.matrix_csv(table)}

    return _guard("en", work)
