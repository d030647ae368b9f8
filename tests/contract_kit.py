"""The ruleset contract's checks, for the contract test (``test_ruleset_contract.py``) and
for a ruleset's own tests to run over battles of their own (several mages, persons, options
combined): one implementation of "snapshot/restore at every turn changes nothing"."""

from __future__ import annotations

from collections.abc import Callable

from digest_cases import cases
from kassen.core import session
from kassen.core.problems import ProblemError
from kassen.core.ruleset import Battle


def prepared_cases(ruleset_id: str) -> list[session.Prepared]:
    """The digest set's battles that are legal (an option may make a random pair illegal)."""
    out = []
    for _, sides, opts, seed in cases(ruleset_id):
        try:
            out.append(session.prepare(ruleset_id, sides, opts, seed))
        except ProblemError:
            continue
    return out


def replayed_turns(battle: Battle, after_turn: Callable[[Battle], None] | None = None) -> None:
    """Play ``battle`` to its end as the driver does (same caps), playing every turn twice:
    snapshot, play, restore, play; the second play must emit exactly the first's events.
    ``after_turn(battle)`` runs after each turn (a ruleset's own invariants)."""
    rec = battle.rec
    ruleset = battle.ruleset
    turns = 0
    while not battle.finished and battle.aborted is None:
        snap = battle.snapshot()
        start = rec.event_count
        battle.play_turn()
        rec.close()
        first = [e.to_json() for e in rec.events()[start:]]
        battle.restore(snap)
        battle.play_turn()
        rec.close()
        assert [e.to_json() for e in rec.events()[start:]] == first, f"turn {battle.turn}"
        turns += 1
        if after_turn is not None:
            after_turn(battle)
        if not battle.finished:
            if turns >= ruleset.max_turns:
                battle.abort(f"turns>={ruleset.max_turns}")
            elif rec.step_count >= ruleset.max_steps:
                battle.abort(f"steps>={ruleset.max_steps}")
