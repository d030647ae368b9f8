"""What the saved option-alias fixtures (``tests/fixtures/option_aliases/``) replay to.

A battle replays to its event digest (``session.event_digest``). A tournament replays to its
table; the table's cell links embed records, whose option keys are written in today's casing,
so the digest of a tournament is taken over the table with every ``#m=`` link replaced by the
event digest of the battle it replays: the same digest before and after a key rename exactly
when every battle and every standing is the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kassen.core import session
from kassen.core.canonical import digest
from kassen.core.links import parse_link
from kassen.tournament.formats import open_tournament_link, play_spec

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "option_aliases"


def link_digest(link: str) -> str:
    """The event digest of the battle a ``#m=`` link replays."""
    kind, record = parse_link(link)
    assert kind == "battle"
    return session.event_digest(session.run(session.from_record(record)).battle)


def _battles_as_digests(value: Any) -> Any:
    """``value`` with every ``#m=`` link (anywhere in it) replaced by its event digest."""
    if isinstance(value, dict):
        return {k: _battles_as_digests(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_battles_as_digests(v) for v in value]
    if isinstance(value, str) and value.startswith("#m="):
        return "events:" + link_digest(value)
    return value


def tournament_digest(link: str) -> str:
    """The digest of the table a ``#t=`` link plays, its battle links as event digests."""
    spec, entrants = open_tournament_link(link)
    return digest(_battles_as_digests(play_spec(spec, entrants)))
