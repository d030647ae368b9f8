"""The page's "Download replay" (issue 16): the worker plays a ``#m=`` link again and writes
its replay file (:mod:`kassen.replay.file`) from the page's own texts, which the page
fetches and hands over; ``python -m kassen replay LINK --html FILE`` writes the same bytes
from the repository's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kassen.core import session
from kassen.core.links import parse_link
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record
from kassen.replay import bundle as jsbundle
from kassen.replay import file as replay_html
from kassen.web import wire
from kassen.web.battle_api import battle_payload
from kassen.web.wire import bad_field, guard, read_json

MAX_FILES_CHARS = 4_000_000
"""The page's texts a replay is made of (its scripts and styles, about 0.3 MB) at most."""


def replay_file(fragment: str, files_json: str, why_json: str, site: str = "") -> str:
    """``{ok, html}``: the replay file of a ``#m=`` link, from the page's texts (``files``:
    path → text), the system's "why" index and the site URL its links open."""

    def work() -> dict[str, Any]:
        kind, record = parse_link(fragment)
        if kind != "battle":
            raise bad_field("link", "a battle link (#m=…)")
        files = read_json(files_json, "files", dict, MAX_FILES_CHARS)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
            raise bad_field("files", "path → text")
        why = read_json(why_json, "why", dict, MAX_FILES_CHARS)
        try:
            html = replay_record(record, files, why, site or None)
        except (jsbundle.BundleError, ValueError) as err:
            raise ProblemError([Problem("core.bad_type", args={
                "field": "replay", "expected": str(err)})]) from None
        return {"ok": True, "html": html}

    return guard("en", work, wire.MAX_ANSWER_CHARS)


def replay_record(record: Record, files: Mapping[str, str], why: Mapping[str, Any],
                  site: str | None) -> str:
    """The replay file of a battle record: played again with views (within the page's
    budget of work) for the page's battle payload, then
    :func:`kassen.replay.file.replay_html`. A record that is not a battle's is refused by the
    caller (``parse_link``)."""
    outcome = session.run(session.from_record(record), views=True, budget=wire.BUDGET)
    return replay_html.replay_html(battle_payload(outcome), files, why, site)
