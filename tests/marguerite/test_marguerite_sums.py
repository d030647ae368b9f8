"""The sum behind every number (issue 16, core.sums): damage, status damage, healing, overkill
and the judgement's totals carry their terms, and the terms fold to exactly the number shown."""

from __future__ import annotations

import json
from typing import Any

import pytest
from marguerite_helpers import after, events, finish

from kassen.core import registry, session, sums
from kassen.core.rng import Rng

RULESET = registry.get("marguerite")  # through the registry: it registers the text

EXPLAINED = {"damage": ("amount",), "mp_damage": ("amount",), "heal": ("amount",),
             "poison": ("amount",), "guard": ("amount",), "exit": ("overkill",),
             "judgement": ("total0", "total1")}
"""Every event kind that reports a computed number, and the values that must carry a sum."""

READINGS: list[dict[str, Any]] = [
    {},
    {"negative": "heal", "overkill_value": "death", "reflected_rider": "reflector"},
    {"overkill": "more", "half_hp": "ceil", "executing_sword": "live", "budget": 20},
]


FIXED = [["20/3/0/1/斬毒吸封/A", "30/2/1/1/盾鏡斬/B"], ["10/0/0/1/斬/C", "5/9/0/2/盾斬/D"]]
"""Pairs in every set so that each kind of sum occurs whatever the random builds are (ガード,
毒, 吸血剣's heal, 魔封剣's MP damage, exits)."""


def battles(n: int, seed: str, options: dict[str, Any]) -> list[Any]:
    """The fixed pairs and ``n`` random legal battles, played to their end."""
    rng = Rng(seed)
    pairs = FIXED + [[RULESET.random_build(rng), RULESET.random_build(rng)] for _ in range(n)]
    return [session.run(session.prepare("marguerite", sides, {"budget": 0, **options})).battle
            for sides in pairs]


@pytest.mark.rule("R8.5")
@pytest.mark.rule("R15.3")
@pytest.mark.rule("§11 毒")
@pytest.mark.rule("§11 ガード")
@pytest.mark.rule("R9.5")
@pytest.mark.rule("R10.2")
@pytest.mark.parametrize("index", range(len(READINGS)))
def test_every_sum_folds_to_its_number_over_random_battles(index: int) -> None:
    """Over random legal battles (R8.5 damage, R15.3 heals, §11 毒, §11 ガード, R9.5
    overkill, R10.2 totals): every sum folds to its event's number, every event that reports
    such a number carries one, and each kind does occur (the test cannot pass vacuously)."""
    options = READINGS[index]
    seen: dict[str, int] = {}
    bad: list[str] = []
    for battle in battles(150, f"xo1:sums-{index}", options):
        evs = list(battle.rec.events())
        bad.extend(sums.mismatches(evs))
        for e in evs:
            keys = EXPLAINED.get(e.kind)
            if keys is None:
                continue
            carried = sums.event_sums(e.values)
            missing = [k for k in keys if k not in carried]
            assert not missing, (e.kind, e.values)
            seen[e.kind] = seen.get(e.kind, 0) + 1
    assert bad == [], bad[:5]
    assert sorted(seen) == sorted(EXPLAINED), seen


def _amount_terms(e: Any) -> list[list[Any]]:
    """An event's ``amount`` sum as the page receives it (JSON)."""
    return json.loads(json.dumps(sums.event_sums(e.values)["amount"]))


@pytest.mark.rule("§12.1 重撃剣")
@pytest.mark.rule("§11 ガード")
def test_heavy_sword_doubles_attack_then_guard_halves_rounding_up() -> None:
    """§12.1 重撃剣 2A − D, then §11 ガード ceil(d/2): 2·3 − 0 = 6 → 3; the terms say so
    in that order, with the rules that add the ×2 and the halving."""
    b = after("10/3/0/1/重/A", "50/0/0/1/盾/D", 4)
    (hit,) = events(b, "damage")
    assert hit.values["amount"] == 3
    assert _amount_terms(hit) == [["=", "attack", 3], ["*", "double", 2, "§12.1 重撃剣"],
                                  ["-", "defence", 0], ["ceil/", "guard", 2, "§11 ガード"]]
    (guard,) = events(b, "guard")
    assert sums.fold(_amount_terms(guard)) == guard.values["amount"] == 3


@pytest.mark.rule("§12.3 音速剣")
def test_sonic_sword_takes_a_fifth_of_attack_on_each_of_ten_hits() -> None:
    """§12.3 音速剣 floor(A/5) − D, 10 times: 12 // 5 − 1 = 1 per hit, each noting the 10."""
    b = after("10/12/0/1/音/A", "50/0/1/0//D", 0)
    hits = events(b, "damage")
    assert len(hits) == 10
    for hit in hits:
        assert _amount_terms(hit) == [["note", "hits", 10], ["=", "attack", 12],
                                      ["//", "fifth", 5, "§12.3 音速剣"], ["-", "defence", 1]]
        assert hit.values["amount"] == 1


@pytest.mark.rule("Q4")
@pytest.mark.rule("§11 反射")
@pytest.mark.rule("R8.5")
def test_reflected_hit_counts_the_receivers_defence_and_clamps_at_zero() -> None:
    """§11 反射, R8.5: the hit turns back to the attacker, whose own 防御力 is subtracted;
    3 − 5 < 0 deals 0 (Q4), and the terms end with the clamp."""
    b = after("10/3/5/1/斬/A", "50/0/0/2/鏡/D", 2)
    (hit,) = [e for e in events(b, "damage") if e.target == "0.0"]
    assert hit.values["amount"] == 0
    assert _amount_terms(hit) == [["note", "reflected", 1, "§11 反射"], ["=", "attack", 3],
                                  ["-", "defence", 5], ["max", "not_below_zero", 0, "R8.5"]]


@pytest.mark.rule("R15.3")
def test_vampire_heal_is_capped_by_missing_hp() -> None:
    """R15.3: 吸血剣 heals by the damage dealt, never above maxHP."""
    b = after("10/4/0/1/吸/A", "50/3/0/1/斬/D", 1)
    (heal,) = events(b, "heal")
    terms = _amount_terms(heal)
    assert terms[0][:3] == ["=", "damage_dealt", 4]
    assert terms[1][:3] == ["min", "hp_missing", 3]
    assert heal.values["amount"] == sums.fold(terms) == 3


@pytest.mark.rule("R10.2")
@pytest.mark.rule("R10.3")
def test_judgement_totals_add_each_counted_hp() -> None:
    """R10.2 overturn at the turn limit: each side's HP total is the sum of its living 剣師's
    HP, one term each."""
    b = finish("10/0/0/1//A", "12/0/0/1//B")
    (judgement,) = events(b, "judgement")
    carried = json.loads(json.dumps(sums.event_sums(judgement.values)))
    assert carried["total0"] == [["=", "hp", 10, "R10.2"]]
    assert carried["total1"] == [["=", "hp", 12, "R10.2"]]
    assert "push0" not in carried
