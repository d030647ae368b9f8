"""The page's "Download replay" (issue 16): the worker plays a ``#m=`` link again and writes
its replay file (:mod:`kassen.replay_html`) from the page's own texts, which the page
fetches and hands over; ``python -m kassen replay LINK --html FILE`` writes the same bytes
from the repository's."""

from __future__ import annotations

from typing import Any

from kassen.core.links import parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.web import wire
from kassen.web.wire import bad_field, guard, read_json

MAX_FILES_CHARS = 4_000_000
"""The page's texts a replay is made of (its scripts and styles, about 0.3 MB) at most."""


def replay_file(fragment: str, files_json: str, why_json: str, site: str = "") -> str:
    """``{ok, html}``: the replay file of a ``#m=`` link, from the page's texts (``files``:
    path → text), the system's "why" index and the site URL its links open."""

    def work() -> dict[str, Any]:
        from kassen import jsbundle, replay_html

        kind, record = parse_link(fragment)
        if kind != "battle":
            raise bad_field("link", "a battle link (#m=…)")
        files = read_json(files_json, "files", dict, MAX_FILES_CHARS)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
            raise bad_field("files", "path → text")
        why = read_json(why_json, "why", dict, MAX_FILES_CHARS)
        try:
            html = replay_html.replay_file(record, files, why, site or None)
        except (jsbundle.BundleError, ValueError) as err:
            raise ProblemError([Problem("core.bad_type", args={
                "field": "replay", "expected": str(err)})]) from None
        return {"ok": True, "html": html}

    return guard("en", work, wire.MAX_ANSWER_CHARS)
