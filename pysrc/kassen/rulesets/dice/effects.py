"""What each catalogue entry does (§18): small handlers keyed by the Japanese name.

A handler receives the battle, the owner's index and ``single`` (the 単 derivation: per-hit
modifiers and on-hit effects only on the first hit, D5) and returns whether any effect was
exerted (発揮, §1.6), which decides VP consumption (§14.3).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kassen.rulesets.dice.engine import DiceBattle

Handler = Callable[["DiceBattle", int, bool], bool]


def _mult(key: str, amount: int) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.add(c, key, amount, single)
        return True
    return handler


def _corr(key: str, factor: Fraction, *, opponent: bool = False) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.mul(1 - c if opponent else c, key, factor, single)
        return True
    return handler


def _slam(b: DiceBattle, c: int, single: bool) -> bool:
    """叩き落とし: +2 atkMult if the opponent is airborne; on hit, airborne target goes down."""
    b.on_hit(c, "slam", single)
    if b.has_flag(1 - c, "浮き"):
        b.add(c, "atk_mult", 2, single)
        return True
    return False


def _pursuit(b: DiceBattle, c: int, single: bool) -> bool:
    """追い打ち: +2 atkMult if the opponent is down."""
    if b.has_flag(1 - c, "ダウン"):
        b.add(c, "atk_mult", 2, single)
        return True
    return False


def _on_hit(kind: str) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.on_hit(c, kind, single)
        return False  # exerted only when a hit connects
    return handler


def _parry(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["parry"] = "first" if single else "all"
    return False


def _harden(b: DiceBattle, c: int, single: bool) -> bool:
    b.add(c, "def_mult", 1, single)
    b.set_flag(c, "防1.5倍", "good", 4)
    return True


def _iron_wall(b: DiceBattle, c: int, single: bool) -> bool:
    b.set_flag(c, "被弾軽減", "good", 2)
    return True


def _speed(amount: int) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.tv[c]["speed_mod"] += amount
        return True
    return handler


def _right(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["right"] += 1
    return True


def _flurry(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["thresholds"].append(30)
    return True


def _combo_up(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["coefs"].append(Fraction(4, 5))
    return True


def _shift(amount: int) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.shift_range(c, amount)
        return True
    return handler


def _force_cross(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["force_cross"] = True
    return True


def _heal(amount: int) -> Handler:
    def handler(b: DiceBattle, c: int, single: bool) -> bool:
        b.heal(c, amount)
        return True
    return handler


def _charge(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["charge"] += 2
    return True


def _star_pull(b: DiceBattle, c: int, single: bool) -> bool:
    b.gain_stars(c, 1, "星寄せ")
    return True


def _focus(b: DiceBattle, c: int, single: bool) -> bool:
    b.add_stardust(c, 6, "集中")
    return True


NORMAL: dict[str, Handler] = {
    "攻1.5倍": _mult("atk_mult", 1), "攻2倍": _mult("atk_mult", 2),
    "攻3倍": _mult("atk_mult", 4), "攻4倍": _mult("atk_mult", 6),
    "攻5倍": _mult("atk_mult", 8), "攻6倍": _mult("atk_mult", 10),
    "打ち上げ": _on_hit("launch"), "叩き落とし": _slam, "追い打ち": _pursuit,
    "重撃": _on_hit("heavy"), "攻撃受け": _parry,
    "防1.5倍": _mult("def_mult", 1), "防2倍": _mult("def_mult", 2),
    "防3倍": _mult("def_mult", 4), "防4倍": _mult("def_mult", 6), "硬化": _harden,
    "加速": _speed(20), "神速": _speed(30), "先手": _right, "乱撃": _flurry,
    "連撃強化": _combo_up, "見切り": _corr("taken_mult", Fraction(1, 2)),
    "急所狙い": _corr("dmg_mult", Fraction(3, 2)),
    "防御崩し": _corr("def_corr", Fraction(1, 2), opponent=True),
    "踏み込み": _shift(-1), "間合い外し": _shift(1), "相打ち狙い": _force_cross,
    "回復": _heal(400), "気合溜め": _charge, "星寄せ": _star_pull, "集中": _focus,
    "鉄壁の構え": _iron_wall,
}


# -- demerit effects (§18.5): the ability this turn, the flag again next turn (D21) ---------

def _whiff(b: DiceBattle, c: int) -> None:
    b.mul(c, "atk_corr", Fraction(0), False)


def _stumble(b: DiceBattle, c: int) -> None:
    b.tv[c]["speed_mod"] -= 30


def _stiffen(b: DiceBattle, c: int) -> None:
    """硬直: literally never changes anything (D4); kept for triggers."""


def _opening(b: DiceBattle, c: int) -> None:
    b.mul(c, "taken_mult", Fraction(3, 2), False)


def _defenceless(b: DiceBattle, c: int) -> None:
    b.add(c, "def_mult", -2, False)


def _shaken(b: DiceBattle, c: int) -> None:
    b.lose_gauge(c, 2)


def _exhaust(b: DiceBattle, c: int) -> None:
    b.tv[c]["vp_extra"] += 1


def _star_crumble(b: DiceBattle, c: int) -> None:
    b.lose_stars(c, 1, "星崩れ")


def _fall_back(b: DiceBattle, c: int) -> None:
    b.shift_range(c, 0, away_from_fav=True)


def _distracted(b: DiceBattle, c: int) -> None:
    b.lose_stardust(c, 5)


DEMERIT: dict[str, Callable[[DiceBattle, int], None]] = {
    "空振り": _whiff, "躓き": _stumble, "硬直": _stiffen, "隙": _opening, "無防備": _defenceless,
    "動揺": _shaken, "消耗": _exhaust, "星崩れ": _star_crumble, "後退": _fall_back,
    "散漫": _distracted,
}


# -- special abilities (§18.2) --------------------------------------------------------------

def _misfire(b: DiceBattle, c: int, single: bool) -> bool:
    if b.cancellable(1 - c):
        b.tv[1 - c]["misfired"] = True
        return True
    return False


def _recover(b: DiceBattle, c: int, single: bool) -> bool:
    return b.recover(c)


def _last_stand(b: DiceBattle, c: int, single: bool) -> bool:
    if b.lp(c) < b.lp(1 - c):
        b.mul(c, "atk_corr", Fraction(3, 2), False)
        return True
    return False


def _anticipate(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["abs"] += 1
    return True


def _star_guide(b: DiceBattle, c: int, single: bool) -> bool:
    b.gain_stars(c, 1, "星の導き")
    return True


def _purify(b: DiceBattle, c: int, single: bool) -> bool:
    return b.remove_flags(c, ("bad", "demerit"), "浄化") > 0


def _burst(b: DiceBattle, c: int, single: bool) -> bool:
    b.tv[c]["own_eff"] = min(8, b.tv[c]["own"] + 2)
    return True


SPECIAL: dict[str, Handler] = {
    "不発の術": _misfire, "復帰": _recover, "底力": _last_stand, "強制相打ち": _force_cross,
    "先読み": _anticipate, "星の導き": _star_guide, "浄化": _purify, "瞬発": _burst,
}


# -- 奥義 (§18.6), X = 奥義星 ---------------------------------------------------------------

def _meteor(b: DiceBattle, c: int, x: int) -> None:
    b.add(c, "atk_mult", 2 * x, False)
    b.mul(c, "dmg_mult", 1 + Fraction(x, 20), False)


def _star_shield(b: DiceBattle, c: int, x: int) -> None:
    b.mul(c, "taken_mult", max(Fraction(1, 10), 1 - Fraction(x, 10)), False)
    b.heal(c, 100 * x)


def _star_breaker(b: DiceBattle, c: int, x: int) -> None:
    b.mul(1 - c, "def_corr", max(Fraction(0), 1 - Fraction(x, 10)), False)
    b.lose_stars(1 - c, -(-x // 3), "星砕き")


OUGI: dict[str, Callable[[DiceBattle, int, int], None]] = {
    "流星撃": _meteor, "星界の盾": _star_shield, "星砕き": _star_breaker,
}

# -- zone passives (§18.7) by zone index 序盤/中盤/終盤 -------------------------------------
ZONE_ATK = (Fraction(11, 10), Fraction(6, 5), Fraction(27, 20))
ZONE_TAKEN = (Fraction(9, 10), Fraction(4, 5), Fraction(13, 20))
ZONE_SPEED = (5, 10, 20)
ZONE_STARDUST = (1, 2, 3)
