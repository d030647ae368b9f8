"""The page's tournament API: round robins, match-ups and brackets over the worker pool.

The page asks how many battles a request has (``tournament_plan``, ``matchup_plan``,
``elimination_next`` round by round), its workers play ranges of job numbers
(``tournament_play``) and it asks for the table from the merged tallies; the tables are the
same as :mod:`kassen.tournament.formats` makes in one process. The core's tournament module is
imported inside the calls, so the page's first call (``ping``) stays light.
"""

from __future__ import annotations

from typing import Any

from kassen.core.canonical import canonical_json
from kassen.core.problems import Problem, ProblemError
from kassen.tournament.jobs import Entrants, load_entrants
from kassen.web import wire
from kassen.web.wire import bad_field, field_of, guard, read_json, read_list, read_request

_entrants_cache: dict[str, Entrants] = {}


def _entrants(request: dict[str, Any]) -> Entrants:
    """The request's builds parsed (once for a run of slices of the same request)."""
    key = canonical_json([request.get("ruleset"), request.get("builds"), request.get("options"),
                          request.get("policies")])
    found = _entrants_cache.get(key)
    if found is None:
        builds = request.get("builds")
        if not isinstance(builds, list) or not all(isinstance(b, str) for b in builds):
            raise ProblemError([Problem("core.no_builds")])
        found = load_entrants(field_of(request, "ruleset", ""), builds,
                              field_of(request, "options", {}), request.get("policies"))
        _entrants_cache.clear()
        _entrants_cache[key] = found
    return found


MAX_SLICE = 4096
"""Most jobs one ``tournament_play`` call plays (the page asks for slices of ~120 ms)."""


def _counts(request: dict[str, Any]) -> tuple[int, str]:
    """Seeds per pairing K (absent: 1) and the master seed (absent or empty: "tournament"),
    checked: a K that is not a whole number from 1 to 10,000 or a seed that cannot be used is
    a problem, never cut to the range."""
    from kassen.tournament import formats as tournament

    seed = request.get("seed") or "tournament"
    return tournament.check_k(field_of(request, "seeds", 1)), tournament.master_seed(seed)


def tournament_plan(request_json: str) -> str:
    """Check a round-robin request ``{ruleset, builds, options, seeds, seed}``; say how many
    battles it has (``total``). The jobs themselves are never listed: a worker works out the
    jobs of any range of indexes from the request alone."""

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament

        request = read_request(request_json)
        entrants = _entrants(request)
        schedule = tournament.round_robin_schedule(entrants, *_counts(request))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "total": len(schedule)}

    return guard("en", work)


_round_robin_cache: list[Any] = []  # [entrants, counts, schedule] of the last slice's request


def _schedule(request: dict[str, Any], entrants: Any, work: dict[str, Any]) -> Any:
    """The schedule a slice belongs to: the request's round robin or match-up, or the bracket
    round ``elimination_next`` handed out."""
    from kassen.tournament import formats as tournament
    from kassen.tournament.schedule import Schedule

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
    raise bad_field("format", "round-robin, elimination or matchup")


def tournament_play(request_json: str, work_json: str) -> str:
    """Play jobs ``start`` to ``stop`` of a schedule in this worker (``work``: ``{format,
    start, stop, round?, links?}``). Answers their ``tally``; for a match-up also each
    ``result``; with ``links``, the share link of each pairing's first job in the range, so
    a big table's links are made in parallel with its battles."""

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament
        from kassen.tournament.schedule import Tally

        request = read_request(request_json)
        entrants = _entrants(request)
        spec = read_request(work_json, "work")
        start, stop = spec.get("start"), spec.get("stop")
        if type(start) is not int or type(stop) is not int or not 0 <= start <= stop \
                or stop - start > MAX_SLICE:
            raise bad_field("start", f"0 <= start <= stop, at most {MAX_SLICE} jobs")
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

    return guard("en", work)


def tournament_table(request_json: str, tally_json: str) -> str:
    """The standings and matrix from the tally of every job (the slices' tallies, merged).
    Cells name their battle's job (``job``) but carry no link: the page has the links from
    ``tournament_play``, and a 100-build table without them is a third of the text."""

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament
        from kassen.tournament.schedule import Tally

        request = read_request(request_json)
        entrants = _entrants(request)
        tally = Tally.from_json(read_list(tally_json, "tally"), len(entrants.builds))
        return {"ok": True, **tournament.standings_and_matrix(entrants, tally)}

    return guard("en", work)


# -- match-up and elimination for the page's worker pool (same results as kassen.core) --------

def matchup_plan(request_json: str) -> str:
    """How many battles a match-up has: ``K`` of build 1 (side 0) against build 2."""

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament

        request = read_request(request_json)
        entrants = _entrants(request)
        if len(entrants.builds) != 2:
            raise ProblemError([Problem("core.no_builds")])
        schedule = tournament.matchup_schedule(entrants, *_counts(request))
        return {"ok": True, "names": entrants.names, "texts": entrants.texts,
                "total": len(schedule)}

    return guard("en", work)


def matchup_table(request_json: str, results_json: str) -> str:
    """The match-up's summary from its results (``kassen.tournament.formats.matchup_summary``)."""

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament

        request = read_request(request_json)
        entrants = _entrants(request)
        results = [tournament.JobResult.checked(x, len(entrants.builds))
                   for x in read_list(results_json, "results")]
        watched = request.get("watched_turns")
        summary = tournament.matchup_summary(
            entrants, tournament.matchup_jobs(entrants, *_counts(request)), results,
            watched if isinstance(watched, int) else None)
        return {"ok": True, **summary}

    return guard("en", work)


def elimination_next(request_json: str, tally_json: str) -> str:
    """Walk a single-elimination bracket over the tally of the rounds played so far.

    Answers ``{"done": false, "round": {...}, "count": N}`` with the first round that still
    lacks its battles (a schedule for ``tournament_play``), or ``{"done": true, ...}`` with
    the whole bracket: the same table as ``kassen.tournament.formats.elimination`` (same seeds,
    same job numbers).
    """

    def work() -> dict[str, Any]:
        from kassen.tournament import formats as tournament
        from kassen.tournament.schedule import Tally

        request = read_request(request_json)
        entrants = _entrants(request)
        tally = Tally.from_json(read_list(tally_json, "tally"), len(entrants.builds))
        step = tournament.elimination_step(entrants, *_counts(request), tally)
        if step.pending is not None:
            return {"ok": True, "done": False, "round": step.pending.to_json(),
                    "count": len(step.pending), "played": step.played, "total": step.total,
                    "names": entrants.names}
        return {"ok": True, "done": True, **(step.table or {}), "total": step.total}

    return guard("en", work)


def table_csv(table_json: str) -> str:
    """A round-robin table (as ``tournament_table`` gave it) as the command line's CSV texts:
    ``{ok, standings, matrix}`` (``kassen.tournament.export``)."""

    def work() -> dict[str, Any]:
        from kassen.tournament import export

        # numbers are checked (and 5 from JavaScript becomes 5.0 again, so the CSV is
        # byte-identical to the command line's) before any field is written
        table = export.checked_table(read_json(table_json, "table", dict,
                                               wire.MAX_REQUEST_CHARS * 50))
        return {"ok": True, "standings": export.standings_csv(table),
                "matrix": export.matrix_csv(table)}

    return guard("en", work)


# -- tournament links and reports (issue 16) -------------------------------------------------

def _spec(request: dict[str, Any]) -> Any:
    """The request's tournament as a checked ``TournamentSpec`` (the ``#t=`` payload), with the
    same checks a ``#t=`` link gets when it is opened."""
    from kassen.core.tournament_link import TournamentSpec
    from kassen.tournament import formats as tournament

    fmt = request.get("format", "round-robin")
    spec = tournament.spec_of(_entrants(request), fmt if isinstance(fmt, str) else "",
                              field_of(request, "seeds", 1), request.get("seed") or "tournament")
    spec = TournamentSpec.from_json(spec.to_json())
    tournament.spec_entrants(spec)
    return spec


def tournament_link(request_json: str) -> str:
    """The ``#t=`` link of a tournament request ``{ruleset, builds, options, format, seeds,
    seed}``: ``{ok, link}`` (nothing is played)."""

    def work() -> dict[str, Any]:
        from kassen.core.links import tournament_link as link_of

        return {"ok": True, "link": link_of(_spec(read_request(request_json)))}

    return guard("en", work)


def tournament_report(request_json: str, table_json: str, page: str, lang: str = "en") -> str:
    """The HTML report of a finished tournament (``kassen.tournament.report``, the same text as
    ``python -m kassen tournament … --report``): ``{ok, html}``. ``table`` is the table as the
    page shows it (round-robin cells with their links), ``page`` the page's URL."""

    def work() -> dict[str, Any]:
        from kassen.tournament.report import check_page
        from kassen.tournament.report import tournament_report as report

        check_page(page)  # http(s) or file only, as on the command line (issue 25)
        spec = _spec(read_request(request_json))
        table = read_json(table_json, "table", dict, wire.MAX_REQUEST_CHARS * 100)
        return {"ok": True, "html": report(table, spec, page, lang if lang == "ja" else "en")}

    return guard("en", work, wire.MAX_ANSWER_CHARS)
