"""The dice battle's typed outcome and shared moments (issue 28): every result reason is a
member of ``Ruleset.terminations`` (§17), and every event kind mapped onto a shared moment is
a kind the battle emits, with its sentence in both languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.core import registry, session
from kassen.core.moments import ABORTED, Moment
from kassen.core.rng import Rng
from kassen.rulesets.dice.model import Termination
from kassen.rulesets.dice.text import CATALOGUE

RULESET = registry.get("dice")


def _run(seed: int, **options: object) -> session.Outcome:
    rng = Rng(f"xo1:outcome{seed}")
    sides = [RULESET.random_build(rng), RULESET.random_build(rng)]
    return session.run(session.prepare("dice", sides, dict(options), f"xo1:{seed}"))


@pytest.mark.rule("§17")
@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(["draw", "higher_lp"]))
def test_every_result_reason_is_a_termination(seed: int, double_ko: str) -> None:
    out = _run(seed, double_ko=double_ko)
    assert RULESET.terminations is Termination
    reason = out.result.reason
    assert reason == ABORTED or isinstance(reason, Termination), reason
    assert reason != Termination.UNFINISHED
    ends = [e for e in session.events_json(out.battle) if e["kind"] == "battle_end"]
    assert [e["values"]["reason"] for e in ends] == [reason]


@pytest.mark.rule("§17.3")
def test_the_turn_limit_ends_in_its_termination() -> None:
    out = _run(7, turn_limit=1)
    assert out.result.reason in (Termination.TURN_LIMIT, Termination.TURN_LIMIT_DRAW,
                                 Termination.KNOCKOUT, Termination.DOUBLE_KNOCKOUT)
    assert out.result.turn == 1


def test_mapped_event_kinds_have_sentences_and_happen() -> None:
    """Each mapped kind has its sentence in Japanese and English, and random battles emit
    every one of them (so none is a stale name)."""
    moments = RULESET.event_moments
    assert set(moments.values()) >= {Moment.TURN_START, Moment.DAMAGE, Moment.HEALING,
                                     Moment.STATUS_GAINED, Moment.STATUS_LOST,
                                     Moment.BATTLE_END}
    for lang in ("ja", "en"):
        missing = [kind for kind in moments if f"event.{kind}" not in CATALOGUE[lang]]
        assert not missing, (lang, missing)
    seen: set[str] = set()
    for seed in range(60):
        seen.update(e["kind"] for e in session.events_json(_run(seed).battle))
        if seen >= set(moments):
            break
    assert sorted(set(moments) - seen) == []
