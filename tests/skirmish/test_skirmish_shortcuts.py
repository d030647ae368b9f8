"""The §16 AI's ``cover`` shortcut (issue 29): answered from the context's values without a
request (``Decider.shortcut``), every battle is the one the requests make, event for event
and choice for choice."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import registry, session
from kassen.core.decisions import Request, deterministic
from kassen.core.driver import Driver
from kassen.core.rng import Rng
from kassen.rulesets.skirmish.ai import SkirmishAI
from kassen.rulesets.skirmish.model import Unit


def _without_shortcuts(policy: Any) -> Any:
    """The same (bound) policy, offering no shortcut: every cover goes through its request."""
    return deterministic(lambda request, stream: policy(request, stream))


def _play(prepared: session.Prepared, shortcuts: bool) -> Any:
    battle = prepared.ruleset.new_battle(prepared.setup())
    if not shortcuts:
        battle.decider.policies = [_without_shortcuts(p) for p in battle.decider.policies]
    Driver(battle, snapshots=False).run()
    return battle


def _cases() -> list[tuple[list[str], dict[str, Any], str, list[str]]]:
    ruleset = registry.get("skirmish")
    lineups = [list(pair) for pair in ruleset.bench_lineups()]
    rng = Rng("mt1:shortcut-builds")
    lineups += [[ruleset.random_build(rng), ruleset.random_build(rng)] for _ in range(3)]
    cases = []
    for n, sides in enumerate(lineups):
        for options in ({}, {"cover_allies_only": True, "cover_damage": "coverer"}):
            names = [("default", "nocover")[n % 2], "default"]
            cases.append((sides, options, f"mt1:shortcut-{n}", names))
    return cases


@pytest.mark.rule("§16")
@pytest.mark.rule("A4")
@pytest.mark.rule("§7.2")
def test_battles_with_and_without_the_shortcuts_are_the_same() -> None:
    """§16 A4: the shortcut is the policy's own cover rule on the values of the request's
    context, so the battle's events and recorded choices do not change; the record replays
    without the AI."""
    covers = 0
    for sides, options, seed, names in _cases():
        prepared = session.prepare("skirmish", sides, options, seed, policies=names)
        fast = _play(prepared, shortcuts=True)
        slow = _play(prepared, shortcuts=False)
        assert fast.rec.events_json() == slow.rec.events_json(), (options, seed)
        assert fast.decider.choices == slow.decider.choices
        covers += sum(1 for e in fast.rec.events() if e.kind == "cover")
        again = session.run(session.prepare("skirmish", sides, options, seed, choices=list(
            fast.decider.choices), policies=[None, None]))
        assert session.event_digest(again.battle) == session.event_digest(fast)
    assert covers > 0  # some characters did cover (§7.2), not only refused


class Checking(SkirmishAI):
    """The default AI whose cover shortcut also asks the policy the request with the context
    the rules would raise, and checks both answers agree."""

    def __init__(self) -> None:
        super().__init__()
        self.answers_seen: list[str] = []

    def cover_shortcut(self, coverer: Unit, protect: Unit, user: Unit, effect: str, acc: int,
                       atk: int, attribute: str | None) -> str:
        short = super().cover_shortcut(coverer, protect, user, effect, acc, atk, attribute)
        context = {"unit": coverer.id, "protect": protect.id, "user": user.id,
                   "source": "x", "effect": effect, "acc": acc, "atk": atk,
                   "attribute": attribute}
        asked = self(Request(coverer.side, "cover", ("yes", "no"), context), Rng("mt1:x"))
        assert short == asked
        self.answers_seen.append(short)
        return short


@pytest.mark.rule("§16")
@pytest.mark.rule("A4")
def test_a_shortcut_answers_what_the_policy_answers_its_request() -> None:
    """§16 A4: at every cover of the bench line-ups, the shortcut on the values and the
    policy on the request with the context give the same answer, yes as well as no."""
    ruleset = registry.get("skirmish")
    seen: list[str] = []
    for n, sides in enumerate(ruleset.bench_lineups()):
        prepared = session.prepare("skirmish", list(sides), {}, f"mt1:shortcut-{n}",
                                   policies=["default", "default"])
        battle = prepared.ruleset.new_battle(prepared.setup())
        policy = Checking()
        policy.bind(battle)
        battle.decider.policies = [deterministic(policy)] * 2
        Driver(battle, snapshots=False).run()
        seen += policy.answers_seen
    assert "yes" in seen and "no" in seen


def test_no_shortcut_while_replaying_or_for_a_person() -> None:
    """Design 3: recorded answers are replayed (and checked) first, a person is asked; only
    past the record, on a side a deterministic policy plays, is a shortcut offered."""
    ruleset = registry.get("skirmish")
    sides = list(ruleset.bench_lineups()[0])
    prepared = session.prepare("skirmish", sides, {}, "mt1:x", choices=["no"],
                               policies=["default", None])
    decider = prepared.ruleset.new_battle(prepared.setup()).decider
    assert decider.shortcut(0, "cover") is None  # the recorded "no" comes first
    assert decider.decide(Request(0, "cover", ("yes", "no"))) == "no"
    shortcut = decider.shortcut(0, "cover")
    assert shortcut is not None and shortcut.__func__ is SkirmishAI.cover_shortcut
    assert decider.shortcut(0, "rs") is None  # no shortcut for that kind
    assert decider.shortcut(1, "cover") is None  # a person
    assert decider.shortcut(2, "cover") is None  # no such side
    assert decider.record("yes") == "yes" and decider.choices == ["no", "yes"]
