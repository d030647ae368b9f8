"""The dice battle (§5): one shared roll of four coloured dice per turn, read by both sides.

``self.state`` holds everything that changes (characters, range, this turn's values), so
snapshots are plain deep copies. Index ``c`` (0/1) is the side in order of entry; the colour
(red/blue) of each side is in ``state["colour"]``. Step numbers in comments are those of §5.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice import effects as fx
from kassen.rulesets.dice import formulas as fm
from kassen.rulesets.dice.model import Ability, Sheet, starting_lp

ONE = Fraction(1)
MULT_KEYS = ("atk_mult", "def_mult")
CORR_KEYS = ("atk_corr", "def_corr", "dmg_mult", "taken_mult")


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

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        self.sheets: list[Sheet] = list(setup.builds)
        opts = self.options
        coin = self.rng.below(2) if opts["sides"] == "random" else 0
        colours = assign_colours(self.sheets, opts["sides"], coin)
        chars = []
        for sheet in self.sheets:
            gauge = opts["stun_gauge"] + (2 if "タフネス" in sheet.passives else 0)
            lp = starting_lp(sheet)
            chars.append({
                "lp_main": lp, "lp_ex": 0, "lp_start": lp, "vp": opts["vp_init"], "stars": 0,
                "stardust": 0, "ougi_stars": 0, "gauge": gauge, "gauge_max": gauge,
                "stunned": False, "stun_left": 0, "flags": [], "line_used": False,
                "ougi_available": sheet.ougi_slot() is not None, "zone": "序盤",
                "zone_active": False,
            })
        self.state: dict[str, Any] = {
            "turn": 0, "over": False, "winner": None, "reason": "", "colour": colours,
            "chars": chars, "r2": None, "queued": [], "dice": None, "tv": [{}, {}],
            "decision": None, "cross_x": (self.sheets[0].cross + self.sheets[1].cross) // 2,
        }

    # -- small accessors ----------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state["over"]

    @property
    def turn(self) -> int:
        return self.state["turn"]

    @property
    def tv(self) -> list[dict[str, Any]]:
        """This turn's values per side (§3 per-turn quantities)."""
        return self.state["tv"]

    def ch(self, c: int) -> dict[str, Any]:
        """The runtime state of side ``c``."""
        return self.state["chars"][c]

    def mid(self, c: int) -> str:
        """Member id (design: ``<side>.<n>``)."""
        return f"{c}.0"

    def lp(self, c: int) -> int:
        """LP = main + EX (§16.1)."""
        ch = self.ch(c)
        return ch["lp_main"] + ch["lp_ex"]

    def red(self) -> int:
        """The side index playing red."""
        return 0 if self.state["colour"][0] == "red" else 1

    # -- modifier helpers used by effects ----------------------------------------------
    def add(self, c: int, key: str, amount: int, single: bool) -> None:
        """Additive modifier (攻撃倍率/防御倍率, §7.5); ``single``: first hit only (単)."""
        self.tv[c][key][1 if single else 0] += amount

    def mul(self, c: int, key: str, factor: Fraction, single: bool) -> None:
        """Multiplicative modifier (補正倍率, ダメージ倍率, 被弾倍率, §7.5)."""
        self.tv[c][key][1 if single else 0] *= factor

    def on_hit(self, c: int, kind: str, single: bool) -> None:
        """Register an on-hit effect of this turn (§7.4)."""
        self.tv[c]["on_hit"].append([kind, single])

    def has_flag(self, c: int, name: str) -> bool:
        """Whether side ``c`` holds an effective flag ``name`` (created before this turn, §13.3)."""
        turn = self.state["turn"]
        return any(f["name"] == name and f["since"] < turn for f in self.ch(c)["flags"])

    def set_flag(self, c: int, name: str, kind: str, turns: int) -> None:
        """Create a flag, effective from next turn for ``turns`` turns (§13.3)."""
        self.ch(c)["flags"].append({"name": name, "kind": kind, "remaining": turns,
                                    "since": self.state["turn"]})
        self.rec.emit("flag_set", self.mid(c), rule="§13.3", flag=name, flag_kind=kind,
                      turns=turns)

    def remove_flags(self, c: int, kinds: tuple[str, ...], cause: str) -> int:
        """Remove every flag of the given kinds; returns how many went."""
        flags = self.ch(c)["flags"]
        gone = [f["name"] for f in flags if f["kind"] in kinds]
        if gone:
            self.ch(c)["flags"] = [f for f in flags if f["kind"] not in kinds]
            self.rec.emit("flags_removed", self.mid(c), rule="§13.5", via=cause,
                          flags=gone, flag_kind="/".join(kinds))
        return len(gone)

    def gain_stars(self, c: int, n: int, cause: str) -> None:
        """Stars +n; each also raises 奥義星 up to its setting (§15.5)."""
        ch = self.ch(c)
        ch["stars"] += n
        slot = self.sheets[c].ougi_slot()
        if slot is not None:
            limit = self.sheets[c].slot(slot).ougi.stars  # type: ignore[union-attr]
            ch["ougi_stars"] += n
            if self.options["ougi_star_cap"]:
                ch["ougi_stars"] = min(limit, ch["ougi_stars"])
        self.rec.emit("stars", self.mid(c), rule="§15.1", via=cause, change=n,
                      stars=ch["stars"], ougi_stars=ch["ougi_stars"])

    def lose_stars(self, c: int, n: int, cause: str) -> None:
        """Stars −n, not below 0 (§15.3); 奥義星 never decreases."""
        ch = self.ch(c)
        before = ch["stars"]
        ch["stars"] = max(0, before - n)
        self.rec.emit("stars", self.mid(c), rule="§15.3", via=cause,
                      change=ch["stars"] - before, stars=ch["stars"],
                      ougi_stars=ch["ougi_stars"])

    def add_stardust(self, c: int, n: int, cause: str) -> None:
        """Stardust +n, then star formation (§15.1)."""
        ch = self.ch(c)
        ch["stardust"] += n
        self.rec.emit("stardust", self.mid(c), rule="§5.3", via=cause, change=n,
                      stardust=ch["stardust"])
        per = self.options["stardust_per_star"]
        if per > 0 and ch["stardust"] >= per:
            gained = ch["stardust"] // per
            ch["stardust"] -= gained * per
            self.gain_stars(c, gained, "stardust")

    def lose_stardust(self, c: int, n: int) -> None:
        """Stardust −n, not below 0 (散漫)."""
        ch = self.ch(c)
        before = ch["stardust"]
        ch["stardust"] = max(0, before - n)
        self.rec.emit("stardust", self.mid(c), rule="§18.5", via="散漫",
                      change=ch["stardust"] - before, stardust=ch["stardust"])

    def lose_gauge(self, c: int, n: int) -> None:
        """Stun gauge −n immediately (動揺); ignored while stunned (D28)."""
        ch = self.ch(c)
        if ch["stunned"]:
            return
        ch["gauge"] = max(0, ch["gauge"] - n)
        self.rec.emit("gauge", self.mid(c), rule="§18.5", via="動揺", change=-n,
                      gauge=ch["gauge"])

    def heal(self, c: int, amount: int) -> None:
        """Heal into EX LP, capped at the starting LP (§16.1, A28)."""
        ch = self.ch(c)
        room = ch["lp_start"] - self.lp(c) if self.options["heal_cap"] else amount
        gained = max(0, min(amount, room))
        ch["lp_ex"] += gained
        self.rec.emit("heal", self.mid(c), rule="§16.1", amount=gained, lp=self.lp(c))

    def shift_range(self, c: int, amount: int, *, away_from_fav: bool = False) -> None:
        """Range ±1 now, clamped to 1..6 (§11.5); queued on turn 1 before a range exists (D8)."""
        if self.state["r2"] is None:
            self.state["queued"].append([c, amount, away_from_fav])
            self.rec.emit("range_queued", self.mid(c), rule="D8", change=amount)
            return
        r2 = self.state["r2"]
        if away_from_fav:
            fav2 = 2 * self.sheets[c].fav
            if r2 == fav2:  # D15: at the favourite, "away" has no direction of its own
                inward = self.options["away_at_favourite"] == "closer"
                amount = -1 if (inward and r2 > 2) or r2 == 12 else 1
            else:
                amount = 1 if r2 > fav2 else -1
        new = max(2, min(12, r2 + 2 * amount))
        self.state["r2"] = new
        self.rec.emit("range_shift", self.mid(c), rule="§11.5", before=fm.range_text(r2),
                      after=fm.range_text(new))

    def recover(self, c: int) -> bool:
        """復帰: end stun now and refill the gauge (§12.5)."""
        ch = self.ch(c)
        if not ch["stunned"]:
            return False
        ch["stunned"] = False
        ch["stun_left"] = 0
        ch["gauge"] = ch["gauge_max"]
        self.tv[c]["recovered"] = True
        self.rec.emit("stun_end", self.mid(c), rule="§12.5", via="復帰", gauge=ch["gauge"])
        return True

    def cancellable(self, c: int) -> bool:
        """Whether 不発の術 has something to cancel on side ``c`` (D19)."""
        tv = self.tv[c]
        src = tv["source"]
        if src["kind"] in ("line", "trigger"):
            return True
        if src["kind"] != "slot":
            return False
        slot = self.sheets[c].slot(src["slot"])
        if tv["ougi"]:
            return (slot.based and slot.normal is not None) or self.options["misfire_ougi"]
        return slot.normal is not None or slot.star is not None

    # -- the turn ----------------------------------------------------------------------
    def play_turn(self) -> None:
        st = self.state
        st["turn"] += 1
        turn = st["turn"]
        self.rec.turn = turn
        self.rec.step("roll", "turn")
        self.rec.emit("turn", turn=turn)
        # 1. roll R, B, Y, G (shared by both)
        dice = {colour: self.rng.die(6) for colour in ("R", "B", "Y", "G")}
        st["dice"] = dice
        st["decision"] = None
        self.rec.emit("dice", rule="§5.1", **dice)
        # 2. read dice per character
        self.rec.step("read", "read")
        st["tv"] = [self._read(c, dice) for c in (0, 1)]
        # 3. stardust and star formation
        for c in self._order():
            bonus = 1 if "星屑集め" in self.sheets[c].passives else 0
            self.add_stardust(c, self.tv[c]["sel"] + bonus, "selected")
        # 4. zone
        for c in (0, 1):
            self._zone(c)
        # 5. selection
        self.rec.step("select", "select")
        for c in (0, 1):
            self._select(c)
        # 6. 奥義 pre-step
        for c in (0, 1):
            self._ougi_prestep(c)
        # 7. demerit squares
        for c in (0, 1):
            self._demerit_square(c)
        # 8. special abilities in 原始攻撃権 order
        self.rec.step("special", "special")
        for c in self._order():
            self._special(c)
        # 9. slot abilities in 原始攻撃権 order (evaluated afresh, D23)
        self.rec.step("ability", "ability")
        for c in self._order():
            self._slot_abilities(c)
        # 10. derived values
        self.rec.step("values", "values")
        for c in (0, 1):
            self._flags_and_passives(c)
        for c in (0, 1):
            self._derive(c)
        # 11. range
        self._range_start()
        # 12. attack-right decision
        self.rec.step("decision", "decision")
        plan = self._decide()
        # 13. attacks
        self._attacks(plan)
        if self.lp(0) <= 0 or self.lp(1) <= 0:
            self._knockout()
            return
        # 14. stun bookkeeping
        self.rec.step("stun", "stun")
        for c in (0, 1):
            self._stun(c)
        # 15. end of turn
        self.rec.step("end", "end_of_turn")
        self._end_of_turn()

    # step 2
    def _read(self, c: int, dice: dict[str, int]) -> dict[str, Any]:
        sheet = self.sheets[c]
        mine = "R" if self.state["colour"][c] == "red" else "B"
        theirs = "B" if mine == "R" else "R"
        middle = "G" if sheet.special == "Y" else "Y"
        letter = {"自": mine, "敵": theirs}.get(sheet.selected, sheet.selected)
        tv: dict[str, Any] = {
            "own": dice[mine], "opp": dice[theirs], "own_eff": dice[mine],
            "n": dice["R"] + dice["B"] + dice[middle], "s": dice[sheet.special],
            "sel": dice[letter], "sel_colour": letter, "five": 0,
            "source": {"kind": "none", "slot": 0, "name": ""}, "ougi": False,
            "on_square": False, "guarded": False, "misfired": False, "recovered": False,
            "started_stunned": self.ch(c)["stunned"], "vp0": self.ch(c)["vp"],
            "abs": 0, "right": 0, "speed_mod": 0, "speed": 0,
            "atk_mult": [k.ATK_MULT_BASE, 0], "def_mult": [k.DEF_MULT_BASE, 0],
            "atk_corr": [ONE, ONE], "def_corr": [ONE, ONE], "dmg_mult": [ONE, ONE],
            "taken_mult": [ONE, ONE], "thresholds": [], "coefs": [], "threshold": 50,
            "coef": k.COMBO_COEF_BASE, "force_cross": False, "on_hit": [], "parry": "",
            "acts": [], "vp_guard": 0, "vp_extra": 0, "took_damage": False, "shorten": 0,
            "charge": 0, "demerit_applied": [], "range_die": dice[mine], "hits_taken": 0,
            "gauge_lost": 0,
        }
        tv["five"] = fm.five_sum(dice, tv["sel"])
        self.rec.emit("read", self.mid(c), rule="§1.3", colour=self.state["colour"][c],
                      own=tv["own"], opp=tv["opp"], n=tv["n"], s=tv["s"], sel=tv["sel"],
                      sel_colour=letter, five=tv["five"])
        return tv

    def _order(self) -> list[int]:
        """原始攻撃権 order (§9.3): own die, 敏捷, stars, stardust, then turn parity."""
        keys = []
        for c in (0, 1):
            ch = self.ch(c)
            own = self.tv[c]["own_eff"] if self.tv[c] else 0
            keys.append((own, self.sheets[c].agi, ch["stars"], ch["stardust"]))
        if keys[0] != keys[1]:
            return [0, 1] if keys[0] > keys[1] else [1, 0]
        red = self.red()
        first = red if self.state["turn"] % 2 == 1 else 1 - red
        return [first, 1 - first]

    # step 4
    def _zone(self, c: int) -> None:
        ch = self.ch(c)
        lp = self.lp(c)
        hi, lo = k.ZONE_BOUNDS
        if self.options["zone_bounds"] == "lower":
            hi, lo = hi - 1, lo - 1  # LP is an integer: ">= 4000" is "> 3999"
        zone = "序盤" if lp > hi else "中盤" if lp > lo else "終盤"
        ch["zone"] = zone
        placed = self.sheets[c].zone
        active = placed is not None and placed[0] == zone
        if active != ch["zone_active"] or self.state["turn"] == 1:
            self.rec.emit("zone", self.mid(c), rule="§16.2", zone=zone, active=active,
                          passive=placed[1] if placed else "")
        ch["zone_active"] = active
        if active and placed is not None and placed[1] == "星読み":
            self.add_stardust(c, fx.ZONE_STARDUST[k.ZONES.index(zone)], "星読み")

    # step 5
    def _select(self, c: int) -> None:
        sheet = self.sheets[c]
        ch = self.ch(c)
        tv = self.tv[c]
        src = tv["source"]
        if ch["stunned"]:
            if (self.options["line_while_stunned"] == "lost" and sheet.line is not None
                    and not ch["line_used"] and self.lp(c) <= sheet.line[0]):
                ch["line_used"] = True  # D30 alternative: the line passes while stunned
            self.rec.emit("select", self.mid(c), rule="§7.1", source="stunned", slot=0,
                          name="")
            return
        if sheet.line is not None and not ch["line_used"] and self.lp(c) <= sheet.line[0]:
            ch["line_used"] = True
            src.update(kind="line", name=sheet.line[1].text())
        elif (sheet.trigger is not None and self.has_flag(1 - c, sheet.trigger[0])
              and tv["vp0"] >= 1 + sheet.trigger[1].entry.vp):
            src.update(kind="trigger", name=sheet.trigger[1].text())
        else:
            slot = sheet.slot(tv["n"])
            name = slot.normal.text() if slot.normal else ""
            src.update(kind="slot", slot=tv["n"], name=name)
        self.rec.emit("select", self.mid(c), rule="§7.1", source=src["kind"], slot=src["slot"],
                      name=src["name"])

    # step 6
    def _ougi_prestep(self, c: int) -> None:
        tv = self.tv[c]
        ch = self.ch(c)
        if tv["source"]["kind"] != "slot":
            return
        ougi = self.sheets[c].slot(tv["n"]).ougi
        if ougi is None or not ch["ougi_available"] or ch["ougi_stars"] < ougi.stars:
            return
        tv["ougi"] = True
        tv["abs"] += 1
        self.rec.emit("ougi", self.mid(c), rule="§15.5", name=ougi.name, x=ch["ougi_stars"])
        kinds = ("bad", "demerit") if self.options["demerit_flags_are_bad"] else ("bad",)
        self.remove_flags(c, kinds, "奥義")

    # step 7
    def _demerit_square(self, c: int) -> None:
        tv = self.tv[c]
        stunned = self.ch(c)["stunned"]
        if (stunned and self.options["stunned_square_penalty"]) or tv["source"]["kind"] == "slot":
            slot = self.sheets[c].slot(tv["n"])
        else:
            return
        if not slot.demerit:
            return
        if "デメリットガード" in self.sheets[c].passives and tv["vp0"] >= 1:
            tv["guarded"] = True
            tv["vp_guard"] += 1
            self.rec.emit("demerit_guard", self.mid(c), rule="§8.3", slot=tv["n"])
            return
        tv["on_square"] = True
        tv["right"] -= 1
        tv["def_corr"][0] = Fraction(0)
        tv["range_die"] = 0
        self.rec.emit("demerit_square", self.mid(c), rule="§8.1", slot=tv["n"])
        self.remove_flags(c, ("good",), "demerit_square")

    def vp_blocked(self, c: int, need: int) -> bool:
        """VP gate (§7.6, §14.2) on the turn-start VP. ``negative_vp=all``: the literal §7.6
        test, so a negative VP blocks 0-VP abilities too; ``vp_users`` (D6): only abilities
        that use VP are gated."""
        if need <= 0 and self.options["negative_vp"] == "vp_users":
            return False
        return need > self.tv[c]["vp0"]

    # step 8
    def _special(self, c: int) -> None:
        tv = self.tv[c]
        name = self.sheets[c].specials[tv["s"] - 1]
        if not name:
            return
        if self.ch(c)["stunned"] and name != "復帰":
            return
        entry = cat.SPECIAL_BY_JA[name]
        if self.vp_blocked(c, entry.vp):
            self.rec.emit("blocked", self.mid(c), rule="§7.6", name=name, why="vp")
            return
        exerted = fx.SPECIAL[name](self, c, False)
        tv["acts"].append({"name": name, "vp": entry.vp, "extra": 0, "exerted": exerted})
        self.rec.emit("special", self.mid(c), rule="§18.2", name=name, face=tv["s"],
                      exerted=exerted)

    # step 9
    def _slot_abilities(self, c: int) -> None:
        tv = self.tv[c]
        src = tv["source"]
        sheet = self.sheets[c]
        ch = self.ch(c)
        if src["kind"] == "none":
            return
        if src["kind"] in ("line", "trigger"):
            ability = sheet.line[1] if src["kind"] == "line" else sheet.trigger[1]  # type: ignore[index]
            self._activate(c, ability, src["kind"], extra=1 if src["kind"] == "trigger" else 0)
            return
        slot = sheet.slot(src["slot"])
        normal = slot.normal
        if tv["ougi"]:
            ougi = slot.ougi
            assert ougi is not None
            if tv["misfired"] and self.options["misfire_ougi"]:
                # the 奥義 does not act and stays on the board; step 6 effects are locked in
                self.rec.emit("blocked", self.mid(c), rule="§7.7", name=ougi.name,
                              why="misfire")
                return
            fx.OUGI[ougi.name](self, c, ch["ougi_stars"])
            tv["ougi_used"] = True
            self.rec.emit("ability", self.mid(c), rule="§15.5", name=ougi.name, column="ougi")
            if slot.based and normal is not None:
                self._activate(c, normal, "normal")
            return
        star = slot.star
        star_on = star is not None and ch["stars"] > star.need
        if star_on and self.options["star_column"] == "if_empty" and normal is not None:
            star_on = False
        if star_on and star is not None:
            if tv["misfired"]:
                self.rec.emit("blocked", self.mid(c), rule="§7.7", name=star.ability.text(),
                              why="misfire")
                if slot.based and normal is not None:
                    self._activate(c, normal, "normal")
                return
            if (slot.based and normal is not None and self.options["based_vp"] == "pair"
                    and self.vp_blocked(c, max(star.ability.entry.vp, normal.entry.vp))):
                # §14.2 literally: the based pair needs max(VP_a, VP_b), else neither acts
                self.rec.emit("blocked", self.mid(c), rule="§14.2", name=star.ability.text(),
                              why="vp")
                self.rec.emit("blocked", self.mid(c), rule="§14.2", name=normal.text(),
                              why="vp")
                return
            if not self.vp_blocked(c, star.ability.entry.vp):
                if self.options["star_spend"] == "at_use":
                    self.lose_stars(c, star.use, "star_ability")
                else:
                    tv["stars_due"] = star.use
                self._activate(c, star.ability, "star")
                if slot.based and normal is not None:
                    self._activate(c, normal, "normal")
                return
            self.rec.emit("blocked", self.mid(c), rule="D11", name=star.ability.text(),
                          why="vp")
            if not self.options["star_vp_fallback"] and not slot.based:
                return
        if normal is not None:
            self._activate(c, normal, "demerit" if normal.is_demerit else "normal")

    def _activate(self, c: int, ability: Ability, column: str, extra: int = 0) -> None:
        """Activate one ability atomically (§7.8): VP gate, misfire, effect, derivations."""
        tv = self.tv[c]
        name = ability.text()
        if tv["misfired"]:
            self.rec.emit("blocked", self.mid(c), rule="§7.7", name=name, why="misfire")
            return
        entry = ability.entry
        if self.vp_blocked(c, entry.vp + extra):
            self.rec.emit("blocked", self.mid(c), rule="§7.6", name=name, why="vp")
            return
        single = "単" in ability.derivations
        if ability.is_demerit:
            if tv["guarded"] and self.options["demerit_guard"] == "all":
                self.rec.emit("blocked", self.mid(c), rule="§8.3", name=name, why="guard")
                return
            self.rec.emit("ability", self.mid(c), rule="§18.5", name=name, column=column)
            self._apply_demerit(c, ability.name)
            self.set_flag(c, ability.name, "demerit", 1)
            return
        exerted = fx.NORMAL[ability.name](self, c, single)
        if "渡" in ability.derivations:
            tv["right"] -= 1
            exerted = True
        if "開" in ability.derivations:
            tv["def_corr"][0] = Fraction(0)
            exerted = True
        tv["acts"].append({"name": name, "vp": entry.vp, "extra": extra, "exerted": exerted,
                           "effect": ability.name, "single": single})
        self.rec.emit("ability", self.mid(c), rule="§18.1", name=name, column=column)

    def _apply_demerit(self, c: int, name: str) -> None:
        """A demerit effect, at most once per name per turn (option, D13)."""
        tv = self.tv[c]
        if self.options["demerit_once_per_turn"] and name in tv["demerit_applied"]:
            return
        tv["demerit_applied"].append(name)
        fx.DEMERIT[name](self, c)

    # step 10
    def _flags_and_passives(self, c: int) -> None:
        sheet = self.sheets[c]
        tv = self.tv[c]
        ch = self.ch(c)
        seen: list[str] = []
        for flag in ch["flags"]:
            if flag["since"] >= self.state["turn"] or flag["name"] in seen:
                continue
            seen.append(flag["name"])
            if flag["name"] == "防1.5倍":
                self.add(c, "def_mult", 1, False)
            elif flag["name"] == "被弾軽減":
                self.mul(c, "taken_mult", Fraction(4, 5), False)
            elif flag["kind"] == "demerit" and self.options["demerit_flag_repeats"]:
                self._apply_demerit(c, flag["name"])
        if ch["stunned"]:
            self.add(c, "def_mult", -k.STUN_DEF_MULT_PENALTY, False)
            if not self.options["passives_while_stunned"]:
                return
        passive = {"バランス": "万能", "リスキー": "捨て身", "パワー": "剛力", "ガード": "堅牢",
                   "スピード": "俊足"}.get(sheet.type, "")
        if passive == "万能":
            self.mul(c, "atk_corr", Fraction(11, 10), False)
            self.mul(c, "def_corr", Fraction(11, 10), False)
        elif passive == "捨て身":
            self.mul(c, "dmg_mult", Fraction(13, 10), False)
        elif passive == "剛力":
            self.mul(c, "atk_corr", Fraction(23, 20), False)
        elif passive == "堅牢":
            self.mul(c, "taken_mult", Fraction(3, 4), False)
        elif passive == "俊足":
            tv["thresholds"].append(40)
        if "連撃の心得" in sheet.passives:
            tv["thresholds"].append(40)
        if ch["zone_active"] and sheet.zone is not None:
            z = k.ZONES.index(ch["zone"])
            name = sheet.zone[1]
            if name == "闘志":
                self.mul(c, "atk_corr", fx.ZONE_ATK[z], False)
            elif name == "堅守":
                self.mul(c, "taken_mult", fx.ZONE_TAKEN[z], False)
            elif name == "疾風":
                tv["speed_mod"] += fx.ZONE_SPEED[z]

    def _derive(self, c: int) -> None:
        tv = self.tv[c]
        ch = self.ch(c)
        tv["speed"] = fm.speed(tv["own_eff"], self.sheets[c].agi, ch["stars"], tv["speed_mod"],
                               ch["stunned"])
        tv["threshold"] = max(k.COMBO_THRESHOLD_FLOOR,
                              min([k.COMBO_THRESHOLD_BASE, *tv["thresholds"]]))
        tv["coef"] = max([k.COMBO_COEF_BASE, *tv["coefs"]])
        self.rec.emit("values", self.mid(c), rule="§6.2", speed=tv["speed"], right=tv["right"],
                      abs=tv["abs"], atk_mult=tv["atk_mult"][0], def_mult=tv["def_mult"][0],
                      atk_corr=fm.dec(tv["atk_corr"][0]), def_corr=fm.dec(tv["def_corr"][0]),
                      dmg_mult=fm.dec(tv["dmg_mult"][0]),
                      taken_mult=fm.dec(tv["taken_mult"][0]), threshold=tv["threshold"],
                      coef=fm.dec(tv["coef"]))

    # step 11
    def _range_start(self) -> None:
        st = self.state
        if st["r2"] is None:
            key = "range_die" if self.options["square_initial_range"] else "own"
            d0, d1 = self.tv[0][key], self.tv[1][key]
            if d0 == d1:
                st["r2"] = self.sheets[0].fav + self.sheets[1].fav
            else:
                st["r2"] = 2 * self.sheets[0 if d0 > d1 else 1].fav
            self.rec.emit("range_set", rule="§11.3", range=fm.range_text(st["r2"]),
                          dice=[d0, d1])
            queued, st["queued"] = st["queued"], []
            for c, amount, away in queued:
                self.shift_range(c, amount, away_from_fav=away)

    # step 12
    def _decide(self) -> dict[str, Any]:
        tv = self.tv
        red = self.red()
        x = self.state["cross_x"]
        speeds = [tv[0]["speed"], tv[1]["speed"]]
        info: dict[str, Any] = {"abs": [tv[0]["abs"], tv[1]["abs"]],
                                "right": [tv[0]["right"], tv[1]["right"]], "speed": speeds,
                                "x": x, "passed": False}
        winner: int | None = None
        forced = tv[0]["force_cross"] or tv[1]["force_cross"]
        if forced and self.options["forced_cross"] == "absolute_first":
            forced = info["abs"][0] == info["abs"][1]
        if forced:
            by = "forced"
        elif info["abs"][0] != info["abs"][1]:
            by, winner = "absolute", 0 if info["abs"][0] > info["abs"][1] else 1
        elif info["right"][0] != info["right"][1]:
            by, winner = "right", 0 if info["right"][0] > info["right"][1] else 1
        elif abs(speeds[0] - speeds[1]) > x or (
                self.options["speed_margin"] == "at_least" and speeds[0] != speeds[1]
                and abs(speeds[0] - speeds[1]) == x):
            by, winner = "speed", 0 if speeds[0] > speeds[1] else 1
        else:
            by = "cross"
        stunned = [self.ch(c)["stunned"] or (tv[c]["recovered"]
                                            and not self.options["recover_attacks"])
                   for c in (0, 1)]
        if winner is not None:
            attackers = [winner]
            if stunned[winner]:
                info["passed"] = self.options["stunned_winner"] == "pass"
                attackers = [1 - winner] if info["passed"] and not stunned[1 - winner] else []
            cross = False
        else:
            attackers = [c for c in self._order() if not stunned[c]]
            cross = True
        info.update(by=by, cross=cross, winner=winner,
                    attackers=[self.mid(c) for c in attackers], red=self.mid(red))
        self.state["decision"] = info
        first = self.mid(attackers[0]) if attackers else None
        second = self.mid(1 - attackers[0]) if attackers else None
        kind = ("decision_none", "decision", "decision_cross")[len(attackers)]
        self.rec.emit(kind, first, second, rule="§9.2", **info)
        return {"attackers": attackers, "cross": cross}

    # step 13
    def _attacks(self, plan: dict[str, Any]) -> None:
        cross = plan["cross"]
        for a in plan["attackers"]:
            d = 1 - a
            diff = self.tv[a]["speed"] - self.tv[d]["speed"]
            hits = 1 + fm.extra_hits(diff, self.tv[a]["threshold"])
            self.rec.step("attack", "attack")
            self.rec.emit("attack", self.mid(a), self.mid(d), rule="§10.1", hits=hits,
                          diff=diff, threshold=self.tv[a]["threshold"], cross=cross)
            for n in range(hits):
                if n > 0 and self.lp(d) <= 0:
                    self.rec.emit("hits_skipped", self.mid(a), self.mid(d), rule="§10.5",
                                  skipped=hits - n)
                    break
                self._hit(a, d, n, cross)

    def _per_hit(self, c: int, key: str, first: bool) -> Any:
        vals = self.tv[c][key]
        if key in MULT_KEYS:
            return vals[0] + (vals[1] if first else 0)
        return vals[0] * (vals[1] if first else ONE)

    def _hit(self, a: int, d: int, n: int, cross: bool) -> None:
        ta, td = self.tv[a], self.tv[d]
        sa, sd = self.sheets[a], self.sheets[d]
        ca, cd = self.ch(a), self.ch(d)
        first = n == 0
        r2 = self.state["r2"]
        a_red = 0 if (cross or td["on_square"] or cd["stunned"]) else td["own"]
        d_red = 0 if ta["on_square"] else ta["own"]
        parry = Fraction(0)
        negate = False
        if td["parry"] and (td["parry"] == "all" or first):
            if self.options["parry"] == "negate_first":
                negate = td["hits_taken"] == 0
            else:
                # D24: half own attack power, no range or combo; 攻撃低減値 from the attacker
                own_red = 0 if (cross or ta["on_square"] or ca["stunned"]) else ta["own"]
                parry = Fraction(1, 2) * fm.attack_power(
                    sd.atk, td["five"], cd["stars"], self._per_hit(d, "atk_mult", first),
                    own_red, self._per_hit(d, "atk_corr", first))
        hit = fm.HitInput(
            base_atk=sa.atk, five_a=ta["five"], stars_a=ca["stars"],
            atk_mult=self._per_hit(a, "atk_mult", first), a_red=a_red,
            atk_corr=self._per_hit(a, "atk_corr", first), range_m=fm.range_factor(r2),
            fav_m=fm.favourite_factor(r2, sa.fav), combo=ta["coef"] ** n,
            base_def=sd.defence, five_d=td["five"], stars_d=cd["stars"],
            def_mult=self._per_hit(d, "def_mult", first), d_red=d_red,
            def_corr=self._per_hit(d, "def_corr", first), parry=parry,
            dmg_mult=self._per_hit(a, "dmg_mult", first),
            taken_mult=self._per_hit(d, "taken_mult", first),
            def_floor=self.options["def_mult_floor"])
        dmg, breakdown = fm.damage(hit, self.options["arithmetic"] == "exact",
                                   self.options["rounding"] == "half_up")
        if negate:
            dmg = 0
            breakdown["negated"] = True
        td["hits_taken"] += 1
        # damage comes off EX LP first (§16.1)
        from_ex = min(cd["lp_ex"], dmg)
        cd["lp_ex"] -= from_ex
        cd["lp_main"] -= dmg - from_ex
        connects = dmg > 0 or self.options["zero_damage_connects"]
        gauge_change = 0
        if dmg > 0:
            td["took_damage"] = True
        if connects:
            heavy = any(kind == "heavy" and (first or not single)
                        for kind, single in ta["on_hit"])
            if cd["stunned"]:
                td["shorten"] += fm.stun_shortening(dmg)
            else:
                loss = fm.gauge_loss(dmg) + (1 if heavy else 0)
                if self.options["gauge_loss"] == "turn":
                    # only the largest hit of the turn counts: charge what exceeds the rest
                    loss, td["gauge_lost"] = (max(0, loss - td["gauge_lost"]),
                                              max(loss, td["gauge_lost"]))
                gauge_change = -loss
                cd["gauge"] = max(0, cd["gauge"] + gauge_change)
        self.rec.emit("hit", self.mid(a), self.mid(d), rule="§19", index=n, damage=dmg,
                      lp=self.lp(d), gauge=cd["gauge"], gauge_change=gauge_change,
                      cross=cross, range=fm.range_text(r2), breakdown=breakdown)
        if connects:
            self._on_hit_effects(a, d, first)

    def _on_hit_effects(self, a: int, d: int, first: bool) -> None:
        ta = self.tv[a]
        for kind, single in ta["on_hit"]:
            if single and not first:
                continue
            if kind == "launch":
                self.set_flag(d, "浮き", "bad", self.options["combo_flag_turns"])
            elif kind == "slam" and self.has_flag(d, "浮き"):
                self.set_flag(d, "ダウン", "bad", self.options["combo_flag_turns"])
            elif kind != "heavy":
                continue
            for act in ta["acts"]:
                if act.get("effect") in ("打ち上げ", "叩き落とし", "重撃"):
                    act["exerted"] = True

    def _knockout(self) -> None:
        st = self.state
        st["over"] = True
        down = [self.lp(c) <= 0 for c in (0, 1)]
        if down[0] and down[1]:
            if self.options["double_ko"] == "higher_lp" and self.lp(0) != self.lp(1):
                st["winner"] = 0 if self.lp(0) > self.lp(1) else 1
                st["reason"] = "double_knockout_lp"
            else:
                st["reason"] = "double_knockout"
        else:
            st["winner"] = 1 if down[0] else 0
            st["reason"] = "knockout"
        self.rec.step("end", "battle_end")
        self.rec.emit("battle_end", None if st["winner"] is None else self.mid(st["winner"]),
                      rule="§17.1", reason=st["reason"],
                      winner=None if st["winner"] is None else self.mid(st["winner"]),
                      lp=[self.lp(0), self.lp(1)])

    # step 14
    def _stun(self, c: int) -> None:
        ch = self.ch(c)
        tv = self.tv[c]
        if ch["stunned"]:
            natural = 1 if self.options["stun_natural_countdown"] else 0
            extra = 1 if "不屈" in self.sheets[c].passives else 0
            dice = tv["own"] - tv["opp"]
            if self.options["stun_dice"] == "positive":
                dice = max(0, dice)
            ch["stun_left"] -= natural + extra + tv["shorten"] + dice
            if ch["stun_left"] <= 0:
                ch["stunned"] = False
                ch["stun_left"] = 0
                ch["gauge"] = ch["gauge_max"]
                self.rec.emit("stun_end", self.mid(c), rule="§12.5", via="countdown",
                              gauge=ch["gauge"])
            else:
                self.rec.emit("stun_countdown", self.mid(c), rule="§12.5",
                              left=ch["stun_left"], natural=natural + extra,
                              hits=tv["shorten"], dice=dice)
            return
        rests = not tv["took_damage"] and ch["gauge"] < ch["gauge_max"]
        if rests and self.options["gauge_rest"] == "before_check":
            self._rest(c)
        if ch["gauge"] <= 0:
            ch["stunned"] = True
            ch["stun_left"] = (ch["gauge_max"] if self.options["stun_length"] == "gauge_max"
                               else self.options["stun_gauge"])
            self.rec.emit("stun_start", self.mid(c), rule="§12.3", length=ch["stun_left"])
            has_good = (any(f["kind"] == "good" for f in ch["flags"])
                        or self.options["stun_guard_idle"])
            if "スタンフラグガード" in self.sheets[c].passives and has_good and tv["vp0"] >= 1:
                tv["vp_guard"] += 1
                self.rec.emit("stun_flag_guard", self.mid(c), rule="§12.3")
            else:
                self.remove_flags(c, ("good",), "stun")
        elif rests and self.options["gauge_rest"] == "after_check":
            self._rest(c)

    def _rest(self, c: int) -> None:
        """No damage this turn: stun gauge +1 (§12.2)."""
        ch = self.ch(c)
        ch["gauge"] += 1
        self.rec.emit("gauge", self.mid(c), rule="§12.2", via="rest", change=1,
                      gauge=ch["gauge"])

    # step 15
    def _end_of_turn(self) -> None:
        st = self.state
        vp_max = self.options["vp_max"]
        for c in (0, 1):
            ch = self.ch(c)
            tv = self.tv[c]
            used = tv["vp_guard"] + tv["vp_extra"]
            used += sum(a["vp"] + a["extra"] for a in tv["acts"] if a["exerted"])
            before = ch["vp"]
            ch["vp"] -= used
            if tv["charge"]:
                cap = vp_max if self.options["charge_capped"] else ch["vp"] + tv["charge"]
                ch["vp"] = max(ch["vp"], min(cap, ch["vp"] + tv["charge"]))
            ch["vp"] = max(ch["vp"], min(vp_max, ch["vp"] + self.options["vp_regen"]))
            if used or ch["vp"] != before:
                self.rec.emit("vp", self.mid(c), rule="§14.3", used=used, before=before,
                              vp=ch["vp"])
            if tv.get("stars_due"):
                self.lose_stars(c, tv["stars_due"], "star_ability")
            if tv.get("ougi_used"):
                ch["ougi_available"] = False
                self.rec.emit("ougi_removed", self.mid(c), rule="§15.5")
            kept = []
            for flag in ch["flags"]:
                if flag["since"] < st["turn"]:
                    flag["remaining"] -= 1
                if flag["remaining"] > 0:
                    kept.append(flag)
                else:
                    self.rec.emit("flag_expired", self.mid(c), rule="§13.3", flag=flag["name"])
            ch["flags"] = kept
        # (e) range moves toward the favourite of the higher effective range die (§11.4)
        d0, d1 = self.tv[0]["range_die"], self.tv[1]["range_die"]
        if d0 != d1:
            c = 0 if d0 > d1 else 1
            target = 2 * self.sheets[c].fav
            r2 = st["r2"]
            new = target if abs(target - r2) <= 2 else r2 + (2 if target > r2 else -2)
            if abs(target - r2) == 1 and self.options["range_snap"] == "stay":
                new = r2
            if new != r2:
                st["r2"] = new
                self.rec.emit("range_move", self.mid(c), rule="§11.4",
                              before=fm.range_text(r2), after=fm.range_text(new))
        if st["turn"] >= self.options["turn_limit"]:
            self._turn_limit()

    def _turn_limit(self) -> None:
        st = self.state
        st["over"] = True
        a = self.lp(0) * self.ch(1)["lp_start"]
        b = self.lp(1) * self.ch(0)["lp_start"]
        if self.options["turn_limit_judge"] == "lp":
            a, b = self.lp(0), self.lp(1)
        if a == b:
            st["reason"] = "turn_limit_draw"
        else:
            st["winner"] = 0 if a > b else 1
            st["reason"] = "turn_limit"
        self.rec.step("end", "battle_end")
        self.rec.emit("battle_end", None if st["winner"] is None else self.mid(st["winner"]),
                      rule="§17.3", reason=st["reason"],
                      winner=None if st["winner"] is None else self.mid(st["winner"]),
                      lp=[self.lp(0), self.lp(1)])

    # -- results and views -------------------------------------------------------------
    def result(self) -> Result:
        st = self.state
        return Result(st["winner"], st["reason"] or "unfinished", st["turn"],
                      {"lp": [self.lp(0), self.lp(1)], "colours": list(st["colour"])})

    def _member(self, c: int) -> dict[str, Any]:
        ch = self.ch(c)
        sheet = self.sheets[c]
        statuses: dict[str, int] = {}
        for flag in ch["flags"]:
            statuses[flag["name"]] = max(statuses.get(flag["name"], 0), flag["remaining"])
        if ch["stunned"]:
            statuses["スタン"] = ch["stun_left"]
        return {
            "id": self.mid(c), "name": sheet.name, "colour": self.state["colour"][c],
            "hp": self.lp(c), "max_hp": ch["lp_start"], "lp": self.lp(c),
            "lp_main": ch["lp_main"], "lp_ex": ch["lp_ex"], "lp_start": ch["lp_start"],
            "vp": ch["vp"], "stars": ch["stars"], "stardust": ch["stardust"],
            "ougi_stars": ch["ougi_stars"], "ougi_available": ch["ougi_available"],
            "stun_gauge": ch["gauge"], "stun_gauge_max": ch["gauge_max"],
            "stunned": ch["stunned"], "stun_left": ch["stun_left"],
            "flags": [{"name": f["name"], "kind": f["kind"], "remaining": f["remaining"],
                       "effective": f["since"] < self.state["turn"]} for f in ch["flags"]],
            "zone": ch["zone"], "zone_active": ch["zone_active"],
            "line_used": ch["line_used"], "exited": False, "statuses": statuses,
        }

    def members(self) -> list[dict[str, Any]]:
        return [{"members": [self._member(c)]} for c in (0, 1)]

    def view(self) -> dict[str, Any]:
        """Everything the dice-table view draws (issue 5): dice, slots, LP, range, decision."""
        st = self.state
        sides = []
        for c in (0, 1):
            member = self._member(c)
            tv = self.tv[c]
            sheet = self.sheets[c]
            if tv:
                member["turn_values"] = {
                    "own_die": tv["own"], "opp_die": tv["opp"], "n": tv["n"], "s": tv["s"],
                    "selected": tv["sel"], "selected_colour": tv["sel_colour"],
                    "five": tv["five"], "source": dict(tv["source"]), "ougi": tv["ougi"],
                    "on_square": tv["on_square"], "guarded": tv["guarded"],
                    "misfired": tv["misfired"], "speed": tv["speed"], "right": tv["right"],
                    "abs": tv["abs"], "atk_mult": tv["atk_mult"][0],
                    "def_mult": tv["def_mult"][0], "atk_corr": fm.dec(tv["atk_corr"][0]),
                    "def_corr": fm.dec(tv["def_corr"][0]),
                    "dmg_mult": fm.dec(tv["dmg_mult"][0]),
                    "taken_mult": fm.dec(tv["taken_mult"][0]), "threshold": tv["threshold"],
                    "coef": fm.dec(tv["coef"]), "range_die": tv["range_die"],
                }
            member["sheet"] = {"special": sheet.special, "selected": sheet.selected,
                               "fav": sheet.fav, "cross": sheet.cross, "type": sheet.type,
                               "zone": list(sheet.zone) if sheet.zone else None,
                               "line": sheet.line[0] if sheet.line else None}
            sides.append({"members": [member]})
        return {
            "turn": st["turn"], "phase": self.rec.steps[-1].phase if self.rec.steps else "",
            "sides": sides, "dice": dict(st["dice"]) if st["dice"] else None,
            "range": fm.range_text(st["r2"]), "range_track": [1, 6],
            "cross_x": st["cross_x"], "decision": st["decision"],
            "zones": {"序盤": [6000, 4000], "中盤": [4000, 1000], "終盤": [1000, 0]},
        }
