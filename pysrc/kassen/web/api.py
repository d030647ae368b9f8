"""The worker API of the page: the one module the worker imports (JSON text in and out).

The functions live by what they serve: :mod:`kassen.web.battle_api` (describe, validate, play,
links, digests), :mod:`kassen.web.tournament_api` (round robins, match-ups, brackets over the
worker pool), :mod:`kassen.web.game_api` (games between people, hot-seat and by link), all
on the JSON helpers of :mod:`kassen.web.wire` (bounded readers, the guard that turns every
problem into an answer, the answer and work budgets). This module names them
all, so ``static/py/worker.py``, the tests and the page call ``kassen.web.api.<name>``.
"""

from __future__ import annotations

from kassen.web.battle_api import (
    MAX_DIGEST_RECORDS,
    battle,
    battle_first,
    digest,
    digests,
    hello,
    open_link,
    ping,
    share_build,
    validate,
)
from kassen.web.game_api import game_decide, game_open, game_start, game_take_over
from kassen.web.replay_api import replay_file
from kassen.web.tournament_api import (
    MAX_SLICE,
    elimination_next,
    matchup_plan,
    matchup_table,
    table_csv,
    tournament_link,
    tournament_plan,
    tournament_play,
    tournament_report,
    tournament_table,
)
from kassen.web.wire import (
    BUDGET,
    MAX_ANSWER_CHARS,
    MAX_OPTIONS_CHARS,
    MAX_REQUEST_CHARS,
)
from kassen.web.wire import read_json as _json

__all__ = [
    "BUDGET", "MAX_ANSWER_CHARS", "MAX_DIGEST_RECORDS", "MAX_OPTIONS_CHARS", "MAX_REQUEST_CHARS",
    "MAX_SLICE", "_json", "battle", "battle_first", "digest", "digests", "elimination_next",
    "game_decide", "game_open", "game_start", "game_take_over", "hello",
    "matchup_plan", "matchup_table", "open_link", "ping", "replay_file", "share_build", "table_csv",
    "tournament_link", "tournament_plan", "tournament_play", "tournament_report",
    "tournament_table", "validate",
]
