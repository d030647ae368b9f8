"""The build lab's worker API for the page (JSON text in and out, never raises).

The page's own engine worker holds the search (:func:`lab_start`, :func:`lab_answer`,
:func:`lab_result`): it proposes each round's candidates and takes the answers of their racing
stages. The pool's workers, the page's own included, play the stages' tasks
(:func:`lab_play`) from the context alone, so the page never plays a battle on its main thread
and a search gives the command line's result for the same seed and evaluation count.
"""

from __future__ import annotations

from typing import Any

from kassen.lab import evaluate
from kassen.lab.search import Search, Settings
from kassen.web.wire import bad_field, guard, read_list, read_request

MAX_TASKS = 512
"""Most tasks one :func:`lab_play` call plays (the pool sends slices of ~120 ms)."""
MAX_EVALUATIONS = 200_000

_searches: dict[int, Any] = {}
"""The search under way (one at a time: a new start drops the old one)."""


def _context_json(context: evaluate.Context) -> dict[str, Any]:
    return {"ruleset": context.ruleset, "field": list(context.field),
            "options": [list(item) for item in context.options],
            "policies": list(context.policies), "seatings": context.seatings,
            "seed": context.seed, "candidate_side": context.candidate_side}


_contexts: dict[str, evaluate.Context] = {}


def _context(text: str) -> evaluate.Context:
    """A context from the page, checked by re-making it from its parts (once per text)."""
    found = _contexts.get(text)
    if found is None:
        found = _make_context(read_request(text, "context"))
        _contexts.clear()
        _contexts[text] = found
    return found


def _make_context(data: dict[str, Any]) -> evaluate.Context:
    try:
        field = [str(t) for t in data["field"]]
        options = {str(k): v for k, v in data["options"]}
        balance = int(data.get("candidate_side", 0)) == 1
        context, _ = evaluate.make_context(str(data["ruleset"]), field, options,
                                           str(data["seed"]), balance=balance)
    except (KeyError, TypeError, ValueError):
        raise bad_field("context", "the context lab_start answered") from None
    return context


def _state(tasks: list[Any], search: Search, done: bool) -> dict[str, Any]:
    summary = search.summary(with_links=False)
    return {"ok": True, "tasks": tasks, "done": done, "evaluations": search.evaluations,
            "rounds": search.rounds, "best": summary["best"],
            "field_best": summary.get("field_best")}


def _next_round(search: Search) -> tuple[list[Any], bool]:
    """The first tasks of the next round, or ``([], True)`` when the budget is spent."""
    left = search.settings.evaluations - search.evaluations  # type: ignore[operator]
    if left <= 0:
        return [], True
    steps = search.steps(left)
    try:
        tasks = next(steps)
    except StopIteration:
        return [], True
    _searches[0] = (search, steps)
    return [list(t) for t in tasks], False


def lab_start(request_json: str) -> str:
    """Start a search ``{ruleset, field: [texts], options, target, seeds, evaluations, seed,
    goal}``; answers the context for :func:`lab_play` and the first round's tasks."""

    def work() -> dict[str, Any]:
        request = read_request(request_json)
        field = request.get("field")
        if not isinstance(field, list) or not all(isinstance(t, str) for t in field):
            raise bad_field("field", "a list of build texts")
        evaluations = request.get("evaluations", 256)
        if type(evaluations) is not int or not 1 <= evaluations <= MAX_EVALUATIONS:
            raise bad_field("evaluations", f"1 to {MAX_EVALUATIONS}")
        settings = Settings(target=str(request.get("target", "counter")),
                            games=int(request.get("seeds") or 20), evaluations=evaluations,
                            seed=str(request.get("seed") or "lab"),
                            goal=float(request.get("goal", 0.5)))
        search = Search(str(request.get("ruleset", "")), field, request.get("options") or {},
                        settings)
        _searches.clear()
        _searches[0] = (search, None)
        search.prepare()
        tasks, done = _next_round(search)
        return {**_state(tasks, search, done), "context": _context_json(search.context)}

    return guard("en", work)


def lab_play(context_json: str, tasks_json: str) -> str:
    """Play tasks ``[[text, first game, stop], …]`` of a stage; ``answers`` in task order."""

    def work() -> dict[str, Any]:
        context = _context(context_json)
        tasks = read_list(tasks_json, "tasks")
        if len(tasks) > MAX_TASKS or not all(
                isinstance(t, list) and len(t) == 3 and isinstance(t[0], str)
                and type(t[1]) is int and type(t[2]) is int and 0 <= t[1] < t[2] <= 10_000
                for t in tasks):
            raise bad_field("tasks", f"at most {MAX_TASKS} [text, first, stop] entries")
        return {"ok": True, "answers": evaluate.play_chunk(context, [tuple(t) for t in tasks])}

    return guard("en", work)


def lab_answer(answers_json: str, more: str = "1") -> str:
    """The answers of the stage under way; the next stage's (or, with ``more`` "1", the next
    round's) tasks, the counts and the best-so-far table. ``more`` "0" ends the search at the
    end of this round (the page's time budget)."""

    def work() -> dict[str, Any]:
        if 0 not in _searches or _searches[0][1] is None:
            raise bad_field("search", "a search under way (lab_start)")
        search, steps = _searches[0]
        answers = read_list(answers_json, "answers")
        size = len(search.field)
        if not all(isinstance(a, list) and len(a) == size and all(
                isinstance(m, list) and len(m) == 3 and all(type(x) is int and x >= 0 for x in m)
                and m[1] + m[2] <= m[0] for m in a) for a in answers):
            raise bad_field("answers", "[battles, wins, draws] per field member")
        try:
            tasks = steps.send(answers)
            return _state([list(t) for t in tasks], search, False)
        except StopIteration:
            _searches[0] = (search, None)
        if more != "1":
            return _state([], search, True)
        tasks, done = _next_round(search)
        return _state(tasks, search, done)

    return guard("en", work)


def lab_result() -> str:
    """The finished (or cancelled) search's summary, every row with its links."""

    def work() -> dict[str, Any]:
        if 0 not in _searches:
            raise bad_field("search", "a search (lab_start)")
        search, _ = _searches[0]
        return {"ok": True, **search.summary()}

    return guard("en", work)

