"""The AI keeps each use's expected value for the whole battle (issue 29), keyed on what the
value reads that can change: the target's HP and, when it has effects, its 装甲 and sleep.

These tests check that key: a kept value must equal the value worked out afresh (§16 A1),
both in a position changed on purpose and at every value the AI reads in whole battles.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import fighter, make

from kassen.core import options as options_mod
from kassen.core.ruleset import Setup
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.ai import SkirmishAI
from kassen.rulesets.skirmish.catalogue import ABILITIES, Ability
from kassen.rulesets.skirmish.engine import SkirmishBattle
from kassen.rulesets.skirmish.model import Effect, Unit
from kassen.rulesets.skirmish.samples import ENCOUNTERS, PARTY


class Checked(SkirmishAI):
    """The default AI, checking every expected value it reads against a fresh one."""

    def __init__(self) -> None:
        super().__init__()
        self.read = self.kept = 0

    def ev_use(self, u: Unit, ab: Ability | None, t: Unit) -> float:
        known = len(self.values)
        got = super().ev_use(u, ab, t)
        fresh = self.ev_weapon(u, t, None) if ab is None else self.ev_ability(u, ab, t)
        assert got == fresh, (u.id, ab.id if ab else "attack", t.id, got, fresh)
        self.read += 1
        self.kept += len(self.values) == known  # an answer from what was kept
        return got


def answering(battle: SkirmishBattle, policy: SkirmishAI) -> None:
    """Put ``policy`` in the middle of an answer, as a request would (the values are kept
    only then)."""
    policy.t = battle.table  # type: ignore[assignment]
    policy.memo, policy.placed_checked = {}, False


@pytest.mark.rule("§16")
@pytest.mark.rule("A1")
@pytest.mark.rule("§9.5")
@pytest.mark.rule("§9.2")
def test_kept_value_follows_hp_armour_and_sleep_r16_a1() -> None:
    """§16 A1: a weapon attack's value is P(hit) × E[damage] capped at the target's HP, so a
    kept value must change when the target's HP (the cap), 装甲 (Stone Skin, §9.5) or sleep
    (a sure hit with ``sleep_auto_hit``, §9.2) changes, and equal a fresh value each time."""
    b, p = make([fighter("A", acc=6, wpn="club"), fighter("Z", hp=30, eva=17, arm=2)],
                sleep_auto_hit=True)
    answering(b, p)
    a, z = b.unit("0.0"), b.unit("1.0")

    def value() -> float:
        got = p.ev_use(a, None, z)
        assert got == p.ev_weapon(a, z, None)
        return got

    full = value()
    z.hp = 5  # the cap: at most 5 damage now
    capped = value()
    assert capped < full and capped <= 5
    z.hp = 30
    assert value() == full  # the same position again reads the same value
    z.effects.append(Effect("stone_skin", 2, 4))
    skin = value()
    assert skin < full  # 装甲 +4
    z.effects.append(Effect("sleep", 1))
    assert value() > skin  # asleep: hit for sure (§16 D31)
    power = ABILITIES["power_attack"]
    assert p.ev_use(a, power, z) == p.ev_ability(a, power, z)


def play(text: str, seed: str, **options: Any) -> Checked:
    """One battle of the sample party against ``text`` played to the end by :class:`Checked`."""
    opts, problems = options_mod.resolve(RULESET.options, options)
    assert not problems, problems
    builds = []
    for side in (PARTY, text):
        build, found = RULESET.parse(side, opts)
        assert not found
        builds.append(build)
    battle = SkirmishBattle(Setup(builds, opts, "mt1:" + seed, [], ["default", "default"]),
                            RULESET)
    policy = Checked()
    policy.bind(battle)
    battle.decider.policies = [policy, policy]
    while not battle.finished:
        battle.play_turn()
    return policy


@pytest.mark.rule("§16")
@pytest.mark.rule("A1")
@pytest.mark.rule("R3")
@pytest.mark.rule("§9.2")
@pytest.mark.parametrize("encounter", ["R1", "R3"])
@pytest.mark.parametrize("auto_hit", [False, True])
def test_kept_values_equal_fresh_values_in_whole_battles_r16_a1(encounter: str,
                                                                auto_hit: bool) -> None:
    """§16 A1: in whole battles (R3's shadows and the party's mage put units to sleep, §9.2),
    every value the AI reads equals the value worked out afresh, and many are kept ones."""
    read = kept = 0
    for seed in ("values-1", "values-2"):
        policy = play(ENCOUNTERS[encounter], seed, sleep_auto_hit=auto_hit)
        read, kept = read + policy.read, kept + policy.kept
    assert read > 100 and 0 < kept < read
