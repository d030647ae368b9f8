"""The §10 AI's W1/W2/M1 shortcuts (issue 29): answered from the context's values without a
request (``Decider.shortcut``), every battle is the one the requests make, event for event
and choice for choice."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import registry, session
from kassen.core.decisions import Request, deterministic
from kassen.core.driver import Driver
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.ai import POLICIES
from kassen.rulesets.cardduel.catalogue import CARD_RANKS
from kassen.rulesets.cardduel.rules.attack import attack_context, attack_values


def _without_shortcuts(name: str) -> Any:
    """The same policy, offering no shortcut: every W1/W2 goes through its request."""
    policy = POLICIES[name]
    return deterministic(lambda request, stream: policy(request, stream))


def _play(prepared: session.Prepared, names: list[str], shortcuts: bool) -> Any:
    battle = prepared.ruleset.new_battle(prepared.setup())
    if not shortcuts:
        battle.decider.policies = [_without_shortcuts(n) for n in names]
    Driver(battle, snapshots=False).run()
    return battle


def _cases() -> list[tuple[list[str], dict[str, Any], str, list[str]]]:
    ruleset = registry.get("cardduel")
    lineups = [list(pair) for pair in ruleset.bench_lineups()]
    rng = Rng("mt1:shortcut-builds")
    lineups += [[ruleset.random_build(rng), ruleset.random_build(rng)] for _ in range(6)]
    cases = []
    for n, sides in enumerate(lineups):
        for options in ({}, {"procedure": "original"}, {"surrender": "hopeless"}):
            names = [("careful", "bold", "bold")[n % 3], ("careful", "careful", "bold")[n % 2]]
            cases.append((sides, options, f"mt1:shortcut-{n}", names))
    return cases


@pytest.mark.rule("§10")
def test_battles_with_and_without_the_shortcuts_are_the_same() -> None:
    """§10: the shortcut is the policy's own W1/W2 rule on the values of the request's
    context, so the battle's events and recorded choices do not change."""
    seen_w2 = False
    for sides, options, seed, names in _cases():
        prepared = session.prepare("cardduel", sides, options, seed, policies=names)
        fast = _play(prepared, names, shortcuts=True)
        slow = _play(prepared, names, shortcuts=False)
        assert fast.rec.events_json() == slow.rec.events_json(), (sides, options, seed)
        assert fast.decider.choices == slow.decider.choices
        seen_w2 = seen_w2 or "withdraw" in fast.decider.choices
        again = session.run(session.prepare("cardduel", sides, options, seed, choices=list(
            fast.decider.choices), policies=[None, None]))
        assert session.event_digest(again.battle) == session.event_digest(fast)
    assert seen_w2


@pytest.mark.rule("§10")
def test_a_shortcut_answers_what_the_policy_answers_its_request() -> None:
    """§10: for W1/W2 of both warriors and M1 of both mages (fishing for a happening with a
    rank on the field), the shortcut on the values and the policy on the request with the
    context give the same answer, for both policies."""
    ruleset = registry.get("cardduel")
    sides = [ruleset.sample_text("ユウ+ミナ"), ruleset.sample_text("レン+サクラ")]
    prepared = session.prepare("cardduel", sides, {}, "mt1:shortcut-ask", policies=[
        "careful", "bold"])
    battle = prepared.ruleset.new_battle(prepared.setup())
    checked = 0
    for kind in ("W1", "W2"):
        for name, policy in POLICIES.items():
            for w in battle.state.warriors:
                for opp_right in (True, False):
                    ctx = attack_context(battle.table, w, opp_right)
                    options = ("continue", "withdraw") if kind == "W2" else (
                        *w.hand, "deck", "pass")
                    asked = policy(Request(w.side, kind, options, ctx), Rng("mt1:x"))
                    short = policy.shortcuts[kind](*attack_values(battle.table, w, opp_right))
                    assert short == asked, (name, kind)
                    assert short in options
                    checked += 1
    assert checked == 16
    for mage in battle.state.mages:
        warrior = battle.state.warriors[mage.side]
        for name, policy in POLICIES.items():
            ctx = {"member": mage.id, "threshold": mage.threshold, "fav": mage.checks.fav,
                   "mp": mage.mp, "hand": list(mage.hand), "deck_size": len(mage.deck),
                   "w_threshold": warrior.threshold, "w_fav": warrior.checks.fav,
                   "w_right": True, "field_ranks": sorted(CARD_RANKS[c] for c in mage.hand[:2])}
            options = (*mage.hand, "deck", "pass")
            asked = policy(Request(mage.side, "M1", options, ctx), Rng("mt1:x"))
            short = policy.shortcuts["M1"](
                mage.threshold, mage.checks.fav, mage.mp, mage.hand, len(mage.deck),
                warrior.threshold, warrior.checks.fav, True, set(ctx["field_ranks"]))
            assert short == asked != "pass", name


def test_no_shortcut_while_replaying_or_for_a_person() -> None:
    """Design 3: recorded answers are replayed (and checked) first, a person is asked; only
    past the record, on a side a deterministic policy plays, is a shortcut offered."""
    ruleset = registry.get("cardduel")
    sides = [ruleset.sample_text("ユウ"), ruleset.sample_text("アキラ")]
    prepared = session.prepare("cardduel", sides, {}, "mt1:x", choices=["pass"],
                               policies=["careful", None])
    decider = prepared.ruleset.new_battle(prepared.setup()).decider
    assert decider.shortcut(0, "W1") is None  # the recorded "pass" comes first
    assert decider.decide(Request(0, "W1", ("pass",))) == "pass"
    assert decider.shortcut(0, "W1") is POLICIES["careful"].shortcuts["W1"]
    assert decider.shortcut(0, "M3") is None  # no shortcut for that kind
    assert decider.shortcut(1, "W1") is None  # a person
    assert decider.shortcut(2, "W1") is None  # no such side
    assert decider.record("deck") == "deck" and decider.choices == ["pass", "deck"]
