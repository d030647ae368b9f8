"""The effects of non-attack swords (§12.4-§12.8): 補助, 制御, 追加, 構築, 環境."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.marguerite.catalogue import ATTACK, BY_NAME, NULL_SWORD, SUPPORT, SWORDS
from kassen.rulesets.marguerite.catalogue_conditions import BAD_STATUSES, STATUS_EN, sole
from kassen.rulesets.marguerite.constants import (
    LOG_FENCERS,
    LOG_SWORDS,
    MAX_ATK,
    MAX_BATTLE_SWORDS,
    MAX_FENCERS,
    MAX_SWORDS,
)
from kassen.rulesets.marguerite.model import SLEEP, Sword, enlist, swords_held
from kassen.rulesets.marguerite.rules.actions import GIVE, STAT_FIELD, Act
from kassen.rulesets.marguerite.rules.life import give, hp_changed

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.table import MargueriteTable

_FAILS_BUILD, on_build = sole("on_build")
"""The status that makes a 構築 fail (流産): its count slot and handler."""


def support(t: MargueriteTable, act: Act) -> None:
    f = act.actor
    d = act.def_
    assert d is not None
    targets = list(t.state.lines[f.side]) if act.whole else [f]
    rec = t.rec
    fx = d.formula
    for ally in targets:
        if fx in STAT_FIELD:
            field = STAT_FIELD[fx]
            before = getattr(ally, field)
            setattr(ally, field, before + 1)
            rec.emit("stat", f.id, ally.id, rule=d.rule, stat=field.rstrip("_"),
                     before=before, after=before + 1)
        elif fx in GIVE:
            give(t, ally, GIVE[fx], 1, d.rule, f)
        elif fx == "fullheal":
            ally.hp = ally.maxhp
            rec.emit("hp_set", f.id, ally.id, rule=d.rule, hp=ally.hp)
            hp_changed(t, ally, d.rule)
        elif fx == "cure":
            for status in BAD_STATUSES:
                n = ally.st[status]
                if n:
                    ally.st[status] = 0
                    rec.emit("status_lost", f.id, ally.id, rule=d.rule,
                             status=STATUS_EN[status], n=n, count=0)
        elif fx.startswith("mp+"):
            n = int(fx[3:])
            ally.mp += n
            rec.emit("mp", f.id, ally.id, rule=d.rule, amount=n, mp=ally.mp)
        elif fx == "reserve+3":
            ally.reserve += 3
            rec.emit("reserve", f.id, ally.id, rule=d.rule, amount=3, reserve=ally.reserve)
        elif fx == "dragon":
            ally.maxhp += 10
            rec.emit("stat", f.id, ally.id, rule=d.rule, stat="maxhp", before=ally.maxhp - 10,
                     after=ally.maxhp)
            ally.hp += 10
            rec.emit("hp_up", f.id, ally.id, rule=d.rule, amount=10, hp=ally.hp)
            hp_changed(t, ally, d.rule)
            give(t, ally, SLEEP, 1, d.rule, f)
        elif fx == "atk*2":
            before = ally.atk
            ally.atk = before * 2
            rec.emit("stat", f.id, ally.id, rule=d.rule, stat="atk", before=before,
                     after=ally.atk)
            if abs(ally.atk) > MAX_ATK:
                t.abort("atk>10^300")
                return


def control(t: MargueriteTable, act: Act) -> None:
    f = act.actor
    d = act.def_
    assert d is not None
    rec = t.rec
    fx = d.formula
    if fx == "rearm":
        for s in f.swords:
            s.used = False
        f.free = 0
        rec.emit("rearm", f.id, rule=d.rule, sword=d.code)
        return
    target = act.target
    if target is None or target not in f.swords:  # Sword compares by identity
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


@implements("§12.6")
def add_pick(t: MargueriteTable, act: Act) -> Sword | None:
    """The sword an 追加 sword adds, chosen right before adding (§12.6, D8)."""
    f = act.actor
    d = act.def_
    assert d is not None
    if d.formula == "fiction":
        return Sword(NULL_SWORD.index)
    if d.formula == "replica":
        line = t.state.lines[1 - f.side]
        if line and line[0].swords:
            return line[0].swords[0].copy()
        return None
    target = act.target
    if target is not None and target in f.swords:  # Sword compares by identity
        return target.copy()
    return None


def add_put(t: MargueriteTable, act: Act, sword: Sword | None) -> None:
    f = act.actor
    d = act.def_
    assert d is not None
    if sword is None:
        t.rec.emit("no_effect", f.id, rule=d.rule, sword=d.code)
        return
    f.swords.append(sword)
    t.rec.emit("add_sword", f.id, rule=d.rule, sword=SWORDS[sword.sid].code,
               index=len(f.swords) - 1)
    check_swords(t, f)


def check_swords(t: MargueriteTable, f: Fencer) -> None:
    """A list past the log budget starts the summary; past a hard cap (the list, or all the
    swords held once a list is long), the end."""
    st = t.state
    n = len(f.swords)
    if n > st.peak_swords:
        st.peak_swords = n
    if n > LOG_SWORDS:
        st.grown = st.grown or "swords"
        total = swords_held(st)
        st.peak_total = max(st.peak_total, total)
        if t.aborted is None:
            if n > MAX_SWORDS:
                t.abort(f"swords>{MAX_SWORDS}")
            elif total > MAX_BATTLE_SWORDS:
                t.abort(f"held>{MAX_BATTLE_SWORDS}")


@implements("§12.8", "§14")
def construct(t: MargueriteTable, act: Act) -> None:
    """構築: the new 剣師 stands at the front with AP = 素早さ (§12.8, §14)."""
    f = act.actor
    d = act.def_
    assert d is not None and d.build is not None
    st = t.state
    rec = t.rec
    if f.st[_FAILS_BUILD]:
        on_build(t, act)
        return
    if st.counts[f.side] >= MAX_FENCERS:
        t.abort(f"fencers>={MAX_FENCERS}")
        return
    name, hp, atk, def_, spd, names = d.build
    new = enlist(st, f.side, name, hp, atk, def_, spd,
                       tuple(BY_NAME[n].index for n in names), built=True)
    new.ap = spd
    line = st.lines[f.side]
    at = 0
    if t.readings.build_behind:  # §18.20 alternative: just in front of the builder
        at = next((i for i, x in enumerate(line) if x is f), 0)
    line.insert(at, new)
    if st.counts[f.side] > LOG_FENCERS:
        st.grown = st.grown or "fencers"
    rec.emit("build", f.id, new.id, rule=d.rule, sword=d.code, name=name, hp=hp)
    if new.hp <= 0:
        hp_changed(t, new, "R14.3")


def environment(t: MargueriteTable, act: Act) -> None:
    st = t.state
    d = act.def_
    assert d is not None
    st.turn += 1
    t.rec.turn = st.turn
    t.rec.emit("year", act.actor.id, rule=d.rule, sword=d.code, counter=st.turn)
