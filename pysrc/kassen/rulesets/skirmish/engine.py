"""The battle: rounds of §5 (SP → (IP → TP: RS, MS)* → EP), movement and 離脱判定 (§6.6),
the end of combat (§10). Uses of attacks, magic and items are resolved in :mod:`.resolve`.
"""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.skirmish import legal
from kassen.rulesets.skirmish.catalogue import ABILITIES, PERMANENT, STATUS_JA
from kassen.rulesets.skirmish.geometry import AreaMap
from kassen.rulesets.skirmish.model import Character, Pos, State, Unit
from kassen.rulesets.skirmish.planner import role_of
from kassen.rulesets.skirmish.resolve import Resolver

MAX_TIE_ROLLS = 20


def deploy(side: int, ch: Character, area_map: AreaMap) -> Pos:
    """Default start area (§3.1, §16 D22): archers, mages and healers at the back, everyone
    else in front (§16.4 C7)."""
    if ch.area is not None:
        return ch.area
    back = 0 if side == 0 else area_map.width - 1
    front = min(1, area_map.width - 1) if side == 0 else max(0, area_map.width - 2)
    return (back if role_of(ch) != "melee" else front, area_map.height // 2)


def used_something(rs: str, ms: str) -> bool:
    """§16 A2 with §16.4 C2: whether a turn used an ability, magic or item (a turn that only
    moved, attacked with the weapon, woke someone or did nothing is idle)."""
    return rs.startswith("item:") or ms.split(":")[0] in ("skill", "item")


class SkirmishBattle(Resolver, Battle):
    """One skirmish; ``play_turn`` plays one round (the snapshot unit)."""

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        self.map = AreaMap.from_options(self.options)
        units = []
        for side, build in enumerate(setup.builds):
            for index, ch in enumerate(build):
                units.append(Unit(
                    f"{side}.{index}", side, index, ch.name, ch.hp, ch.hp, ch.mp, ch.mp,
                    ch.ini, ch.acc, ch.eva, ch.mag, ch.arm, ch.res, ch.weapon, ch.abilities,
                    dict(ch.items), ch.fly, ch.weak, ch.resist, deploy(side, ch, self.map)))
        self.state = State(units)
        self._index_of: list[Unit] | None = None
        self._index: dict[str, Unit] = {}
        for policy in self.decider.policies:
            bind = getattr(policy, "bind", None)
            if bind is not None:
                bind(self)

    # -- Battle interface ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.round

    def unit(self, uid: str) -> Unit:
        """The unit with id ``uid`` (the index is rebuilt when a snapshot replaced the state)."""
        units = self.state.units
        if self._index_of is not units:
            self._index = {u.id: u for u in units}
            self._index_of = units
        return self._index[uid]

    def ask(self, side: int, kind: str, options: list[str], **context: Any) -> str:
        """Raise decision ``kind`` for ``side`` (§12) and return the answer."""
        return self.decider.decide(Request(side, kind, tuple(options), context))

    def play_turn(self) -> None:
        """One round: SP, IP/TP until nobody can act, EP (§5)."""
        st = self.state
        st.round += 1
        self.rec.turn = st.round
        st.phase = "SP"
        st.actor = None
        self.rec.step("SP", "start")
        self.rec.emit("round", rule="§5", round=st.round)
        for u in st.units:
            if u.able:
                u.acted = False
                u.guard_used = False
                u.obstructed = False
        st.turns_this_round = 0
        st.order = []
        for _ in range(len(st.units) + 1):
            st.phase = "IP"
            st.actor = None
            ready = [u for u in st.units if u.able and not u.acted and not u.asleep]
            if not ready:
                break
            self.rec.step("IP", "initiative")
            actor = self.pick_initiative(ready)
            self.rec.emit("initiative", actor.id, rule="§5", ini=actor.ini,
                          waiting=[u.id for u in ready if u is not actor])
            self.take_turn(actor)
            if st.over:
                return
        self.end_phase()

    # -- §5.3 initiative -------------------------------------------------------------------------
    def ladder(self, units: list[Unit], purpose: str) -> Unit:
        """The first of ``units`` by 行動値 (descending; ascending for simultaneous AA with
        ``simultaneousAscending``, §5.1), then the option's tie ladder (§5.3, §16 D9).

        ``initiativeTies``: PC side → 回避値 (default), 回避値 → PC side, or a roll-off only;
        a roll-off always settles what is left.
        """
        inis = [u.ini for u in units]
        ascending = purpose != "initiative" and self.options["simultaneousAscending"]  # §5.1
        best = min(inis) if ascending else max(inis)
        tied = [u for u in units if u.ini == best]
        order = self.options["initiativeTies"]
        steps = {"pcEvasionRoll": ("pc", "eva"), "evasionPcRoll": ("eva", "pc")}.get(order, ())
        for step in steps:
            if step == "pc" and len(tied) > 1 and any(u.side == 0 for u in tied):
                tied = [u for u in tied if u.side == 0]
            elif step == "eva":
                best_eva = max(u.eva for u in tied)
                tied = [u for u in tied if u.eva == best_eva]
        for _ in range(MAX_TIE_ROLLS):
            if len(tied) == 1:
                break
            rolls = [self.rng.die(10) for _ in tied]
            self.rec.emit("tie_roll", rule="§5.3", purpose=purpose,
                          units=[u.id for u in tied], rolls=rolls)
            top = max(rolls)
            tied = [u for u, r in zip(tied, rolls, strict=False) if r == top]
        return tied[0]

    def pick_initiative(self, ready: list[Unit]) -> Unit:
        """IP: the 行動可能 character with the highest current 行動値 (§5, §5.2)."""
        return self.ladder(ready, "initiative")

    # -- TP --------------------------------------------------------------------------------------
    def take_turn(self, u: Unit) -> None:
        """TP: RS (≤ 1 action) then MS (≤ 1 action); the actor becomes 行動済み (§5.4, §6)."""
        st = self.state
        st.actor = u.id
        st.order.append(u.id)
        st.turns_this_round += 1
        st.moved_rs = False
        st.rs_kind = "none"
        st.phase = "RS"
        self.rec.step("RS", "ready")
        rs = self.ask(u.side, "rs", legal.rs_options(self, u), actor=u.id, step="RS")
        self.do_rs(u, rs)
        ms = "none"
        if not st.over and u.able and not u.asleep:
            st.phase = "MS"
            self.rec.step("MS", "main")
            options = legal.ms_options(self, u, u.pos, st.moved_rs, st.rs_kind == "move")
            ms = self.ask(u.side, "ms", options, actor=u.id, step="MS",
                          moved=st.moved_rs)
            self.do_ms(u, ms)
        u.acted = True
        u.idle_turns = 0 if used_something(rs, ms) else u.idle_turns + 1
        self.rec.emit("turn_end", u.id, rule="§5.4")
        self.check_end()

    def do_rs(self, u: Unit, answer: str) -> None:
        """Carry out a ready-step action (§6.1)."""
        parts = answer.split(":")
        if parts[0] == "none":
            self.rec.emit("skip", u.id, rule="§5.5", step="RS")
        elif parts[0] == "move":
            self.state.rs_kind = "move"
            self.state.moved_rs = True
            moved = self.move(u, self.map.parse_label(parts[1]) or u.pos, "RS")
            if not moved and not self.options["failedRsMoveBansMagic"]:
                self.state.moved_rs = False  # §6.2: only a move that happened bans magic
        else:
            self.state.rs_kind = "item"
            self.use_item(u, parts[1], self.unit(parts[2]))
        self.check_end()

    def do_ms(self, u: Unit, answer: str) -> None:
        """Carry out a main-step action (§6.2)."""
        parts = answer.split(":")
        head = parts[0]
        if head == "none":
            self.rec.emit("skip", u.id, rule="§5.5", step="MS")
        elif head == "attack":
            self.use_attack(u, None, [self.unit(parts[1])])
        elif head == "skill":
            self.use_ability(u, ABILITIES[parts[1]], parts[2:])
        elif head == "item":
            self.use_item(u, parts[1], self.unit(parts[2]))
        elif head == "wake":
            self.wake(u, self.unit(parts[1]), "§6.2")
        elif head == "move":
            self.move(u, self.map.parse_label(parts[1]) or u.pos, "MS")
        elif head == "escape":
            self.move(u, u.pos, "MS", escape=True)

    # -- §6.6 movement -------------------------------------------------------------------------
    def move(self, u: Unit, dest: Pos, step: str, *, escape: bool = False) -> bool:
        """Move (or escape) with obstruction and 離脱判定; True if the mover left its area."""
        allies = self.options["alliesMayObstruct"]  # §16 D8: the seed's 「別のキャラクター」
        blockers = [v for v in self.state.units
                    if v is not u and (allies or v.side != u.side) and v.awake_able
                    and v.pos == u.pos
                    and not (v.obstructed and self.options["obstructOncePerRound"])]
        declared = [v for v in blockers
                    if self.ask(v.side, "obstruct", ["yes", "no"], unit=v.id, mover=u.id,
                                step=step) == "yes"]
        for v in declared:
            v.obstructed = True
        if declared:
            self.rec.emit("obstruct", u.id, rule="§6.6.2", by=[v.id for v in declared])
            if step == "RS":
                if self.options["rsMoveObstructable"]:
                    self.rec.emit("move_blocked", u.id, rule="§6.6.3",
                                  area=self.map.label(u.pos))
                    return False
            elif not self.disengage(u, declared):
                return False
        if escape:
            u.escaped = True
            self.rec.emit("escape", u.id, rule="§10.4", area=self.map.label(u.pos))
            return True
        if self.options["stopOnEnterHostileArea"]:
            for cell in self.map.path(u.pos, dest):
                if any(v.side != u.side and v.awake_able and v.pos == cell
                       for v in self.state.units):
                    dest = cell
                    break
        start = u.pos
        u.pos = dest
        self.rec.emit("move", u.id, rule="§6.6.1", step=step, frm=self.map.label(start),
                      to=self.map.label(dest), allowance=legal.move_allowance(u))
        return True

    def disengage(self, u: Unit, declared: list[Unit]) -> bool:
        """離脱判定 (§6.6.4): True if the mover gets away (ties per §4.3 ``opposedTie``)."""
        rep = declared[0]
        if len(declared) > 1:
            rep = self.unit(self.ask(rep.side, "representative", [v.id for v in declared],
                                     mover=u.id))
        others = len(declared) - 1
        a = [self.rng.die(10), self.rng.die(10)]
        active = sum(a) + rep.ini + 2 * others
        cancel = [rep] if self.options["flightCancelByRepresentativeOnly"] else declared
        flight = 4 if u.flight > 0 and not any(v.flight >= u.flight for v in cancel) else 0
        p = [self.rng.die(10), self.rng.die(10)]
        passive = sum(p) + u.ini + flight
        blocked = self.opposed_wins(a, active, p, passive)
        self.rec.emit("disengage", u.id, rep.id, rule="§6.6.4", active_dice=a,
                      active=active, blockers=2 * others, passive_dice=p, passive=passive,
                      flight=flight, blocked=blocked)
        if blocked:
            self.rec.emit("move_failed", u.id, rule="§6.6.4", area=self.map.label(u.pos))
        return not blocked

    def opposed_wins(self, a: list[int], active: int, p: list[int], passive: int) -> bool:
        """Whether the active side wins an opposed check (§4.3: a tie goes to the side named by
        ``opposedTie``; §16 D18 with critOnOpposed)."""
        if self.options["critOnOpposed"]:
            a_crit, p_crit = a == [10, 10], p == [10, 10]
            a_fum, p_fum = a == [1, 1], p == [1, 1]
            if a_crit != p_crit:
                return a_crit
            if a_fum != p_fum:
                return p_fum
        if self.options["opposedTie"] == "active":
            return active >= passive
        return active > passive

    # -- EP and the end of combat ------------------------------------------------------------
    def end_phase(self) -> None:
        """EP (§9.1): drop effects at 0, count the rest down; deadlock (§10.3); round cap."""
        st = self.state
        st.phase = "EP"
        st.actor = None
        self.rec.step("EP", "end")
        for u in st.units:
            kept = []
            for e in u.effects:
                if e.remaining == 0:
                    self.rec.emit("expire", u.id, rule="§9.1", status=e.name)
                else:
                    e.remaining -= 1
                    kept.append(e)
            u.effects = kept
        self.rec.emit("durations", rule="§9.1", left={
            u.id: {e.name: e.remaining for e in u.effects} for u in st.units if u.effects})
        if st.turns_this_round == 0 and self.options["deadlockWakesAll"]:
            sleepers = [u.id for u in st.units if u.able and u.asleep]
            for u in st.units:
                u.effects = [e for e in u.effects if e.name != "sleep"]
            self.rec.emit("deadlock", rule="§10.3", woken=sleepers)
        if self.check_end():
            return
        if st.round >= self.options["roundCap"]:
            self.finish(None, "round_cap", "§10.2")

    def check_end(self) -> bool:
        """§10.1: a side with nobody 戦闘可能 loses at once (both: a draw)."""
        st = self.state
        if st.over:
            return True
        alive = [any(u.able for u in st.units if u.side == s) for s in (0, 1)]
        if all(alive):
            return False
        if not any(alive):
            self.finish(None, "mutual", "§10.1")
            return True
        loser = 0 if not alive[0] else 1
        fled = any(u.escaped for u in st.units if u.side == loser)
        self.finish(1 - loser, "escape" if fled else "wipeout", "§10.1")
        return True

    def finish(self, winner: int | None, reason: str, rule: str) -> None:
        """End the combat with ``reason``."""
        st = self.state
        st.over = True
        st.winner = winner
        st.reason = reason
        self.rec.step("end", "end")
        self.rec.emit("end", rule=rule, winner=winner, reason=reason, round=st.round,
                      hp_pct=self.hp_pct())

    def hp_pct(self) -> list[float]:
        """Σ HP / Σ MaxHP per side in percent, to 0.1 (§10.2, §16 D26)."""
        out = []
        for s in (0, 1):
            side = [u for u in self.state.units if u.side == s]
            total = sum(u.max_hp for u in side) or 1
            out.append(round(100.0 * sum(u.hp for u in side) / total, 1))
        return out

    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or "unfinished", st.round,
                      {"hp_pct": self.hp_pct()})

    # -- views ---------------------------------------------------------------------------------
    def statuses(self, u: Unit) -> dict[str, int]:
        """Status name (Japanese) → remaining rounds; -1 = permanent (§9)."""
        out: dict[str, int] = {}
        if u.hp <= 0:
            out[STATUS_JA["down"]] = PERMANENT
        if u.escaped:
            out[STATUS_JA["escaped"]] = PERMANENT
        if u.fly:
            out[STATUS_JA["flight"]] = PERMANENT
        for e in u.effects:
            name = STATUS_JA.get(e.name, e.name)
            if name not in out:
                out[name] = e.remaining
        return out

    def member(self, u: Unit) -> dict[str, Any]:
        """One member as ``battle --json`` and the view show it."""
        return {"id": u.id, "name": u.name, "hp": u.hp, "max_hp": u.max_hp, "mp": u.mp,
                "max_mp": u.max_mp, "area": self.map.label(u.pos), "statuses": self.statuses(u),
                "acted": u.acted, "able": u.able, "exited": u.escaped, "ini": u.ini,
                "items": dict(u.items)}

    def members(self) -> list[dict[str, Any]]:
        return [{"members": [self.member(u) for u in self.state.units if u.side == s]}
                for s in (0, 1)]

    def view(self) -> dict[str, Any]:
        """Everything the battle view draws: areas, initiative, phase/step, HP/MP, statuses."""
        st = self.state
        if self.options["initiativeTies"] == "evasionPcRoll":
            order = sorted(st.units, key=lambda u: (-u.ini, -u.eva, u.side, u.index))
        else:
            order = sorted(st.units, key=lambda u: (-u.ini, u.side, -u.eva, u.index))
        return {
            "turn": st.round,
            "round": st.round,
            "phase": st.phase,
            "actor": st.actor,
            "sides": self.members(),
            "map": {"kind": "line" if self.map.is_line else "grid", "width": self.map.width,
                    "height": self.map.height},
            "areas": [{"area": self.map.label(p),
                       "members": [u.id for u in st.units if u.pos == p and not u.escaped]}
                      for p in self.map.areas()],
            "initiative": [{"id": u.id, "ini": u.ini, "acted": u.acted,
                            "can_act": u.able and not u.acted and not u.asleep}
                           for u in order if u.able],
            "acted_order": list(st.order),
            "over": st.over,
        }
