"""Passives, types, demerits, 奥義 and zone passives of §18.3–§18.7 as catalogue rows that
own their behaviour (the moments: :mod:`.catalogue_abilities`). A demerit ability (§18.5) is
its flag's row (:mod:`.catalogue_conditions`), which owns the effect; :data:`DEMERIT` lists
those rows by their §18.5 numbers."""

from __future__ import annotations

from kassen.rulesets.dice import catalogue_conditions as cc
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.catalogue_abilities import Entry
from kassen.rulesets.dice.table import DiceTable

# -- §18.3 purchasable passives (パッシブ) and §18.4 types (タイプ) ----------------------------

def _threshold_40(t: DiceTable, c: int, zone: int) -> None:
    t.state.tv[c].thresholds.append(40)


PASSIVE: tuple[Entry, ...] = (
    Entry("P1", "demerit_guard", "デメリットガード", "Demerit guard", 300, 1,
          guards="demerit_square"),
    Entry("P2", "stun_flag_guard", "スタンフラグガード", "Stun flag guard", 200, 1,
          guards="good_flags"),
    Entry("P3", "toughness", "タフネス", "Toughness", 250, gauge_bonus=2),
    Entry("P4", "combo_sense", "連撃の心得", "Combo sense", 300, on_values=_threshold_40),
    Entry("P5", "stardust_collector", "星屑集め", "Stardust collector", 250, stardust_bonus=1),
    Entry("P6", "indomitable", "不屈", "Indomitable", 200, countdown_bonus=1),
)


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


TYPES: tuple[Entry, ...] = (
    Entry("T1", "balance", "バランス", "Balance", group="万能", on_values=_balance,
          star_column=False),
    Entry("T2", "risky", "リスキー", "Risky", group="捨て身", on_values=_risky,
          demerits=k.DEMERIT_COUNT_RISKY),
    Entry("T3", "power", "パワー", "Power", group="剛力", on_values=_power),
    Entry("T4", "guard", "ガード", "Guard", group="堅牢", on_values=_guard),
    Entry("T5", "speed", "スピード", "Speed", group="俊足", on_values=_threshold_40),
)
"""The types and their free type passive (``en`` of the type, the passive in ``group``)."""

# §18.5 demerit abilities (デメリット能力), groups A/B/C: each is its flag's row.
DEMERIT: tuple[Entry, ...] = tuple(
    Entry(number, row.key, row.ja, row.en, group=number[1], flag=row)
    for number, row in zip(("DA1", "DA2", "DA3", "DB1", "DB2", "DB3", "DC1", "DC2", "DC3",
                            "DC4"), cc.DEMERIT_FLAGS.values(), strict=True))


# -- §18.6 奥義 examples; X = the 奥義星 count ------------------------------------------------

def _meteor(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[c].atk_mult.add(2 * x, False)
    t.state.tv[c].dmg_mult.mul(20 + x, 20, False)  # 1 + X/20


def _star_shield(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[c].taken_mult.mul(max(1, 10 - x), 10, False)  # max(0.1, 1 − X/10)
    t.heal(c, 100 * x)


def _star_breaker(t: DiceTable, c: int, x: int) -> None:
    t.state.tv[1 - c].def_corr.mul(max(0, 10 - x), 10, False)  # max(0, 1 − X/10)
    t.lose_stars(1 - c, -(-x // 3), "星砕き")


OUGI: tuple[Entry, ...] = (
    Entry("O1", "meteor", "流星撃", "Meteor strike", on_ougi=_meteor),
    Entry("O2", "star_shield", "星界の盾", "Astral shield", on_ougi=_star_shield),
    Entry("O3", "star_breaker", "星砕き", "Star breaker", on_ougi=_star_breaker),
)


# -- §18.7 zone passives (ゾーンパッシブ), by the zone index -----------------------------------

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


def _star_reading(t: DiceTable, c: int, zone: int) -> None:
    t.add_stardust(c, ZONE_STARDUST[zone], "星読み")


ZONE_PASSIVE: tuple[Entry, ...] = (
    Entry("Z1", "fighting_spirit", "闘志", "Fighting spirit", 200, on_values=_fighting_spirit),
    Entry("Z2", "steadfast", "堅守", "Steadfast", 200, on_values=_steadfast),
    Entry("Z3", "gale", "疾風", "Gale", 200, on_values=_gale),
    Entry("Z4", "star_reading", "星読み", "Star reading", 200, on_zone=_star_reading),
)
