"""Kassen engine worker: runs in a PyScript worker (Pyodide), exports the JSON-string API.

The page's main thread calls these functions through ``worker.sync.<name>(...)``; every
argument and result is a ``str`` so crossing the worker boundary stays cheap. Any exception
is turned into an ``{"ok": false, "problems": [...]}`` answer, so the page never sees a
Python traceback as a broken promise.
"""

import json
import sys
import traceback

import js  # the worker's global scope


def _stage(name: str) -> None:
    """Tell the page which start-up stage the worker has reached."""
    channel = js.BroadcastChannel.new("kassen-engine")
    channel.postMessage(name)
    channel.close()


_stage("engine")
import kassen.web.api as api  # noqa: E402  (after the stage message on purpose)


def _guard(name: str, call) -> str:
    """Run one API call; turn any exception into a JSON problem list."""
    try:
        return call()
    except Exception as exc:  # the page must always get JSON back
        traceback.print_exc(file=sys.stderr)
        problem = {"line": 0, "column": 0, "code": "internal", "rule": None,
                   "message": f"{name}: {type(exc).__name__}: {exc}"}
        return json.dumps({"ok": False, "problems": [problem]})


def hello() -> str:
    """Engine version, Python version and the rulesets with options and samples."""
    return _guard("hello", api.hello)


def validate(ruleset_id: str, text: str, lang: str, options_json: str = "{}") -> str:
    """Validate one build text under the chosen options; located problems in ``lang``."""
    return _guard("validate", lambda: api.validate(str(ruleset_id), str(text), str(lang),
                                                   str(options_json)))


def battle(request_json: str) -> str:
    """Run a whole battle from a request; steps, text, views, digest and link."""
    return _guard("battle", lambda: api.battle(str(request_json)))


def open_link(fragment: str, lang: str) -> str:
    """Decode a ``#m=`` or ``#b=`` fragment."""
    return _guard("open_link", lambda: api.open_link(str(fragment), str(lang)))


def share_build(ruleset_id: str, text: str) -> str:
    """Make a ``#b=`` link for one build."""
    return _guard("share_build", lambda: api.share_build(str(ruleset_id), str(text)))


def digest(record_json: str) -> str:
    """Event digest of a record (for the cross-runtime determinism check)."""
    return _guard("digest", lambda: api.digest(str(record_json)))


def tournament_plan(request_json: str) -> str:
    """Round-robin jobs of a tournament request."""
    return _guard("tournament_plan", lambda: api.tournament_plan(str(request_json)))


def tournament_play(request_json: str, jobs_json: str) -> str:
    """Play one slice of jobs."""
    return _guard("tournament_play", lambda: api.tournament_play(str(request_json),
                                                                 str(jobs_json)))


def tournament_table(request_json: str, results_json: str) -> str:
    """Round-robin standings and matrix."""
    return _guard("tournament_table", lambda: api.tournament_table(str(request_json),
                                                                   str(results_json)))


def matchup_plan(request_json: str) -> str:
    """Jobs of a match-up."""
    return _guard("matchup_plan", lambda: api.matchup_plan(str(request_json)))


def matchup_table(request_json: str, results_json: str) -> str:
    """Rates of a match-up."""
    return _guard("matchup_table", lambda: api.matchup_table(str(request_json),
                                                             str(results_json)))


def elimination_next(request_json: str, results_json: str) -> str:
    """Next round's jobs of an elimination bracket, or the finished bracket."""
    return _guard("elimination_next", lambda: api.elimination_next(str(request_json),
                                                                   str(results_json)))


def table_csv(table_json: str) -> str:
    """A round-robin table as the command line's CSV texts."""
    return _guard("table_csv", lambda: api.table_csv(str(table_json)))


def resources() -> str:
    """URLs this worker fetched (Pyodide, the stdlib, the wheel…), for the offline cache."""
    entries = js.performance.getEntriesByType("resource")
    return json.dumps([str(entry.name) for entry in entries])


__export__ = ["hello", "validate", "battle", "open_link", "share_build", "digest", "resources",
              "tournament_plan", "tournament_play", "tournament_table", "matchup_plan",
              "matchup_table", "elimination_next", "table_csv"]
