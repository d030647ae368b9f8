"""The battle's changing :class:`State` (§3 per-character runtime state, §5 this turn's
values) and its parts, apart from the frozen sheet data of :mod:`.build`; how a battle ends
(:class:`Termination`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from kassen.core.conditions import Condition, Handler
from kassen.rulesets.dice import constants as k

# -- battle state (§3 per-character runtime state, §5 this turn's values) ----------------------
# Everything below changes during a battle and lives in the battle's :class:`State`, so a
# snapshot is one deep copy. Slotted dataclasses: named fields, no string keys.


class DiceCondition(Condition):
    """A condition row of the dice rules (:mod:`.catalogue_conditions`): a flag (§13) or stun
    (§12), with the ``kind`` that 浄化, 奥義, demerit squares and stun clear flags by (good,
    bad, demerit; stun for stun itself)."""

    __slots__ = ("kind",)

    def __init__(self, key: str, ja: str, en: str, rule: str, kind: str, *, order: int = 0,
                 **handlers: Handler) -> None:
        super().__init__(key, ja, en, rule, bad=kind != "good", order=order, **handlers)
        self.kind = kind


@dataclass(slots=True)
class Flag:
    """One flag (§13): ``kind`` good/bad/demerit; effective from the turn after ``since``.
    ``row`` is the index of its :class:`DiceCondition` row, which owns what it does; ``name``
    (the row's Japanese term) and ``kind`` are what events and the board show."""

    name: str
    kind: str
    remaining: int
    since: int
    row: int


@dataclass(slots=True)
class Character:
    """Side ``c``'s runtime state (§3): LP (main + EX), VP, stars, stun gauge, flags, zone."""

    lp_main: int
    lp_start: int
    vp: int
    gauge: int
    gauge_max: int
    ougi_available: bool
    lp_ex: int = 0
    stars: int = 0
    stardust: int = 0
    ougi_stars: int = 0
    stunned: bool = False
    stun_left: int = 0
    flags: list[Flag] = field(default_factory=list)
    line_used: bool = False
    zone: str = "序盤"
    zone_active: bool = False

    @property
    def lp(self) -> int:
        """LP = main + EX (§16.1)."""
        return self.lp_main + self.lp_ex


@dataclass(slots=True)
class Additive:
    """An additive multiplier (攻撃倍率/防御倍率, §7.5): ``every`` hit, plus ``first`` (単)."""

    every: int
    first: int = 0

    def add(self, amount: int, single: bool) -> None:
        """Add ``amount``; ``single``: on the first hit only (単, D5)."""
        if single:
            self.first += amount
        else:
            self.every += amount

    def at(self, first: bool) -> int:
        """The value for one hit."""
        return self.every + self.first if first else self.every


ATK_MULT_BASE, DEF_MULT_BASE = k.ATK_MULT_BASE, k.DEF_MULT_BASE
COMBO_THRESHOLD_BASE, COMBO_COEF_BASE = k.COMBO_THRESHOLD_BASE, k.COMBO_COEF_BASE
ONE = (1, 1)

Ratio = tuple[int, int]
"""An exact ratio (numerator, denominator > 0), not reduced: a product of two is two integer
multiplications, where a ``Fraction`` also pays a gcd and an object (the hot path of §19)."""


@dataclass(slots=True)
class Factor:
    """A multiplicative modifier (補正倍率, ダメージ倍率, 被弾倍率, §7.5), ``every``/``first``."""

    every: Ratio = (1, 1)
    first: Ratio = (1, 1)

    def mul(self, num: int, den: int, single: bool) -> None:
        """Multiply by ``num/den``; ``single``: on the first hit only (単, D5)."""
        if single:
            n, d = self.first
            self.first = (n * num, d * den)
        else:
            n, d = self.every
            self.every = (n * num, d * den)

    def zero(self) -> None:
        """Every hit's value becomes 0 (a demerit square, 開: 防御補正 0, §8.1, §2.8)."""
        self.every = (0, 1)

    def at(self, first: bool) -> Ratio:
        """The value for one hit."""
        if not first:
            return self.every
        (n, d), (fn, fd) = self.every, self.first
        return (n * fn, d * fd)

    def value(self) -> Fraction:
        """The every-hit value as a ``Fraction`` (for readers outside the hot path)."""
        return Fraction(*self.every)


@dataclass(slots=True)
class Source:
    """Where this turn's ability comes from (§7.1): kind none/stunned/line/trigger/slot."""

    kind: str = "none"
    slot: int = 0
    name: str = ""


@dataclass(slots=True)
class Act:
    """One ability that acted this turn, for VP consumption (§14.3) and on-hit marks."""

    name: str
    vp: int
    extra: int
    exerted: bool
    effect: str = ""
    single: bool = False


@dataclass(slots=True)
class TurnValues:
    """Side ``c``'s values of this turn (§5 steps 2–13), read afresh at every turn start."""

    own: int
    opp: int
    n: int
    s: int
    sel: int
    sel_colour: str
    five: int
    vp0: int
    started_stunned: bool
    own_eff: int = 0
    range_die: int = 0
    source: Source = field(default_factory=Source)
    ougi: bool = False
    ougi_used: bool = False
    on_square: bool = False
    guarded: bool = False
    misfired: bool = False
    recovered: bool = False
    abs: int = 0
    right: int = 0
    speed_mod: int = 0
    speed: int = 0
    atk_mult: Additive = field(default_factory=lambda: Additive(k.ATK_MULT_BASE))
    def_mult: Additive = field(default_factory=lambda: Additive(k.DEF_MULT_BASE))
    atk_corr: Factor = field(default_factory=Factor)
    def_corr: Factor = field(default_factory=Factor)
    dmg_mult: Factor = field(default_factory=Factor)
    taken_mult: Factor = field(default_factory=Factor)
    thresholds: list[int] = field(default_factory=list)
    coefs: list[Ratio] = field(default_factory=list)
    threshold: int = k.COMBO_THRESHOLD_BASE
    coef: Ratio = k.COMBO_COEF_BASE
    force_cross: bool = False
    on_hit: list[tuple[Any, bool]] = field(default_factory=list)
    """The catalogue rows armed for a connecting hit (打ち上げ, 叩き落とし, 重撃), each with
    its 単 switch (§7.4)."""
    parry: str = ""
    acts: list[Act] = field(default_factory=list)
    vp_guard: int = 0
    vp_extra: int = 0
    took_damage: bool = False
    shorten: int = 0
    charge: int = 0
    stars_due: int = 0
    demerit_applied: list[str] = field(default_factory=list)
    hits_taken: int = 0
    gauge_lost: int = 0
    stiff: bool = False
    """硬直 acted this turn: hit meanwhile, the side makes no extra hits (§9.4, A39)."""

    def begin(self, own: int, opp: int, n: int, s: int, sel: int, sel_colour: str, five: int,
              vp0: int, started_stunned: bool) -> None:
        """Start the next turn's values in place: every field as a fresh ``TurnValues(own,
        …, own_eff=own, range_die=own)`` has it, the modifiers and lists emptied rather than
        made anew (two sides a turn, every turn of every battle)."""
        # one store a statement: a multiple assignment builds and unpacks a tuple first
        self.own = own
        self.opp = opp
        self.n = n
        self.s = s
        self.sel = sel
        self.sel_colour = sel_colour
        self.five = five
        self.vp0 = vp0
        self.started_stunned = started_stunned
        self.own_eff = self.range_die = own
        src = self.source
        src.kind, src.slot, src.name = "none", 0, ""
        self.ougi = self.ougi_used = self.on_square = self.guarded = self.misfired = False
        self.recovered = self.force_cross = self.took_damage = self.stiff = False
        self.abs = self.right = self.speed_mod = self.speed = 0
        self.vp_guard = self.vp_extra = self.shorten = self.charge = self.stars_due = 0
        self.hits_taken = self.gauge_lost = 0
        additive = self.atk_mult
        additive.every, additive.first = ATK_MULT_BASE, 0
        additive = self.def_mult
        additive.every, additive.first = DEF_MULT_BASE, 0
        factor = self.atk_corr
        factor.every = factor.first = ONE
        factor = self.def_corr
        factor.every = factor.first = ONE
        factor = self.dmg_mult
        factor.every = factor.first = ONE
        factor = self.taken_mult
        factor.every = factor.first = ONE
        # most turns leave these lists empty: clear only what was filled
        if self.thresholds:
            self.thresholds.clear()
        if self.coefs:
            self.coefs.clear()
        if self.on_hit:
            self.on_hit.clear()
        if self.acts:
            self.acts.clear()
        if self.demerit_applied:
            self.demerit_applied.clear()
        self.threshold, self.coef, self.parry = COMBO_THRESHOLD_BASE, COMBO_COEF_BASE, ""


class Termination(StrEnum):
    """How a dice battle ends (§17), the ``Result.reason`` (``Ruleset.terminations``)."""

    KNOCKOUT = "knockout"
    """ノックアウト: one side's LP is 0 or below after the attacks (§17.1)."""
    DOUBLE_KNOCKOUT = "double_knockout"
    """相打ち（引き分け）: both sides' LP reach 0 in one turn, a draw (§17.2)."""
    DOUBLE_KNOCKOUT_LP = "double_knockout_lp"
    """相打ち（残りLP判定）: both down, the higher LP wins (§17.2, option ``double_ko``)."""
    TURN_LIMIT = "turn_limit"
    """ターン制限（判定勝ち）: the turn limit, the higher LP ratio (or LP) wins (§17.3)."""
    TURN_LIMIT_DRAW = "turn_limit_draw"
    """ターン制限（引き分け）: the turn limit with equal LP ratios (§17.3)."""
    UNFINISHED = "unfinished"
    """未決着: the result asked for before the battle ended."""


@dataclass(slots=True)
class State:
    """Everything that changes during a battle (§3, §5): the battle's state, one deep copy a
    snapshot."""

    colour: list[str]
    chars: list[Character]
    cross_x: int
    turn: int = 0
    over: bool = False
    winner: int | None = None
    reason: Termination | None = None
    r2: int | None = None
    """The range in half steps (2 × range, 2..12); None before the initial range (D8)."""
    queued: list[tuple[int, int, bool]] = field(default_factory=list)
    """Range shifts asked for before the initial range exists: (side, amount, away)."""
    dice: dict[str, int] | None = None
    tv: list[TurnValues] = field(default_factory=list)
    """This turn's values per side; empty before the first turn."""
    decision: tuple[Any, ...] | None = None
    """This turn's attack-right decision (§9.2) as ``rules.attack.decide`` keeps it
    (``view.decision_info`` makes what the view shows of it); None before step 12."""
