"""Design 3 / issue 14: no raw id reaches a player's screen. Every event kind each ruleset
emits has a template in both languages (no fallback in core.render.render_event), every step
has a name from the catalogue, every result reason has a word, and no template leaves a
``{field}`` unfilled or shows Python data (``[4, 2]``, ``None``). Battles: the digest set
(samples, random legal pairings, every option moved) plus more random pairings per ruleset."""

from __future__ import annotations

import re

import pytest

from digest_cases import cases
from kassen.core import i18n, registry, render, session
from kassen.core.problems import ProblemError
from kassen.core.rng import Rng

EXTRA_RANDOM = 40
UNFILLED = re.compile(r"\{[a-z_]+\}")
RAW_DATA = re.compile(r"\[\s*-?\d|\{'|\bNone\b|\bTrue\b|\bFalse\b")


def battles(ruleset_id: str):
    """Every finished battle outcome of the digest set and EXTRA_RANDOM random pairings."""
    ruleset = registry.get(ruleset_id)
    specs = [(sides, opts, seed) for _, sides, opts, seed in cases(ruleset_id)]
    rng = Rng(f"xo1:page-text-{ruleset_id}")
    for k in range(EXTRA_RANDOM):
        a, b = ruleset.random_build(rng), ruleset.random_build(rng)
        if a is None or b is None:
            break
        specs.append(([a, b], {}, f"xo1:page-text-{k}"))
    for sides, opts, seed in specs:
        try:
            prepared = session.prepare(ruleset_id, sides, opts, seed)
        except ProblemError:
            continue
        yield session.run(prepared)


@pytest.mark.parametrize("ruleset_id", ["marguerite", "cardduel", "dice", "skirmish"])
def test_every_event_step_and_reason_has_text_in_both_languages(ruleset_id: str) -> None:
    ruleset = registry.get(ruleset_id)
    missing: set[str] = set()
    unfilled: set[str] = set()
    count = 0
    for outcome in battles(ruleset_id):
        count += 1
        names = outcome.battle.names()
        for step in outcome.steps:
            for lang in i18n.LANGUAGES:
                if render.step_label(ruleset_id, step.phase, step.kind, lang) is None:
                    missing.add(f"step {step.phase}.{step.kind} [{lang}]")
            for event in step.events:
                for lang in i18n.LANGUAGES:
                    if not (i18n.has(f"{ruleset_id}.event.{event.kind}", lang)
                            or i18n.has(f"core.event.{event.kind}", lang)):
                        missing.add(f"event {event.kind} [{lang}]")
                        continue
                    line = render.render_event(ruleset, event, names, lang)
                    if UNFILLED.search(line) or RAW_DATA.search(line):
                        unfilled.add(f"{event.kind} [{lang}]: {line}")
        reason = outcome.result.reason if outcome.result else None
        for lang in i18n.LANGUAGES:
            if reason and render.reason_label(ruleset_id, reason, lang) is None:
                missing.add(f"reason {reason} [{lang}]")
    assert count >= 20
    assert not missing, sorted(missing)
    assert not unfilled, sorted(unfilled)[:10]


def test_result_text_names_the_side_and_the_reason_in_words() -> None:
    """'勝者: サイド1 — 全滅', not '— wipeout' on a Japanese page."""
    result = {"winner": 0, "reason": "wipeout", "turn": 3}
    assert render.result_text("skirmish", result, "ja") == "勝者: サイド1 — 全滅"
    assert render.result_text("skirmish", result, "en") == "Winner: Side 1 — wipeout"
    assert render.result_text("dice", {"winner": None, "reason": "turn_limit_draw"}, "ja") == \
        "引き分け — ターン上限、引き分け"
