"""The dice battle (§5): one shared roll of four coloured dice per turn, read by both sides.

Set-up (§4) and the 15-step turn loop only; the steps live in modules named for them
(:mod:`.abilities` 4–9, :mod:`.values` 10, :mod:`.attack` 11–13, :mod:`.upkeep` 14–15) and
act through the primitives of :class:`~kassen.rulesets.dice.table.Table`. ``self.state``
(a :class:`~kassen.rulesets.dice.state.BattleState`) holds everything that changes, so
snapshots are plain deep copies.
"""

from __future__ import annotations

from typing import Any

from kassen.core.options import read
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.dice import abilities, attack, upkeep, values
from kassen.rulesets.dice import formulas as fm
from kassen.rulesets.dice import handlers as hd
from kassen.rulesets.dice import view as vw
from kassen.rulesets.dice.model import Sheet
from kassen.rulesets.dice.options import Readings
from kassen.rulesets.dice.state import BattleState, Character, TurnValues
from kassen.rulesets.dice.table import ID, Table

COLOURS = ("R", "B", "Y", "G")
"""The four dice, in the order they are rolled (§5.1)."""
DIE_TERMS = {colour: tuple(("=" if colour == "R" else "+", "die_" + colour, face)
                           for face in range(7)) for colour in COLOURS}
"""The sum term of each die at each face (made once, shared by every read event)."""
SELECTED_TERMS = tuple(("+", "selected_die", face, "§6.1") for face in range(7))


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


class DiceBattle(Table, Battle):
    """One サイコロバトル between two sheets."""

    state: BattleState

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        self.sheets = list(setup.builds)
        self.kits = [hd.kit(sheet) for sheet in self.sheets]
        self.opt = opt = read(Readings, self.options)
        coin = self.rng.below(2) if opt.sides == "random" else 0
        chars = []
        for sheet, kit in zip(self.sheets, self.kits, strict=True):
            gauge = opt.stun_gauge + kit.gauge_bonus
            lp = sheet.lp_start
            chars.append(Character(lp_main=lp, lp_start=lp, vp=opt.vp_init, gauge=gauge,
                                   gauge_max=gauge,
                                   ougi_available=sheet.ougi_number is not None))
        c0, c1 = self.sheets[0].cross, self.sheets[1].cross
        self.state = BattleState(colour=assign_colours(self.sheets, opt.sides, coin),
                                 chars=chars, cross_x=(c0 + c1) // 2)
        self.x_terms = (("=", "cross_range", c0), ("+", "cross_range", c1),
                        ("//", "half", 2, "§4.5"))
        self.readers = [readers(sheet, colour)
                        for sheet, colour in zip(self.sheets, self.state.colour, strict=True)]

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.turn

    # -- the turn ----------------------------------------------------------------------
    def play_turn(self) -> None:
        st = self.state
        rec = self.rec
        st.turn += 1
        rec.turn = st.turn
        rec.step("roll", "turn")
        rec.add("turn", None, None, None, {"turn": st.turn})
        # 1. roll R, B, Y, G (shared by both)
        below = self.rng.below  # a die is 1 + below(6) (core.rng)
        r, b, y, g = 1 + below(6), 1 + below(6), 1 + below(6), 1 + below(6)
        st.dice = dice = {"R": r, "B": b, "Y": y, "G": g}
        st.decision = None
        rec.add("dice", None, None, "§5.1", {"R": r, "B": b, "Y": y, "G": g})
        # 2. read dice per character
        rec.step("read", "read")
        st.tv = [self._read(0, dice), self._read(1, dice)]
        # 3. stardust and star formation
        for c in self.order():
            sel, bonus = st.tv[c].sel, self.kits[c].stardust_bonus
            parts = (("+", "selected_die", sel, "§15.1"),
                     *((("+", "stardust_bonus", bonus),) if bonus else ()))
            self.add_stardust(c, sel + bonus, "selected", parts)
        # 4. zone
        for c in (0, 1):
            abilities.zone(self, c)
        # 5. selection
        rec.step("select", "select")
        for c in (0, 1):
            abilities.select(self, c)
        # 6. 奥義 pre-step
        for c in (0, 1):
            abilities.ougi_prestep(self, c)
        # 7. demerit squares
        for c in (0, 1):
            abilities.demerit_square(self, c)
        # 8. special abilities in 原始攻撃権 order
        rec.step("special", "special")
        for c in self.order():
            abilities.special(self, c)
        # 9. slot abilities in 原始攻撃権 order (evaluated afresh, D23)
        rec.step("ability", "ability")
        for c in self.order():
            abilities.slot_abilities(self, c)
        # 10. derived values
        rec.step("values", "values")
        for c in (0, 1):
            values.flags_and_passives(self, c)
        for c in (0, 1):
            values.derive(self, c)
        # 11. range
        attack.range_start(self)
        # 12. attack-right decision
        rec.step("decision", "decision")
        attackers, cross = attack.decide(self)
        # 13. attacks
        attack.attacks(self, attackers, cross)
        if self.lp(0) <= 0 or self.lp(1) <= 0:
            attack.knockout(self)
            return
        # 14. stun bookkeeping
        rec.step("stun", "stun")
        for c in (0, 1):
            upkeep.stun(self, c)
        # 15. end of turn
        rec.step("end", "end_of_turn")
        upkeep.end_of_turn(self)

    def _read(self, c: int, dice: dict[str, int]) -> TurnValues:
        """Step 2: own, opponent, N, S, selected die and 5計 of side ``c`` (§1.3–1.5, §6.1)."""
        mine, theirs, middle, letter, special = self.readers[c]
        ch = self.state.chars[c]
        r, b, y, g = dice["R"], dice["B"], dice["Y"], dice["G"]
        own, opp, sel, mid = dice[mine], dice[theirs], dice[letter], dice[middle]
        n, five = r + b + mid, fm.five_sum(dice, sel)
        if len(self.state.tv) == 2:
            tv = self.state.tv[c]
            tv.begin(own, opp, n, dice[special], sel, letter, five, ch.vp, ch.stunned)
        else:
            tv = TurnValues(own, opp, n, dice[special], sel, letter, five, ch.vp, ch.stunned,
                            own, own)
        red, blue = DIE_TERMS["R"][r], DIE_TERMS["B"][b]
        sums = {"n": (red, blue, DIE_TERMS[middle][mid]),
                "five": (red, blue, DIE_TERMS["Y"][y], DIE_TERMS["G"][g], SELECTED_TERMS[sel])}
        self.rec.add("read", ID[c], None, "§1.3", {"colour": self.state.colour[c], "own": own,
                                                   "opp": opp, "n": n, "s": tv.s, "sel": sel,
                                                   "sel_colour": letter, "five": five,
                                                   "sums": sums})
        return tv

    # -- results and views -------------------------------------------------------------
    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or "unfinished", st.turn,
                      {"lp": [self.lp(0), self.lp(1)], "colours": list(st.colour)})

    def members(self) -> list[dict[str, Any]]:
        return vw.members(self)

    def view(self) -> dict[str, Any]:
        return vw.view(self, self.rec.steps[-1].phase if self.rec.steps else "")
