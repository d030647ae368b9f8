"""The JSON wire between the page and its worker: bounded readers, the guard, the budgets.

Every worker call takes JSON text and answers JSON text and never raises: :func:`guard` turns
problems (and any bug) into ``{"ok": false, "problems": [...]}`` in the request's language.
Everything the page sends is read through :func:`read_json`, which bounds its length, depth
and type before any field is looked at. The battle, tournament and build-lab APIs share these.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from kassen.core import session
from kassen.core.problems import Problem, ProblemError
from kassen.core.text import clip, encodable

MAX_REQUEST_CHARS = 200_000
MAX_OPTIONS_CHARS = 20_000
MAX_ANSWER_CHARS = 16_000_000
"""The largest battle answer (steps with views and texts) a page is sent; the largest of 1,200
random legal battles per ruleset is 0.85 MB."""
BUDGET = session.Budget(view_chars=MAX_ANSWER_CHARS)
"""The work one battle the page asks for may take (steps, events, the size of its views)."""


def dump(value: Any) -> str:
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


def pick_lang(value: Any) -> str:
    """The language a request asked for (``ja`` or ``en``; anything else: ``en``)."""
    return value if value in ("ja", "en") else "en"


def problems_answer(problems: list[Problem], language: str) -> str:
    """The answer of a refused call: its problems in ``language``."""
    return dump({"ok": False, "problems": [p.to_json(pick_lang(language)) for p in problems]})


def guard(language: str | Callable[[], str], func: Any, limit: int | None = None) -> str:
    """``func()``'s answer as JSON text; its problems (or, past ``limit`` characters, that the
    answer is too large) as ``{"ok": false, "problems"}`` in ``language`` (or ``language()``,
    the language the request itself asked for)."""
    try:
        text = dump(func())
        if limit is not None and len(text) > limit:
            raise ProblemError([Problem("core.answer_too_large", args={
                "size": f"{len(text) / 1e6:.1f} MB", "limit": f"{limit / 1e6:.0f} MB"})])
        return text
    except ProblemError as err:
        return problems_answer(err.problems, language() if callable(language) else language)
    except Exception as err:  # the page must always get an answer
        return dump({"ok": False, "problems": [{
            "line": 1, "column": 1, "code": "internal", "rule": None, "args": {},
            "message": f"internal error: {type(err).__name__}: {clip(str(err), 200)}"}]})


def read_json(text: Any, field: str, kind: type, limit: int) -> Any:
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


def read_request(request_json: str, field: str = "request") -> dict[str, Any]:
    """A tournament or lab request (or work slice) from the page: a bounded JSON object."""
    return read_json(request_json, field, dict, MAX_REQUEST_CHARS * 5)


def read_list(text: str, field: str) -> list[Any]:
    """A JSON list from the page (tallies, results, tasks), bounded and checked."""
    return read_json(text or "[]", field, list, MAX_REQUEST_CHARS * 50)


def read_options(options_json: Any) -> dict[str, Any]:
    """Options sent as JSON text (``""`` or null: none), an object of at most 20,000
    characters."""
    if options_json in ("", None):
        return {}
    return read_json(options_json, "options", dict, MAX_OPTIONS_CHARS)


def field_of(request: dict[str, Any], key: str, default: Any) -> Any:
    """``request[key]``, with null or absent meaning ``default``."""
    value = request.get(key)
    return default if value is None else value


def bad_field(field: str, reason: str) -> ProblemError:
    """The problem of a request field that has the wrong shape (``reason``: what it needs)."""
    return ProblemError([Problem("core.record_schema", args={"field": field, "reason": reason})])
