"""Property tests over random legal 10-point builds (design 6): no exception, the battle ends
within the turn limit or at a cap, same pair → same events, snapshot/restore at every turn
changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_kit import replayed_turns
from kassen.core import registry, session
from kassen.core.rng import Rng
from kassen.rulesets.marguerite.engine import TURN_LIMIT, MargueriteBattle

RULESET = registry.get("marguerite")  # through the registry: it registers the text


def pairs(n: int, seed: str) -> list[tuple[str, str]]:
    rng = Rng(seed)
    return [(RULESET.random_build(rng), RULESET.random_build(rng)) for _ in range(n)]


ALTERNATIVES = {"untagged_start": "0", "overkill_value": "death", "turn0_dead": "skip",
                "reflected_rider": "reflector", "miscarriage": "kept", "build_order": "behind",
                "revival": "fallthrough", "executing_sword": "live"}
"""Every §18/§21 reading option at its non-default value."""


def fresh(a: str, b: str, opts: dict | None = None) -> MargueriteBattle:
    prepared = session.prepare("marguerite", [a, b], opts)
    battle = prepared.ruleset.new_battle(prepared.setup())
    assert isinstance(battle, MargueriteBattle)
    return battle


def straight(a: str, b: str, opts: dict | None = None) -> tuple[MargueriteBattle, int]:
    battle = fresh(a, b, opts)
    calls = 0
    while not battle.finished and battle.aborted is None:
        battle.play_turn()
        calls += 1
        assert calls <= TURN_LIMIT + 1
    return battle, calls


def check_pair(a: str, b: str, opts: dict | None = None) -> None:
    battle, calls = straight(a, b, opts)
    result = battle.final_result()
    assert result.reason in ("wipeout", "overkill", "overturn", "push", "draw", "aborted")
    assert calls <= TURN_LIMIT + 1
    events = [e.to_json() for e in battle.rec.events()]
    again, _ = straight(a, b, opts)
    assert [e.to_json() for e in again.rec.events()] == events
    stepped = fresh(a, b, opts)
    replayed_turns(stepped)  # the ruleset contract's snapshot check, on these pairs
    assert [e.to_json() for e in stepped.rec.events()] == events
    assert stepped.final_result() == result


@pytest.mark.rule("R3.1")
@pytest.mark.parametrize(("a", "b"), pairs(60, "xo1:prop-fast"))
def test_random_pair(a: str, b: str) -> None:
    """Random legal builds (R3.1 budget 10): ends, deterministic, snapshot-safe."""
    check_pair(a, b)


@pytest.mark.rule("§21 D2")
@pytest.mark.parametrize(("a", "b"), pairs(40, "xo1:prop-alt"))
def test_random_pair_under_every_alternative_reading(a: str, b: str) -> None:
    """§18.9-§18.20, §21 D2/D7 at their alternatives: still ends, deterministic,
    snapshot-safe."""
    check_pair(a, b, ALTERNATIVES)


@pytest.mark.slow
def test_many_random_pairs() -> None:
    """The same over 2,000 pairs (slow tier)."""
    for a, b in pairs(2000, "xo1:prop-slow"):
        check_pair(a, b)


def test_random_builds_are_legal() -> None:
    """random_build gives texts the validator accepts under the defaults."""
    rng = Rng("xo1:legal")
    for _ in range(300):
        text = RULESET.random_build(rng)
        assert RULESET.parse(text, {"budget": 10, "hp_step": "5"})[1] == [], text


def free_build(rng: Rng) -> str:
    """A random build with no budget: big stats, up to 32 swords."""
    from kassen.rulesets.marguerite.catalogue import SWORDS

    swords = "".join(SWORDS[rng.below(len(SWORDS))].code for _ in range(rng.below(33)))
    return (f"{rng.below(200)}/{rng.below(60)}/{rng.below(20)}/{rng.below(40)}/{swords}"
            f"/F{rng.below(99)}")


@pytest.mark.slow
def test_free_budget_fuzz() -> None:
    """Any legal build without budget, every reset mode: no exception, bounded."""
    rng = Rng("xo1:free-fuzz")
    for index in range(600):
        a, b = free_build(rng), free_build(rng)
        opts = {"budget": 0, "hp_step": "1", "reset": ("turn", "cycle", "keep0")[index % 3],
                "simultaneous": ("two_phase", "interleave")[index % 2],
                **(ALTERNATIVES if index % 5 < 2 else {})}
        outcome = session.run(session.prepare("marguerite", [a, b], opts))
        assert outcome.result.turn <= 60
        assert outcome.battle.rec.event_count < 70000


@pytest.mark.rule("R3.1")
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_hypothesis_random_legal_pairs(seed: int) -> None:
    """The same properties with hypothesis choosing the build seeds (R3.1 budget 10)."""
    rng = Rng(f"xo1:h{seed}")
    check_pair(RULESET.random_build(rng), RULESET.random_build(rng))


@pytest.mark.rule("R7.3")
@pytest.mark.rule("R8.6")
@pytest.mark.rule("Q8")
@pytest.mark.parametrize(("a", "b"), pairs(40, "xo1:mirror"))
def test_swapping_sides_mirrors_the_result(a: str, b: str) -> None:
    """R7.3, R8.6 (Q8 two_phase): nothing favours party 1 over party 2; swapping the builds
    swaps the winner and keeps reason and turn."""
    r1 = session.run(session.prepare("marguerite", [a, b])).result
    r2 = session.run(session.prepare("marguerite", [b, a])).result
    mirrored = None if r2.winner is None else 1 - r2.winner
    assert (r1.winner, r1.reason, r1.turn) == (mirrored, r2.reason, r2.turn)
