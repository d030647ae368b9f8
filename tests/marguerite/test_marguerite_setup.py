"""Creating a マーガレット2011α battle: the values made once and shared between battles equal
what each battle would make for itself (R4.2, R5.1, §2)."""

from __future__ import annotations

import pytest

from kassen.rulesets.marguerite.catalogue import SWORDS, swords_for_start
from kassen.rulesets.marguerite.engine import settings
from kassen.rulesets.marguerite.model import Sword, unused_swords
from kassen.rulesets.marguerite.options import parse_mp_costs, readings
from kassen.rulesets.marguerite.rules.executable import start_table


@pytest.mark.rule("§2")
def test_unused_swords_are_fresh_swords() -> None:
    """§2: a 剣師's list at entry holds 未使用 swords without enchantments, as Sword(sid)."""
    sids = [row.index for row in SWORDS]
    made = unused_swords(sids)
    for sword, sid in zip(made, sids, strict=True):
        fresh = Sword(sid)
        assert {k: getattr(sword, k) for k in Sword.__slots__} == {
            k: getattr(fresh, k) for k in Sword.__slots__}


@pytest.mark.rule("R4.2")
@pytest.mark.rule("§18")
def test_settings_follow_the_readings() -> None:
    """R4.2 and the readings of §18: the settings of a battle are those of its own readings,
    also when battles under other options came between."""
    plain = readings({})
    other = readings({"untagged_start": "0", "mp_costs": "拡散剣=2,鏡の剣=1", "reset": "keep0",
                      "no_next": "blocked"})
    for r in (plain, other, plain):
        s = settings(r)
        defs = swords_for_start(r.untagged_start)
        costs = parse_mp_costs(r.mp_costs or "")
        assert s.defs == defs
        assert s.mp_costs == costs and s.has_mp_costs == any(costs)
        assert s.starts == start_table(defs, r.no_next_blocked, any(costs))
        assert s.reset_from == (2 if r.reset == "keep0" else 1)
        assert (s.reset_cycle, s.no_next_blocked, s.reserve_always, s.turn0_dead_skip,
                s.status_end, s.heal_negative) == (
            r.reset == "cycle", r.no_next_blocked, r.reserve_always, r.turn0_dead_skip,
            r.status_end, r.heal_negative)
    assert settings(other).has_mp_costs and not settings(plain).has_mp_costs
    assert settings(other).reset_from == 2 and settings(plain).reset_from == 1
