"""Repeated turns (rules/repeat.py): a turn that ends in the state it started from is replayed
in the later turns, and replaying gives exactly the battle that computing every turn gives
(R6.2: a turn is a function of the state it starts from; the game draws no random numbers)."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import registry, session
from kassen.core.driver import Driver
from kassen.core.rng import Rng
from kassen.core.table import Table
from kassen.rulesets.marguerite.engine import MargueriteBattle
from kassen.rulesets.marguerite.model import Fencer, State, Sword
from kassen.rulesets.marguerite.rules import repeat
from kassen.rulesets.marguerite.table import MargueriteTable

RULESET = registry.get("marguerite")

ALTERNATIVES = {"untagged_start": "0", "overkill_value": "death", "turn0_dead": "skip",
                "reflected_rider": "reflector", "miscarriage": "kept", "build_order": "behind",
                "revival": "fallthrough", "executing_sword": "live"}
"""Every §18/§21 reading option at its non-default value (as test_marguerite_properties)."""


def play(a: str, b: str, options: dict[str, Any], *, replay: bool) -> tuple[MargueriteBattle,
                                                                              int]:
    """The battle played headless to its end, and how many turns were replayed."""
    prepared = session.prepare("marguerite", [a, b], options)
    battle = prepared.ruleset.new_battle(prepared.setup())
    assert isinstance(battle, MargueriteBattle)
    battle.table.replay = replay
    replayed = 0
    original = repeat.replay

    def counting(t: MargueriteTable) -> None:
        nonlocal replayed
        replayed += 1
        original(t)

    repeat.replay = counting  # type: ignore[assignment]
    try:
        Driver(battle, snapshots=False).run()
    finally:
        repeat.replay = original  # type: ignore[assignment]
    return battle, replayed


def outcome(battle: MargueriteBattle) -> tuple[Any, ...]:
    """Everything a played battle shows: events, result, final members, counters."""
    st = battle.state
    return ([e.to_json() for e in battle.rec.events()], battle.final_result(),
            battle.members(), st.actions, st.turn, st.last)


def both_ways(pairs: list[tuple[str, str]], options: dict[str, Any]) -> int:
    """Play every pair with and without replay, assert they agree; battles that replayed."""
    replaying = 0
    for a, b in pairs:
        fast, replayed = play(a, b, options, replay=True)
        slow, none = play(a, b, options, replay=False)
        assert none == 0
        assert outcome(fast) == outcome(slow), (a, b, options)
        replaying += replayed > 0
    return replaying


def random_pairs(n: int, seed: str) -> list[tuple[str, str]]:
    rng = Rng(seed)
    return [(RULESET.random_build(rng), RULESET.random_build(rng)) for _ in range(n)]


@pytest.mark.rule("R6.2")
def test_replaying_changes_nothing_over_the_deep_random_set() -> None:
    """The 2,000 random legal pairs of test_many_random_pairs (the deep set), replayed and
    computed: the same events, result, members and counters; more than a tenth of them
    replay some turn, so the test does exercise the replay."""
    assert both_ways(random_pairs(2000, "xo1:prop-slow"), {}) > 200


@pytest.mark.rule("§18")
@pytest.mark.rule("§21")
@pytest.mark.rule("R6.2")
@pytest.mark.rule("R6.3")
@pytest.mark.parametrize("options", [
    ALTERNATIVES, {"reset": "keep0"}, {"reset": "cycle"}, {"status_phase": "end"},
    {"mp_costs": "鏡の剣=1,拡散剣=1"},
    {"half_hp": "ceil", "no_next": "blocked", "reserve": "always", "turn0": "fast_once"},
], ids=["alternatives", "keep0", "cycle", "status_end", "mp_costs", "readings"])
def test_replaying_changes_nothing_under_other_readings(options: dict[str, Any]) -> None:
    """The same under the option readings a turn consults (R6.3 resets, the 状態効果 timing,
    MP costs, §18/§21 alternatives): every reading is fixed for the battle."""
    both_ways(random_pairs(150, "xo1:repeat-readings"), options)


@pytest.mark.rule("§12.7")
@pytest.mark.rule("R4.2")
@pytest.mark.parametrize(("a", "b"), [
    ("20/0/0/1/星/A", "20/0/0/1/護/B"),  # 星霜剣 moves the counter every turn
    ("20/0/0/1/滅/A", "20/0/9/1/護/B"),  # 滅奏剣: 2^ターン数 against 防御力 9
    ("20/0/0/1/遅斬/A", "20/0/9/1/護/B"),  # 遅滞剣 pushes 斬撃剣's start every turn
    ("20/0/0/1/導七/A", "20/0/9/1/護/B"),  # 導来剣 brings 七撃剣 forward
    ("20/0/0/1/七/A", "20/0/9/1/護/B"),  # 七撃剣 starts at turn 7 (R4.2)
    ("20/0/9/0/護/A", "20/0/9/0/護/B"),  # nobody acts after turn 1: replayed to turn 20
])
def test_turn_readers_are_played_not_replayed(a: str, b: str) -> None:
    """A turn that reads its number (a start still ahead, 星霜剣, 滅奏剣, 導来剣, 遅滞剣)
    plays as computed; free builds (budget 0)."""
    options = {"budget": 0, "hp_step": "1"}
    fast, _ = play(a, b, options, replay=True)
    slow, _ = play(a, b, options, replay=False)
    assert outcome(fast) == outcome(slow)


@pytest.mark.rule("R8.5")
@pytest.mark.rule("R10.1")
@pytest.mark.rule("R10.2")
def test_a_quiet_battle_replays_to_the_turn_limit() -> None:
    """Two 剣師 that deal no damage (ヌル剣, R8.5) end every turn as they began it: every
    turn after the first alike ones is replayed, and the judgement still comes at turn 20
    (R10.1) with a draw (R10.2)."""
    fast, replayed = play("20/0/0/0/ヌ/A", "20/0/0/0/ヌ/B", {"budget": 0, "hp_step": "1"},
                          replay=True)
    result = fast.final_result()
    assert (result.winner, result.reason, result.turn) == (None, "draw", 20)
    assert replayed >= 15


@pytest.mark.parametrize(("cls", "name"), [
    (State, "State"), (Fencer, "Fencer"), (Sword, "Sword"), (MargueriteTable, "MargueriteTable")])
def test_every_slot_is_keyed_or_excluded(cls: type, name: str) -> None:
    """The state key covers every slot a turn reads: each slot of the state's classes (and
    of the table) is keyed or excluded with a reason, never both, so a new slot fails here
    until someone decides."""
    slots = set(cls.__slots__)
    if cls is MargueriteTable:
        slots |= set(Table.__slots__)
    keyed = set(repeat.KEYED.get(name, ()))
    excluded = set(repeat.EXCLUDED[name])
    assert not keyed & excluded
    assert keyed | excluded == slots
    assert all(repeat.EXCLUDED[name].values())


def _other(value: Any) -> Any:
    """A value of the same kind that differs from ``value``."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, 0]
    assert value is None
    return 1


@pytest.mark.rule("R6.2")
def test_the_key_moves_with_every_keyed_slot() -> None:
    """state_key reads each slot KEYED lists (it names them one by one, not from the list):
    changing any one of them, a status count or the re-armed 剣師 changes the key, so the
    key covers what the test above says it does (R6.2)."""
    prepared = session.prepare("marguerite", ["20/1/1/2/斬鏡/A", "20/1/1/2/斬/B"], {})
    battle = prepared.ruleset.new_battle(prepared.setup())
    assert isinstance(battle, MargueriteBattle)
    t = battle.table
    fencer = t.state.members[1][0]
    owners = {"State": t.state, "Fencer": fencer, "Sword": fencer.swords[0]}
    base = repeat.state_key(t)
    for name, owner in owners.items():
        for slot in repeat.KEYED[name]:
            value = getattr(owner, slot)
            setattr(owner, slot, _other(value))
            assert repeat.state_key(t) != base, (name, slot)
            setattr(owner, slot, value)
    fencer.st[-1] += 1
    assert repeat.state_key(t) != base
    fencer.st[-1] -= 1
    t.cycled.append(fencer.id)
    assert repeat.state_key(t) != base
    t.cycled.clear()
    assert repeat.state_key(t) == base
