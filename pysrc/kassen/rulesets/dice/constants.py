"""Designed constants of §20 (and the seed's fixed numbers), in one table so they can be tuned."""

from __future__ import annotations

from fractions import Fraction

COST_POOL = 3000
"""Creation budget; unused cost is added to starting LP 1:1 (§2.2, §20)."""
LP_BASE = 6000
"""Starting LP before unused cost (§4.2, seed)."""

STAT_PRICES = {"atk": 40, "def": 20, "agi": 40}
"""Cost per point of 基礎攻撃力 / 基礎防御力 / 敏捷 (§20, §23)."""
STAT_MAX = {"atk": 20, "def": 20, "agi": 10}
"""Upper bound of each base stat (§20)."""

ZONE_PASSIVE_COST = 200
DERIVATION_DISCOUNT = {"渡": Fraction(7, 10), "開": Fraction(6, 10), "単": Fraction(8, 10)}
"""Cost factor of each derivation (§2.8, §20); several multiply, rounded up once (D12)."""

VP_INIT = 3
VP_MAX = 6
VP_REGEN_PER_TURN = 1
STARDUST_PER_STAR = 10
STUN_GAUGE_BASE = 5
MAX_TURNS = 100
MAX_LINES = 1
MAX_TRIGGERS = 1
MAX_PASSIVES = 2
COMBO_THRESHOLD_FLOOR = 1

ATK_MULT_BASE = 2
DEF_MULT_BASE = 2
COMBO_THRESHOLD_BASE = 50
COMBO_COEF_BASE = (1, 2)
"""連撃係数 1/2 as (numerator, denominator) (§10.2)."""
STUN_SPEED_PENALTY = 30
STUN_DEF_MULT_PENALTY = 1
CROSS_RANGE_MAX = 5
OUGI_STARS_MAX = 9
STAR_NEED_MAX = 20
"""Upper bound on 必要星 so sheets stay finite (designed)."""

MAX_HITS = 40
"""Safety cap on hits in one attack sequence (never reached with the catalogue's thresholds)."""

DEMERIT_ORDER = (3, 18, 4, 17, 5, 16, 6, 15, 7, 14, 8, 13, 9, 12, 10, 11)
"""Auto-placement order of demerit abilities (§2.5)."""
DEMERIT_COUNT_STANDARD = 3
DEMERIT_COUNT_RISKY = 6

ZONES = ("序盤", "中盤", "終盤")
"""序盤 LP > 4000, 中盤 1000 < LP <= 4000, 終盤 LP <= 1000 (§16.2, A23)."""
ZONE_BOUNDS = (4000, 1000)
