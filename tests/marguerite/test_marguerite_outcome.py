"""Marguerite's typed outcome and shared moments (issue 28): every result reason is a member
of ``Termination`` (or ``aborted``), and every event kind mapped onto a shared moment is a
kind the text catalogue has a template for."""

from __future__ import annotations

import pytest

from kassen.core import registry, session
from kassen.core.moments import ABORTED, Moment
from kassen.core.rng import Rng
from kassen.rulesets.marguerite.rules.judgement import Termination

RULESET = registry.get("marguerite")


def test_the_ruleset_declares_its_terminations_and_moments() -> None:
    assert RULESET.terminations is Termination
    assert {m.value for m in Termination} == {"wipeout", "push", "overkill", "overturn",
                                              "draw"}
    assert all(isinstance(m, Moment) for m in RULESET.event_moments.values())


def test_every_mapped_event_kind_has_its_templates() -> None:
    text = RULESET.text()
    for kind in RULESET.event_moments:
        for lang in ("ja", "en"):
            assert f"event.{kind}" in text[lang], (kind, lang)


@pytest.mark.rule("§10")
def test_random_battles_end_with_a_termination_member() -> None:
    """Over random legal pairs (and the samples' options untouched) every result reason is
    a Termination member or ``aborted``, and each mapped kind that occurs is its moment."""
    rng = Rng("xo1:outcome")
    seen: set[str] = set()
    kinds: set[str] = set()
    for index in range(120):
        sides = [RULESET.random_build(rng), RULESET.random_build(rng)]
        outcome = session.run(session.prepare("marguerite", sides, {}, f"xo1:o{index}"))
        reason = outcome.result.reason
        assert reason == ABORTED or isinstance(reason, Termination), reason
        seen.add(str(reason))
        kinds.update(e.kind for e in outcome.battle.rec.events())
    assert {"wipeout", "overturn"} <= seen, seen
    assert {"judgement", "damage", "exit"} <= kinds & set(RULESET.event_moments)
