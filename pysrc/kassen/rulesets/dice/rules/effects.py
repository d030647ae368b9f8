"""What each catalogue entry does (§13, §18): small functions keyed by the entry's ``id``.

The ability rows of :mod:`.catalogue` are data (they are sheet entries, costs and names);
their behaviour is here, one table per moment at which an entry acts. The flags and stun,
including the demerit effects (§18.5) that demerit flags repeat, are condition rows that own
their behaviour (:mod:`.catalogue_conditions`).

- ``ON_ACTIVATE`` normal abilities (§18.1) and ``ON_SPECIAL`` special abilities (§18.2), when
  they act in steps 8–9: ``(table, side, single) -> exerted``. ``single`` is the 単 derivation
  (per-hit modifiers and on-hit effects on the first hit only, D5); the answer says whether
  any effect was exerted (発揮, §1.6), which decides VP consumption (§14.3).
- ``ON_OUGI`` 奥義 (§18.6) with X = 奥義星.
- ``ON_VALUES`` step 10, derived values: type passives (§18.4), bought passives (§18.3), zone
  passives (§18.7, by zone index).
- ``ON_ZONE`` step 4, a zone passive that acts when its zone is active (星読み).
- Bought passives that only add a number at one moment: ``GAUGE_BONUS`` (set-up, §12.1),
  ``STARDUST_BONUS`` (step 3), ``COUNTDOWN_BONUS`` (step 14, §12.5), summed once per battle
  into the sheet's :class:`~kassen.rulesets.dice.model.Kit` by :func:`kit`.
"""

from __future__ import annotations

from collections.abc import Callable

from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice.catalogue_conditions import AIRBORNE, DAMAGE_CUT, DEF_UP, DOWN
from kassen.rulesets.dice.model import Kit, Sheet
from kassen.rulesets.dice.table import DiceTable

Activate = Callable[[DiceTable, int, bool], bool]
OugiEffect = Callable[[DiceTable, int, int], None]
OnValues = Callable[[DiceTable, int, int], None]
"""``(table, side, zone index)``; the zone index (序盤 0, 中盤 1, 終盤 2) matters to zones."""


# -- normal abilities (§18.1) ---------------------------------------------------------------

def _atk(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.state.tv[c].atk_mult.add(amount, single)
        return True
    return on_activate


def _def(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.state.tv[c].def_mult.add(amount, single)
        return True
    return on_activate


def _on_hit(kind: str) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.state.tv[c].on_hit.append((kind, single))
        return False  # exerted only when a hit connects
    return on_activate


def _slam(t: DiceTable, c: int, single: bool) -> bool:
    """叩き落とし: +2 atkMult if the opponent is airborne; on hit, airborne target goes down."""
    t.state.tv[c].on_hit.append(("slam", single))
    if t.has_flag(1 - c, AIRBORNE.index):
        t.state.tv[c].atk_mult.add(2, single)
        return True
    return False


def _pursuit(t: DiceTable, c: int, single: bool) -> bool:
    """追い打ち: +2 atkMult if the opponent is down."""
    if t.has_flag(1 - c, DOWN.index):
        t.state.tv[c].atk_mult.add(2, single)
        return True
    return False


def _parry(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].parry = "first" if single else "all"
    return False


def _harden(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].def_mult.add(1, single)
    t.set_flag(c, DEF_UP, 4)
    return True


def _iron_wall(t: DiceTable, c: int, single: bool) -> bool:
    t.set_flag(c, DAMAGE_CUT, 2)
    return True


def _speed(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.state.tv[c].speed_mod += amount
        return True
    return on_activate


def _initiative(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].right += 1
    return True


def _flurry(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].thresholds.append(30)
    return True


def _combo_up(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].coefs.append((4, 5))
    return True


def _read(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].taken_mult.mul(1, 2, single)
    return True


def _vital(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].dmg_mult.mul(3, 2, single)
    return True


def _break_guard(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[1 - c].def_corr.mul(1, 2, single)
    return True


def _shift(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.shift_range(c, amount)
        return True
    return on_activate


def _force_cross(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].force_cross = True
    return True


def _heal(t: DiceTable, c: int, single: bool) -> bool:
    t.heal(c, 400)
    return True


def _charge(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].charge += 2
    return True


def _star_pull(t: DiceTable, c: int, single: bool) -> bool:
    t.gain_stars(c, 1, "星寄せ")
    return True


def _focus(t: DiceTable, c: int, single: bool) -> bool:
    t.add_stardust(c, 6, "集中")
    return True


ON_ACTIVATE: dict[str, Activate] = {
    "atk_1_5": _atk(1), "atk_2": _atk(2), "atk_3": _atk(4), "atk_4": _atk(6),
    "atk_5": _atk(8), "atk_6": _atk(10), "launch": _on_hit("launch"), "slam": _slam,
    "pursuit": _pursuit, "heavy": _on_hit("heavy"), "parry": _parry,
    "def_1_5": _def(1), "def_2": _def(2), "def_3": _def(4), "def_4": _def(6),
    "harden": _harden, "accelerate": _speed(20), "godspeed": _speed(30),
    "initiative": _initiative, "flurry": _flurry, "combo_up": _combo_up, "read": _read,
    "vital": _vital, "break_guard": _break_guard, "step_in": _shift(-1),
    "step_out": _shift(1), "trade": _force_cross, "heal": _heal, "charge": _charge,
    "star_pull": _star_pull, "focus": _focus, "iron_wall": _iron_wall,
}


# -- special abilities (§18.2) --------------------------------------------------------------

def _misfire(t: DiceTable, c: int, single: bool) -> bool:
    if t.cancellable(1 - c):
        t.state.tv[1 - c].misfired = True
        return True
    return False


def _recover(t: DiceTable, c: int, single: bool) -> bool:
    return t.recover(c)


def _last_stand(t: DiceTable, c: int, single: bool) -> bool:
    if t.lp(c) < t.lp(1 - c):
        t.state.tv[c].atk_corr.mul(3, 2, False)
        return True
    return False


def _anticipate(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].abs += 1
    return True


def _star_guide(t: DiceTable, c: int, single: bool) -> bool:
    t.gain_stars(c, 1, "星の導き")
    return True


def _purify(t: DiceTable, c: int, single: bool) -> bool:
    return t.remove_flags(c, ("bad", "demerit"), "浄化") > 0


def _burst(t: DiceTable, c: int, single: bool) -> bool:
    tv = t.state.tv[c]
    tv.own_eff = min(8, tv.own + 2)
    return True


ON_SPECIAL: dict[str, Activate] = {
    "misfire": _misfire, "recover": _recover, "last_stand": _last_stand,
    "force_cross": _force_cross, "anticipate": _anticipate, "star_guide": _star_guide,
    "purify": _purify, "burst": _burst,
}


# -- 奥義 (§18.6), X = 奥義星 ---------------------------------------------------------------

def _meteor(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[c].atk_mult.add(2 * x, False)
    t.state.tv[c].dmg_mult.mul(20 + x, 20, False)  # 1 + X/20


def _star_shield(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[c].taken_mult.mul(max(1, 10 - x), 10, False)  # max(0.1, 1 − X/10)
    t.heal(c, 100 * x)


def _star_breaker(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[1 - c].def_corr.mul(max(0, 10 - x), 10, False)  # max(0, 1 − X/10)
    t.lose_stars(1 - c, -(-x // 3), "星砕き")


ON_OUGI: dict[str, OugiEffect] = {
    "meteor": _meteor, "star_shield": _star_shield, "star_breaker": _star_breaker,
}


# -- step 10: types (§18.4), bought passives (§18.3), zones (§18.7), good flags (§13.2) ------

def _balance(t: DiceTable, c: int, zone: int) -> None:
    """万能: 攻撃補正 and 防御補正 ×1.1."""
    t.state.tv[c].atk_corr.mul(11, 10, False)
    t.state.tv[c].def_corr.mul(11, 10, False)


def _risky(t: DiceTable, c: int, zone: int) -> None:
    """捨て身: ダメージ倍率 ×1.3."""
    t.state.tv[c].dmg_mult.mul(13, 10, False)


def _power(t: DiceTable, c: int, zone: int) -> None:
    """剛力: 攻撃補正 ×1.15."""
    t.state.tv[c].atk_corr.mul(23, 20, False)


def _guard(t: DiceTable, c: int, zone: int) -> None:
    """堅牢: 被弾倍率 ×0.75."""
    t.state.tv[c].taken_mult.mul(3, 4, False)


def _threshold_40(t: DiceTable, c: int, zone: int) -> None:
    t.state.tv[c].thresholds.append(40)


ZONE_ATK = ((11, 10), (6, 5), (27, 20))
ZONE_TAKEN = ((9, 10), (4, 5), (13, 20))
ZONE_SPEED = (5, 10, 20)
ZONE_STARDUST = (1, 2, 3)


def _fighting_spirit(t: DiceTable, c: int, zone: int) -> None:
    t.state.tv[c].atk_corr.mul(*ZONE_ATK[zone], False)


def _steadfast(t: DiceTable, c: int, zone: int) -> None:
    t.state.tv[c].taken_mult.mul(*ZONE_TAKEN[zone], False)


def _gale(t: DiceTable, c: int, zone: int) -> None:
    t.state.tv[c].speed_mod += ZONE_SPEED[zone]


ON_VALUES: dict[str, OnValues] = {
    # types: 万能 / 捨て身 / 剛力 / 堅牢 / 俊足
    "balance": _balance, "risky": _risky, "power": _power, "guard": _guard,
    "speed": _threshold_40,
    # bought passives
    "combo_sense": _threshold_40,
    # zone passives, by the zone index
    "fighting_spirit": _fighting_spirit, "steadfast": _steadfast, "gale": _gale,
}

def _star_reading(t: DiceTable, c: int, zone: int) -> None:
    t.add_stardust(c, ZONE_STARDUST[zone], "星読み")


ON_ZONE: dict[str, OnValues] = {"star_reading": _star_reading}

GAUGE_BONUS = {"toughness": 2}
"""タフネス: stun gauge +2 from the set-up (§12.1)."""
STARDUST_BONUS = {"stardust_collector": 1}
"""星屑集め: stardust +1 in step 3."""
COUNTDOWN_BONUS = {"indomitable": 1}
"""不屈: the stun counts down 1 more each turn (§12.5)."""


def kit(sheet: Sheet) -> Kit:
    """The sheet's entries by id and its passives' fixed bonuses, looked up once a battle."""
    passives = tuple(cat.PASSIVE_BY_JA[p].id for p in sheet.passives)
    type_id = cat.TYPE_BY_JA[sheet.type].id if sheet.type else ""
    zone = cat.ZONE_BY_JA[sheet.zone[1]].id if sheet.zone else ""
    on_values = tuple(ON_VALUES[e] for e in (type_id, *passives) if e in ON_VALUES)
    return Kit(type=type_id, passives=passives, zone=zone, on_values=on_values,
               zone_on_values=ON_VALUES.get(zone),
               gauge_bonus=sum(GAUGE_BONUS.get(p, 0) for p in passives),
               stardust_bonus=sum(STARDUST_BONUS.get(p, 0) for p in passives),
               countdown_bonus=sum(COUNTDOWN_BONUS.get(p, 0) for p in passives))
