"""The battle of マーガレット2011α: turn loop (§6), 行動権 (§7), 行動処理 (§8), 事象確定 (§9),
judgement (§10). Deterministic: no random draws at all.

Every event names the rule that produced it. Steps: one per phase (行動回数決定, 状態効果, the
post-turn-0 death check, judgement) and one per 行動処理 (one action or one simultaneous group).
"""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Decider
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.marguerite.catalogue import (
    ADD,
    ATTACK,
    BAD_STATUSES,
    BY_NAME,
    CONSTRUCT,
    CONTROL,
    ENV,
    GUARD,
    LIFE,
    MISCARRY,
    NULL_SWORD,
    POISON,
    PUSH,
    QUICK,
    REFLECT,
    SKIP,
    SLEEP,
    SLOW,
    SOUL,
    STATUS_EN,
    STATUS_JA,
    STUN,
    SUPPORT,
    SWORDS,
    TAUNT,
    VENOM,
    SwordDef,
)
from kassen.rulesets.marguerite.model import Build, Fencer, State, Sword
from kassen.rulesets.marguerite.options import parse_mp_costs

TURN_LIMIT = 20
"""The last turn (R1.3, R6.2.6)."""
MAX_SWORDS = 64
"""Safety cap: swords in one 剣師's list (虚構剣/増殖剣/複製剣 grow lists)."""
MAX_FENCERS = 24
"""Safety cap: 剣師 created per party (entrant included)."""
MAX_ACTIONS = 4000
"""Safety cap: actions (including skips) per battle."""
MAX_EVENTS = 60000
"""Safety cap: events per battle (光速剣 makes 100 hits per action)."""
MAX_ATK = 10 ** 300
"""Safety cap on |攻撃力| (灼熱剣 doubles it, D20)."""

_KEY_BIAS = 1 << 20


class _NoDraws(Rng):
    """The battle's random stream: never drawn from (``random = False``), so not seeded."""

    __slots__ = ()

    def __init__(self) -> None:
        self.seed = "xo1:marguerite"
        self._s = [1, 2, 3, 4]

_MP_CACHE: dict[str, tuple[int, ...]] = {}
_CONTROL_NEXT = frozenset(("limited", "early", "late", "danger", "stun", "poison", "whole",
                           "resonate", "multiply"))
_STAT_FIELD = {"atk+1": "atk", "def+1": "def_", "spd+1": "spd"}
_GIVE = {"guard": GUARD, "life": LIFE, "reflect": REFLECT, "soul": SOUL, "push": PUSH,
         "taunt": TAUNT, "quick": QUICK, "slow": SLOW}
_RIDER_STATUS = {"stun": STUN, "poison": POISON, "venom": VENOM, "miscarry": MISCARRY}
_RESET = {"reset_atk": ("atk", "atk0"), "reset_def": ("def_", "def0"),
          "reset_spd": ("spd", "spd0")}
_ENCHANT_RULE = "§13"


class Act:
    """One actor's action inside a 行動処理: the sword frozen at payment (D7) and its targets."""

    __slots__ = ("actor", "def_", "kind", "poison", "rank", "stun", "sword", "target", "whole")

    def __init__(self, actor: Fencer, sword: Sword | None) -> None:
        self.actor = actor
        self.sword = sword
        self.def_: SwordDef | None = SWORDS[sword.sid] if sword is not None else None
        self.kind = self.def_.kind if self.def_ is not None else SKIP
        self.target: Any = None
        self.whole = False
        self.stun = 0
        self.poison = 0
        self.rank = 0


class Hit:
    """One computed hit of an attack (R8.5): who receives it and the final damage."""

    __slots__ = ("act", "amount", "recv", "stolen")

    def __init__(self, act: Act, recv: Fencer, amount: int, stolen: Sword | None) -> None:
        self.act = act
        self.recv = recv
        self.amount = amount
        self.stolen = stolen


class MargueriteBattle(Battle):
    """A battle between two parties; ``self.state`` is a :class:`State`."""

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        # Battle.__init__ minus seeding two random streams: this system never draws
        # (``random = False``), and seeding costs more than a short battle's first turn.
        self.setup = setup
        self.ruleset = ruleset
        self.options = setup.options
        self.rng = _NoDraws()
        self.decider = Decider(setup.choices, [], self.rng)
        self.rec = Recorder()
        o = self.options
        self.o_reset = o.get("reset", "turn")
        self.o_status_end = o.get("status_phase", "start") == "end"
        self.o_heal_negative = o.get("negative", "clamp") == "heal"
        self.o_overkill_more = o.get("overkill", "less") == "more"
        self.o_turn0_fast = o.get("turn0", "speed") == "fast_once"
        self.o_interleave = o.get("simultaneous", "two_phase") == "interleave"
        self.o_half_ceil = o.get("half_hp", "exact") == "ceil"
        self.o_no_next_blocked = o.get("no_next", "executable") == "blocked"
        self.o_steal_keep = o.get("steal", "unused") == "keep"
        self.o_reserve_always = o.get("reserve", "needs_sword") == "always"
        self.o_stun_marks = o.get("stun_sword", "unused") == "used"
        text = o.get("mp_costs", "") or ""
        costs = _MP_CACHE.get(text)
        if costs is None:
            costs = parse_mp_costs(text)
            _MP_CACHE[text] = costs
        self.mp_costs = costs
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
        """Turn 0 (R6.1) the first time, then one turn ≥ 1 (R6.2) per call."""
        if self.state.turn0:
            self._turn_zero()
        else:
            self._turn()

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
    def _phase(self, phase: str, rule: str) -> None:
        st = self.state
        st.phase = phase
        st.executing = {}
        self.rec.step(phase, "phase")
        self.rec.emit("phase", rule=rule, phase=phase, turn=st.turn)

    def _turn_zero(self) -> None:
        st = self.state
        st.last = 0
        self.rec.turn = 0
        self._phase("ap", "R6.1")
        for line in st.lines:
            for f in line:
                if self.o_turn0_fast:
                    f.ap = sum(1 for s in f.swords if s.start <= 0)
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
        reset = self.o_reset != "keep0" or st.turn >= 2
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
                    self.rec.emit("sleep", f.id, rule="§11 スリープ", count=f.st[SLEEP])
                else:
                    f.ap = f.spd
        if not self.o_status_end:
            self._status_phase()
            if st.over:
                return
        self._action_phase()
        if st.over:
            return
        if self.aborted is not None:
            st.over = True
            return
        if self.o_status_end:
            self._status_phase()
            if st.over:
                return
        if st.turn >= TURN_LIMIT:
            self._judge("R10.1")

    def _status_phase(self) -> None:
        """猛毒 then every 毒 at once, then deaths (R6.2.4, D17)."""
        st = self.state
        self._phase("status", "R6.2")
        rec = self.rec
        if not any(f.st[POISON] or f.st[VENOM] for line in st.lines for f in line):
            return
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
        while True:
            best = -1
            group: list[Fencer] = []
            for line in lines:
                for f in line:
                    if f.ap < 1 and (f.reserve < 1 or (
                            not f.st[STUN] and not self.o_reserve_always
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
            cycle = self.o_reset == "cycle"
            for f in group:
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
                if st.actions > MAX_ACTIONS:
                    self.abort(f"actions>{MAX_ACTIONS}")
                    st.over = True
                    return
                self._skips(group, times, merge)
                merge = True
                continue
            merge = False
            st.actions += len(group)
            if st.actions > MAX_ACTIONS:
                self.abort(f"actions>{MAX_ACTIONS}")
                st.over = True
                return
            self._process(group, picks)
            if self.aborted is not None:
                st.over = True
                return
            if self.rec.event_count > MAX_EVENTS:
                self.abort(f"events>{MAX_EVENTS}")
                st.over = True
                return
            if not st.turn0 and self._settle():
                return

    # -- executable swords (R4.6, R4.7) -------------------------------------------------------
    def _half(self, f: Fencer) -> bool:
        if self.o_half_ceil:
            return f.hp <= -(-f.maxhp // 2)
        return 2 * f.hp <= f.maxhp

    def _find(self, f: Fencer, ignore_used: bool = False) -> int:
        """Index of the first executable sword (R4.7), or -1. The hot path: inlined checks."""
        turn = self.state.turn
        half: bool | None = None
        swords = f.swords
        for i, s in enumerate(swords):
            if s.used and not ignore_used:
                continue
            d = SWORDS[s.sid]
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
            if self.o_no_next_blocked and d.formula in _CONTROL_NEXT and i + 1 >= len(swords):
                continue
            return i
        return -1

    def _can_execute(self, f: Fencer) -> bool:
        """Whether some sword would be executed now (for 予備AP eligibility, R7.1)."""
        if self._find(f) >= 0:
            return True
        return (self.o_reset == "cycle" and any(s.used for s in f.swords)
                and self._find(f, True) >= 0)

    def _choose(self, f: Fencer) -> int:
        i = self._find(f)
        if i < 0 and self.o_reset == "cycle" and any(s.used for s in f.swords):
            for s in f.swords:
                s.used = False
            self.rec.emit("cycle", f.id, rule="R6.3")
            i = self._find(f)
        return i

    # -- 行動処理 (§8) -------------------------------------------------------------------------
    def _skips(self, group: list[Fencer], times: int, merge: bool) -> None:
        """``times`` rounds of スキップ (no executable sword) by the same group (R4.7, R8.1);
        with ``merge``, in the beat of the skips right before (nothing happened between)."""
        self.state.executing = {}
        rec = self.rec
        if not merge:
            rec.step("action", "skip")
            self.state.phase = "action"
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
        acts: list[Act] = []
        # 1. 実行剣の決定 (done by the caller: ``picks``); 2./3. 実行対象・副対象決定
        for f, i in zip(group, picks, strict=True):
            if i == -2:
                act = Act(f, None)
                act.target = "stun"
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
                    if self.o_stun_marks:
                        i = self._find(f)
                        if i >= 0:
                            f.swords[i].used = True
                    rec.emit("skip", f.id, rule="§11 スタン", why="stun", ap=f.ap,
                             reserve=f.reserve, count=f.st[STUN], times=1)
                else:
                    rec.emit("skip", f.id, rule="R8.1", why="none", ap=f.ap,
                             reserve=f.reserve, count=0, times=1)
                continue
            sword.used = True
            d = act.def_
            assert d is not None
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
            rec.emit("act", f.id, rule="R8.1", sword=d.code, ap=f.ap, reserve=f.reserve,
                     mp=f.mp, cost=cost, vanished=limited)
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
            self._resolve_set(order[i:j])
            if self.aborted is not None:
                return
            i = j

    def _aim(self, act: Act, index: int) -> None:
        """実行対象決定 / 副対象決定: single targets and the next sword are fixed now (D9, D18)."""
        f = act.actor
        d = act.def_
        assert d is not None and act.sword is not None
        if d.kind == ATTACK:
            if not (act.sword.whole or d.whole):
                act.target = self._single_target(f)
        elif d.formula in _CONTROL_NEXT and index + 1 < len(f.swords):
            act.target = f.swords[index + 1]

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
            if len(acts) > 1 and not self.o_interleave:
                self._attack_two_phase(acts)
            else:
                for act in acts:
                    self._attack(act)
            return
        if kind == ADD and len(acts) > 1 and not self.o_interleave:
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

    # -- attacks (R8.3, R8.5) ------------------------------------------------------------------
    def _targets(self, act: Act) -> list[Fencer]:
        if act.whole:
            return list(self.state.lines[1 - act.actor.side])
        target = act.target
        return [target] if target is not None else []

    def _attack(self, act: Act) -> None:
        d = act.def_
        assert d is not None
        for target in self._targets(act):
            for _ in range(d.reps):
                hit = self._compute(act, target, None)
                self._apply(hit)
                self._riders(hit)
        if d.rider == "dance":
            self._independent(act)

    def _attack_two_phase(self, acts: list[Act]) -> None:
        """超同時 attacks: compute every hit from the values before the set, then apply, then
        riders (Q8, D5)."""
        frozen: dict[str, tuple[int, int, int, int]] = {}
        for line in self.state.lines:
            for f in line:
                frozen[f.id] = (f.atk, f.def_, f.hp, f.maxhp)
        turn = self.state.turn
        hits: list[Hit] = []
        for act in acts:
            d = act.def_
            assert d is not None
            for target in self._targets(act):
                for _ in range(d.reps):
                    hits.append(self._compute(act, target, frozen, turn))
        for hit in hits:
            self._apply(hit)
        for hit in hits:
            self._riders(hit)
        for act in acts:
            self._independent(act)

    def _compute(self, act: Act, target: Fencer,
                 frozen: dict[str, tuple[int, int, int, int]] | None,
                 turn: int | None = None) -> Hit:
        """Reflection chain, damage from current (or frozen) values, ガード (R8.5 1-3)."""
        f = act.actor
        d = act.def_
        assert d is not None
        rec = self.rec
        recv = target
        if not d.pierce and target is not f and target.st[REFLECT]:
            other = target
            recv = f
            target.st[REFLECT] -= 1
            rec.emit("reflect", target.id, f.id, rule="§11 反射", count=target.st[REFLECT])
            while recv.st[REFLECT]:
                recv.st[REFLECT] -= 1
                rec.emit("reflect", recv.id, other.id, rule="§11 反射",
                         count=recv.st[REFLECT])
                recv, other = other, recv
        if frozen is None:
            atk, rdef, rhp = f.atk, recv.def_, recv.hp
            own_hp, own_max = f.hp, f.maxhp
            now = self.state.turn
        else:
            atk = frozen.get(f.id, (f.atk,))[0]
            rv = frozen.get(recv.id) or (recv.atk, recv.def_, recv.hp, recv.maxhp)
            rdef, rhp = rv[1], rv[2]
            ov = frozen.get(f.id) or (f.atk, f.def_, f.hp, f.maxhp)
            own_hp, own_max = ov[2], ov[3]
            now = turn if turn is not None else self.state.turn
        formula = d.formula
        if formula == "ad":
            amount = atk - rdef
        elif formula == "2ad":
            amount = 2 * atk - rdef
        elif formula == "a":
            amount = atk
        elif formula == "a5d":
            amount = atk // 5 - rdef
        elif formula == "a10d":
            amount = atk // 10 - rdef
        elif formula == "a2":
            amount = atk // 2
        elif formula == "halfh":
            amount = -(-rhp // 2) if rhp > 0 else 0
        elif formula == "h":
            amount = rhp if rhp > 0 else 0
        elif formula == "one":
            amount = 1
        elif formula == "pow":
            amount = 2 ** max(0, min(now, 1000))
        elif formula == "rage":
            amount = own_max - own_hp
        else:  # zero (ヌル剣)
            amount = 0
        if not d.pierce and recv.st[GUARD]:
            recv.st[GUARD] -= 1
            before = amount
            amount = -(-amount // 2)
            rec.emit("guard", recv.id, f.id, rule="§11 ガード", before=before, amount=amount,
                     count=recv.st[GUARD])
        stolen = None
        if frozen is not None and d.rider == "steal" and recv.swords:
            stolen = recv.swords[0]
        return Hit(act, recv, amount, stolen)

    def _apply(self, hit: Hit) -> None:
        """Apply one hit's damage (R8.5 4-5; 魔封剣 to MP, D4)."""
        act = hit.act
        f = act.actor
        d = act.def_
        assert d is not None
        recv = hit.recv
        amount = hit.amount
        if d.to_mp:
            if amount > 0 or (amount < 0 and self.o_heal_negative):
                recv.mp -= amount
            else:
                amount = 0
            self.rec.emit("mp_damage", f.id, recv.id, rule=d.rule, sword=d.code,
                          amount=amount, mp=recv.mp)
            return
        if amount > 0:
            recv.hp -= amount
            self.rec.emit("damage", f.id, recv.id, rule=d.rule, sword=d.code, amount=amount,
                          hp=recv.hp)
            if recv.hp <= 0:
                self._hp_changed(recv, "R8.5")
        elif amount < 0 and self.o_heal_negative:
            self._heal(recv, -amount, "R8.5", f)
        else:
            self.rec.emit("damage", f.id, recv.id, rule=d.rule, sword=d.code, amount=0,
                          hp=recv.hp)

    def _riders(self, hit: Hit) -> None:
        """さらに riders and enchantment riders on ≥ 1 damage, then そして riders (R8.5.6)."""
        act = hit.act
        d = act.def_
        assert d is not None
        if hit.amount < 1 or not (d.rider or act.stun or act.poison):
            return
        f = act.actor
        recv = hit.recv
        rider = d.rider
        rec = self.rec
        if rider:
            status = _RIDER_STATUS.get(rider)
            if status is not None:
                self._give(recv, status, 1, d.rule, f)
            elif rider in _RESET:
                field, base = _RESET[rider]
                before = getattr(recv, field)
                setattr(recv, field, getattr(recv, base))
                rec.emit("stat", f.id, recv.id, rule=d.rule, stat=field.rstrip("_"),
                         before=before, after=getattr(recv, field))
            elif rider == "destroy":
                if recv.swords:
                    s = recv.swords.pop(0)
                    s.gone = True
                    rec.emit("destroy", f.id, recv.id, rule=d.rule, sword=SWORDS[s.sid].code)
            elif rider == "exhaust":
                for s in recv.swords:
                    if not s.used:
                        s.used = True
                        rec.emit("exhaust", f.id, recv.id, rule=d.rule,
                                 sword=SWORDS[s.sid].code)
                        break
            elif rider == "reverse":
                recv.swords.reverse()
                rec.emit("reverse", f.id, recv.id, rule=d.rule)
        if act.stun:
            self._give(recv, STUN, act.stun, _ENCHANT_RULE + " スタン与え", f)
        if act.poison:
            self._give(recv, POISON, act.poison, _ENCHANT_RULE + " 毒与え", f)
        if rider == "vampire":
            self._heal(f, hit.amount, d.rule, f)
        elif rider == "steal":
            s = hit.stolen if hit.stolen is not None else (recv.swords[0] if recv.swords
                                                           else None)
            if s is not None and any(x is s for x in recv.swords):
                recv.swords.remove(s)
                if not self.o_steal_keep:
                    s.used = False
                f.swords.append(s)
                rec.emit("steal", f.id, recv.id, rule=d.rule, sword=SWORDS[s.sid].code)
                self._check_swords(f)

    def _independent(self, act: Act) -> None:
        """／ effects after everything else: 舞踏剣 re-arms its own instance (D7)."""
        d = act.def_
        if d is not None and d.rider == "dance" and act.sword is not None \
                and not act.sword.gone:
            act.sword.used = False
            self.rec.emit("rearm_self", act.actor.id, rule=d.rule, sword=d.code)

    # -- HP, death and revival (§9, §11 蘇生) ----------------------------------------------------
    def _hp_changed(self, f: Fencer, rule: str) -> None:
        if self.state.turn0:
            return
        if f.hp <= 0:
            if not f.dead:
                self._die(f, rule)
        elif f.dead:
            f.dead = False
            self.rec.emit("revive", f.id, rule="R9.4", hp=f.hp, status="")

    def _die(self, f: Fencer, rule: str) -> None:
        """Death, then at most one 蘇生 (ソウル before ライフ, D2)."""
        f.dead = True
        self.state.pending = True
        self.rec.emit("death", f.id, rule=rule, hp=f.hp)
        self._revival(f)

    def _revival(self, f: Fencer) -> None:
        """A dead 剣師 uses one ソウル, else one ライフ (§11 蘇生)."""
        rec = self.rec
        if f.st[SOUL]:
            f.st[SOUL] -= 1
            f.hp = f.maxhp
            rec.emit("status_lost", f.id, f.id, rule="§11 ソウル", status="soul", n=1,
                     count=f.st[SOUL])
            if f.hp >= 1:
                f.dead = False
                rec.emit("revive", f.id, rule="§11 ソウル", hp=f.hp, status="soul")
        elif f.st[LIFE]:
            f.st[LIFE] -= 1
            f.hp = 1
            f.dead = False
            rec.emit("status_lost", f.id, f.id, rule="§11 ライフ", status="life", n=1,
                     count=f.st[LIFE])
            rec.emit("revive", f.id, rule="§11 ライフ", hp=f.hp, status="life")

    def _heal(self, f: Fencer, amount: int, rule: str, by: Fencer) -> None:
        """回復: never above maxHP, nothing when HP ≥ maxHP (R15.3)."""
        if f.hp >= f.maxhp or amount <= 0:
            gained = 0
        else:
            gained = min(amount, f.maxhp - f.hp)
            f.hp += gained
        self.rec.emit("heal", by.id, f.id, rule=rule, amount=gained, hp=f.hp)
        if gained:
            self._hp_changed(f, rule)

    def _give(self, f: Fencer, status: int, n: int, rule: str, by: Fencer) -> None:
        """Give ``n`` of a status; 挑発 does not stack; 蘇生 on the dead fires at once (§11)."""
        if status == TAUNT:
            f.st[TAUNT] = 1
        else:
            f.st[status] += n
        self.rec.emit("status_gain", by.id, f.id, rule=rule, status=STATUS_EN[status], n=n,
                      count=f.st[status])
        if f.dead and status in (SOUL, LIFE) and not f.exited:
            self._revival(f)

    # -- support, control, add, construct, environment -----------------------------------------
    def _support(self, act: Act) -> None:
        f = act.actor
        d = act.def_
        assert d is not None
        targets = list(self.state.lines[f.side]) if act.whole else [f]
        rec = self.rec
        fx = d.formula
        for t in targets:
            if fx in _STAT_FIELD:
                field = _STAT_FIELD[fx]
                before = getattr(t, field)
                setattr(t, field, before + 1)
                rec.emit("stat", f.id, t.id, rule=d.rule, stat=field.rstrip("_"),
                         before=before, after=before + 1)
            elif fx in _GIVE:
                self._give(t, _GIVE[fx], 1, d.rule, f)
            elif fx == "fullheal":
                t.hp = t.maxhp
                rec.emit("hp_set", f.id, t.id, rule=d.rule, hp=t.hp)
                self._hp_changed(t, d.rule)
            elif fx == "cure":
                for status in BAD_STATUSES:
                    n = t.st[status]
                    if n:
                        t.st[status] = 0
                        rec.emit("status_lost", f.id, t.id, rule=d.rule,
                                 status=STATUS_EN[status], n=n, count=0)
            elif fx.startswith("mp+"):
                n = int(fx[3:])
                t.mp += n
                rec.emit("mp", f.id, t.id, rule=d.rule, amount=n, mp=t.mp)
            elif fx == "reserve+3":
                t.reserve += 3
                rec.emit("reserve", f.id, t.id, rule=d.rule, amount=3, reserve=t.reserve)
            elif fx == "dragon":
                t.maxhp += 10
                rec.emit("stat", f.id, t.id, rule=d.rule, stat="maxhp", before=t.maxhp - 10,
                         after=t.maxhp)
                t.hp += 10
                rec.emit("hp_up", f.id, t.id, rule=d.rule, amount=10, hp=t.hp)
                self._hp_changed(t, d.rule)
                self._give(t, SLEEP, 1, d.rule, f)
            elif fx == "atk*2":
                before = t.atk
                t.atk = before * 2
                rec.emit("stat", f.id, t.id, rule=d.rule, stat="atk", before=before,
                         after=t.atk)
                if abs(t.atk) > MAX_ATK:
                    self.abort("atk>10^300")
                    return

    def _control(self, act: Act) -> None:
        f = act.actor
        d = act.def_
        assert d is not None
        rec = self.rec
        fx = d.formula
        if fx == "rearm":
            for s in f.swords:
                s.used = False
            rec.emit("rearm", f.id, rule=d.rule, sword=d.code)
            return
        target = act.target
        if target is None or not any(s is target for s in f.swords):
            rec.emit("no_effect", f.id, rule=d.rule, sword=d.code)
            return
        tdef = SWORDS[target.sid]
        if fx == "resonate":
            for s in f.swords:
                if s is not target:
                    s.become(target)
            rec.emit("resonate", f.id, rule=d.rule, sword=tdef.code)
            return
        if fx == "limited":
            target.limited = True
        elif fx == "early":
            target.shift -= 1
        elif fx == "late":
            target.shift += 1
        elif fx == "danger":
            target.danger = True
        elif fx == "stun" and tdef.kind == ATTACK:
            target.stun += 1
        elif fx == "poison" and tdef.kind == ATTACK:
            target.poison += 1
        elif fx == "whole" and tdef.kind in (ATTACK, SUPPORT):
            target.whole = True
        else:
            rec.emit("no_effect", f.id, rule=d.rule, sword=d.code)
            return
        rec.emit("enchant", f.id, rule=d.rule, sword=tdef.code, enchant=fx,
                 index=f.swords.index(target))

    def _add_pick(self, act: Act) -> Sword | None:
        """The sword an 追加 sword adds, chosen right before adding (§12.6, D8)."""
        f = act.actor
        d = act.def_
        assert d is not None
        if d.formula == "fiction":
            return Sword(NULL_SWORD.index)
        if d.formula == "replica":
            line = self.state.lines[1 - f.side]
            if line and line[0].swords:
                return line[0].swords[0].copy()
            return None
        target = act.target
        if target is not None and any(s is target for s in f.swords):
            return target.copy()
        return None

    def _add_put(self, act: Act, sword: Sword | None) -> None:
        f = act.actor
        d = act.def_
        assert d is not None
        if sword is None:
            self.rec.emit("no_effect", f.id, rule=d.rule, sword=d.code)
            return
        f.swords.append(sword)
        self.rec.emit("add_sword", f.id, rule=d.rule, sword=SWORDS[sword.sid].code,
                      index=len(f.swords) - 1)
        self._check_swords(f)

    def _check_swords(self, f: Fencer) -> None:
        if len(f.swords) > MAX_SWORDS and self.aborted is None:
            self.abort(f"swords>{MAX_SWORDS}")

    def _construct(self, act: Act) -> None:
        """構築: the new 剣師 stands at the front with AP = 素早さ (§12.8, §14)."""
        f = act.actor
        d = act.def_
        assert d is not None and d.build is not None
        st = self.state
        rec = self.rec
        if f.st[MISCARRY]:
            f.st[MISCARRY] -= 1
            rec.emit("build_failed", f.id, rule="§11 流産", sword=d.code, count=f.st[MISCARRY])
            return
        if st.counts[f.side] >= MAX_FENCERS:
            self.abort(f"fencers>={MAX_FENCERS}")
            return
        name, hp, atk, def_, spd, names = d.build
        new = self._create(st, f.side, name, hp, atk, def_, spd,
                           tuple(BY_NAME[n].index for n in names), built=True)
        new.ap = spd
        st.lines[f.side].insert(0, new)
        rec.emit("build", f.id, new.id, rule=d.rule, sword=d.code, name=name, hp=hp)
        if new.hp <= 0:
            self._hp_changed(new, "R14.3")

    def _environment(self, act: Act) -> None:
        st = self.state
        d = act.def_
        assert d is not None
        st.turn += 1
        self.rec.turn = st.turn
        self.rec.emit("year", act.actor.id, rule=d.rule, sword=d.code, counter=st.turn)

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
                        f.overkill = max(0, -f.hp)
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
                winner = 1 - less if self.o_overkill_more else less
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
    @staticmethod
    def _statuses(f: Fencer) -> dict[str, int]:
        return {STATUS_JA[i]: n for i, n in enumerate(f.st) if n}

    def members(self) -> list[dict[str, Any]]:
        """Per side, every 剣師 in order of entry with final values (design 4.1)."""
        return [{"members": [{
            "id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp, "atk": f.atk,
            "def": f.def_, "spd": f.spd, "mp": f.mp, "exited": f.exited,
            "statuses": self._statuses(f), "built": f.built,
        } for f in side]} for side in self.state.members]

    def names(self) -> dict[str, str]:
        return {f.id: f.name for side in self.state.members for f in side}

    def view(self) -> dict[str, Any]:
        """The page's picture: parties front first, each 剣師 with stats, statuses, swords."""
        st = self.state
        sides = []
        for side in (0, 1):
            members = []
            for f in st.lines[side]:
                executing = st.executing.get(f.id)
                swords = []
                for s in f.swords:
                    d = SWORDS[s.sid]
                    swords.append({"code": d.code, "name": d.ja, "kind": d.kind,
                                   "used": s.used, "enchants": s.enchants(),
                                   "limited": s.is_limited(), "start": d.act + s.shift,
                                   "executing": s is executing})
                members.append({
                    "id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp, "atk": f.atk,
                    "def": f.def_, "spd": f.spd, "mp": f.mp, "ap": f.ap, "reserve": f.reserve,
                    "dead": f.dead, "exited": False, "built": f.built,
                    "statuses": self._statuses(f), "swords": swords,
                    "executing": None if executing is None else {
                        "code": SWORDS[executing.sid].code, "name": SWORDS[executing.sid].ja,
                        "vanished": executing.gone},
                })
            exited = [{"id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp,
                       "overkill": f.overkill, "exited": True, "statuses": self._statuses(f)}
                      for f in st.members[side] if f.exited]
            sides.append({"members": members, "exited": exited})
        return {"turn": st.turn, "phase": st.phase, "turn0": st.turn0,
                "phases": ["ap", "status", "action"], "sides": sides,
                "over": st.over, "winner": st.winner, "reason": st.reason or None}


def new_battle(setup: Setup, ruleset: Ruleset) -> MargueriteBattle:
    """A battle at its start (builds are :class:`Build` objects)."""
    for build in setup.builds:
        assert isinstance(build, Build)
    return MargueriteBattle(setup, ruleset)
