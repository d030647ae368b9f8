"""The sum behind every number (issue 16, core.sums): every number a dice event reports
carries terms that fold to it exactly, in exact and in float arithmetic (§19, D1, A7)."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from dice_helpers import EX_BLUE, EX_RED, battle, damage_terms, events

from kassen.core import registry, session, sums
from kassen.core.rng import Rng

RULESET = registry.get("dice")  # through the registry: it registers the text

VARIANTS = (
    {},
    {"arithmetic": "float"},
    {"arithmetic": "float", "rounding": "half_up"},
    {"rounding": "half_up", "parry": "negate_first", "gauge_loss": "turn"},
    {"def_mult_floor": False, "heal_cap": False, "charge_capped": False, "stun_dice": "signed"},
)
"""Options that change how the numbers are computed (each variant plays its own battles)."""

EXPLAINED = {"hit": "damage", "read": "five", "values": "speed", "attack": "hits",
             "vp": "vp", "heal": "amount", "stun_countdown": "left", "decision": "x",
             "stars": "stars", "stardust": "stardust"}
"""An event kind and one number each of its events explains."""


def _battle_events(seed: int, options: dict) -> list:
    rng = Rng(f"xo1:sums{seed}")
    sides = [RULESET.random_build(rng), RULESET.random_build(rng)]
    prepared = session.prepare("dice", sides, options, f"xo1:{seed}")
    return session.run(prepared).battle.rec.events()


@pytest.mark.rule("§12.5")
@pytest.mark.rule("§15.1")
@pytest.mark.rule("§16.1")
@pytest.mark.rule("§19")
@pytest.mark.rule("D1")
@pytest.mark.rule("A7")
@pytest.mark.rule("§6.2")
@pytest.mark.rule("§10.1")
@pytest.mark.rule("§14.3")
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_sum_folds_to_its_number_section19(variant: int) -> None:
    """§19/D1/A7 (and §6.2, §10.1, §12.5, §14.3, §16.1): over 60 random battles per option
    variant, every sum folds to the number its event reports, and the events that report a
    computed number carry its sum (§15.1: stars and stardust among them)."""
    seen: dict[str, int] = {}
    for seed in range(60):
        found = _battle_events(seed, VARIANTS[variant])
        assert sums.mismatches(found) == []
        for e in found:
            kind = "decision" if e.kind.startswith("decision") else e.kind
            if kind in EXPLAINED:
                assert EXPLAINED[kind] in e.values["sums"], (e.kind, e.values)
                seen[kind] = seen.get(kind, 0) + 1
    assert {"hit", "read", "values", "attack", "vp", "decision", "stars",
            "stardust"} <= set(seen), seen
    assert seen["hit"] > 500


@pytest.mark.rule("§19")
def test_worked_example_terms_section19() -> None:
    """§19 worked example: ATK = (5+21+0)×4×(10−3)×1.56, DEF = (8+18+0)×3÷2×(10−5)×1,
    DMG = floor(940.68) = 940, told term by term."""
    b = battle(EX_RED, EX_BLUE, [5, 3, 2, 6])
    b.play_turn()
    hit = events(b, "hit")[0]
    attack, defence, *rest = json.loads(json.dumps(hit["sums"]["damage"]))  # as the page has it
    assert attack[2] == [
        ["=", "base_atk", 5], ["+", "five", 21], ["+", "stars", 0], ["*", "atk_mult", 4],
        ["*", "ten_minus", [["=", "ten", 10], ["-", "a_red", 3, "§6.3"]]],
        ["*", "total_corr", [["=", "atk_corr", 1], ["*", "range_m", "6/5", "§11.1"],
                             ["*", "fav_m", "13/10", "§11.2"], ["*", "combo", 1, "§10.2"]]]]
    assert defence[2] == [
        ["=", "base_def", 8], ["+", "five", 18], ["+", "stars", 0], ["*", "def_mult", 3],
        ["*", "ten_minus", [["=", "ten", 10], ["-", "d_red", 5, "§6.4"]]],
        ["*", "def_corr", 1], ["/", "half", 2]]
    assert rest == [["max", "at_least_zero", 0, "§19"], ["*", "dmg_mult", 1],
                    ["*", "taken_mult", 1], ["floor", "floor", None, "D1"]]
    assert sums.fold(attack[2]) == Fraction(113568, 100) and sums.fold(defence[2]) == 195
    assert hit["damage"] == 940
    speed = json.loads(json.dumps(events(b, "values", "0.0")[0]["sums"]["speed"]))
    assert sums.fold(speed) == 55 and speed[:3] == [["=", "own_die", 5], ["*", "ten", 10],
                                                   ["+", "agi", 5]]


@pytest.mark.rule("A7")
def test_float_terms_repeat_the_float_computation_a7() -> None:
    """A7 ``arithmetic=float``: the terms are binary floats folded in the order the engine
    computes, so the sum gives the engine's float bit for bit (here 1.3·1.2 is not 1.56)."""
    b = battle(EX_RED, EX_BLUE, [5, 3, 2, 6], arithmetic="float")
    b.play_turn()
    hit = events(b, "hit")[0]
    bd = damage_terms(hit)
    assert isinstance(bd["range_m"], float) and bd["total_corr"] == 1.2 * 1.3 * 1.0 * 1.0
    assert bd["attack"] == 26 * 4 * 7 * (1.2 * 1.3)
    assert hit["damage"] == math.floor(bd["attack"] - 195.0) == 940


@pytest.mark.rule("§15")
@pytest.mark.rule("§15.1")
@pytest.mark.rule("§15.3")
@pytest.mark.rule("§15.5")
def test_star_terms_before_plus_change_capped_section15() -> None:
    """§15.1/§15.3/§15.5: every stars event's sum is the stars before ± the change (at
    least 0), and the 奥義星 rise stops at the 奥義's setting (``ougi_star_cap``); every
    stardust event's sum is the stardust before plus what it gained."""
    capped = 0
    for seed in range(60):
        for e in _battle_events(seed, {}):
            if e.kind not in ("stars", "stardust"):
                continue
            terms = e.values["sums"][e.kind]
            assert terms[0][:2] == ("=", f"{e.kind}_before")
            assert sums.fold(terms) == e.values[e.kind]
            if e.kind == "stars" and e.values["change"] > 0:
                assert terms[1][:3] == ("+", "stars_gained", e.values["change"])
            ougi = e.values["sums"].get("ougi_stars", ())
            if ougi and ougi[-1][1] == "ougi_setting":
                capped += 1
                assert e.values["ougi_stars"] == ougi[-1][2] < sums.fold(ougi[:2])
    assert capped > 0
