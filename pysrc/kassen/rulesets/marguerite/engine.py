"""The battle of マーガレット2011α: turn loop (§6), 行動権 (§7), 行動処理 (§8), 事象確定 (§9),
judgement (§10). Deterministic: no random draws at all.

Every event names the rule that produced it. Steps: one per phase (行動回数決定, 状態効果, the
post-turn-0 death check, judgement) and one per 行動処理 (one action or one simultaneous group);
a 状態効果 beat where nothing happens has no log line. Runs of plain skips (no executable
sword) are one beat with one ``skip`` event per actor carrying ``times``.
An event that uses up a status (skip by スタン, スリープ, 反射, ガード, 流産, ソウル/ライフ) carries
``status`` and the remaining ``count``; ``status_gain`` carries both too. Attacks live in
:mod:`.hits`, the other sword effects and death/蘇生 in :mod:`.effects`, the
page's picture in :mod:`.view`.
"""

from __future__ import annotations

from typing import Any

from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.marguerite import summary
from kassen.rulesets.marguerite import view as view_mod
from kassen.rulesets.marguerite.actions import (
    CONTROL_NEXT,
    Act,
)
from kassen.rulesets.marguerite.catalogue import (
    ADD,
    ATTACK,
    CONSTRUCT,
    CONTROL,
    ENV,
    MISCARRY,
    POISON,
    PUSH,
    QUICK,
    SKIP,
    SLEEP,
    SLOW,
    STUN,
    SUPPORT,
    TAUNT,
    VENOM,
    swords_for_start,
)
from kassen.rulesets.marguerite.constants import (
    LOG_ACTIONS,
    LOG_EVENTS,
    LOG_FENCERS,
    LOG_SWORDS,
    MAX_ACTIONS,
    MAX_EVENTS,
    MAX_SCAN,
    TURN_LIMIT,
)
from kassen.rulesets.marguerite.effects import Effects
from kassen.rulesets.marguerite.hits import Hits
from kassen.rulesets.marguerite.model import Build, Fencer, State, Sword
from kassen.rulesets.marguerite.options import parse_mp_costs, readings
from kassen.rulesets.marguerite.runs import Runs

_KEY_BIAS = 1 << 20


_MP_CACHE: dict[str, tuple[int, ...]] = {}


class MargueriteBattle(Hits, Effects, Battle):
    """A battle between two parties; ``self.state`` is a :class:`State`."""

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        r = self.readings = readings(self.options)
        self.defs = swords_for_start(r.untagged_start)  # R4.2, §18.9
        self.reset_cycle = r.reset == "cycle"
        self.no_next_blocked = r.no_next_blocked
        self.reserve_always = r.reserve_always
        text = r.mp_costs or ""
        costs = _MP_CACHE.get(text)
        if costs is None:
            costs = parse_mp_costs(text)
            if len(_MP_CACHE) > 64:
                _MP_CACHE.clear()
            _MP_CACHE[text] = costs
        self.mp_costs = costs
        self._cycled: list[str] = []  # 剣師 re-armed by the cycle reading, not yet logged
        self._tally: summary.Tally | None = None  # while the log is summarised (constants.py)
        self._runs = Runs()  # repeating summarised beats, fast-forwarded (runs.py)
        self.fast_forward = True
        """Off only in the test that checks fast-forwarding changes nothing."""
        self.has_mp_costs = any(costs)
        st = State()
        for side, build in enumerate(setup.builds):
            fencer = self._create(st, side, build.name, build.hp, build.atk, build.def_,
                                  build.spd, build.swords, built=False)
            st.lines[side].append(fencer)
        self.state = st

    # -- the Battle interface --------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.turn

    def play_turn(self) -> None:
        """Turn 0 (R6.1) the first time, then one turn ≥ 1 (R6.2) per call; past the log
        budget the turn is one summarised beat (constants.py, summary.py)."""
        if self.state.summary:
            self._tally = summary.begin(self.rec, self.state)
            self.rec = self._tally
        if self.state.turn0:
            self._turn_zero()
        else:
            self._turn()
        self._write_summary()

    def abort(self, cap: str) -> None:
        """Stop at a hard cap; what was summarised so far is written first."""
        self._write_summary()
        super().abort(cap)

    # -- the log budget (constants.py) ----------------------------------------------------------
    def _after_beat(self) -> bool:
        """After a 行動処理: start summarising past the log budget, stop at a hard cap.
        True when the battle stopped."""
        st = self.state
        if self.aborted is not None:
            st.over = True
            return True
        tally = self._tally
        if tally is not None:
            cap = ""
            if st.work > MAX_ACTIONS:
                cap = f"actions>{MAX_ACTIONS}"
            elif tally.played + st.work_events > MAX_EVENTS:
                cap = f"events>{MAX_EVENTS}"
            elif st.scan > MAX_SCAN:
                cap = f"scan>{MAX_SCAN}"
            if cap:
                self.abort(cap)
                st.over = True
                return True
            return False
        why = ("actions" if st.actions > LOG_ACTIONS else
               "events" if self.rec.event_count > LOG_EVENTS else
               st.grown)
        if why:
            st.summary = why
            self._tally = summary.begin(self.rec, st)
            self.rec = self._tally
        return False

    def _write_summary(self) -> None:
        """Write the open tally (if any) as the turn's summary beat."""
        tally = self._tally
        if tally is None:
            return
        self._tally = None
        st = self.state
        limit = {"actions": LOG_ACTIONS, "events": LOG_EVENTS, "fencers": LOG_FENCERS}.get(
            st.summary, LOG_SWORDS)
        self.rec = summary.write(tally, st, st.summary, limit, not st.summary_logged)
        st.summary_logged = True

    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or "draw", st.turn)

    # -- set-up ----------------------------------------------------------------------------
    @staticmethod
    def _create(st: State, side: int, name: str, hp: int, atk: int, def_: int, spd: int,
                swords: tuple[int, ...], built: bool) -> Fencer:
        fid = f"{side}.{st.counts[side]}"
        st.counts[side] += 1
        fencer = Fencer(fid, side, name, hp, atk, def_, spd, [Sword(s) for s in swords], built)
        st.members[side].append(fencer)
        return fencer

    # -- turn skeleton ---------------------------------------------------------------------
    def _phase(self, phase: str, rule: str, *, log: bool = True) -> None:
        """Open the beat of a phase; ``log`` adds its header line to the log."""
        st = self.state
        st.phase = phase
        if st.executing:
            st.executing = {}
        self.rec.step(phase, "phase")
        if log:
            self.rec.emit("phase", rule=rule, phase=phase, turn=st.turn)

    def _turn_zero(self) -> None:
        st = self.state
        st.last = 0
        self.rec.turn = 0
        self._phase("ap", "R6.1")
        for line in st.lines:
            for f in line:
                if self.readings.turn0_fast:
                    f.ap = sum(1 for s in f.swords if self.defs[s.sid].act + s.shift <= 0)
                else:
                    f.ap = f.spd
        self._action_phase()
        if self.aborted is not None:
            st.over = True
            return
        self._phase("death_check", "R6.1")
        for line in st.lines:
            for f in line:
                if f.hp <= 0:
                    self._die(f, "R6.1")
        st.turn0 = False
        self._settle()

    def _turn(self) -> None:
        st = self.state
        st.turn += 1
        st.last = st.turn
        self.rec.turn = st.turn
        reset = self.readings.reset != "keep0" or st.turn >= 2
        self._phase("ap", "R5.3")
        for line in st.lines:
            for f in line:
                if reset:  # R6.3 (Q1): every sword unused again
                    for s in f.swords:
                        s.used = False
                if f.st[SLEEP] > 0:
                    f.st[SLEEP] -= 1
                    f.ap = 0
                    f.reserve = 0
                    self.rec.emit("sleep", f.id, rule="§11 スリープ", status="sleep",
                                  count=f.st[SLEEP])
                else:
                    f.ap = f.spd
        if not self.readings.status_end:
            self._status_phase()
            if st.over:
                return
        self._action_phase()
        if st.over:
            return
        if self.aborted is not None:
            st.over = True
            return
        if self.readings.status_end:
            self._status_phase()
            if st.over:
                return
        if st.turn >= TURN_LIMIT:
            self._judge("R10.1")

    def _status_phase(self) -> None:
        """猛毒 then every 毒 at once, then deaths (R6.2.4, D17)."""
        st = self.state
        rec = self.rec
        if not any(f.st[POISON] or f.st[VENOM] for line in st.lines for f in line):
            self._phase("status", "R6.2", log=False)  # a quiet beat: nothing to report
            return
        self._phase("status", "R6.2")
        for line in st.lines:
            for f in line:
                if f.st[VENOM]:
                    f.st[POISON] += f.st[VENOM]
                    rec.emit("status_gain", f.id, f.id, rule="§11 猛毒", status="poison",
                             n=f.st[VENOM], count=f.st[POISON])
        hurt = []
        for line in st.lines:
            for f in line:
                n = f.st[POISON]
                if n:
                    f.hp -= n
                    rec.emit("poison", f.id, f.id, rule="§11 毒", amount=n, hp=f.hp)
                    hurt.append(f)
        for f in hurt:
            self._hp_changed(f, "R9.1")
        self._settle()

    # -- 行動フェイズ (§7) -------------------------------------------------------------------
    def _action_phase(self) -> None:
        st = self.state
        lines = st.lines
        merge = False
        # §18.14 alternative: in turn 0 a 剣師 at HP ≤ 0 only skips (never from 予備AP)
        dead_skip = self.readings.turn0_dead_skip and st.turn0
        runs = self._runs
        runs.reset()
        while True:
            best = -1
            group: list[Fencer] = []
            for line in lines:
                for f in line:
                    if f.ap < 1 and (f.reserve < 1 or (dead_skip and f.hp <= 0) or (
                            not f.st[STUN] and not self.reserve_always
                            and not self._can_execute(f))):
                        continue
                    # (クイック − スロー, 素早さ) as one integer; 素早さ stays below 2^40
                    sts = f.st
                    key = f.spd + ((sts[QUICK] - sts[SLOW] + _KEY_BIAS) << 40)
                    if key > best:
                        best = key
                        group = [f]
                    elif key == best:
                        group.append(f)
            if not group:
                return
            picks: list[int] = []
            plain = True  # every actor skips for want of an executable sword
            cycle = self.reset_cycle
            for f in group:
                if dead_skip and f.hp <= 0:
                    picks.append(-3)
                    plain = False
                    continue
                if f.st[STUN]:
                    picks.append(-2)
                    plain = False
                    continue
                i = self._choose(f) if cycle else self._find(f)
                picks.append(i)
                if i >= 0 or f.ap < 1:
                    plain = False
            if plain:
                # A group of skips for want of a sword changes nothing but AP, and the same
                # group would win 行動権 again until the smallest AP runs out: one beat.
                times = min(f.ap for f in group)
                st.actions += len(group)  # the cap bounds work: one beat is one unit
                if self._tally is not None:
                    st.work += len(group)
                    runs.reset()
                self._skips(group, times, merge)
                merge = True
                if self._after_beat():
                    return
                continue
            merge = False
            st.actions += len(group)
            tally = self._tally
            if tally is not None:
                st.work += len(group)
                st.scan += len(lines[0]) + len(lines[1])  # choosing 行動権 walks every 剣師
                for f in group:
                    st.scan += len(f.swords)
                if self.fast_forward and not self.has_mp_costs:
                    runs.beat(st, group, picks, bool(self._cycled), tally)
            self._process(group, picks)
            if self._after_beat():
                return
            if not st.turn0 and self._settle():
                return

    # -- executable swords (R4.6, R4.7) -------------------------------------------------------
    def _half(self, f: Fencer) -> bool:
        if self.readings.half_ceil:
            return f.hp <= -(-f.maxhp // 2)
        return 2 * f.hp <= f.maxhp

    def _find(self, f: Fencer, ignore_used: bool = False) -> int:
        """Index of the first executable sword (R4.7), or -1. The hot path: inlined checks."""
        turn = self.state.turn
        half: bool | None = None
        swords = f.swords
        defs = self.defs
        for i, s in enumerate(swords):
            if s.used and not ignore_used:
                continue
            d = defs[s.sid]
            if d.act + s.shift > turn:
                continue
            if d.danger or s.danger:
                if half is None:
                    half = self._half(f)
                if not half:
                    continue
            if d.symptom and not (f.st[STUN] or f.st[SLEEP] or f.st[VENOM] or f.st[POISON]
                                  or f.st[MISCARRY]):
                continue
            if self.has_mp_costs and f.mp < self.mp_costs[s.sid]:
                continue
            if self.no_next_blocked and d.formula in CONTROL_NEXT and i + 1 >= len(swords):
                continue
            return i
        return -1

    def _can_execute(self, f: Fencer) -> bool:
        """Whether some sword would be executed now (for 予備AP eligibility, R7.1)."""
        if self._find(f) >= 0:
            return True
        return (self.reset_cycle and any(s.used for s in f.swords)
                and self._find(f, True) >= 0)

    def _choose(self, f: Fencer) -> int:
        i = self._find(f)
        if i < 0 and self.reset_cycle and any(s.used for s in f.swords):
            for s in f.swords:
                s.used = False
            self._cycled.append(f.id)  # logged in the beat of this action (_emit_cycles)
            i = self._find(f)
        return i

    def _emit_cycles(self) -> None:
        for fid in self._cycled:
            self.rec.emit("cycle", fid, rule="R6.3")
        self._cycled.clear()

    # -- 行動処理 (§8) -------------------------------------------------------------------------
    def _skips(self, group: list[Fencer], times: int, merge: bool) -> None:
        """``times`` rounds of スキップ (no executable sword) by the same group (R4.7, R8.1);
        with ``merge``, in the beat of the skips right before (nothing happened between)."""
        self.state.executing = {}
        rec = self.rec
        if not merge:
            rec.step("action", "skip")
            self.state.phase = "action"
        if self._cycled:
            self._emit_cycles()
        for f in group:
            f.ap -= times
            rec.emit("skip", f.id, rule="R8.1", why="none", ap=f.ap, reserve=f.reserve,
                     count=0, times=times)

    def _process(self, group: list[Fencer], picks: list[int]) -> None:
        st = self.state
        rec = self.rec
        rec.step("action", "action")
        st.phase = "action"
        st.executing = {}
        if self._cycled:
            self._emit_cycles()
        if len(group) == 1 and picks[0] >= 0:
            self._process_one(group[0], picks[0])
            return
        acts: list[Act] = []
        # 1. 実行剣の決定 (done by the caller: ``picks``); 2./3. 実行対象・副対象決定
        for f, i in zip(group, picks, strict=True):
            if i == -2:
                act = Act(f, None)
                act.target = "stun"
            elif i == -3:
                act = Act(f, None)
                act.target = "dead"
            else:
                if i < 0:
                    act = Act(f, None)
                else:
                    sword = f.swords[i]
                    act = Act(f, sword)
                    st.executing[f.id] = sword
                    self._aim(act, i)
            acts.append(act)
        # 4. 実行コスト
        for act in acts:
            f = act.actor
            if f.ap >= 1:
                f.ap -= 1
            else:
                f.reserve -= 1
            sword = act.sword
            if sword is None:
                if act.target == "stun":
                    f.st[STUN] -= 1
                    if self.readings.stun_marks:
                        i = self._find(f)
                        if i >= 0:
                            f.swords[i].used = True
                    rec.emit("skip", f.id, rule="§11 スタン", why="stun", status="stun", ap=f.ap,
                             reserve=f.reserve, count=f.st[STUN], times=1)
                elif act.target == "dead":
                    rec.emit("skip", f.id, rule="R6.1", why="dead", ap=f.ap,
                             reserve=f.reserve, count=0, times=1)
                else:
                    rec.emit("skip", f.id, rule="R8.1", why="none", ap=f.ap,
                             reserve=f.reserve, count=0, times=1)
                continue
            self._pay_sword(act, sword)
        # 5. 効果処理: kind priority, then rank within own party (R8.6)
        if len(acts) == 1:
            self._resolve_set(acts)
            return
        counters: dict[tuple[int, int], int] = {}
        for act in acts:
            key = (act.actor.side, act.kind)
            act.rank = counters.get(key, 0)
            counters[key] = act.rank + 1
        order = sorted(acts, key=lambda a: (a.kind, a.rank, a.actor.side))
        i = 0
        while i < len(order):
            j = i + 1
            while (j < len(order) and order[j].kind == order[i].kind
                   and order[j].rank == order[i].rank):
                j += 1
            live = self._live(order[i:j]) if self.readings.live_sword else order[i:j]
            if live:
                self._resolve_set(live)
            if self.aborted is not None:
                return
            i = j

    def _live(self, acts: list[Act]) -> list[Act]:
        """§21 D7 alternative: a sword destroyed (破壊剣) between its payment and its effect
        has no effect. A リミ sword vanished at payment and cannot be destroyed afterwards, so
        ``gone`` on a non-limited sword means destroyed. Kind and enchantments of an executing
        sword cannot change in between in 2011α (control swords act on their own executor's
        list only, and an executor runs one sword per 行動処理), so nothing else is re-read."""
        kept = []
        for act in acts:
            sword = act.sword
            if sword is not None and sword.gone and not sword.is_limited():
                assert act.def_ is not None
                self.rec.emit("no_effect", act.actor.id, rule="§21 D7", sword=act.def_.code)
            else:
                kept.append(act)
        return kept

    def _pay_sword(self, act: Act, sword: Sword) -> None:
        """実行コスト of a sword (AP already paid): 使用済み, MP, リミ; the sword's kind and
        enchantments are frozen into ``act`` now (D7)."""
        f = act.actor
        d = act.def_
        assert d is not None
        sword.used = True
        act.whole = sword.whole or d.whole
        act.stun = sword.stun
        act.poison = sword.poison
        cost = self.mp_costs[sword.sid] if self.has_mp_costs else 0
        if cost:
            f.mp -= cost
        limited = sword.limited or d.limited
        if limited:
            f.swords.remove(sword)
            sword.gone = True
        self.rec.emit("act", f.id, rule="R8.1", sword=d.code, ap=f.ap, reserve=f.reserve,
                      mp=f.mp, cost=cost, vanished=limited)

    def _process_one(self, f: Fencer, i: int) -> None:
        """The common case of :meth:`_process`: one actor executing a sword (R8.1)."""
        sword = f.swords[i]
        act = Act(f, sword)
        self.state.executing[f.id] = sword
        self._aim(act, i)
        if f.ap >= 1:
            f.ap -= 1
        else:
            f.reserve -= 1
        self._pay_sword(act, sword)
        if act.kind == ATTACK:
            self._attack(act)
        else:
            self._resolve_set([act])

    def _aim(self, act: Act, index: int) -> None:
        """実行対象決定 / 副対象決定: single targets and the next sword are fixed now (D9, D18)."""
        f = act.actor
        d = act.def_
        assert d is not None and act.sword is not None
        if d.kind == ATTACK:
            if not (act.sword.whole or d.whole):
                act.target = self._single_target(f)
        elif d.formula in CONTROL_NEXT and index + 1 < len(f.swords):
            act.target = f.swords[index + 1]
        elif d.kind == CONSTRUCT:
            act.target = index  # where the sword stood (§18.18 alternative: it stays there)

    def _single_target(self, f: Fencer) -> Fencer | None:
        """The enemy 先頭, or the front-most taunter (R8.4, §11 挑発)."""
        line = self.state.lines[1 - f.side]
        if not line:
            return None
        for e in line:
            if e.st[TAUNT]:
                return e
        return line[0]

    def _resolve_set(self, acts: list[Act]) -> None:
        kind = acts[0].kind
        if kind == SKIP:
            return
        if kind == ATTACK:
            if len(acts) > 1 and not self.readings.interleave:
                self._attack_two_phase(acts)
            else:
                for act in acts:
                    self._attack(act)
            return
        if kind == ADD and len(acts) > 1 and not self.readings.interleave:
            picks = [self._add_pick(a) for a in acts]
            for act, sword in zip(acts, picks, strict=True):
                self._add_put(act, sword)
            return
        for act in acts:
            if kind == SUPPORT:
                self._support(act)
            elif kind == CONTROL:
                self._control(act)
            elif kind == ADD:
                self._add_put(act, self._add_pick(act))
            elif kind == CONSTRUCT:
                self._construct(act)
            elif kind == ENV:
                self._environment(act)
            if self.aborted is not None:
                return

    # -- 事象確定 and judgement (§9, §10) ------------------------------------------------------
    def _settle(self) -> bool:
        """Dead 剣師 exit; then the end check (R9.3, R10.1). True when the battle ended."""
        st = self.state
        for side in (0, 1) if st.pending else ():
            line = st.lines[side]
            if any(f.dead for f in line):
                for f in line:
                    if f.dead:
                        f.exited = True
                        f.overkill = max(0, -(f.death_hp if self.readings.overkill_at_death
                                              else f.hp))
                        self.rec.emit("exit", f.id, rule="R9.3", hp=f.hp, overkill=f.overkill)
                st.lines[side] = [f for f in line if not f.dead]
        st.pending = False
        if not st.lines[0] or not st.lines[1] or st.turn > TURN_LIMIT:
            self._judge("R10.1")
            return True
        return False

    def _judge(self, rule: str) -> None:
        """Wipeout, overkill, overturn, push (R10.2, R10.3, D11)."""
        st = self.state
        self._write_summary()
        self._phase("judge", rule)
        wiped = [not st.lines[0], not st.lines[1]]
        totals: list[int] = [0, 0]
        pushes: list[int] = [0, 0]
        winner: int | None
        if wiped[0] != wiped[1]:
            winner, reason = (1 if wiped[0] else 0), "wipeout"
            for side in (0, 1):
                totals[side] = sum(f.hp for f in st.lines[side])
            rule = "R10.2"
        elif wiped[0]:
            for side in (0, 1):
                pushes[side] = sum(f.st[PUSH] for f in st.members[side])
                totals[side] = sum(f.overkill for f in st.members[side] if f.exited)
            if pushes[0] != pushes[1]:
                winner, reason, rule = (0 if pushes[0] > pushes[1] else 1), "push", "R10.3"
            elif totals[0] == totals[1]:
                winner, reason, rule = None, "draw", "R10.2"
            else:
                less = 0 if totals[0] < totals[1] else 1
                winner = 1 - less if self.readings.overkill_more else less
                reason, rule = "overkill", "R10.2"
        else:
            for side in (0, 1):
                living = [f for f in st.lines[side] if not f.dead]
                pushes[side] = sum(f.st[PUSH] for f in living)
                totals[side] = sum(f.hp for f in living)
            if pushes[0] != pushes[1]:
                winner, reason, rule = (0 if pushes[0] > pushes[1] else 1), "push", "R10.3"
            elif totals[0] == totals[1]:
                winner, reason, rule = None, "draw", "R10.2"
            else:
                winner, reason, rule = (0 if totals[0] > totals[1] else 1), "overturn", "R10.2"
        st.over = True
        st.winner = winner
        st.reason = reason
        self.rec.emit("judgement", rule=rule, reason=reason,
                      winner=-1 if winner is None else winner,
                      measure="overkill" if wiped[0] and wiped[1] else "hp",
                      total0=totals[0], total1=totals[1], push0=pushes[0], push1=pushes[1],
                      counter=st.turn)

    # -- output ------------------------------------------------------------------------------
    def members(self) -> list[dict[str, Any]]:
        """Per side, every 剣師 in order of entry with final values (design 4.1)."""
        return view_mod.members(self.state)

    def names(self) -> dict[str, str]:
        """Member id → display name."""
        return view_mod.names(self.state)

    def view(self) -> dict[str, Any]:
        """The page's picture of the current state (see :mod:`.view`)."""
        return view_mod.view(self.state, self.defs)


def new_battle(setup: Setup, ruleset: Ruleset) -> MargueriteBattle:
    """A battle at its start (builds are :class:`Build` objects)."""
    for build in setup.builds:
        assert isinstance(build, Build)
    return MargueriteBattle(setup, ruleset)
