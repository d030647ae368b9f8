"""The effects of non-attack swords (§12.4-§12.8): 補助, 制御, 追加, 構築, 環境."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.marguerite.catalogue import BUILT_WITH, SWORDS
from kassen.rulesets.marguerite.catalogue_conditions import sole
from kassen.rulesets.marguerite.catalogue_effects import EFFECT_OF
from kassen.rulesets.marguerite.constants import (
    LOG_FENCERS,
    LOG_SWORDS,
    MAX_BATTLE_SWORDS,
    MAX_FENCERS,
    MAX_SWORDS,
)
from kassen.rulesets.marguerite.model import enlist, swords_held
from kassen.rulesets.marguerite.rules.actions import Act
from kassen.rulesets.marguerite.rules.life import hp_changed

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.catalogue import SwordDef
    from kassen.rulesets.marguerite.model import Fencer, Sword
    from kassen.rulesets.marguerite.table import MargueriteTable

_FAILS_BUILD, on_build = sole("on_build")
"""The status that makes a 構築 fail (流産): its count slot and handler."""


def support(t: MargueriteTable, act: Act) -> None:
    """補助 of an act (§12.4): :func:`support_by`."""
    assert act.def_ is not None
    support_by(t, act.actor, act.def_, act.whole)


def support_by(t: MargueriteTable, f: Fencer, d: SwordDef, whole: bool) -> None:
    """補助 by ``f`` with the sword row ``d``: the row's effect on each target, the executor
    or (``whole``) its whole line (§12.4)."""
    support_fx = EFFECT_OF[d.index].support
    if support_fx is None:
        return
    for ally in (list(t.state.lines[f.side]) if whole else (f,)):
        if support_fx(t, f, d, ally):
            return


def control(t: MargueriteTable, act: Act) -> None:
    """制御: the sword's effect row on its executor's list; one aimed at the next sword has no
    effect when that sword is gone (§12.5, D18)."""
    f = act.actor
    d = act.def_
    assert d is not None
    target = act.target
    control_fx = EFFECT_OF[d.index].control
    if control_fx is None or (d.aims_next and (target is None or target not in f.swords)):
        t.rec.add("no_effect", f.id, None, d.rule, {"sword": d.code})  # Sword compares by identity
        return
    control_fx(t, f, d, target)


@implements("§12.6")
def add_pick(t: MargueriteTable, act: Act) -> Sword | None:
    """The sword an 追加 sword adds, chosen right before adding (§12.6, D8): its effect row's
    pick, given the next sword while it is still in the list."""
    d = act.def_
    assert d is not None
    pick_fx = EFFECT_OF[d.index].pick
    if pick_fx is None:
        return None
    target = act.target
    if target is not None and target not in act.actor.swords:  # Sword compares by identity
        target = None
    return pick_fx(t, act, target)


def add_put(t: MargueriteTable, act: Act, sword: Sword | None) -> None:
    f = act.actor
    d = act.def_
    assert d is not None
    if sword is None:
        t.rec.add("no_effect", f.id, None, d.rule, {"sword": d.code})
        return
    f.swords.append(sword)
    t.rec.add("add_sword", f.id, None, d.rule, {"sword": SWORDS[sword.sid].code,
                                                "index": len(f.swords) - 1})
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
    name, hp, atk, def_, spd, _names = d.build
    new = enlist(st, f.side, name, hp, atk, def_, spd, BUILT_WITH[d.index], built=True)
    new.ap = spd
    line = st.lines[f.side]
    at = 0
    if t.readings.build_behind:  # §18.20 alternative: just in front of the builder
        at = next((i for i, x in enumerate(line) if x is f), 0)
    line.insert(at, new)
    if st.counts[f.side] > LOG_FENCERS:
        st.grown = st.grown or "fencers"
    rec.add("build", f.id, new.id, d.rule, {"sword": d.code, "name": name, "hp": hp})
    if new.hp <= 0:
        hp_changed(t, new, "R14.3")


def environment(t: MargueriteTable, act: Act) -> None:
    st = t.state
    d = act.def_
    assert d is not None
    st.turn += 1
    t.rec.turn = st.turn
    t.rec.add("year", act.actor.id, None, d.rule, {"sword": d.code, "counter": st.turn})
