"""The worker API of the page. Every function takes and returns JSON text, never raises.

Crossing the worker boundary costs per call, so each call does a whole job: describe the
rulesets, validate one text, play one battle with a view per step, open a link.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kassen import ENGINE_VERSION
from kassen.core import registry, render, session
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
        data["label"] = render.step_labels(ruleset.id, step.phase, step.kind)
        steps.append(data)
    payload = session.battle_json(outcome, with_events=False)
    result = payload.get("result")
    payload.update({"ok": True, "kind": "battle", "steps": steps, "names": names,
                    "record": outcome.record.to_json(), "glossary": render.glossary(ruleset.id),
                    "result_text": {lang: render.result_text(ruleset.id, result, lang)
                                    for lang in ("ja", "en")}})
    return payload


def _json(text: str, field: str, kind: type, limit: int) -> Any:
    """Parse JSON text from the page: at most ``limit`` characters and of type ``kind``
    (``dict`` or ``list``), else a located problem naming ``field``."""
    if len(text) > limit:
        raise ProblemError([Problem("core.input_too_long",
                                    args={"length": len(text), "limit": limit})])
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, kind):
        reason = "not an object" if kind is dict else "not a list"
        raise ProblemError([Problem("core.record_schema",
                                    args={"field": field, "reason": reason})])
    return value


def battle(request_json: str) -> str:
    """Play the battle a request describes; every step carries its texts and view."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = _json(request_json, "request", dict, MAX_REQUEST_CHARS)
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


def _request(request_json: str, field: str = "request") -> dict[str, Any]:
    """A tournament request (or work slice) from the page: a bounded JSON object."""
    return _json(request_json, field, dict, MAX_REQUEST_CHARS * 5)


MAX_SLICE = 4096
"""Most jobs one ``tournament_play`` call plays (the page asks for slices of ~120 ms)."""


def _list(text: str, field: str) -> list[Any]:
    """A JSON list from the page (tallies, results), bounded and checked."""
    return _json(text or "[]", field, list, MAX_REQUEST_CHARS * 50)


def _counts(request: dict[str, Any]) -> tuple[int, str]:
    return int(request.get("seeds") or 1), str(request.get("seed") or "tournament")


def tournament_plan(request_json: str) -> str:
    """Check a round-robin request ``{ruleset, builds, options, seeds, seed}``; say how many
    battles it has (``total``). The jobs themselves are never listed: a worker works out the
    jobs of any range of indexes from the request alone."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        schedule = tournament.round_robin_schedule(entrants, *_counts(request))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "total": len(schedule)}

    return _guard("en", work)


_round_robin_cache: list[Any] = []  # [entrants, counts, schedule] of the last slice's request


def _schedule(request: dict[str, Any], entrants: Any, work: dict[str, Any]) -> Any:
    """The schedule a slice belongs to: the request's round robin or match-up, or the bracket
    round ``elimination_next`` handed out."""
    from kassen.core import tournament
    from kassen.core.schedule import Schedule

    kind = work.get("format")
    if kind == "elimination":
        return Schedule.from_json(work.get("round"), len(entrants.builds))
    if kind == "matchup":
        return tournament.matchup_schedule(entrants, *_counts(request))
    if kind == "round-robin":
        counts = _counts(request)
        cached = _round_robin_cache
        if not cached or cached[0] is not entrants or cached[1] != counts:
            # every slice of a 256-build round robin would otherwise list 32,640 pairings
            cached[:] = [entrants, counts, tournament.round_robin_schedule(entrants, *counts)]
        return cached[2]
    raise ProblemError([Problem("core.record_schema", args={
        "field": "format", "reason": "round-robin, elimination or matchup"})])


def tournament_play(request_json: str, work_json: str) -> str:
    """Play jobs ``start`` to ``stop`` of a schedule in this worker (``work``: ``{format,
    start, stop, round?, links?}``). Answers their ``tally``; for a match-up also each
    ``result``; with ``links``, the share link of each pairing's first job in the range, so
    a big table's links are made in parallel with its battles."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament
        from kassen.core.schedule import Tally

        request = _request(request_json)
        entrants = _entrants(request)
        spec = _request(work_json, "work")
        start, stop = spec.get("start"), spec.get("stop")
        if type(start) is not int or type(stop) is not int or not 0 <= start <= stop \
                or stop - start > MAX_SLICE:
            raise ProblemError([Problem("core.record_schema", args={
                "field": "start", "reason": f"0 <= start <= stop, at most {MAX_SLICE} jobs"})])
        schedule = _schedule(request, entrants, spec)
        jobs = schedule.jobs(start, stop)
        results = tournament.run_jobs(entrants, jobs)
        answer: dict[str, Any] = {"ok": True, "tally": Tally.of(jobs, results).to_json()}
        if spec.get("format") == "matchup":
            answer["results"] = [r.to_json() for r in results]
        if spec.get("links"):
            answer["links"] = [[job.index, tournament.job_link(entrants, job)] for job in jobs
                               if schedule.opens_pairing(job.index - schedule.first)]
        return answer

    return _guard("en", work)


def tournament_table(request_json: str, tally_json: str) -> str:
    """The standings and matrix from the tally of every job (the slices' tallies, merged).
    Cells name their battle's job (``job``) but carry no link: the page has the links from
    ``tournament_play``, and a 100-build table without them is a third of the text."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament
        from kassen.core.schedule import Tally

        request = _request(request_json)
        entrants = _entrants(request)
        tally = Tally.from_json(_list(tally_json, "tally"), len(entrants.builds))
        return {"ok": True, **tournament.standings_and_matrix(entrants, tally)}

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

def matchup_plan(request_json: str) -> str:
    """How many battles a match-up has: ``K`` of build 1 (side 0) against build 2."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        if len(entrants.builds) != 2:
            raise ProblemError([Problem("core.no_builds")])
        schedule = tournament.matchup_schedule(entrants, *_counts(request))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "total": len(schedule)}

    return _guard("en", work)


def matchup_table(request_json: str, results_json: str) -> str:
    """The match-up's summary from its results (``kassen.core.tournament.matchup_summary``)."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        results = [tournament.JobResult.checked(x, len(entrants.builds))
                   for x in _list(results_json, "results")]
        watched = request.get("watched_turns")
        summary = tournament.matchup_summary(
            entrants, tournament.matchup_jobs(entrants, *_counts(request)), results,
            watched if isinstance(watched, int) else None)
        return {"ok": True, **summary}

    return _guard("en", work)


def elimination_next(request_json: str, tally_json: str) -> str:
    """Walk a single-elimination bracket over the tally of the rounds played so far.

    Answers ``{"done": false, "round": {...}, "count": N}`` with the first round that still
    lacks its battles (a schedule for ``tournament_play``), or ``{"done": true, ...}`` with
    the whole bracket: the same table as ``kassen.core.tournament.elimination`` (same seeds,
    same job numbers).
    """

    def work() -> dict[str, Any]:
        from kassen.core import tournament
        from kassen.core.schedule import Tally

        request = _request(request_json)
        entrants = _entrants(request)
        tally = Tally.from_json(_list(tally_json, "tally"), len(entrants.builds))
        step = tournament.elimination_step(entrants, *_counts(request), tally)
        if step.pending is not None:
            return {"ok": True, "done": False, "round": step.pending.to_json(),
                    "count": len(step.pending), "played": step.played, "total": step.total,
                    "names": entrants.names}
        return {"ok": True, "done": True, **(step.table or {}), "total": step.total}

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

        table = _with_floats(_json(table_json, "table", dict, MAX_REQUEST_CHARS * 50))
        return {"ok": True, "standings": export.standings_csv(table),
                "matrix": export.matrix_csv(table)}

    return _guard("en", work)
