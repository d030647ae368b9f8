"""The abilities of §18.1–§18.2 as catalogue rows that own their behaviour (issue 28).

Each entry is one :class:`Entry` row: its Japanese term (``ja``, the name used in sheets and
events) beside an English identifier (``id``) and label (``en``), its data (cost, VP, tag,
group) and what it does, as handlers by the moment it acts (as in Showdown's
``data/conditions.ts``); a new ability is one row with its handler in one file (this one for
normal and special abilities, :mod:`.catalogue_passives` for passives, types, demerits, 奥義
and zone passives). The moments:

- ``on_activate`` normal abilities (§18.1) and ``on_special`` special abilities (§18.2), when
  they act in steps 8–9: ``(table, side, single) -> exerted``. ``single`` is the 単 derivation
  (per-hit modifiers and on-hit effects on the first hit only, D5); the answer says whether
  any effect was exerted (発揮, §1.6), which decides VP consumption (§14.3).
- ``on_hit`` a normal ability armed by its activation, when a hit connects (§7.4):
  ``(table, attacker, defender) -> acted``; ``heavy`` adds a gauge digit (§12.2).
- ``on_ougi`` 奥義 (§18.6): ``(table, side, X)`` with X = 奥義星.
- ``on_values`` step 10, derived values: type passives (§18.4), bought passives (§18.3) and
  zone passives (§18.7): ``(table, side, zone index)``.
- ``on_zone`` step 4, a zone passive that acts when its zone is active (星読み).
- Row data read at fixed moments: ``gauge_bonus`` (set-up, §12.1), ``stardust_bonus`` (step
  3), ``countdown_bonus`` (step 14, §12.5), ``guards`` (what a guard passive may pay 1 VP to
  keep, §8.3, §12.3), ``while_stunned`` (復帰, §18.2).

The rule code reaches the rows through :mod:`.catalogue` (looked up once per sheet by
:func:`.catalogue.kit`, or by name when an ability acts), never an entry's behaviour by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kassen.rulesets.dice import catalogue_conditions as cc
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import DiceCondition
from kassen.rulesets.dice.table import ID, DiceTable

Activate = Callable[[DiceTable, int, bool], bool]
OugiEffect = Callable[[DiceTable, int, int], None]
OnHit = Callable[[DiceTable, int, int], bool]
"""``(table, attacker, defender) -> acted``: a connecting hit's effect (§7.4)."""
OnValues = Callable[[DiceTable, int, int], None]
"""``(table, side, zone index)``; the zone index (序盤 0, 中盤 1, 終盤 2) matters to zones."""


@dataclass(frozen=True)
class Entry:
    """One catalogue row. ``number`` is the spec's row id (N1, S3, P2, ...)."""

    number: str
    id: str
    ja: str
    en: str
    cost: int = 0
    vp: int = 0
    tag: str = ""
    group: str = ""
    on_activate: Activate | None = None
    on_special: Activate | None = None
    on_hit: OnHit | None = None
    """Armed by activation; acts when a hit connects (first hit only with 単)."""
    heavy: bool = False
    """An armed hit that connects takes one more stun gauge digit (重撃, §12.2)."""
    on_ougi: OugiEffect | None = None
    on_values: OnValues | None = None
    on_zone: OnValues | None = None
    gauge_bonus: int = 0
    """Stun gauge added at the set-up (§12.1)."""
    stardust_bonus: int = 0
    """Stardust added in step 3."""
    countdown_bonus: int = 0
    """Extra stun countdown per turn (§12.5)."""
    guards: str = ""
    """A guard passive: ``demerit_square`` (§8.3) or ``good_flags`` on stun (§12.3)."""
    while_stunned: bool = False
    """A special ability that acts while its side is stunned (復帰, §18.2)."""
    flag: DiceCondition | None = None
    """A demerit ability's flag row, which owns its effect (§18.5)."""
    star_column: bool = True
    """A type whose sheet may fill star columns (§2.4: not バランス)."""
    demerits: int = k.DEMERIT_COUNT_STANDARD
    """How many demerit abilities a type's sheet holds (§2.5: リスキー six)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Entry:
        """A row is shared, never copied: a snapshot of the turn's armed hits keeps it."""
        return self


# -- §18.1 normal abilities (通常能力); also usable as star, line and trigger abilities --------

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


def _speed(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.state.tv[c].speed_mod += amount
        return True
    return on_activate


def _shift(amount: int) -> Activate:
    def on_activate(t: DiceTable, c: int, single: bool) -> bool:
        t.shift_range(c, amount)
        return True
    return on_activate


def _launch_hit(t: DiceTable, a: int, d: int) -> bool:
    """打ち上げ: the hit raises 浮き."""
    t.set_flag(d, cc.AIRBORNE, t.readings.combo_flag_turns)
    return True


def _slam(t: DiceTable, c: int, single: bool) -> bool:
    """叩き落とし: +2 atkMult if the opponent is airborne."""
    if t.has_flag(1 - c, cc.AIRBORNE.index):
        t.state.tv[c].atk_mult.add(2, single)
        return True
    return False


def _slam_hit(t: DiceTable, a: int, d: int) -> bool:
    """叩き落とし: the hit turns 浮き into ダウン."""
    if t.has_flag(d, cc.AIRBORNE.index):
        t.set_flag(d, cc.DOWN, t.readings.combo_flag_turns)
        return True
    return False


def _heavy_hit(t: DiceTable, a: int, d: int) -> bool:
    """重撃: the hit acts (its gauge digit is the row's ``heavy``)."""
    return True


def _pursuit(t: DiceTable, c: int, single: bool) -> bool:
    """追い打ち: +2 atkMult if the opponent is down."""
    if t.has_flag(1 - c, cc.DOWN.index):
        t.state.tv[c].atk_mult.add(2, single)
        return True
    return False


def _parry(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].parry = "first" if single else "all"
    return False


def _harden(t: DiceTable, c: int, single: bool) -> bool:
    t.state.tv[c].def_mult.add(1, single)
    t.set_flag(c, cc.DEF_UP, 4)
    return True


def _iron_wall(t: DiceTable, c: int, single: bool) -> bool:
    t.set_flag(c, cc.DAMAGE_CUT, 2)
    return True


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


_P, _G, _S, _T = "パワー", "ガード", "スピード", "テクニック"

NORMAL: tuple[Entry, ...] = (
    Entry("N1", "atk_1_5", "攻1.5倍", "Attack x1.5", 100, 0, _P, on_activate=_atk(1)),
    Entry("N2", "atk_2", "攻2倍", "Attack x2", 200, 0, _P, on_activate=_atk(2)),
    Entry("N3", "atk_3", "攻3倍", "Attack x3", 400, 0, _P, on_activate=_atk(4)),
    Entry("N4", "atk_4", "攻4倍", "Attack x4", 720, 0, _P, on_activate=_atk(6)),
    Entry("N5", "atk_5", "攻5倍", "Attack x5", 1360, 0, _P, on_activate=_atk(8)),
    Entry("N6", "atk_6", "攻6倍", "Attack x6", 2000, 0, _P, on_activate=_atk(10)),
    Entry("N7", "launch", "打ち上げ", "Launch", 0, 0, _P, on_hit=_launch_hit),
    Entry("N8", "slam", "叩き落とし", "Slam down", 0, 0, _P, on_activate=_slam,
          on_hit=_slam_hit),
    Entry("N9", "pursuit", "追い打ち", "Pursuit", 0, 0, _P, on_activate=_pursuit),
    Entry("N10", "heavy", "重撃", "Heavy blow", 0, 0, _P, on_hit=_heavy_hit, heavy=True),
    Entry("N11", "parry", "攻撃受け", "Parry", 0, 0, _P, on_activate=_parry),
    Entry("N12", "def_1_5", "防1.5倍", "Defence x1.5", 100, 0, _G, on_activate=_def(1)),
    Entry("N13", "def_2", "防2倍", "Defence x2", 200, 0, _G, on_activate=_def(2)),
    Entry("N14", "def_3", "防3倍", "Defence x3", 400, 0, _G, on_activate=_def(4)),
    Entry("N15", "def_4", "防4倍", "Defence x4", 720, 0, _G, on_activate=_def(6)),
    Entry("N16", "harden", "硬化", "Harden", 0, 0, _G, on_activate=_harden),
    Entry("N17", "accelerate", "加速", "Accelerate", 300, 0, _S, on_activate=_speed(20)),
    Entry("N18", "godspeed", "神速", "Godspeed", 600, 0, _S, on_activate=_speed(30)),
    Entry("N19", "initiative", "先手", "Initiative", 500, 0, _S, on_activate=_initiative),
    Entry("N20", "flurry", "乱撃", "Flurry", 250, 0, _S, on_activate=_flurry),
    Entry("N21", "combo_up", "連撃強化", "Combo power", 200, 0, _S, on_activate=_combo_up),
    Entry("N22", "read", "見切り", "Read the blow", 300, 0, _G, on_activate=_read),
    Entry("N23", "vital", "急所狙い", "Vital strike", 350, 1, _P, on_activate=_vital),
    Entry("N24", "break_guard", "防御崩し", "Guard break", 300, 0, _P,
          on_activate=_break_guard),
    Entry("N25", "step_in", "踏み込み", "Step in", 100, 0, _T, on_activate=_shift(-1)),
    Entry("N26", "step_out", "間合い外し", "Step out", 100, 0, _T, on_activate=_shift(1)),
    Entry("N27", "trade", "相打ち狙い", "Trade blows", 250, 0, _T, on_activate=_force_cross),
    Entry("N28", "heal", "回復", "Heal", 300, 1, _G, on_activate=_heal),
    Entry("N29", "charge", "気合溜め", "Charge spirit", 150, 0, _T, on_activate=_charge),
    Entry("N30", "star_pull", "星寄せ", "Draw a star", 300, 0, _T, on_activate=_star_pull),
    Entry("N31", "focus", "集中", "Focus", 100, 0, _T, on_activate=_focus),
    Entry("N32", "iron_wall", "鉄壁の構え", "Iron wall", 250, 0, _G, on_activate=_iron_wall),
)


# -- §18.2 special abilities (特殊能力), chosen by the special die -----------------------------

def _misfire(t: DiceTable, c: int, single: bool) -> bool:
    if t.cancellable(1 - c):
        t.state.tv[1 - c].misfired = True
        return True
    return False


def _recover(t: DiceTable, c: int, single: bool) -> bool:
    """復帰: end stun now and refill the gauge (§12.5)."""
    ch = t.state.chars[c]
    if not ch.stunned:
        return False
    ch.stunned = False
    ch.stun_left = 0
    ch.gauge = ch.gauge_max
    t.state.tv[c].recovered = True
    t.rec.emit("stun_end", ID[c], rule="§12.5", via="復帰", gauge=ch.gauge)
    return True


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


SPECIAL: tuple[Entry, ...] = (
    Entry("S1", "misfire", "不発の術", "Misfire art", 400, 1, on_special=_misfire),
    Entry("S2", "recover", "復帰", "Recover", 200, 0, on_special=_recover, while_stunned=True),
    Entry("S3", "last_stand", "底力", "Last stand", 300, 0, on_special=_last_stand),
    Entry("S4", "force_cross", "強制相打ち", "Forced trade", 200, 0, on_special=_force_cross),
    Entry("S5", "anticipate", "先読み", "Anticipate", 500, 1, on_special=_anticipate),
    Entry("S6", "star_guide", "星の導き", "Star guidance", 250, 0, on_special=_star_guide),
    Entry("S7", "purify", "浄化", "Purify", 150, 0, on_special=_purify),
    Entry("S8", "burst", "瞬発", "Burst", 400, 0, on_special=_burst),
)
