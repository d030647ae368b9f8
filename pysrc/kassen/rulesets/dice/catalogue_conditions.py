"""The conditions of the dice rules: every flag (§13) and stun (§12) is one row here.

Each row is a :class:`~kassen.rulesets.dice.model.state.DiceCondition` (a
:class:`kassen.core.conditions.Condition` with the flag's ``kind``) that owns what it does, by
moment:

- ``on_values(t, c)``: step 10 (§5), while the condition is effective on side ``c``: a good
  flag's effect (§13.2), a demerit flag repeating its demerit (D21, option
  ``demerit_flag_repeats``), stun's −1 to 防御倍率 (§12.4, ``stun_penalty = delta``).
- ``on_demerit(t, c)``: a demerit ability acting now (§18.5), through :func:`apply_demerit`.
- ``on_start(t, c)`` / ``on_countdown(t, c)``: stun beginning (§12.3) and counting down
  (§12.5) in step 14.

The bad flags 浮き and ダウン act only through the abilities that read them (叩き落とし,
追い打ち, §18.1), which hold their rows. A side holds its flags as
:class:`~kassen.rulesets.dice.model.state.Flag` records naming their row by index, and stun as
``Character.stunned``; the rule code calls a row's handler through the per-moment tuples
below (indexed by ``row.index``) or the row it holds, never by name. A new flag is one row in
this file.
"""

from __future__ import annotations

from collections.abc import Callable

from kassen.core.conditions import Conditions, Handler
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import DiceCondition, Flag
from kassen.rulesets.dice.table import ID, DiceTable

Apply = Callable[[DiceTable, int], None]


# -- good flags (§13.2) ----------------------------------------------------------------------

def _def_up(t: DiceTable, c: int) -> None:
    """防1.5倍 (硬化): 防御倍率 +1 while it lasts."""
    t.state.tv[c].def_mult.add(1, False)


def _damage_cut(t: DiceTable, c: int) -> None:
    """被弾軽減 (鉄壁の構え): 被弾倍率 ×0.8 while it lasts."""
    t.state.tv[c].taken_mult.mul(4, 5, False)


# -- demerit effects (§18.5): the ability this turn, the flag again next turn (D21) -----------

def _whiff(t: DiceTable, c: int) -> None:
    t.state.tv[c].atk_corr.mul(0, 1, False)


def _stumble(t: DiceTable, c: int) -> None:
    t.state.tv[c].speed_mod -= 30


def _stiffen(t: DiceTable, c: int) -> None:
    """硬直: if hit, the side cannot attack this turn (D4: a cross second attack is still
    made); with ``cross_extra_hits = after_first_strikes`` it loses its extra hits (A39)."""
    t.state.tv[c].stiff = True


def _opening(t: DiceTable, c: int) -> None:
    t.state.tv[c].taken_mult.mul(3, 2, False)


def _defenceless(t: DiceTable, c: int) -> None:
    t.state.tv[c].def_mult.add(-2, False)


def _shaken(t: DiceTable, c: int) -> None:
    t.lose_gauge(c, 2, "動揺")


def _exhaust(t: DiceTable, c: int) -> None:
    t.state.tv[c].vp_extra += 1


def _star_crumble(t: DiceTable, c: int) -> None:
    t.lose_stars(c, 1, "星崩れ")


def _fall_back(t: DiceTable, c: int) -> None:
    t.shift_range(c, 0, away_from_fav=True)


def _distracted(t: DiceTable, c: int) -> None:
    t.lose_stardust(c, 5, "散漫")


def apply_demerit(t: DiceTable, c: int, row: DiceCondition) -> None:
    """A demerit effect, at most once per demerit per turn (option, D13)."""
    tv = t.state.tv[c]
    if t.readings.demerit_once_per_turn and row.ja in tv.demerit_applied:
        return
    tv.demerit_applied.append(row.ja)
    ON_DEMERIT[row.index](t, c)  # type: ignore[misc]


def _repeat(t: DiceTable, c: int, row: DiceCondition) -> None:
    """A demerit flag repeats its demerit in step 10 (D21, option ``demerit_flag_repeats``)."""
    if t.readings.demerit_flag_repeats:
        apply_demerit(t, c, row)


def _demerit_row(key: str, ja: str, en: str, effect: Apply) -> DiceCondition:
    """The flag of a demerit ability (§18.5): ``effect`` acts when the ability does and, as
    the flag's step-10 handler, again while the flag is effective (D21)."""
    row: DiceCondition

    def on_values(t: DiceTable, c: int) -> None:
        _repeat(t, c, row)

    row = DiceCondition(key, ja, en, "§18.5", "demerit", on_demerit=effect,
                        on_values=on_values)
    return row


# -- stun (§12) ------------------------------------------------------------------------------

def _stun_start(t: DiceTable, c: int) -> None:
    """The gauge is empty: stun for the gauge's size (or the option's), and the good flags go
    unless スタンフラグガード pays 1 VP to keep them (§12.3)."""
    readings = t.readings
    ch = t.state.chars[c]
    tv = t.state.tv[c]
    ch.stunned = True
    ch.stun_left = ch.gauge_max if readings.stun_length == "gauge_max" else readings.stun_gauge
    t.rec.add("stun_start", ID[c], None, "§12.3", {"length": ch.stun_left})
    has_good = any(f.kind == "good" for f in ch.flags) or readings.stun_guard_idle
    if t.kits[c].stun_flag_guard and has_good and tv.vp0 >= 1:
        tv.vp_guard += 1
        t.rec.emit("stun_flag_guard", ID[c], rule="§12.3")
    else:
        t.remove_flags(c, ("good",), "stun")


def _stun_countdown(t: DiceTable, c: int) -> None:
    """A stunned side counts down: 1 naturally, 不屈's 1, the hits taken, the dice (§12.5);
    at 0 the stun ends and the gauge refills."""
    readings = t.readings
    ch = t.state.chars[c]
    tv = t.state.tv[c]
    natural = 1 if readings.stun_natural_countdown else 0
    extra = t.kits[c].countdown_bonus
    dice = tv.own - tv.opp
    if readings.stun_dice == "positive":
        dice = max(0, dice)
    left = (("=", "stun_left_before", ch.stun_left), ("-", "natural", natural),
            ("-", "indomitable", extra), ("-", "hits_shorten", tv.shorten),
            ("-", "dice_difference", dice))
    ch.stun_left -= natural + extra + tv.shorten + dice
    if ch.stun_left <= 0:
        ch.stunned = False
        ch.stun_left = 0
        ch.gauge = ch.gauge_max
        t.rec.add("stun_end", ID[c], None, "§12.5", {"via": "countdown", "gauge": ch.gauge})
    else:
        t.rec.emit("stun_countdown", ID[c], rule="§12.5", left=ch.stun_left,
                   natural=natural + extra, hits=tv.shorten, dice=dice, sums={"left": left})


def _stun_values(t: DiceTable, c: int) -> None:
    """Stunned: 防御倍率 −1 as a modifier (§12.4, ``stun_penalty = delta``; under ``set`` the
    step-10 values set it instead)."""
    if t.readings.stun_penalty == "delta":
        t.state.tv[c].def_mult.add(-k.STUN_DEF_MULT_PENALTY, False)


# -- the rows --------------------------------------------------------------------------------

DEF_UP = DiceCondition("def_up", "防1.5倍", "Defence x1.5", "§13.2", "good", on_values=_def_up)
DAMAGE_CUT = DiceCondition("damage_cut", "被弾軽減", "Damage cut", "§13.2", "good",
                           on_values=_damage_cut)
AIRBORNE = DiceCondition("airborne", "浮き", "Airborne", "§13.1", "bad")
"""Raised by 打ち上げ; 叩き落とし hits it harder and turns it into ダウン (§18.1)."""
DOWN = DiceCondition("down", "ダウン", "Down", "§13.1", "bad")
"""Raised by 叩き落とし on 浮き; 追い打ち hits it harder (§18.1)."""
STUN = DiceCondition("stun", "スタン", "Stun", "§12.3", "stun", order=1, on_start=_stun_start,
                     on_countdown=_stun_countdown, on_values=_stun_values)
"""Held as ``Character.stunned``; acts after the flags in step 10 (order 1)."""
DEMERIT_FLAGS: dict[str, DiceCondition] = {row.ja: row for row in (
    _demerit_row("whiff", "空振り", "Whiff", _whiff),
    _demerit_row("stumble", "躓き", "Stumble", _stumble),
    _demerit_row("stiffen", "硬直", "Stiffen", _stiffen),
    _demerit_row("opening", "隙", "Opening", _opening),
    _demerit_row("defenceless", "無防備", "Defenceless", _defenceless),
    _demerit_row("shaken", "動揺", "Shaken", _shaken),
    _demerit_row("exhaust", "消耗", "Exhaustion", _exhaust),
    _demerit_row("star_crumble", "星崩れ", "Crumbling stars", _star_crumble),
    _demerit_row("fall_back", "後退", "Fall back", _fall_back),
    _demerit_row("distracted", "散漫", "Distracted", _distracted),
)}
"""The demerit flags, one per demerit ability of :data:`.catalogue.DEMERIT` (which lists
them by their §18.5 numbers), by Japanese name (read when an ability or a trigger is set up,
not in the turn loop)."""

ROWS: tuple[DiceCondition, ...] = (DEF_UP, DAMAGE_CUT, AIRBORNE, DOWN, *DEMERIT_FLAGS.values(),
                                   STUN)
CONDITIONS = Conditions(ROWS)
"""Every condition of the dice rules, in a fixed order (``row.index``)."""


def _by_index(moment: str) -> tuple[Handler | None, ...]:
    """Each row's handler at ``moment`` by row index (None where it does not act)."""
    return tuple(row.on(moment) for row in CONDITIONS.rows)


ON_VALUES = _by_index("on_values")
"""Step-10 handler of each row by index (the flags a side holds name their row by index)."""
ON_DEMERIT = _by_index("on_demerit")
"""The demerit effect of each demerit row by index."""
STUN_START: Handler = STUN.handlers["on_start"]
STUN_COUNTDOWN: Handler = STUN.handlers["on_countdown"]
STUN_VALUES: Handler = STUN.handlers["on_values"]


def flag(ja: str, remaining: int, since: int) -> Flag:
    """A flag of the row named ``ja`` (for set-ups and tests: a position with flags held)."""
    row = next(r for r in ROWS if r.ja == ja)
    return Flag(row.ja, row.kind, remaining, since, row.index)
