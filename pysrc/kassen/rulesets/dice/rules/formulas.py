"""Pure formulas of §6, §10, §11, §12 and §19: speed, range factors, damage, stun digits.

Multipliers are exact fractions (D1); the ``exact`` switch of the ``arithmetic`` option turns
them into binary floats (A7) at the damage formula only. Range is kept in half steps
(``r2`` = 2 × range, 2..12) so 1.5 stays exact.
"""

from __future__ import annotations

import math
from typing import Any

from kassen.core.rules import implements
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import Ratio


@implements("§6.1")
def five_sum(dice: dict[str, int], selected_value: int) -> int:
    """5計 = R + B + Y + G + selected die (§6.1)."""
    return dice["R"] + dice["B"] + dice["Y"] + dice["G"] + selected_value


@implements("§6.2")
def speed(own_die: int, agi: int, stars: int, modifier: int, stunned: bool) -> int:
    """早さ = own die × 10 + 敏捷 + stars + modifiers, −30 when stunned (§6.2)."""
    return own_die * 10 + agi + stars + modifier - (k.STUN_SPEED_PENALTY if stunned else 0)


@implements("§11.1")
def range_factor(r2: int) -> Ratio:
    """m_r = 1.4 − 0.1·r (§11.1), r = r2 / 2."""
    return (28 - r2, 20)


@implements("§11.2")
def favourite_factor(r2: int, fav: int) -> Ratio:
    """1.3 − 0.1·|r − fav| (§11.2)."""
    return (26 - abs(r2 - 2 * fav), 20)


RANGE_FACTORS = tuple(range_factor(r2) for r2 in range(13))
""":func:`range_factor` at each range in half steps (0..12; 2..12 are played)."""


_FAVOURITE_FACTORS: dict[int, tuple[Ratio, ...]] = {}


def favourite_factors(fav: int) -> tuple[Ratio, ...]:
    """:func:`favourite_factor` at each range in half steps (0..12), for one favourite
    (made once per favourite; sheets have a handful)."""
    table = _FAVOURITE_FACTORS.get(fav)
    if table is None:
        table = tuple(favourite_factor(r2, fav) for r2 in range(13))
        if len(_FAVOURITE_FACTORS) < 64:
            _FAVOURITE_FACTORS[fav] = table
    return table


def _half_steps(r2: int) -> str:
    return str(r2 // 2) if r2 % 2 == 0 else f"{r2 // 2}.5"


RANGE_TEXTS = tuple(_half_steps(r2) for r2 in range(13))
"""The text of each range in half steps (0..12), written once."""


def range_text(r2: int | None) -> str:
    """``2`` or ``2.5`` (for events and views)."""
    if r2 is None:
        return "-"
    return RANGE_TEXTS[r2] if 0 <= r2 <= 12 else _half_steps(r2)


MAX_EXTRA = k.MAX_HITS - 1
"""Extra hits are capped so that one attack has at most ``MAX_HITS`` hits (§10.1)."""


@implements("§10.1")
def extra_hits(diff: int, threshold: int) -> int:
    """floor(D / threshold) extra hits when D ≥ threshold, else 0 (§10.1)."""
    threshold = max(k.COMBO_THRESHOLD_FLOOR, threshold)
    if diff < threshold:
        return 0
    return min(MAX_EXTRA, diff // threshold)


@implements("§12.2", "§12.5")
def digits(damage: int, zero_has_digit: bool = True) -> int:
    """Number of decimal digits of a damage: 0 has one, as written (§12.2, §12.5, D18);
    ``zero_has_digit`` off gives it none (option ``zero_damage_digits = none``)."""
    if damage <= 0:
        return 1 if zero_has_digit else 0
    return len(str(damage))


@implements("§12.2")
def gauge_loss(damage: int) -> int:
    """Stun-gauge loss of one hit: 1 digit 0, 2 digits 1, 3 digits 2, 4+ digits 3 (§12.2)."""
    # max(0, min(4, digits(damage)) - 1), by comparison (every hit asks)
    return 3 if damage >= 1000 else 2 if damage >= 100 else 1 if damage >= 10 else 0


@implements("§12.5")
def stun_shortening(damage: int, zero_has_digit: bool = True) -> int:
    """Stun turns removed by one connecting hit taken while stunned: 1..4 by digits (§12.5),
    so 1 for a 0-damage hit (0 without ``zero_has_digit``)."""
    return min(4, digits(damage, zero_has_digit))


def exact_text(num: int, den: int) -> str:
    """``num/den`` as short decimal text (4 decimals at most), for the values event."""
    if num % den == 0:
        return str(num // den)
    return repr(round(num / den, 4))  # int / int is correctly rounded, as float(Fraction) is


class _Remembered(dict):  # type: ignore[type-arg]
    """A pure function of a factor, remembered: ``table[ratio]`` is one subscript where the
    value is known (the same few factors in every event), the function otherwise; bounded."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, ratio: Ratio) -> Any:
        value = self.make(*ratio)
        if len(self) < 4096:
            self[ratio] = value
        return value


RATIO_TEXTS: dict[Ratio, str] = _Remembered(exact_text)
"""Each factor's text (:func:`exact_text`), written once: ``RATIO_TEXTS[ratio]``."""


def ratio_text(ratio: Ratio) -> str:
    """A factor's text (:func:`exact_text`), remembered."""
    return RATIO_TEXTS[ratio]


# Sum terms (core.sums) are tuples: immutable, so the same term object may stand in many
# events, and a tuple of plain values costs the garbage collector nothing once it is seen.
# Only a parenthesised part is a list (the format's nested term list).
Term = tuple[Any, ...]


def _exact_term(num: int, den: int) -> int | str:
    g = math.gcd(num, den)
    return num // g if den == g else f"{num // g}/{den // g}"


RATIO_TERMS: dict[Ratio, int | str] = _Remembered(_exact_term)
"""Each factor as an exact sum-term value (core.sums): an int, or the reduced ``"n/d"``;
worked out once: ``RATIO_TERMS[ratio]``."""


def ratio_term(ratio: Ratio) -> int | str:
    """A factor as an exact sum-term value (core.sums): an int, or the reduced ``"n/d"``."""
    return RATIO_TERMS[ratio]


_PARTS: dict[tuple[Any, ...], Term] = {}
"""Terms with a parenthesised part already made (10 − 低減値, 補正合計), by their numbers;
bounded. The parts are shared by every event that has the same numbers."""


def _keep(key: tuple[Any, ...], term: Term) -> Term:
    if len(_PARTS) < 8192:
        _PARTS[key] = term
    return term


@implements("§6.3", "§6.4")
def _reduction(label: str, rule: str, red: int) -> Term:
    """× (10 − 攻撃低減値/防御低減値) (§6.3, §6.4)."""
    key = (label, red)
    return _PARTS.get(key) or _keep(key, ("*", "ten_minus", [("=", "ten", 10),
                                                             ("-", label, red, rule)]))


A_REDUCTIONS = tuple(_reduction("a_red", "§6.3", red) for red in range(10))
D_REDUCTIONS = tuple(_reduction("d_red", "§6.4", red) for red in range(10))
""":func:`_reduction` of the attacker and of the defender at each die value 0..9 (the
reductions the dice give; others are made when met)."""


@implements("§19")
def _correction(exact: bool, atk_corr: Ratio, range_m: Ratio, fav_m: Ratio,
                combo: Ratio) -> Term:
    """× 補正合計 = 攻撃補正 × 間合い倍率 × 得意間合い倍率 × 連撃係数 (§19), folded first."""
    key = (exact, atk_corr, range_m, fav_m, combo)
    term = _PARTS.get(key)
    if term is None:
        val = RATIO_TERMS.__getitem__ if exact else _float
        term = _keep(key, ("*", "total_corr", [("=", "atk_corr", val(atk_corr)),
                                               ("*", "range_m", val(range_m), "§11.1"),
                                               ("*", "fav_m", val(fav_m), "§11.2"),
                                               ("*", "combo", val(combo), "§10.2")]))
    return term


def _float(ratio: Ratio) -> float:
    return ratio[0] / ratio[1]


@implements("§19")
def _multiplier(label: str, value: int, floor: bool) -> Term:
    """攻撃倍率/防御倍率 as a term, its clamp at 0 shown when it bites (§19)."""
    if value < 0 and floor:
        return ("*", label, [("=", label, value), ("max", "at_least_zero", 0, "§19")])
    return ("*", label, value)


AT_LEAST_ZERO = ("max", "at_least_zero", 0, "§19")
HALF = ("/", "half", 2)
ROUNDING = {False: ("floor", "floor", None, "D1"), True: ("round", "half_up", None, "A7")}


@implements("§19", "§12.4")
def damage_value(base_atk: int, five_a: int, stars_a: int, atk_mult: int, a_red: int,
                 atk_corr: Ratio, range_m: Ratio, fav_m: Ratio, combo: Ratio, base_def: int,
                 five_d: int, stars_d: int, def_mult: int, d_red: int, def_corr: Ratio,
                 parry: Ratio, dmg_mult: Ratio, taken_mult: Ratio, def_floor: bool,
                 exact: bool, half_up: bool) -> int:
    """The damage of one hit (§19) from everything it depends on: the attacker's numbers, then
    the defender's, then the 防御倍率 floor (§12.4, option ``def_mult_floor``); the factors
    are exact ratios, passed as they are (one call a hit, no object). Rounded only at the end
    (D1); floor, or half up with ``half_up`` (A7, option ``rounding``). Exact: integer ratios;
    otherwise each factor becomes a binary float (A7) and the same expression runs in
    floats. :func:`damage_terms` of the same arguments is its sum."""
    an, ad = atk_corr
    rn, rd = range_m
    fn, fd = fav_m
    cn, cd = combo
    dn, dd = def_corr
    pn, pd = parry
    mn, md = dmg_mult
    tn, td = taken_mult
    power = (base_atk + five_a + stars_a) * max(0, atk_mult) * (10 - a_red)
    guard_mult = max(0, def_mult) if def_floor else def_mult
    guard = (base_def + five_d + stars_d) * guard_mult * (10 - d_red)
    if exact:
        corr_n, corr_d = an * rn * fn * cn, ad * rd * fd * cd
        def_n, def_d = guard * dn * pd + 2 * pn * dd, 2 * dd * pd
        raw_n = max(0, power * corr_n * def_d - def_n * corr_d) * mn * tn
        raw_d = corr_d * def_d * md * td
        return (2 * raw_n + raw_d) // (2 * raw_d) if half_up else raw_n // raw_d
    corr = (an / ad) * (rn / rd) * (fn / fd) * (cn / cd)
    raw = max(0, power * corr - ((guard * (dn / dd) / 2) + pn / pd)) * (mn / md) * (tn / td)
    return math.floor(raw + 0.5) if half_up else math.floor(raw)


@implements("§19", "§12.4")
def damage_terms(base_atk: int, five_a: int, stars_a: int, atk_mult: int, a_red: int,
                 atk_corr: Ratio, range_m: Ratio, fav_m: Ratio, combo: Ratio, base_def: int,
                 five_d: int, stars_d: int, def_mult: int, d_red: int, def_corr: Ratio,
                 parry: Ratio, dmg_mult: Ratio, taken_mult: Ratio, def_floor: bool,
                 exact: bool, half_up: bool) -> tuple[Term, ...]:
    """The sum (core.sums) of :func:`damage_value` of the same arguments: the terms fold to
    the damage the way it is computed there (floats in the same order). Made only when the
    hit event's values are read (:meth:`Recorder.add_lazy`)."""
    val = RATIO_TERMS.__getitem__ if exact else _float
    attack = [("=", "base_atk", base_atk), ("+", "five", five_a),
              ("+", "stars", stars_a),
              ("*", "atk_mult", atk_mult) if atk_mult >= 0 else _multiplier("atk_mult", atk_mult,
                                                                            True),
              A_REDUCTIONS[a_red] if 0 <= a_red < 10 else _reduction("a_red", "§6.3", a_red),
              _PARTS.get((exact, atk_corr, range_m, fav_m, combo))
              or _correction(exact, atk_corr, range_m, fav_m, combo)]
    defence = [("=", "base_def", base_def), ("+", "five", five_d),
               ("+", "stars", stars_d),
               ("*", "def_mult", def_mult) if def_mult >= 0 else _multiplier("def_mult", def_mult,
                                                                             def_floor),
               D_REDUCTIONS[d_red] if 0 <= d_red < 10 else _reduction("d_red", "§6.4", d_red),
               ("*", "def_corr", val(def_corr)), HALF]
    if parry[0]:
        defence.append(("+", "parry", val(parry), "D24"))
    return (("=", "attack", attack), ("-", "defence", defence), AT_LEAST_ZERO,
            ("*", "dmg_mult", val(dmg_mult)), ("*", "taken_mult", val(taken_mult)),
            ROUNDING[half_up])


def damage(*factors: Any) -> tuple[int, tuple[Term, ...]]:
    """The damage of one hit and its sum: :func:`damage_value` and :func:`damage_terms` of
    the same arguments."""
    return damage_value(*factors), damage_terms(*factors)
