"""The card duel's typed outcome and its shared moments (issue 28): every result reason is a
member of ``CardDuelRuleset.terminations`` (or ``aborted``), and every event kind mapped onto
a shared moment is one the ruleset emits and has templates for."""

from __future__ import annotations

import pytest

from kassen.core import registry, session
from kassen.core.moments import ABORTED, Moment
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.model import Termination
from kassen.rulesets.cardduel.text import CATALOGUE

OPTION_SETS = [
    {},
    {"procedure": "original", "surrender": "hopeless"},
    {"format": "fixed", "battles": 2, "mana_storm_ends_match": False},
    {"procedure": "original", "format": "fixed", "battles": 1},
    {"surrender": "hopeless", "exhausted_mage_counts_defeated": True},
]


@pytest.mark.rule("§8.2")
def test_terminations_are_the_termination_enum() -> None:
    """§8.2: the result reasons are 降参, 撃破数, 与ダメージ, 引き分け."""
    rs = registry.get("cardduel")
    assert rs.terminations is Termination
    assert [str(m) for m in Termination] == ["surrender", "knockout", "damage", "draw"]


@pytest.mark.rule("§8.2")
@pytest.mark.parametrize("opt_index", range(len(OPTION_SETS)))
def test_every_result_reason_is_a_member(opt_index: int) -> None:
    """Over random sides, seeds and policies, the reason is a Termination member and the
    match_end event names the same reason; the mapped moments' kinds are emitted."""
    rs = registry.get("cardduel")
    seen_reasons: set[str] = set()
    seen_kinds: set[str] = set()
    for seed in range(12):
        rng = Rng(f"outcome-{opt_index}-{seed}")
        sides = [rs.random_build(rng), rs.random_build(rng)]
        policies = ["bold" if seed % 2 else "careful", "careful" if seed % 3 else "bold"]
        prepared = session.prepare("cardduel", sides, OPTION_SETS[opt_index], str(seed),
                                   policies=policies)
        outcome = session.run(prepared)
        reason = outcome.result.reason
        assert reason == ABORTED or isinstance(reason, Termination), reason
        seen_reasons.add(str(reason))
        kinds = [e.kind for e in outcome.battle.rec.events()]
        seen_kinds.update(kinds)
        if reason != ABORTED:
            end = [e for e in outcome.battle.rec.events() if e.kind == "match_end"]
            assert len(end) == 1 and end[0].values["reason"] == reason
    assert seen_reasons <= {*Termination, ABORTED}
    assert {"battle_start", "match_end", "damage"} <= seen_kinds


def test_mapped_event_kinds_have_templates() -> None:
    """Every kind in ``event_moments`` is a card duel event kind with ja/en templates, and
    maps onto a shared moment."""
    rs = registry.get("cardduel")
    assert rs.event_moments
    for kind, moment in rs.event_moments.items():
        assert isinstance(moment, Moment)
        for lang in ("ja", "en"):
            assert f"event.{kind}" in CATALOGUE[lang], (kind, lang)
