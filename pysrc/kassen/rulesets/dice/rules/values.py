"""Step 10 of the turn (§5): derived values — flags, stun, passives, then speed, combo
threshold and coefficient (§6.2, §10, §12.4, §13.2, §18.3–18.4, §18.7)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kassen.core.rules import implements
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.catalogue_conditions import ON_VALUES, STUN_VALUES
from kassen.rulesets.dice.model import Flag, Ratio
from kassen.rulesets.dice.rules import formulas as fm
from kassen.rulesets.dice.table import ID, DiceTable

THRESHOLD_BASE = ("=", "threshold_base", k.COMBO_THRESHOLD_BASE)
THRESHOLD_FLOOR = ("max", "threshold_floor", k.COMBO_THRESHOLD_FLOOR)
UNCHANGED_THRESHOLD = (THRESHOLD_BASE, THRESHOLD_FLOOR)
OWN_DIE = tuple(("=", "own_die", face) for face in range(9))
"""The speed sum's first term at each own-die value (8 at most: 瞬発 adds 2, §18.2)."""
TEN = ("*", "ten", 10)
STAR_TERMS = tuple(("+", "stars", n) for n in range(32))
"""The speed sum's stars term for the usual star counts (more are made when met)."""
STUNNED = ("-", "stunned", k.STUN_SPEED_PENALTY, "§12.4")
STUNNED_SET = (("=", "stunned_speed", -k.STUN_SPEED_PENALTY, "§12.4"),)
"""The speed sum of a stunned character under ``stun_penalty = set`` (A38)."""
ZONE_INDEX = {name: index for index, name in enumerate(k.ZONES)}
"""序盤 0, 中盤 1, 終盤 2: the zone index the step-10 handlers take."""


def _exact(ratio: Ratio) -> Fraction:
    return Fraction(*ratio)


def flags_and_passives(t: DiceTable, c: int) -> None:
    """Effective flags (once per name), the stun penalty to 防御倍率 (a modifier under
    ``stun_penalty = delta``; under ``set`` :func:`derive` sets it), then type, bought and
    zone passives (not while stunned with ``passives_while_stunned`` off)."""
    ch = t.state.chars[c]
    if ch.flags:
        _flags(t, c, ch.flags)
    if ch.stunned:
        STUN_VALUES(t, c)
        if not t.readings.passives_while_stunned:
            return
    kit = t.kits[c]
    zone = ZONE_INDEX[ch.zone]
    for on_values in kit.on_values:
        on_values(t, c, zone)
    if ch.zone_active and kit.zone_on_values is not None:
        kit.zone_on_values(t, c, zone)


@implements("§13.2")
def _flags(t: DiceTable, c: int, flags: list[Flag]) -> None:
    """The effective flags' step-10 effects (their rows' ``on_values``), once per row
    (§13.2, D21)."""
    turn = t.state.turn
    seen: list[int] = []
    for flag in flags:
        row = flag.row
        if flag.since >= turn or row in seen:
            continue
        seen.append(row)
        on_values = ON_VALUES[row]
        if on_values is not None:
            on_values(t, c)


@implements("§6.2", "§10", "§12.4")
def derive(t: DiceTable, c: int) -> None:
    """Speed (§6.2), combo threshold and coefficient (§10), and the ``values`` event. Under
    ``stun_penalty = set`` (§12.4, A38) a stunned character's speed is −30 and its 防御倍率
    −1, whatever else would change them."""
    tv = t.state.tv[c]
    ch = t.state.chars[c]
    agi = t.sheets[c].agi
    stars = ch.stars
    tv.speed = fm.speed(tv.own_eff, agi, stars, tv.speed_mod, ch.stunned)
    set_penalty = ch.stunned and t.readings.stun_penalty == "set"
    if set_penalty:
        tv.speed = -k.STUN_SPEED_PENALTY
        tv.def_mult.every, tv.def_mult.first = -k.STUN_DEF_MULT_PENALTY, 0
    thresholds = tv.thresholds
    if len(thresholds) == 1:  # one lowering (連撃の心得 or スピード): no generator
        lowered = thresholds[0]
        tv.threshold = max(k.COMBO_THRESHOLD_FLOOR, min(k.COMBO_THRESHOLD_BASE, lowered))
        threshold = (THRESHOLD_BASE, ("min", "lowered_threshold", lowered), THRESHOLD_FLOOR)
    elif thresholds:
        tv.threshold = max(k.COMBO_THRESHOLD_FLOOR, min(k.COMBO_THRESHOLD_BASE, *thresholds))
        threshold = (THRESHOLD_BASE, *(("min", "lowered_threshold", x) for x in thresholds),
                     THRESHOLD_FLOOR)
    else:
        threshold = UNCHANGED_THRESHOLD
    if tv.coefs:
        tv.coef = max([k.COMBO_COEF_BASE, *tv.coefs], key=_exact)
    t.rec.add_lazy("values", ID[c], None, "§6.2", _derived_values, (
        tv.speed, tv.right, tv.abs, tv.atk_mult.every, tv.def_mult.every, tv.atk_corr.every,
        tv.def_corr.every, tv.dmg_mult.every, tv.taken_mult.every, tv.threshold, tv.coef,
        threshold, set_penalty, tv.own_eff, t.agi_terms[c], stars, tv.speed_mod, ch.stunned))


def _derived_values(speed: int, right: int, absolute: int, atk_mult: int, def_mult: int,
                    atk_corr: Ratio, def_corr: Ratio, dmg_mult: Ratio, taken_mult: Ratio,
                    threshold: int, coef: Ratio, threshold_sum: tuple[Any, ...],
                    set_penalty: bool, own: int, agi_term: tuple[object, ...], stars: int,
                    speed_mod: int, stunned: bool) -> dict[str, Any]:
    """The values event's data (§6.2, §10) from step 10's results, the threshold's sum and
    what the speed sum shows (made when read, :meth:`Recorder.add_lazy`)."""
    speed_sum: tuple[Any, ...]
    if set_penalty:
        speed_sum = STUNNED_SET
    else:
        speed_sum = (OWN_DIE[own], TEN, agi_term,
                     STAR_TERMS[stars] if 0 <= stars < 32 else ("+", "stars", stars),
                     ("+", "speed_mod", speed_mod))
        if stunned:
            speed_sum += (STUNNED,)
    text = fm.RATIO_TEXTS
    return {"speed": speed, "right": right, "abs": absolute, "atk_mult": atk_mult,
            "def_mult": def_mult, "atk_corr": text[atk_corr], "def_corr": text[def_corr],
            "dmg_mult": text[dmg_mult], "taken_mult": text[taken_mult],
            "threshold": threshold, "coef": text[coef],
            "sums": {"speed": speed_sum, "threshold": threshold_sum}}
