"""The skirmish's typed outcome and shared moments (issue 28): every result reason is a
member of ``Ruleset.terminations`` (or ``aborted``), and every event kind mapped onto a shared
moment is a kind the ruleset emits and has text for."""

from __future__ import annotations

import pytest

from kassen.core import registry, session
from kassen.core.moments import ABORTED, Moment
from kassen.core.rng import Rng
from kassen.rulesets.skirmish import text
from kassen.rulesets.skirmish.rules.victory import Termination

RULESET = registry.get("skirmish")


def _random_outcomes(count: int) -> list[session.Outcome]:
    out = []
    for index in range(count):
        rng = Rng(f"outcome-{index}")
        sides = [RULESET.random_build(rng) for _ in range(RULESET.sides)]
        out.append(session.run(session.prepare("skirmish", sides, {}, f"outcome-{index}")))
    return out


@pytest.mark.rule("§10.1")
@pytest.mark.rule("§10.2")
@pytest.mark.rule("§10")
def test_every_result_reason_is_a_termination() -> None:
    """Over random battles each result's reason is a Termination member (§10.1, §10.2), and
    the end event carries the same reason."""
    assert RULESET.terminations is Termination
    seen = set()
    for outcome in _random_outcomes(12):
        reason = outcome.result.reason
        assert reason == ABORTED or isinstance(reason, Termination), reason
        ends = [e for e in outcome.battle.rec.events() if e.kind == "end"]
        assert reason == ABORTED or ends[-1].values["reason"] == reason
        seen.add(str(reason))
    assert seen & {"wipeout", "escape", "mutual", "round_cap"}


def test_event_moments_name_kinds_with_text() -> None:
    """Every mapped kind has its template in both languages and maps onto a shared moment."""
    assert RULESET.event_moments
    for kind, moment in RULESET.event_moments.items():
        assert isinstance(moment, Moment)
        for lang in ("ja", "en"):
            assert f"event.{kind}" in text.CATALOGUE[lang], (kind, lang)
    found = {m for m in RULESET.event_moments.values()}
    assert {Moment.DAMAGE, Moment.HEALING, Moment.STATUS_GAINED, Moment.STATUS_LOST,
            Moment.DEFEAT, Moment.TURN_START, Moment.BATTLE_END} <= found


def test_mapped_kinds_occur_in_battles() -> None:
    """The damage, turn-start and end moments are met in ordinary random battles (the map
    names kinds the engine really emits)."""
    kinds = {e.kind for o in _random_outcomes(6) for e in o.battle.rec.events()}
    moments = {RULESET.event_moments[k] for k in kinds if k in RULESET.event_moments}
    assert {Moment.DAMAGE, Moment.TURN_START, Moment.BATTLE_END} <= moments
