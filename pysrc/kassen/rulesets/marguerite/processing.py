"""行動処理 (§8): one action or one simultaneous group: targets, 実行コスト, effects by kind
priority and rank (R8.1-R8.6, D7, D9, D18). A mixin of the battle class."""

from __future__ import annotations

from kassen.core.events import Recorder
from kassen.rulesets.marguerite.actions import (
    CONTROL_NEXT,
    Act,
)
from kassen.rulesets.marguerite.catalogue import ADD, ATTACK, CONSTRUCT, CONTROL, ENV, SKIP, SUPPORT
from kassen.rulesets.marguerite.model import Fencer, State, Sword
from kassen.rulesets.marguerite.options import Readings
from kassen.rulesets.marguerite.statuses import STATUSES, STUN, TAUNT


class Processing:
    """Executing the chosen swords of one 行動処理."""

    state: State
    rec: Recorder
    readings: Readings

    def _skips(self, group: list[Fencer], times: int, merge: bool) -> None:
        """``times`` rounds of スキップ (no executable sword) by the same group (R4.7, R8.1);
        with ``merge``, in the beat of the skips right before (nothing happened between)."""
        st = self.state
        if st.executing:
            st.executing = {}
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
        if st.executing:
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
                    STATUSES[STUN].on_action(self, f)
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


    def _emit_cycles(self) -> None:
        for fid in self._cycled:
            self.rec.emit("cycle", fid, rule="R6.3")
        self._cycled.clear()
