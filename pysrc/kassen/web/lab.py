"""The build lab's worker API for the page (JSON text in and out, never raises).

The page's own engine worker holds the search (:func:`lab_start`, :func:`lab_answer`,
:func:`lab_result`): it proposes each round's candidates and takes the answers of their racing
stages. The pool's workers, the page's own included, play the stages' tasks
(:func:`lab_play`) from the context alone, so the page never plays a battle on its main thread
and a search gives the command line's result for the same seed and evaluation count.
"""

from __future__ import annotations

from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip
from kassen.lab import evaluate
from kassen.lab.search import Search, Settings
from kassen.tournament.schedule import Tally
from kassen.web.wire import bad_field, field_of, guard, read_list, read_request

MAX_TASKS = 512
"""Most tasks one :func:`lab_play` call plays (the pool sends slices of ~120 ms)."""
MAX_PLAY_BATTLES = 16_384
"""Most battles one :func:`lab_play` call plays (issue 25: a call asked for 480,000). The
search cuts its tasks to at most ``kassen.lab.search.TASK_BATTLES`` battles (or one game
against the whole field, at most 512), and the page groups a slice's tasks into calls within
this bound (``max_battles`` of :func:`lab_start`'s answer)."""
MAX_EVALUATIONS = 200_000

_searches: dict[int, Any] = {}
"""The search under way (one at a time: a new start drops the old one): ``(search, steps,
phase)``, phase ``field`` (the champion's field round robin) or ``round``."""


def _context_json(context: evaluate.Context) -> dict[str, Any]:
    return {"ruleset": context.ruleset, "field": list(context.field),
            "options": [list(item) for item in context.options],
            "policies": list(context.policies), "seatings": context.seatings,
            "seed": context.seed, "candidate_side": context.candidate_side,
            "games": context.games}


_contexts: dict[str, evaluate.Context] = {}


def _context(text: str) -> evaluate.Context:
    """A context from the page, checked by re-making it from its parts (once per text)."""
    found = _contexts.get(text) if isinstance(text, str) else None  # a list is unhashable
    if found is None:
        found = _make_context(read_request(text, "context"))
        _contexts.clear()
        _contexts[text] = found
    return found


def _make_context(data: dict[str, Any]) -> evaluate.Context:
    """The context re-made from its parts (each of the type lab_start answered: never
    converted, so ``inf`` or ``true`` is refused, not an error; issue 25)."""
    from dataclasses import replace

    from kassen.tournament.formats import check_k

    field, options = data.get("field"), data.get("options")
    side, games = data.get("candidate_side", 0), data.get("games", 0)
    if not (isinstance(data.get("ruleset"), str) and isinstance(data.get("seed"), str)
            and isinstance(field, list) and all(isinstance(t, str) for t in field)
            and isinstance(options, list) and all(
                isinstance(o, list) and len(o) == 2 and isinstance(o[0], str) for o in options)
            and side in (0, 1) and type(side) is int and type(games) is int):
        raise bad_field("context", "the context lab_start answered")
    context, _ = evaluate.make_context(data["ruleset"], field, dict(options), data["seed"],
                                       balance=side == 1)
    if games != 0:
        context = replace(context, games=check_k(games))
    return context


def _state(tasks: list[Any], search: Search, done: bool) -> dict[str, Any]:
    summary = search.summary(with_links=False)
    return {"ok": True, "tasks": tasks, "done": done, "evaluations": search.evaluations,
            "rounds": search.rounds, "best": summary["best"],
            "field_best": summary.get("field_best"), "field_played": search.field_played,
            "field_total": search.field_total}


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
    _searches[0] = (search, steps, "round")
    return [list(t) for t in tasks], False


def _settings(request: dict[str, Any]) -> tuple[str, Any, Settings]:
    """The request's ruleset, options and settings, every field of the wrong JSON type a
    located problem (null or absent: the default; issue 25)."""
    found: list[Problem] = []
    ruleset = field_of(request, "ruleset", "")
    if not isinstance(ruleset, str):
        found.append(Problem("core.bad_type", args={"field": "ruleset",
                                                    "expected": "a ruleset id"}))
    options = field_of(request, "options", {})
    if not isinstance(options, dict):
        found.append(Problem("core.bad_type", args={"field": "options",
                                                    "expected": "an object of options"}))
    target = field_of(request, "target", "counter")
    if not isinstance(target, str):
        found.append(Problem("core.bad_type", args={"field": "target",
                                                    "expected": "counter, champion or balance"}))
    evaluations = field_of(request, "evaluations", 256)
    if type(evaluations) is not int or not 1 <= evaluations <= MAX_EVALUATIONS:
        found.append(Problem("core.bad_count", args={
            "field": "evaluations", "low": 1, "high": MAX_EVALUATIONS,
            "value": clip(evaluations)}))
    if found:
        raise ProblemError(found)
    seed = field_of(request, "seed", "lab")
    settings = Settings(target=target, games=field_of(request, "seeds", 20),
                        evaluations=evaluations, seed="lab" if seed == "" else seed,
                        goal=field_of(request, "goal", 0.5))
    return ruleset, options, settings


def lab_start(request_json: str) -> str:
    """Start a search ``{ruleset, field: [texts], options, target, seeds, evaluations, seed,
    goal}``; answers the context for :func:`lab_play`, ``max_battles`` (the most one call of it
    plays) and the first tasks: for ``champion`` the field's own round robin's first stage,
    else the first round's."""

    def work() -> dict[str, Any]:
        request = read_request(request_json)
        field = request.get("field")
        if not isinstance(field, list) or not all(isinstance(t, str) for t in field):
            raise bad_field("field", "a list of build texts")
        ruleset, options, settings = _settings(request)
        search = Search(ruleset, field, options, settings)
        _searches.clear()
        steps = search.field_steps()
        try:
            tasks, done = [list(t) for t in next(steps)], False
            _searches[0] = (search, steps, "field")
        except StopIteration:
            _searches[0] = (search, None, "round")
            tasks, done = _next_round(search)
        return {**_state(tasks, search, done), "context": _context_json(search.context),
                "max_battles": MAX_PLAY_BATTLES}

    return guard("en", work)


def lab_play(context_json: str, tasks_json: str) -> str:
    """Play tasks ``[[text, first game, stop], …]`` of a stage (text null: jobs ``first`` to
    ``stop`` of the field's own round robin); ``answers`` in task order. At most
    ``MAX_PLAY_BATTLES`` battles a call."""

    def work() -> dict[str, Any]:
        context = _context(context_json)
        tasks = read_list(tasks_json, "tasks")
        field_jobs = len(evaluate.field_schedule(context)) if context.games else 0
        if len(tasks) > MAX_TASKS or not all(
                isinstance(t, list) and len(t) == 3 and type(t[1]) is int and type(t[2]) is int
                and ((isinstance(t[0], str) and 0 <= t[1] < t[2] <= 10_000)
                     or (t[0] is None and 0 <= t[1] < t[2] <= field_jobs))
                for t in tasks):
            raise bad_field("tasks", f"at most {MAX_TASKS} [text, first, stop] entries")
        battles = sum(evaluate.task_battles(context, t) for t in tasks)
        if battles > MAX_PLAY_BATTLES:
            raise ProblemError([Problem("core.too_much_lab_work", args={
                "count": battles, "limit": MAX_PLAY_BATTLES})])
        return {"ok": True, "answers": evaluate.play_chunk(context, [tuple(t) for t in tasks])}

    return guard("en", work)


def _checked_answers(search: Search, phase: str, answers: list[Any]) -> list[Any]:
    if phase == "field":
        builds = len(search.field)
        return [Tally.from_json(a, builds).to_json() for a in answers]
    size = len(search.field)
    if not all(isinstance(a, list) and len(a) == size and all(
            isinstance(m, list) and len(m) == 3 and all(type(x) is int and x >= 0 for x in m)
            and m[1] + m[2] <= m[0] for m in a) for a in answers):
        raise bad_field("answers", "[battles, wins, draws] per field member")
    return answers


def lab_answer(answers_json: str, more: str = "1") -> str:
    """The answers of the stage under way; the next stage's (or, with ``more`` "1", the next
    round's) tasks, the counts and the best-so-far table. ``more`` "0" ends the search at the
    end of this round (the page's time budget)."""

    def work() -> dict[str, Any]:
        if 0 not in _searches or _searches[0][1] is None:
            raise bad_field("search", "a search under way (lab_start)")
        search, steps, phase = _searches[0]
        answers = _checked_answers(search, phase, read_list(answers_json, "answers"))
        try:
            tasks = steps.send(answers)
            return _state([list(t) for t in tasks], search, False)
        except StopIteration:
            _searches[0] = (search, None, "round")
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
        search = _searches[0][0]
        return {"ok": True, **search.summary()}

    return guard("en", work)
