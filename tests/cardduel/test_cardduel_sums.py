"""Issue 16, the sum behind every number: an attack's effective value (§4.1–§4.2), the
advantage a round scores (§4.5) and the last damage check's damage with its halving (§4.6)
carry terms (``kassen.core.sums``) that fold exactly to the number the event reports."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import W8, W8B, events, start

from kassen.core import registry, session, sums
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.rules.resources import mp_gain_terms, mp_loss_terms
from kassen.rulesets.cardduel.rules.storm import draw_terms, pool_loss_terms, power_terms

OPTION_SETS = [
    {},
    {"procedure": "original"},
    {"jokers": 2, "emotion_table": "v0"},
    {"procedure": "original", "original_right_loss": "next_only", "storm_variant": "rb5"},
]
EXPLAINED = {"attack_reveal": {"value"}, "advantage": {"gain", "total"},
             "damage": {"amount", "hp"}, "attack_fail": {"hp"},
             "mp_gain": {"mp"}, "mp_loss": {"mp"}, "convert_mp": {"mp"},
             "convert_forced": {"mp"}, "storm_pool": {"pool"}, "storm_card": {"pool"},
             "costume_lost": {"pool"}, "storm_hp": {"loss", "hp", "pool"}}
"""The events that report a number, and the numbers each explains."""
COMMON = ("attack_reveal", "advantage", "damage", "attack_fail")
"""The kinds every battle set is sure to hold many of."""


def sums_of(event: Any) -> dict[str, Any]:
    """An event's sums as the page receives them (JSON: every term an array)."""
    return json.loads(json.dumps(event.values["sums"]))


@pytest.mark.rule("RB5")
@pytest.mark.rule("§4.2")
@pytest.mark.rule("§4.5")
@pytest.mark.rule("§4.6")
@pytest.mark.rule("§5.6.1")
@pytest.mark.rule("§12.2")
def test_every_sum_folds_to_its_number_over_random_battles_4_5() -> None:
    """§4.2, §4.5, §4.6, §5.6.1: over 240 seeded random battles (random legal sides, both
    procedures, Jokers, the Emotion table and the storm's RB5 variant), every sum folds to
    its event's number, and every event that reports such a number carries the sum (so the
    check is not empty)."""
    rs = registry.get("cardduel")
    seen = dict.fromkeys(EXPLAINED, 0)
    labels: set[str] = set()
    for seed in range(240):
        rng = Rng(f"sums-{seed}")
        sides = [rs.random_build(rng), rs.random_build(rng)]
        policies = ["careful", "bold"] if seed % 2 else ["bold", "careful"]
        prepared = session.prepare("cardduel", sides, OPTION_SETS[seed % len(OPTION_SETS)],
                                   str(seed), policies=policies)
        evs = session.run(prepared).battle.rec.events()
        assert sums.mismatches(evs) == [], (seed, sums.mismatches(evs)[:3])
        for e in evs:
            if e.kind in EXPLAINED:
                assert set(sums_of(e)) == EXPLAINED[e.kind], (seed, e)
                seen[e.kind] += 1
                labels.update(sums.labels(t for ts in sums_of(e).values() for t in ts))
    assert all(seen[k] >= 50 for k in COMMON), seen
    assert all(n >= 1 for n in seen.values()), seen
    for label in ("favoured_suit", "higher_card", "against_failed_attack", "lone_attacker",
                  "halved_behind", "advantage_tied", "rivalry", "hp_floor", "mp_before",
                  "invalid_enchant", "elation", "agitation", "costume_mp", "member_draws",
                  "pool_before", "uncounted_draw", "costume_power", "storm_strike",
                  "one_hp_per_strike", "counted_draw", "other_field_cards", "storm_pool"):
        assert label in labels, label


@pytest.mark.rule("§4.5")
@pytest.mark.rule("§4.6")
def test_higher_card_plus_one_and_last_damage_terms_4_5() -> None:
    """§4.5 OK/OK: ♠5 against ♥3 scores +1 for the higher card (5 > 3); §4.6: the side
    ahead deals its own 1 point, the HP going from 10 to 9."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["H3"]}, ["S5", "H3", "withdraw", "withdraw"])
    b.play_turn()
    reveal = events(b, "attack_reveal")[0]
    assert sums_of(reveal)["value"] == [["=", "card_value", 5],
                                              ["note", "valid_threshold", 8, "§4.1"]]
    adv = sums_of(events(b, "advantage")[0])
    assert adv["gain"] == [["=", "higher_card", 1, "§4.5"], ["note", "own_value", 5],
                           ["note", "other_value", 3]]
    assert adv["total"] == [["=", "advantage_before", 0], ["+", "higher_card", 1, "§4.5"]]
    damage = sums_of(events(b, "damage")[0])
    assert damage["amount"] == [["=", "advantage_ahead", 1, "§4.6"]]
    assert damage["hp"] == [["=", "hp_before", 10], ["-", "damage", 1, "§4.6"]]


@pytest.mark.rule("§4.2")
@pytest.mark.rule("§4.5")
@pytest.mark.rule("§5.6.1")
def test_favoured_suit_failed_attack_and_lone_attacker_terms_4_2() -> None:
    """§4.2: ♠K for a ♠-favoured warrior is 13 + 2 and valid by its suit; §4.5 OK/FAIL: +2
    against the failed ♥K, then +1 for the lone attacker."""
    fav = W8.replace("year=1", "year=2").replace("fav=-", "fav=S")
    # round 1: ♠K (valid by suit) against ♥K (invalid): +2; round 2: ♠2 alone: +1 (3 : 0)
    b = start([fav, W8B], {"0.0": ["SK", "S2"], "1.0": ["HK"]},
              ["SK", "HK", "continue", "S2", "withdraw"])
    b.play_turn()
    reveal = events(b, "attack_reveal")[0]
    assert reveal.values["value"] == 15 and sums_of(reveal)["value"] == [
        ["=", "card_value", 13], ["+", "favoured_suit", 2, "§4.2"],
        ["note", "valid_suit", 8, "§4.1"]]
    assert sums_of(events(b, "attack_reveal")[1])["value"][-1] == [
        "note", "invalid", 8, "§4.1"]
    gains = [sums_of(e)["gain"][0] for e in events(b, "advantage")]
    assert gains == [["=", "against_failed_attack", 2, "§4.5"],
                     ["=", "lone_attacker", 1, "§4.5"]]
    assert sums_of(events(b, "attack_fail")[0])["hp"] == [
        ["=", "hp_before", 10], ["-", "failed_attack", 1, "§5.6.1"]]


@pytest.mark.rule("§4.6")
def test_last_damage_halves_the_side_behind_4_6() -> None:
    """§4.6: five OK/OK rounds scored 3 : 2; the side ahead deals its 3, the side behind
    ⌊2/2⌋ = 1, and each damage event says so."""
    a, b_ = ["S8", "S2", "S7", "S3", "S6"], ["H2", "H7", "H3", "H6", "H4"]
    choices: list[str] = []
    for n, (x, y) in enumerate(zip(a, b_, strict=True)):
        choices += [x, y] + (["continue"] * 2 if n < 4 else ["withdraw"] * 2)
    b = start([W8, W8B], {"0.0": a, "1.0": b_}, choices)
    b.play_turn()
    assert events(b, "damage_check")[0].values == {"adv": [3, 2], "damage": [3, 1]}
    ahead, behind = events(b, "damage")
    assert ahead.values["amount"] == 3 and sums_of(ahead)["amount"] == [
        ["=", "advantage_ahead", 3, "§4.6"]]
    assert behind.values["amount"] == 1 and sums_of(behind)["amount"] == [
        ["=", "advantage_behind", 2], ["//", "halved_behind", 2, "§4.6"]]
    assert sums.mismatches(b.rec.events()) == []


@pytest.mark.rule("§2.4")
@pytest.mark.rule("§5.3.1")
@pytest.mark.rule("§5.3.3")
@pytest.mark.rule("§12.2")
def test_mp_terms_gain_above_max_and_loss_floored_5_3_3() -> None:
    """§2.4: a costume's MP may go above MaxMP (noted, not capped): 4 + 3 = 7 > 5; §12.2 ♣
    agitation costs 2 MP from 1, and §5.3.3 stops MP at 0."""
    gain = mp_gain_terms(4, "costume_mp", 3, "§2.4", 5)
    assert sums.fold(gain) == 7 and gain[-1] == ("note", "above_max_mp", 5, "§2.4")
    assert mp_gain_terms(0, "costume_mp", 3, "§5.3.1", 5) == (
        ("=", "mp_before", 0), ("+", "costume_mp", 3, "§5.3.1"))
    loss = mp_loss_terms(1, 2, "§12.2", "agitation")
    assert loss == (("=", "mp_before", 1), ("-", "agitation", 2, "§12.2"),
                    ("max", "mp_floor", 0, "§5.3.3")) and sums.fold(loss) == 0
    assert sums.fold(mp_loss_terms(3, 1, "§5.3.1")) == 2


@pytest.mark.rule("§6.2.1")
@pytest.mark.rule("§6.2.3")
@pytest.mark.rule("§6.2.4")
def test_storm_power_terms_6_2_1() -> None:
    """§6.2.1: S = the cards each member drew (3 + 1 + 2 = 6; ``whole_field`` adds the
    field's 4 other cards); §6.2.3: a costume of power 3 takes S from 2 to 0, not −1;
    §6.2.4: a counting draw adds nothing unless the option counts it."""
    assert sums.fold(power_terms([3, 1, 2], None)) == 6
    whole = power_terms([3, 1, 2], 10)
    assert whole[-1] == ("+", "other_field_cards", 4, "§6.2.1") and sums.fold(whole) == 10
    strike = pool_loss_terms(2, "costume_power", 3, "§6.2.3")
    assert sums.fold(strike) == 0 and strike[-1][:2] == ("max", "pool_floor")
    assert sums.fold(draw_terms(5, False, "count")) == 5
    assert draw_terms(5, True, "tie") == (("=", "pool_before", 5),
                                          ("+", "counted_draw", 1, "§6.2.2"))
