"""Kassen engine worker: runs in Pyodide in a module worker (static/js/engine-worker.mjs),
exports the JSON-string API.

The page's main thread calls the functions named in ``__export__`` by message; every
argument and result is a ``str`` so crossing the worker boundary stays cheap. Any exception
is turned into an ``{"ok": false, "problems": [...]}`` answer, so the page never sees a
Python traceback as a broken promise.

The engine worker imports this file as the module ``kassen_worker``. The build's memory
snapshot (scripts/make_snapshot.mjs) already holds it, imported: a visit that restores the
snapshot neither compiles nor runs it (issue 29: that was a tenth of a second of every
repeat visit). So importing it does nothing with the page: ``js`` is only looked up when a
function runs, and the start-up stages are posted by the engine worker.
"""

import json
import sys
import traceback

import js  # the worker's global scope

import kassen.web.api as api


def _guard(name: str, call) -> str:
    """Run one API call; turn any exception into a JSON problem list."""
    try:
        return call()
    except Exception as exc:  # the page must always get JSON back
        traceback.print_exc(file=sys.stderr)
        problem = {"line": 0, "column": 0, "code": "internal", "rule": None,
                   "message": f"{name}: {type(exc).__name__}: {exc}"}
        return json.dumps({"ok": False, "problems": [problem]})


API = ("ping", "hello", "validate", "battle", "battle_first", "open_link", "share_build",
       "digest", "digests", "tournament_plan", "tournament_play", "tournament_table",
       "matchup_plan", "matchup_table", "elimination_next", "table_csv", "tournament_link",
       "tournament_report", "replay_file", "game_start", "game_decide", "game_open",
       "game_take_over")
"""The functions of :mod:`kassen.web.api` the page may call (JSON text in and out)."""
LAB_API = ("lab_start", "lab_play", "lab_answer", "lab_result")
"""The build lab's functions (:mod:`kassen.web.lab`)."""


def _lab():
    """:mod:`kassen.web.lab`, imported at the build lab's first call, not at start-up (a
    first visit imports only what a battle needs; the memory snapshot holds both)."""
    import kassen.web.lab as lab

    return lab


def _export(name: str):
    """A module-level wrapper for ``api.<name>`` (or ``lab.<name>``): arguments become
    ``str``, errors JSON."""
    if name in LAB_API:
        def call(*args: object) -> str:
            return _guard(name, lambda: getattr(_lab(), name)(*(str(a) for a in args)))
    else:
        func = getattr(api, name)

        def call(*args: object) -> str:
            return _guard(name, lambda: func(*(str(a) for a in args)))

        call.__doc__ = func.__doc__
    call.__name__ = call.__qualname__ = name
    return call


for _name in (*API, *LAB_API):
    globals()[_name] = _export(_name)


def resources() -> str:
    """URLs this worker fetched (Pyodide, the stdlib, the wheel…), for the offline cache."""
    entries = js.performance.getEntriesByType("resource")
    return json.dumps([str(entry.name) for entry in entries])


def boot() -> str:
    """How this worker's Python started: from the build's memory snapshot or booted."""
    return str(js.JSON.stringify(getattr(js, "kassenBoot", None)))


def startup() -> str:
    """When this worker reached each start-up milestone, in ms of its own clock (``origin``,
    its zero, is ms since the epoch): ``asked`` for the interpreter, ``python`` ready
    (static/js/runtime.mjs), ``script`` this module's API taken (engine-worker.mjs), ``now``
    (scripts/bench_startup.py)."""
    times = json.loads(str(js.JSON.stringify(getattr(js, "kassenTimes", None))) or "null")
    return json.dumps({**(times or {}), "now": js.performance.now()})


__export__ = [*API, *LAB_API, "resources", "boot", "startup"]
