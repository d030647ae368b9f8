"""Attacks (R8.3, R8.5, §12.3): reflection, damage from current (or frozen) values, ガード,
riders, and 超同時 sets in two passes (Q8, D5). A mixin of the battle class."""

from __future__ import annotations

from kassen.core.events import Recorder
from kassen.rulesets.marguerite.actions import (
    ENCHANT_RULE,
    RESET,
    RIDER_STATUS,
    Act,
    Hit,
)
from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.model import Fencer, State
from kassen.rulesets.marguerite.options import Readings
from kassen.rulesets.marguerite.statuses import GUARD, POISON, REFLECT, STATUSES, STUN

on_reflect = STATUSES[REFLECT].on_hit_taken
on_guard = STATUSES[GUARD].on_hit_taken


class Hits:
    """Attack resolution, mixed into the battle class (engine.MargueriteBattle)."""

    state: State
    rec: Recorder
    readings: Readings

    def _targets(self, act: Act) -> list[Fencer]:
        if act.whole:
            return list(self.state.lines[1 - act.actor.side])
        target = act.target
        return [target] if target is not None else []

    def _attack(self, act: Act) -> None:
        d = act.def_
        assert d is not None
        riders = bool(d.rider or act.stun or act.poison)
        for target in self._targets(act):
            for _ in range(d.reps):
                hit = self._compute(act, target, None)
                self._apply(hit)
                if riders and hit.amount >= 1:
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
        recv = target
        src = f
        if not d.pierce and target is not f and target.st[REFLECT]:
            recv, src = on_reflect(self, f, target)  # src: the 反射元 it finally came from
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
            amount = on_guard(self, recv, f, amount)
        stolen = None
        if frozen is not None and d.rider == "steal" and recv.swords:
            stolen = recv.swords[0]
        return Hit(act, recv, amount, stolen, src)

    def _apply(self, hit: Hit) -> None:
        """Apply one hit's damage (R8.5 4-5; 魔封剣 to MP, D4)."""
        act = hit.act
        f = act.actor
        d = act.def_
        assert d is not None
        recv = hit.recv
        amount = hit.amount
        if d.to_mp:
            if amount > 0 or (amount < 0 and self.readings.heal_negative):
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
        elif amount < 0 and self.readings.heal_negative:
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
            status = RIDER_STATUS.get(rider)
            if status is not None:
                self._give(recv, status, 1, d.rule, f)
            elif rider in RESET:
                field, base = RESET[rider]
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
            self._give(recv, STUN, act.stun, ENCHANT_RULE + " スタン与え", f)
        if act.poison:
            self._give(recv, POISON, act.poison, ENCHANT_RULE + " 毒与え", f)
        # そして riders act for 「自分」: the executor (§18.17), or the last reflector (option)
        if rider == "vampire":
            if self.readings.rider_reflector:
                f = hit.src
            self._heal(f, hit.amount, d.rule, f)
        elif rider == "steal":
            if self.readings.rider_reflector:
                f = hit.src
            s = hit.stolen if hit.stolen is not None else (recv.swords[0] if recv.swords
                                                           else None)
            if s is not None and any(x is s for x in recv.swords):
                recv.swords.remove(s)
                if not self.readings.steal_keep:
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

