"""The dice battle (§5): one shared roll of four coloured dice per turn, read by both sides.

Set-up (§4) and the 15-step turn loop only; the steps live in the rule sections of
:mod:`.rules` (:mod:`~.rules.abilities` 4–9, :mod:`~.rules.values` 10, :mod:`~.rules.attack`
11–13, :mod:`~.rules.upkeep` 14–15) and
act on the :class:`~kassen.rulesets.dice.table.DiceTable` the set-up builds (``self.table``,
handed to each of them as ``t``). ``self.state`` (a :class:`~kassen.rulesets.dice.model.State`,
also ``self.table.state``) holds everything that changes, so snapshots are plain deep copies.
"""

from __future__ import annotations

from typing import Any

from kassen.core.options import read
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import view as vw
from kassen.rulesets.dice.catalogue_conditions import DEMERIT_FLAGS
from kassen.rulesets.dice.model import Character, Sheet, State, Termination, TurnValues
from kassen.rulesets.dice.options import Readings
from kassen.rulesets.dice.rules import attack, upkeep
from kassen.rulesets.dice.rules.abilities import (
    demerit_square,
    ougi_prestep,
    select,
    slot_abilities,
    special,
    zone,
)
from kassen.rulesets.dice.rules.sheet import starting_lp
from kassen.rulesets.dice.rules.values import derive, flags_and_passives
from kassen.rulesets.dice.table import ID, DiceTable

COLOURS = ("R", "B", "Y", "G")
"""The four dice, in the order they are rolled (§5.1)."""
DIE_TERMS = {colour: tuple(("=" if colour == "R" else "+", "die_" + colour, face)
                           for face in range(7)) for colour in COLOURS}
"""The sum term of each die at each face (made once, shared by every read event)."""
SELECTED_TERMS = tuple(("+", "selected_die", face, "§6.1") for face in range(7))
RED_TERMS, BLUE_TERMS, YELLOW_TERMS, GREEN_TERMS = (DIE_TERMS[colour] for colour in COLOURS)
STARDUST_SELECTED = tuple(("+", "selected_die", face, "§15.1") for face in range(7))


def _lookup(letters: tuple[str, str, str, str, str], colour: str,
            ) -> tuple[int, int, int, int, int, tuple[tuple[object, ...], ...], str, str]:
    """A side's :func:`readers` as indices into the rolled faces (R, B, Y, G), with the sum
    terms of its middle die, the side's colour and its selected die's letter (the step-2
    reading of every turn, fixed for the battle)."""
    index = COLOURS.index
    return (index(letters[0]), index(letters[1]), index(letters[2]), index(letters[3]),
            index(letters[4]), DIE_TERMS[letters[2]], colour, letters[3])


def _read_values(colour: str, own: int, opp: int, n: int, s: int, sel: int, sel_colour: str,
                 five: int, faces: tuple[int, int, int, int],
                 middle: tuple[object, ...]) -> dict[str, Any]:
    """The read event's values (§1.3–1.5, §6.1) from step 2's numbers, the rolled faces (R, B,
    Y, G) and the middle die's term: N and 5計 with their sums (made when read)."""
    r, b, y, g = faces
    red, blue = RED_TERMS[r], BLUE_TERMS[b]
    return {"colour": colour, "own": own, "opp": opp, "n": n, "s": s, "sel": sel,
            "sel_colour": sel_colour, "five": five,
            "sums": {"n": (red, blue, middle),
                     "five": (red, blue, YELLOW_TERMS[y], GREEN_TERMS[g], SELECTED_TERMS[sel])}}


def _stardust_parts(bonus: int) -> tuple[tuple[tuple[object, ...], ...], ...]:
    """Step 3's stardust terms at each selected face: the die, then 星屑集め's bonus (made
    once per bonus)."""
    parts = STARDUST_PARTS.get(bonus)
    if parts is None:
        extra = (("+", "stardust_bonus", bonus),) if bonus else ()
        parts = tuple((STARDUST_SELECTED[face], *extra) for face in range(7))
        if len(STARDUST_PARTS) < 16:
            STARDUST_PARTS[bonus] = parts
    return parts


STARDUST_PARTS: dict[int, tuple[tuple[tuple[object, ...], ...], ...]] = {}
""":func:`_stardust_parts` by bonus (a sheet's 星屑集め count: a handful of values)."""


def readers(sheet: Sheet, colour: str) -> tuple[str, str, str, str, str]:
    """Which die is own, opponent's, the middle of N, selected and special for a sheet
    playing ``colour`` (§1.3–1.5): fixed for the battle, read every turn."""
    mine = "R" if colour == "red" else "B"
    theirs = "B" if mine == "R" else "R"
    middle = "G" if sheet.special == "Y" else "Y"
    letter = {"自": mine, "敵": theirs}.get(sheet.selected, sheet.selected)
    return mine, theirs, middle, letter, sheet.special


def assign_colours(sheets: list[Sheet], mode: str, coin: int) -> list[str]:
    """Colour of each side: red/blue (§4.1, D3, option ``sides``)."""
    if mode == "random":
        return ["red", "blue"] if coin == 0 else ["blue", "red"]
    if mode == "preference":
        def score(colours: list[str]) -> int:
            want = {"赤": "red", "青": "blue"}
            return sum(1 for s, col in zip(sheets, colours, strict=False)
                       if want.get(s.side) == col)
        if score(["blue", "red"]) > score(["red", "blue"]):
            return ["blue", "red"]
    return ["red", "blue"]


class DiceBattle(Battle):
    """One サイコロバトル between two sheets."""

    state: State
    table: DiceTable

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        sheets = list(setup.builds)
        kits = [cat.kit(sheet) for sheet in sheets]
        readings = read(Readings, self.options)
        coin = self.rng.below(2) if readings.sides == "random" else 0
        chars = []
        for sheet, kit in zip(sheets, kits, strict=True):
            gauge = readings.stun_gauge + kit.gauge_bonus
            lp = starting_lp(sheet)
            chars.append(Character(lp_main=lp, lp_start=lp, vp=readings.vp_init, gauge=gauge,
                                   gauge_max=gauge,
                                   ougi_available=kit.ougi is not None))
        self.state = State(colour=assign_colours(sheets, readings.sides, coin), chars=chars,
                           cross_x=(sheets[0].cross + sheets[1].cross) // 2)
        self.table = t = DiceTable(self.state, self.rec, self.rng, readings, self.decider,
                                   sheets, kits)
        t.readers = [readers(sheet, colour)
                     for sheet, colour in zip(sheets, self.state.colour, strict=True)]
        t.lookups = [_lookup(letters, colour)
                     for letters, colour in zip(t.readers, self.state.colour, strict=True)]
        t.stardust_parts = [_stardust_parts(kit.stardust_bonus) for kit in kits]
        t.specials = [("", *sheet.specials) for sheet in sheets]
        t.trigger_rows = [-1 if sheet.trigger is None else DEMERIT_FLAGS[sheet.trigger[0]].index
                          for sheet in sheets]

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.turn

    # -- the turn ----------------------------------------------------------------------
    def play_turn(self) -> None:
        t = self.table
        st = self.state
        rec = t.rec  # Battle.rec keeps it the battle's (the driver may hand it another)
        st.turn += 1
        rec.turn = st.turn
        rec.step("roll", "turn")
        rec.add("turn", None, None, None, {"turn": st.turn})  # a plain dict: cheaper than a Lazy
        # 1. roll R, B, Y, G (shared by both)
        below = t.rng.below  # a die is 1 + below(6) (core.rng)
        r = 1 + below(6)
        b = 1 + below(6)
        y = 1 + below(6)
        g = 1 + below(6)
        # the state's dice and the event's values are one dict: made anew each turn, never
        # changed after
        st.dice = dice = {"R": r, "B": b, "Y": y, "G": g}
        st.decision = None
        rec.add("dice", None, None, "§5.1", dice)
        # 2. read dice per character
        rec.step("read", "read")
        faces = (r, b, y, g)
        total = r + b + y + g
        tvs = st.tv
        if tvs:
            self._read(0, faces, total, tvs[0])
            self._read(1, faces, total, tvs[1])
        else:
            st.tv = tvs = [self._read(0, faces, total, None), self._read(1, faces, total, None)]
        # 3. stardust and star formation
        kits, parts = t.kits, t.stardust_parts
        tv0, tv1 = tvs
        # 原始攻撃権 (§9.3): its first key, the own dice, settles most turns (t.order: the rest)
        own0, own1 = tv0.own_eff, tv1.own_eff
        for c in t.order() if own0 == own1 else (0, 1) if own0 > own1 else (1, 0):
            sel = tvs[c].sel
            t.add_stardust(c, sel + kits[c].stardust_bonus, "selected", parts[c][sel])
        # the steps below act for side 0 then side 1, or in 原始攻撃権 order (§9.3); the two
        # calls are written out (every turn of every battle passes here)
        # 4. zone
        zone(t, 0)
        zone(t, 1)
        # 5. selection
        rec.step("select", "select")
        select(t, 0)
        select(t, 1)
        # steps 6-8 act only where the sheet has something to act: each call below is skipped
        # where its function would return at once (most turns, most sides)
        ch0, ch1 = st.chars
        # 6. 奥義 pre-step (a 奥義 still on the board, in slot N)
        if ch0.ougi_available and kits[0].ougi_squares[tv0.n]:
            ougi_prestep(t, 0)
        if ch1.ougi_available and kits[1].ougi_squares[tv1.n]:
            ougi_prestep(t, 1)
        # 7. demerit squares (a demerit ability in slot N)
        if kits[0].squares[tv0.n]:
            demerit_square(t, 0)
        if kits[1].squares[tv1.n]:
            demerit_square(t, 1)
        # 8. special abilities in 原始攻撃権 order (a special on face S)
        rec.step("special", "special")
        own0, own1 = tv0.own_eff, tv1.own_eff
        first, second = t.order() if own0 == own1 else (0, 1) if own0 > own1 else (1, 0)
        specials = t.specials
        if specials[first][tvs[first].s]:
            special(t, first)
        if specials[second][tvs[second].s]:
            special(t, second)
        # 9. slot abilities in 原始攻撃権 order (evaluated afresh, D23)
        rec.step("ability", "ability")
        own0, own1 = tv0.own_eff, tv1.own_eff
        first, second = t.order() if own0 == own1 else (0, 1) if own0 > own1 else (1, 0)
        slot_abilities(t, first)
        slot_abilities(t, second)
        # 10. derived values
        rec.step("values", "values")
        flags_and_passives(t, 0)
        flags_and_passives(t, 1)
        derive(t, 0)
        derive(t, 1)
        # 11. range (set on the first turn)
        if st.r2 is None:
            attack.range_start(t)
        # 12. attack-right decision
        rec.step("decision", "decision")
        attackers, cross = attack.decide(t)
        # 13. attacks
        attack.attacks(t, attackers, cross)
        if ch0.lp_main + ch0.lp_ex <= 0 or ch1.lp_main + ch1.lp_ex <= 0:  # LP (§16.1)
            attack.knockout(t)
            return
        # 14. stun bookkeeping
        rec.step("stun", "stun")
        # a side neither stunned, nor resting (damaged, or its gauge full), nor at gauge 0
        # has nothing to do here (upkeep.stun)
        if ch0.stunned or ch0.gauge <= 0 or (not tv0.took_damage and ch0.gauge < ch0.gauge_max):
            upkeep.stun(t, 0)
        if ch1.stunned or ch1.gauge <= 0 or (not tv1.took_damage and ch1.gauge < ch1.gauge_max):
            upkeep.stun(t, 1)
        # 15. end of turn
        rec.step("end", "end_of_turn")
        upkeep.end_of_turn(t)

    def _read(self, c: int, faces: tuple[int, int, int, int], total: int,
              tv: TurnValues | None) -> TurnValues:
        """Step 2: own, opponent, N, S, selected die and 5計 of side ``c`` (§1.3–1.5, §6.1),
        from the roll (the R, B, Y, G faces and their sum) into ``tv`` (last turn's values,
        begun afresh) or a new ``TurnValues``."""
        t = self.table
        mine, theirs, middle, letter, special, middle_terms, colour, sel_colour = t.lookups[c]
        ch = t.state.chars[c]
        r, b = faces[0], faces[1]
        own = faces[mine]
        opp = faces[theirs]
        sel = faces[letter]
        s = faces[special]
        mid = faces[middle]
        n, five = r + b + mid, total + sel  # 5計 = R + B + Y + G + selected die (§6.1)
        if tv is None:
            tv = TurnValues(own, opp, n, s, sel, sel_colour, five, ch.vp, ch.stunned, own, own)
        else:
            tv.begin(own, opp, n, s, sel, sel_colour, five, ch.vp, ch.stunned)
        t.rec.add_lazy("read", ID[c], None, "§1.3", _read_values,
                       (colour, own, opp, n, s, sel, sel_colour, five, faces,
                        middle_terms[mid]))
        return tv

    # -- results and views -------------------------------------------------------------
    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or Termination.UNFINISHED, st.turn,
                      {"lp": [st.chars[0].lp, st.chars[1].lp], "colours": list(st.colour)})

    def members(self) -> list[dict[str, Any]]:
        return vw.members(self.table)

    def view(self) -> dict[str, Any]:
        return vw.view(self.table, self.rec.steps[-1].phase if self.rec.steps else "")
