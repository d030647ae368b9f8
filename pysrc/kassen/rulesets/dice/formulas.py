"""Pure formulas of §6, §10, §11, §12 and §19: speed, range factors, damage, stun digits.

Multipliers are exact fractions (D1); the ``exact`` switch of the ``arithmetic`` option turns
them into binary floats (A7) at the damage formula only. Range is kept in half steps
(``r2`` = 2 × range, 2..12) so 1.5 stays exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kassen.rulesets.dice import constants as k

Number = Fraction | float


def five_sum(dice: dict[str, int], selected_value: int) -> int:
    """5計 = R + B + Y + G + selected die (§6.1)."""
    return dice["R"] + dice["B"] + dice["Y"] + dice["G"] + selected_value


def speed(own_die: int, agi: int, stars: int, modifier: int, stunned: bool) -> int:
    """早さ = own die × 10 + 敏捷 + stars + modifiers, −30 when stunned (§6.2)."""
    return own_die * 10 + agi + stars + modifier - (k.STUN_SPEED_PENALTY if stunned else 0)


def range_factor(r2: int) -> Fraction:
    """m_r = 1.4 − 0.1·r (§11.1), r = r2 / 2."""
    return Fraction(28 - r2, 20)


def favourite_factor(r2: int, fav: int) -> Fraction:
    """1.3 − 0.1·|r − fav| (§11.2)."""
    return Fraction(26 - abs(r2 - 2 * fav), 20)


def range_text(r2: int | None) -> str:
    """``2`` or ``2.5`` (for events and views)."""
    if r2 is None:
        return "-"
    return str(r2 // 2) if r2 % 2 == 0 else f"{r2 // 2}.5"


def extra_hits(diff: int, threshold: int) -> int:
    """floor(D / threshold) extra hits when D ≥ threshold, else 0 (§10.1)."""
    threshold = max(k.COMBO_THRESHOLD_FLOOR, threshold)
    if diff < threshold:
        return 0
    return min(k.MAX_HITS - 1, diff // threshold)


def digits(damage: int) -> int:
    """Number of digits of a damage (0 for no damage)."""
    return 0 if damage <= 0 else len(str(damage))


def gauge_loss(damage: int) -> int:
    """Stun-gauge loss of one hit: 1 digit 0, 2 digits 1, 3 digits 2, 4+ digits 3 (§12.2)."""
    return max(0, min(4, digits(damage)) - 1)


def stun_shortening(damage: int) -> int:
    """Stun turns removed by one hit taken while stunned: 1..4 by digits (§12.5)."""
    return min(4, digits(damage))


def dec(value: Number) -> str:
    """A number as short decimal text for events (4 decimals at most)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    return repr(round(float(value), 4))


@dataclass
class HitInput:
    """Everything one hit's damage depends on (§19)."""

    base_atk: int
    five_a: int
    stars_a: int
    atk_mult: int
    a_red: int
    atk_corr: Fraction
    range_m: Fraction
    fav_m: Fraction
    combo: Fraction
    base_def: int
    five_d: int
    stars_d: int
    def_mult: int
    d_red: int
    def_corr: Fraction
    parry: Fraction
    dmg_mult: Fraction
    taken_mult: Fraction
    def_floor: bool = True
    """Clamp 防御倍率 at 0 (§12.4, option ``def_mult_floor``)."""


def attack_power(base: int, five: int, stars: int, mult: int, a_red: int, corr: Number,
                 ) -> Number:
    """(base + 5計 + stars) × max(0, 攻撃倍率) × (10 − 攻撃低減値) × 攻撃補正倍率 (§19)."""
    return (base + five + stars) * max(0, mult) * (10 - a_red) * corr


def damage(h: HitInput, exact: bool = True, half_up: bool = False,
           ) -> tuple[int, dict[str, Any]]:
    """The damage of one hit and its breakdown (§19): rounded only at the end (D1); floor,
    or half up with ``half_up`` (A7, option ``rounding``)."""
    conv = (lambda x: x) if exact else float
    corr = conv(h.atk_corr) * conv(h.range_m) * conv(h.fav_m) * conv(h.combo)
    atk = attack_power(h.base_atk, h.five_a, h.stars_a, h.atk_mult, h.a_red, corr)
    def_mult = max(0, h.def_mult) if h.def_floor else h.def_mult
    defence = ((h.base_def + h.five_d + h.stars_d) * def_mult * (10 - h.d_red)
               * conv(h.def_corr) / 2) + conv(h.parry)
    raw = max(0, atk - defence) * conv(h.dmg_mult) * conv(h.taken_mult)
    dmg = math.floor(raw + (Fraction(1, 2) if exact else 0.5)) if half_up else math.floor(raw)
    breakdown = {
        "atk": dec(atk), "def": dec(defence), "base_atk": h.base_atk, "five_a": h.five_a,
        "stars_a": h.stars_a, "atk_mult": h.atk_mult, "a_red": h.a_red,
        "atk_corr": dec(h.atk_corr), "range_m": dec(h.range_m), "fav_m": dec(h.fav_m),
        "combo": dec(h.combo), "total_corr": dec(corr), "base_def": h.base_def,
        "five_d": h.five_d, "stars_d": h.stars_d, "def_mult": h.def_mult, "d_red": h.d_red,
        "def_corr": dec(h.def_corr), "parry": dec(h.parry), "dmg_mult": dec(h.dmg_mult),
        "taken_mult": dec(h.taken_mult), "raw": dec(raw), "damage": dmg,
    }
    return dmg, breakdown
