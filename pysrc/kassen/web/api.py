"""The worker API of the page. Every function takes and returns JSON text, never raises.

Crossing the worker boundary costs per call, so each call does a whole job: describe the
rulesets, validate one text, play one battle with a view per step, open a link.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any

from kassen import ENGINE_VERSION
from kassen.core import registry, render, session
from kassen.core.canonical import canonical_json
from kassen.core.links import build_link, parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.core.render import render_event
from kassen.core.text import clip, encodable

MAX_REQUEST_CHARS = 200_000
MAX_OPTIONS_CHARS = 20_000
MAX_ANSWER_CHARS = 16_000_000
"""The largest battle answer (steps with views and texts) a page is sent; the largest of 1,200
random legal battles per ruleset is 0.85 MB."""
BUDGET = session.Budget()
MAX_DIGEST_RECORDS = 100


def _dump(value: Any) -> str:
    """JSON text a browser's ``JSON.parse`` reads: a NaN or infinity echoed from a request
    becomes null, a lone surrogate is escaped."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except ValueError:
        text = json.dumps(_finite(value), ensure_ascii=False, separators=(",", ":"))
    if not encodable(text):
        text = json.dumps(json.loads(text), ensure_ascii=True, separators=(",", ":"))
    return text


def _finite(value: Any) -> Any:
    """``value`` with every NaN and infinity replaced by None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _lang(value: Any) -> str:
    return value if value in ("ja", "en") else "en"


def _problems(problems: list[Problem], lang: str) -> str:
    return _dump({"ok": False, "problems": [p.to_json(_lang(lang)) for p in problems]})


def _guard(lang: str | Callable[[], str], func: Any, limit: int | None = None) -> str:
    """``func()``'s answer as JSON text; its problems (or, past ``limit`` characters, that the
    answer is too large) as ``{"ok": false, "problems"}`` in ``lang`` (or ``lang()``, the
    language the request itself asked for)."""
    try:
        text = _dump(func())
        if limit is not None and len(text) > limit:
            raise ProblemError([Problem("core.answer_too_large", args={
                "size": f"{len(text) / 1e6:.1f} MB", "limit": f"{limit / 1e6:.0f} MB"})])
        return text
    except ProblemError as err:
        return _problems(err.problems, lang() if callable(lang) else lang)
    except Exception as err:  # the page must always get an answer
        return _dump({"ok": False, "problems": [{
            "line": 1, "column": 1, "code": "internal", "rule": None, "args": {},
            "message": f"internal error: {type(err).__name__}: {clip(str(err), 200)}"}]})


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


def _options(options_json: Any) -> dict[str, Any]:
    """Options sent as JSON text (``""`` or null: none), an object of at most 20,000
    characters."""
    if options_json in ("", None):
        return {}
    return _json(options_json, "options", dict, MAX_OPTIONS_CHARS)


def validate(ruleset_id: str, text: str, lang: str = "en", options_json: str = "{}") -> str:
    """Validate one side's text: ``{ok, canonical, problems}``."""
    lang = _lang(lang)

    def work() -> dict[str, Any]:
        ruleset = registry.get(ruleset_id)
        from kassen.core import options as options_mod

        opts, problems = options_mod.resolve(ruleset.options, _options(options_json))
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


def _json(text: Any, field: str, kind: type, limit: int) -> Any:
    """Parse JSON text from the page: at most ``limit`` characters and of type ``kind``
    (``dict`` or ``list``), else a problem naming ``field``."""
    expected = "an object" if kind is dict else "a list"
    if not isinstance(text, str):
        raise ProblemError([Problem("core.bad_type", args={
            "field": field, "expected": f"JSON text of {expected}"})])
    if len(text) > limit:
        raise ProblemError([Problem("core.input_too_long",
                                    args={"length": len(text), "limit": limit})])
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as err:
        reason = "nested too deeply" if isinstance(err, RecursionError) else clip(str(err), 80)
        raise ProblemError([Problem("core.bad_json", args={"field": field,
                                                            "reason": reason})]) from None
    if not isinstance(value, kind):
        raise ProblemError([Problem("core.bad_type", args={"field": field,
                                                            "expected": expected})])
    return value


def _field(request: dict[str, Any], key: str, default: Any) -> Any:
    """``request[key]``, with null or absent meaning ``default``."""
    value = request.get(key)
    return default if value is None else value


def battle(request_json: str) -> str:
    """Play the battle a request describes; every step carries its texts and view."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = _json(request_json, "request", dict, MAX_REQUEST_CHARS)
        lang = _lang(request.get("lang"))
        prepared = session.prepare(
            _field(request, "ruleset", ""),
            _field(request, "sides", []),
            _field(request, "options", {}),
            request.get("seed"),
            _field(request, "choices", []),
            request.get("policies"),
        )
        return _battle_payload(session.run(prepared, views=True, budget=BUDGET))

    return _guard(lambda: lang, work, MAX_ANSWER_CHARS)


def open_link(fragment: str, lang: str = "en") -> str:
    """Open a ``#m=`` battle link (played with views, within the same budget of work and
    answer size as a battle the page asks for) or a ``#b=`` build link. A record made by
    another engine or rules version says so in ``notes``."""
    lang = _lang(lang)

    def work() -> dict[str, Any]:
        kind, value = parse_link(fragment)
        if kind == "build":
            registry.get(value["ruleset"])
            return {"ok": True, "kind": "build", **value}
        prepared = session.from_record(value)
        payload = _battle_payload(session.run(prepared, views=True, budget=BUDGET))
        notes = session.record_notes(value)
        if notes:
            payload["notes"] = [p.to_json(lang) for p in notes]
        return payload

    return _guard(lang, work, MAX_ANSWER_CHARS)


def share_build(ruleset_id: str, text: str, options_json: str = "{}") -> str:
    """A ``#b=`` link for one build, validated under the given options (which the link then
    carries, so a build legal only under ``budget=0`` opens as it was shared)."""

    def work() -> dict[str, Any]:
        from kassen.core import options as options_mod

        ruleset = registry.get(ruleset_id)
        opts, problems = options_mod.resolve(ruleset.options, _options(options_json))
        build, found = session.parse_side(ruleset, text, opts)
        if problems or found:
            raise ProblemError(problems + found)
        changed = options_mod.changed(ruleset.options, opts)
        return {"ok": True, "link": build_link(ruleset.id, ruleset.export(build), changed)}

    return _guard("en", work)


def digest(record_json: str) -> str:
    """The event digest of a record (cross-runtime determinism checks)."""

    def work() -> dict[str, Any]:
        record = Record.from_json(_json(record_json, "record", dict, MAX_REQUEST_CHARS))
        outcome = session.run(session.from_record(record), budget=BUDGET)
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
        found = tournament.load_entrants(_field(request, "ruleset", ""), builds,
                                         _field(request, "options", {}),
                                         request.get("policies"))
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
    """Seeds per pairing K (absent: 1) and the master seed (absent or empty: "tournament"),
    checked: a K that is not a whole number from 1 to 10,000 or a seed that cannot be used is
    a problem, never cut to the range."""
    from kassen.core import tournament

    seed = request.get("seed") or "tournament"
    return tournament.check_k(_field(request, "seeds", 1)), tournament.master_seed(seed)


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
        records = _list(records_json, "records")
        if len(records) > MAX_DIGEST_RECORDS:
            raise ProblemError([Problem("core.bad_count", args={
                "field": "records", "low": 0, "high": MAX_DIGEST_RECORDS,
                "value": len(records)})])
        out = []
        left = session.Budget(BUDGET.steps * 5, BUDGET.events * 5)  # the whole call's work
        for data in records:
            outcome = session.run(session.from_record(Record.from_json(data)), budget=left)
            rec = outcome.battle.rec
            left = session.Budget(left.steps - len(rec.steps), left.events - rec.event_count)
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


def table_csv(table_json: str) -> str:
    """A round-robin table (as ``tournament_table`` gave it) as the command line's CSV texts:
    ``{ok, standings, matrix}`` (``kassen.core.export``)."""

    def work() -> dict[str, Any]:
        from kassen.core import export

        # numbers are checked (and 5 from JavaScript becomes 5.0 again, so the CSV is
        # byte-identical to the command line's) before any field is written
        table = export.checked_table(_json(table_json, "table", dict, MAX_REQUEST_CHARS * 50))
        return {"ok": True, "standings": export.standings_csv(table),
                "matrix": export.matrix_csv(table)}

    return _guard("en", work)
