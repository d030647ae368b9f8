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
    """Check a tournament request ``{ruleset, builds, options, seeds, seed}``; list its jobs."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        jobs = tournament.round_robin_jobs(entrants, int(request.get("seeds") or 1),
                                           str(request.get("seed") or "tournament"))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "jobs": [j.to_json() for j in jobs]}

    return _guard("en", work)


def tournament_play(request_json: str, jobs_json: str) -> str:
    """Play a slice of jobs (``[[index, a, b, seed, match], …]``) in this worker."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        entrants = _entrants(_request(request_json))
        jobs = [tournament.Job.from_json(j) for j in json.loads(jobs_json)]
        return {"ok": True, "results": [r.to_json() for r in tournament.run_jobs(entrants, jobs)]}

    return _guard("en", work)


def tournament_table(request_json: str, results_json: str) -> str:
    """The standings and matrix from every job's result."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament

        request = _request(request_json)
        entrants = _entrants(request)
        jobs = tournament.round_robin_jobs(entrants, int(request.get("seeds") or 1),
                                           str(request.get("seed") or "tournament"))
        results = [tournament.JobResult.from_json(r) for r in json.loads(results_json)]
        table = tournament.standings_and_matrix(entrants, jobs, results)
        return {"ok": True, **table}

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

    master = str(request.get("seed") or "tournament")
    games = tournament.games_per_pairing(entrants.ruleset, int(request.get("seeds") or 1))
    return [tournament.Job(g, 0, 1, tournament.battle_seed(master, 0, 1, g))
            for g in range(min(games, tournament.MAX_SEEDS))]


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
    """Win/draw/loss rates with intervals, median length, reasons, where a watched battle of
    ``watched_turns`` falls, and a link to each battle (as ``kassen.core.tournament.matchup``)."""

    def work() -> dict[str, Any]:
        from kassen.core import tournament
        from kassen.core.stats import median, rate

        request = _request(request_json)
        entrants = _entrants(request)
        jobs = _matchup_jobs(entrants, request)
        by_index = {r.index: r for r in (tournament.JobResult.from_json(x)
                                         for x in json.loads(results_json))}
        results = [by_index[j.index] for j in jobs if j.index in by_index]
        n = len(results)
        wins = sum(1 for r in results if r.winner == 0)
        losses = sum(1 for r in results if r.winner == 1)
        turns = [r.turn for r in results]
        reasons: dict[str, int] = {}
        for r in results:
            reasons[r.reason] = reasons.get(r.reason, 0) + 1
        out: dict[str, Any] = {
            "ok": True, "format": "matchup", "names": entrants.names, "battles": n,
            "win": rate(wins, n), "draw": rate(n - wins - losses, n), "loss": rate(losses, n),
            "median_turns": median(turns), "reasons": dict(sorted(reasons.items())),
            "first_link": tournament.job_link(entrants, jobs[0]) if jobs else None,
        }
        watched = request.get("watched_turns")
        if isinstance(watched, int) and n:
            out["watched_percentile"] = round(sum(1 for t in turns if t < watched) / n, 4)
        return out

    return _guard("en", work)


def elimination_next(request_json: str, results_json: str) -> str:
    """Walk a single-elimination bracket over the results known so far.

    Answers ``{"done": false, "jobs": [...]}`` with the jobs of the first round that still
    lacks results, or ``{"done": true, ...}`` with the whole bracket, the same table as
    ``kassen.core.tournament.elimination`` (same seeds, same job numbers), plus ``battles``.
    """

    def work() -> dict[str, Any]:
        from kassen.core import tournament
        from kassen.core.rng import normalize_seed

        request = _request(request_json)
        entrants = _entrants(request)
        known = {r.index: r for r in (tournament.JobResult.from_json(x)
                                      for x in json.loads(results_json or "[]"))}
        master = normalize_seed(str(request.get("seed") or "tournament"))
        n = len(entrants.builds)
        size = 1
        while size < n:
            size *= 2
        slots: list[int | None] = [s if s < n else None
                                   for s in tournament.bracket_order(size)]
        games = tournament.games_per_pairing(entrants.ruleset, int(request.get("seeds") or 1))
        both = tournament.seats(entrants.ruleset)
        total = (n - 1) * games * (2 if both else 1)
        rounds: list[dict[str, Any]] = []
        job_index = 0
        round_no = 0
        played = 0
        while len(slots) > 1:
            round_no += 1
            pending: list[Any] = []
            matches: list[dict[str, Any]] = []
            next_slots: list[int | None] = []
            for m in range(0, len(slots), 2):
                a, b = slots[m], slots[m + 1]
                if a is None or b is None:
                    winner = a if b is None else b
                    matches.append({"a": a, "b": b, "winner": winner, "bye": True})
                    next_slots.append(winner)
                    continue
                score = {a: 0, b: 0}
                for left, right in ([(a, b), (b, a)] if both else [(a, b)]):
                    for g in range(games):
                        job = tournament.Job(job_index, left, right,
                                             f"{master}/r{round_no}/{left}v{right}/{g}",
                                             match=m // 2)
                        job_index += 1
                        res = known.get(job.index)
                        if res is None:
                            pending.append(job)
                        else:
                            played += 1
                            if res.winner is not None:
                                score[res.winner] += 1
                tie = score[a] == score[b]
                winner = min(a, b) if tie else (a if score[a] > score[b] else b)
                first = tournament.Job(0, a, b, f"{master}/r{round_no}/{a}v{b}/0")
                matches.append({"a": a, "b": b, "score": [score[a], score[b]],
                                "winner": winner, "tiebreak_by_seed": tie, "bye": False,
                                "link": tournament.job_link(entrants, first)})
                next_slots.append(winner)
            if pending:
                return {"ok": True, "done": False, "jobs": [j.to_json() for j in pending],
                        "played": played, "total": total, "names": entrants.names}
            rounds.append({"round": round_no, "matches": matches})
            slots = next_slots
        return {"ok": True, "done": True, "format": "elimination", "names": entrants.names,
                "rounds": rounds, "champion": slots[0], "battles": played, "total": total}

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
