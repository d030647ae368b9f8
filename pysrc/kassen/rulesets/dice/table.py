"""The table: the battle's state and the primitives every rule section acts through.

:class:`DiceTable` (a :class:`kassen.core.table.Table`) is built by the engine's set-up and
handed to every rule function as ``t``. The rule sections (:mod:`.rules`) and the flags and
stun of :mod:`.catalogue_conditions` change the game only through its state and these
primitives, which emit the events; none of them imports the engine. Index ``c`` (0/1) is the
side in order of entry.
"""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.core.table import Table
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import (
    Character,
    DiceCondition,
    Flag,
    Kit,
    Sheet,
    State,
    Termination,
    TurnValues,
)
from kassen.rulesets.dice.options import Readings
from kassen.rulesets.dice.rules import formulas as fm

ID = ("0.0", "1.0")
"""Member id of each side (design: ``<side>.<n>``; one character a side): ``ID[c]``."""


STARDUST_BEFORE = tuple(("=", "stardust_before", n) for n in range(32))
"""The stardust sum's first term for the usual counts (others are made when met)."""


def loss_terms(key: str, before: int, loss: int, rule: str) -> tuple[tuple[object, ...], ...]:
    """A count (stars, stardust) after a loss: what it was minus the loss, at least 0."""
    floor = (("max", "at_least_zero", 0, rule),) if loss > before else ()
    return (("=", f"{key}_before", before), ("-", f"{key}_lost", loss, rule), *floor)


def _stars_values(cause: str, n: int, before: int, stars: int, ougi_stars: int,
                  ougi_sum: tuple[int, int | None] | None) -> dict[str, Any]:
    """The stars event's values for a gain of ``n`` (§15.1): the stars before, and with a 奥義
    the 奥義星 before and the setting that capped them (None when it did not, §15.5)
    (made when read)."""
    gained = ("+", "stars_gained", n, "§15.1") if cause == "stardust" else (
        "+", "stars_gained", n)
    sums: dict[str, Any] = {"stars": (("=", "stars_before", before), gained)}
    if ougi_sum is not None:
        ougi_before, limit = ougi_sum
        cap = () if limit is None else (("min", "ougi_setting", limit, "§15.5"),)
        sums["ougi_stars"] = (("=", "ougi_stars_before", ougi_before),
                              ("+", "stars_gained", n, "§15.5"), *cap)
    return {"via": cause, "change": n, "stars": stars, "ougi_stars": ougi_stars, "sums": sums}


def _stardust_values(cause: str, n: int, stardust: int, before: int,
                     parts: tuple[tuple[object, ...], ...] | None) -> dict[str, Any]:
    """The stardust event's values for a gain of ``n`` (§5.3): ``parts`` are the terms of n
    when it has several (made when read)."""
    sums = {"stardust": (STARDUST_BEFORE[before] if 0 <= before < 32
                         else ("=", "stardust_before", before),
                         *(parts or (("+", "stardust_gained", n),)))}
    return {"via": cause, "change": n, "stardust": stardust, "sums": sums}


class DiceTable(Table[State, Readings]):
    """State, recorder, generator, option readings and decider of one battle, the sheets and
    the values made from them once per battle, with the primitives every rule acts through."""

    __slots__ = ("agi_terms", "agis", "exact", "fav_factors", "half_up", "kits", "lookups",
                 "readers", "sheets", "specials", "stardust_parts", "trigger_rows", "x_terms",
                 "zone_bounds")

    def __init__(self, state: State, rec: Recorder, rng: Rng, readings: Readings,
                 decider: Decider, sheets: list[Sheet], kits: list[Kit]) -> None:
        super().__init__(state, rec, rng, readings, decider)
        self.sheets = sheets
        self.kits = kits
        c0, c1 = sheets[0].cross, sheets[1].cross
        self.x_terms: tuple[tuple[object, ...], ...] = (
            ("=", "cross_range", c0), ("+", "cross_range", c1), ("//", "half", 2, "§4.5"))
        """The sum of the match cross range X (§4.5), the same every turn."""
        self.agi_terms = [("+", "agi", sheet.agi) for sheet in sheets]
        """The speed sum's 敏捷 term of each side (§6.2), made once."""
        self.agis = (sheets[0].agi, sheets[1].agi)
        """敏捷 of each side (the second key of 原始攻撃権, §9.3)."""
        hi, lo = k.ZONE_BOUNDS
        if readings.zone_bounds == "lower":
            hi, lo = hi - 1, lo - 1  # LP is an integer: ">= 4000" is "> 3999"
        self.zone_bounds = (hi, lo)
        """LP above which 序盤 and 中盤 begin (§16.2, option ``zone_bounds``)."""
        self.exact = readings.arithmetic == "exact"
        """Exact ratios in the damage formula (D1), else binary floats (A7)."""
        self.half_up = readings.rounding == "half_up"
        """Damage rounded half up (A7), else floored (D1)."""
        self.fav_factors = [fm.favourite_factors(sheet.fav) for sheet in sheets]
        """得意間合い倍率 of each side at each range in half steps (§11.2), made once."""
        self.readers: list[tuple[str, str, str, str, str]] = []
        """Which die is own, opponent's, middle, selected and special per side (§1.3–1.5)."""
        self.lookups: list[tuple[Any, ...]] = []
        """Each side's readers as indices into the rolled faces, with its middle-die terms."""
        self.specials: list[tuple[str, ...]] = []
        """Each side's special ability by face S (1..6; index 0 unused), "" where none."""
        self.stardust_parts: list[tuple[tuple[tuple[object, ...], ...], ...]] = []
        """Step 3's stardust terms of each side at each selected face."""
        self.trigger_rows: list[int] = []
        """The condition row index of the demerit flag each side's trigger watches (§7.1),
        -1 without a trigger."""

    # -- reading the table ------------------------------------------------------------------
    @property
    def tv(self) -> list[TurnValues]:
        """This turn's values per side (§5 steps 2–13)."""
        return self.state.tv

    def ch(self, c: int) -> Character:
        """The runtime state of side ``c`` (§3)."""
        return self.state.chars[c]

    def mid(self, c: int) -> str:
        """Member id of side ``c`` (hot paths index :data:`ID` directly)."""
        return ID[c]

    def lp(self, c: int) -> int:
        """LP = main + EX (§16.1)."""
        return self.state.chars[c].lp

    def red(self) -> int:
        """The side index playing red."""
        return 0 if self.state.colour[0] == "red" else 1

    def order(self) -> tuple[int, int]:
        """原始攻撃権 order (§9.3): own die, 敏捷, stars, stardust, then turn parity."""
        st = self.state
        first, second = st.chars
        tv = st.tv
        if tv:
            own0, own1 = tv[0].own_eff, tv[1].own_eff
            if own0 != own1:  # the usual case, settled by the first key
                return (0, 1) if own0 > own1 else (1, 0)
        else:
            own0 = own1 = 0
        agi0, agi1 = self.agis
        key0 = (own0, agi0, first.stars, first.stardust)
        key1 = (own1, agi1, second.stars, second.stardust)
        if key0 != key1:
            return (0, 1) if key0 > key1 else (1, 0)
        red = 0 if st.colour[0] == "red" else 1
        return (red, 1 - red) if st.turn % 2 == 1 else (1 - red, red)

    def vp_blocked(self, c: int, need: int) -> bool:
        """VP gate (§7.6, §14.2) on the turn-start VP. ``negative_vp=all``: the literal §7.6
        test, so a negative VP blocks 0-VP abilities too; ``vp_users`` (D6): only abilities
        that use VP are gated."""
        if need <= 0 and self.readings.negative_vp == "vp_users":
            return False
        return need > self.state.tv[c].vp0

    def cancellable(self, c: int) -> bool:
        """Whether 不発の術 has something to cancel on side ``c`` (D19)."""
        tv = self.state.tv[c]
        src = tv.source
        if src.kind in ("line", "trigger"):
            return True
        if src.kind != "slot":
            return False
        slot = self.sheets[c].slot(src.slot)
        if tv.ougi:
            return (slot.based and slot.normal is not None) or self.readings.misfire_ougi
        return slot.normal is not None or slot.star is not None

    # -- flags (§13) ------------------------------------------------------------------------
    def has_flag(self, c: int, row: int) -> bool:
        """Whether side ``c`` holds an effective flag of condition row index ``row`` (created
        before this turn, §13.3)."""
        flags = self.state.chars[c].flags
        if not flags:
            return False
        turn = self.state.turn
        return any(f.row == row and f.since < turn for f in flags)

    def set_flag(self, c: int, row: DiceCondition, turns: int) -> None:
        """Raise the flag of condition ``row``, effective from next turn for ``turns`` turns
        (§13.3)."""
        self.state.chars[c].flags.append(Flag(row.ja, row.kind, turns, self.state.turn,
                                              row.index))
        self.rec.add("flag_set", ID[c], None, "§13.3", {"flag": row.ja, "flag_kind": row.kind,
                                                        "turns": turns})

    def remove_flags(self, c: int, kinds: tuple[str, ...], cause: str) -> int:
        """Remove every flag of the given kinds; returns how many went."""
        ch = self.state.chars[c]
        gone = [f.name for f in ch.flags if f.kind in kinds]
        if gone:
            ch.flags = [f for f in ch.flags if f.kind not in kinds]
            self.rec.emit("flags_removed", ID[c], rule="§13.5", via=cause,
                          flags=gone, flag_kind="/".join(kinds))
        return len(gone)

    # -- stars and stardust (§15) -----------------------------------------------------------
    def gain_stars(self, c: int, n: int, cause: str) -> None:
        """Stars +n; each also raises 奥義星 up to its setting (§15.5)."""
        ch = self.state.chars[c]
        stars_before = ch.stars
        ch.stars += n
        ougi = self.kits[c].ougi
        ougi_sum = None
        if ougi is not None:
            limit = ougi.stars
            before = ch.ougi_stars
            ch.ougi_stars += n
            capped = False
            if self.readings.ougi_star_cap:
                ch.ougi_stars = min(limit, ch.ougi_stars)
                capped = before + n > limit
            ougi_sum = (before, limit if capped else None)
        self.rec.add_lazy("stars", ID[c], None, "§15.1", _stars_values,
                          (cause, n, stars_before, ch.stars, ch.ougi_stars, ougi_sum))

    def lose_stars(self, c: int, n: int, cause: str) -> None:
        """Stars −n, not below 0 (§15.3); 奥義星 never decreases."""
        ch = self.state.chars[c]
        before = ch.stars
        ch.stars = max(0, before - n)
        self.rec.emit("stars", ID[c], rule="§15.3", via=cause,
                      change=ch.stars - before, stars=ch.stars, ougi_stars=ch.ougi_stars,
                      sums={"stars": loss_terms("stars", before, n, "§15.3")})

    def add_stardust(self, c: int, n: int, cause: str,
                     parts: tuple[tuple[object, ...], ...] | None = None) -> None:
        """Stardust +n (``parts``: the terms of n when it has several), then star
        formation (§15.1)."""
        ch = self.state.chars[c]
        before = ch.stardust
        ch.stardust += n
        self.rec.add_lazy("stardust", ID[c], None, "§5.3", _stardust_values,
                          (cause, n, ch.stardust, before, parts))
        per = self.readings.stardust_per_star
        if per > 0 and ch.stardust >= per:
            gained = ch.stardust // per
            ch.stardust -= gained * per
            self.gain_stars(c, gained, "stardust")

    def lose_stardust(self, c: int, n: int, cause: str) -> None:
        """Stardust −n, not below 0 (散漫, §18.5)."""
        ch = self.state.chars[c]
        before = ch.stardust
        ch.stardust = max(0, before - n)
        self.rec.emit("stardust", ID[c], rule="§18.5", via=cause,
                      change=ch.stardust - before, stardust=ch.stardust,
                      sums={"stardust": loss_terms("stardust", before, n, "§18.5")})

    # -- LP, stun gauge, range --------------------------------------------------------------
    def lose_gauge(self, c: int, n: int, cause: str) -> None:
        """Stun gauge −n immediately (動揺, §18.5); ignored while stunned (D28)."""
        ch = self.state.chars[c]
        if ch.stunned:
            return
        ch.gauge = max(0, ch.gauge - n)
        self.rec.emit("gauge", ID[c], rule="§18.5", via=cause, change=-n,
                      gauge=ch.gauge)

    def heal(self, c: int, amount: int) -> None:
        """Heal into EX LP, capped at the starting LP (§16.1, A28)."""
        ch = self.state.chars[c]
        room = ch.lp_start - ch.lp if self.readings.heal_cap else amount
        gained = max(0, min(amount, room))
        terms = ((("=", "heal", amount), ("min", "room_to_start_lp", room, "A28"),
                  fm.AT_LEAST_ZERO) if self.readings.heal_cap
                 else (("=", "heal", amount), fm.AT_LEAST_ZERO))
        ch.lp_ex += gained
        self.rec.emit("heal", ID[c], rule="§16.1", amount=gained, lp=ch.lp,
                      sums={"amount": terms})

    def shift_range(self, c: int, amount: int, *, away_from_fav: bool = False) -> None:
        """Range ±1 now, clamped to 1..6 (§11.5); queued on turn 1 before a range exists (D8)."""
        st = self.state
        r2 = st.r2
        if r2 is None:
            st.queued.append((c, amount, away_from_fav))
            self.rec.emit("range_queued", ID[c], rule="D8", change=amount)
            return
        if away_from_fav:
            fav2 = 2 * self.sheets[c].fav
            if r2 == fav2:  # D15: at the favourite, "away" has no direction of its own
                inward = self.readings.away_at_favourite == "closer"
                amount = -1 if (inward and r2 > 2) or r2 == 12 else 1
            else:
                amount = 1 if r2 > fav2 else -1
        new = max(2, min(12, r2 + 2 * amount))
        st.r2 = new
        self.rec.emit("range_shift", ID[c], rule="§11.5", before=fm.range_text(r2),
                      after=fm.range_text(new))

    # -- the end (§17) ----------------------------------------------------------------------
    def finish(self, winner: int | None, reason: Termination, rule: str) -> None:
        """End the battle with ``winner`` (None: a draw) and say so."""
        st = self.state
        st.over = True
        st.winner = winner
        st.reason = reason
        self.rec.step("end", "battle_end")
        who = None if winner is None else ID[winner]
        self.rec.emit("battle_end", who, rule=rule, reason=reason.value, winner=who,
                      lp=[self.lp(0), self.lp(1)])
