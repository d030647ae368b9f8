"""行動処理 (§8): one action or one simultaneous group: targets, 実行コスト, effects by kind
priority and rank (R8.1-R8.6, D7, D9, D18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.marguerite.actions import CONTROL_NEXT, Act
from kassen.rulesets.marguerite.catalogue import (
    ADD,
    ATTACK,
    CONSTRUCT,
    CONTROL,
    ENV,
    SKIP,
    SUPPORT,
    SWORDS,
)
from kassen.rulesets.marguerite.executable import find
from kassen.rulesets.marguerite.hits import attack, attack_two_phase
from kassen.rulesets.marguerite.statuses import STATUSES, STUN, TAUNT
from kassen.rulesets.marguerite.sword_effects import (
    add_pick,
    add_put,
    construct,
    control,
    environment,
    support,
)

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.engine import MargueriteBattle
    from kassen.rulesets.marguerite.model import Fencer, Sword


def skips(b: MargueriteBattle, group: list[Fencer], times: int, merge: bool) -> None:
    """``times`` rounds of スキップ (no executable sword) by the same group (R4.7, R8.1);
    with ``merge``, in the beat of the skips right before (nothing happened between)."""
    st = b.state
    if st.executing:
        st.executing = {}
    rec = b.rec
    if not merge:
        rec.step("action", "skip")
        st.phase = "action"
    if b.cycled:
        emit_cycles(b)
    for f in group:
        ap = f.ap = f.ap - times
        rec.add("skip", f.id, None, "R8.1", {"why": "none", "ap": ap, "reserve": f.reserve,
                                             "count": 0, "times": times})


def process(b: MargueriteBattle, group: list[Fencer], picks: list[int]) -> None:
    """One 行動処理 of the group that won 行動権; ``picks`` per actor: the sword's index, -1
    (no executable sword), -2 (スタン) or -3 (dead in turn 0, §18.14 alternative)."""
    st = b.state
    rec = b.rec
    rec.step("action", "action")
    st.phase = "action"
    if st.executing:
        st.executing = {}
    if b.cycled:
        emit_cycles(b)
    if len(group) == 1 and picks[0] >= 0:
        process_one(b, group[0], picks[0])
        return
    acts: list[Act] = []
    # 1. 実行剣の決定 (done by the caller: ``picks``); 2./3. 実行対象・副対象決定
    for f, i in zip(group, picks, strict=True):
        if i < 0:
            act = Act(f, None, None)
            if i == -2:
                act.target = "stun"
            elif i == -3:
                act.target = "dead"
        else:
            sword = f.swords[i]
            act = Act(f, sword, SWORDS[sword.sid])
            st.executing[f.id] = sword
            aim(b, act, i)
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
                STATUSES[STUN].on_action(b, f, find(b, f))
            elif act.target == "dead":
                rec.add("skip", f.id, None, "R6.1", {"why": "dead", "ap": f.ap,
                                                     "reserve": f.reserve, "count": 0, "times": 1})
            else:
                rec.add("skip", f.id, None, "R8.1", {"why": "none", "ap": f.ap,
                                                     "reserve": f.reserve, "count": 0, "times": 1})
            continue
        pay_sword(b, act, sword)
    # 5. 効果処理: kind priority, then rank within own party (R8.6)
    if len(acts) == 1:
        resolve_set(b, acts)
        return
    # the order (kind, rank, side) as one integer per act: rank counts the earlier acts of
    # the same side and kind (group order); a set is the acts of one (kind, rank)
    counters = [0] * (2 * _KINDS)
    for act in acts:
        slot = 2 * act.kind + act.actor.side
        act.rank = counters[slot]
        counters[slot] += 1
    order = sorted(acts, key=_order_key)
    live = b.readings.live_sword
    i = 0
    count = len(order)
    while i < count:
        first = order[i]
        kind, rank = first.kind, first.rank
        j = i + 1
        while j < count and order[j].kind == kind and order[j].rank == rank:
            j += 1
        same = order[i:j]
        if live:
            same = live_acts(b, same)
        if same:
            resolve_set(b, same)
        if b.aborted is not None:
            return
        i = j


_KINDS = ENV + 1
"""Kinds of sword (catalogue), SKIP first."""


def _order_key(act: Act) -> int:
    """効果処理 order (R8.6): kind priority, then rank within its party, then side."""
    return (act.kind * _RANKS + act.rank) * 2 + act.actor.side


_RANKS = 1 << 32
"""Above any rank (a party has at most MAX_FENCERS 剣師)."""


def live_acts(b: MargueriteBattle, acts: list[Act]) -> list[Act]:
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
            b.rec.emit("no_effect", act.actor.id, rule="§21 D7", sword=act.def_.code)
        else:
            kept.append(act)
    return kept


def pay_sword(b: MargueriteBattle, act: Act, sword: Sword) -> None:
    """実行コスト of a sword (AP already paid): 使用済み, MP, リミ; the sword's kind and
    enchantments are frozen into ``act`` now (D7)."""
    f = act.actor
    d = act.def_
    assert d is not None
    sword.used = True
    act.whole = sword.whole or d.whole
    act.stun = sword.stun
    act.poison = sword.poison
    if b.has_mp_costs:
        cost = b.mp_costs[sword.sid]
        f.mp -= cost
    else:
        cost = 0
    limited = sword.limited or d.limited
    if limited:
        f.swords.remove(sword)
        f.free = 0
        sword.gone = True
    b.rec.add("act", f.id, None, "R8.1", {"sword": d.code, "ap": f.ap, "reserve": f.reserve,
                                          "mp": f.mp, "cost": cost, "vanished": limited})


def process_one(b: MargueriteBattle, f: Fencer, i: int) -> None:
    """The common case of :meth:`_process`: one actor executing a sword (R8.1)."""
    sword = f.swords[i]
    d = SWORDS[sword.sid]
    act = Act(f, sword, d)
    b.state.executing[f.id] = sword
    aim(b, act, i)
    if f.ap >= 1:
        f.ap -= 1
    else:
        f.reserve -= 1
    pay_sword(b, act, sword)
    if d.kind == ATTACK:
        attack(b, act)
    else:
        resolve_set(b, [act])


def aim(b: MargueriteBattle, act: Act, index: int) -> None:
    """実行対象決定 / 副対象決定: single targets and the next sword are fixed now (D9, D18)."""
    d = act.def_
    assert d is not None and act.sword is not None
    kind = d.kind
    if kind == ATTACK:
        if not (act.sword.whole or d.whole):
            act.target = single_target(b, act.actor)
    elif kind == CONSTRUCT:
        act.target = index  # where the sword stood (§18.18 alternative: it stays there)
    elif d.formula in CONTROL_NEXT:
        swords = act.actor.swords
        if index + 1 < len(swords):
            act.target = swords[index + 1]


def single_target(b: MargueriteBattle, f: Fencer) -> Fencer | None:
    """The enemy 先頭, or the front-most taunter (R8.4, §11 挑発)."""
    line = b.state.lines[1 - f.side]
    if not line:
        return None
    for e in line:
        if e.st[TAUNT]:
            return e
    return line[0]


def resolve_set(b: MargueriteBattle, acts: list[Act]) -> None:
    """効果処理 of one set of the same kind and rank (R8.6); 超同時 attacks and adds in two
    passes unless option ``interleave``."""
    kind = acts[0].kind
    if kind == SKIP:
        return
    if kind == ATTACK:
        if len(acts) > 1 and not b.readings.interleave:
            attack_two_phase(b, acts)
        else:
            for act in acts:
                attack(b, act)
        return
    if kind == ADD and len(acts) > 1 and not b.readings.interleave:
        picks = [add_pick(b, a) for a in acts]
        for act, sword in zip(acts, picks, strict=True):
            add_put(b, act, sword)
        return
    for act in acts:
        if kind == SUPPORT:
            support(b, act)
        elif kind == CONTROL:
            control(b, act)
        elif kind == ADD:
            add_put(b, act, add_pick(b, act))
        elif kind == CONSTRUCT:
            construct(b, act)
        elif kind == ENV:
            environment(b, act)
        if b.aborted is not None:
            return


def emit_cycles(b: MargueriteBattle) -> None:
    """Log the 剣師 re-armed by the cycle reading since the last beat (R6.3)."""
    for fid in b.cycled:
        b.rec.emit("cycle", fid, rule="R6.3")
    b.cycled.clear()
