"""行動処理 (§8): one action or one simultaneous group: targets, 実行コスト, effects by kind
priority and rank (R8.1-R8.6, D7, D9, D18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
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
from kassen.rulesets.marguerite.catalogue_conditions import sole
from kassen.rulesets.marguerite.model import TAUNT
from kassen.rulesets.marguerite.rules.actions import ACT_ROW, SKIP_ROW, Act
from kassen.rulesets.marguerite.rules.executable import find
from kassen.rulesets.marguerite.rules.hits import attack, attack_two_phase, strike
from kassen.rulesets.marguerite.rules.sword_effects import (
    add_pick,
    add_put,
    construct,
    control,
    environment,
    support,
    support_by,
)

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.catalogue import SwordDef
    from kassen.rulesets.marguerite.model import Fencer, Sword
    from kassen.rulesets.marguerite.table import MargueriteTable

_STUNNED, on_action = sole("on_action")
"""The status that turns an action into a skip (スタン): its count slot and handler."""


@implements("R4.7", "R8.1")
def skips(t: MargueriteTable, group: list[Fencer], times: int, merge: bool) -> None:
    """``times`` rounds of スキップ (no executable sword) by the same group (R4.7, R8.1);
    with ``merge``, in the beat of the skips right before (nothing happened between)."""
    st = t.state
    if st.executing:
        st.executing = {}
    rec = t.rec
    opening = not merge  # the first skip opens the beat (Recorder.step_row)
    if t.cycled:
        if opening:
            rec.step("action", "skip")
            st.phase = "action"
            opening = False
        emit_cycles(t)
    for f in group:
        ap = f.ap - times
        row = (SKIP_ROW, "none", ap, f.reserve, 0, times)
        if opening:  # (phase and AP change once the beat is open: the view of the last one)
            rec.step_row("action", "skip", "skip", f.id, None, "R8.1", row)
            st.phase = "action"
            opening = False
        else:
            rec.add_row("skip", f.id, None, "R8.1", row)
        f.ap = ap


@implements("R8.1")
def process_one(t: MargueriteTable, f: Fencer, i: int) -> None:
    """The common 行動処理: one actor executing its sword at index ``i`` (R8.1)."""
    st = t.state
    # the act event opens the beat (pay), unless re-armed lists are logged first or a view
    # is captured as the last beat closes (it must not see this action's payment)
    cycled = t.cycled
    opening = not cycled and t.rec.view is None
    if not opening:
        t.rec.step("action", "action")
    st.phase = "action"
    if cycled:
        emit_cycles(t)
    sword = f.swords[i]
    d = SWORDS[sword.sid]
    st.executing = {f.id: sword}
    if d.single and not (sword.whole or sword.stun or sword.poison):
        # the most common action, without an Act: a single-target attack, no riders
        line = st.lines[1 - f.side]
        # a lone enemy is the target, taunting or not (most battles: a duel)
        target = line[0] if len(line) == 1 else single_target(t, f)
        if f.ap >= 1:
            f.ap -= 1
        else:
            f.reserve -= 1
        pay(t, f, sword, d, None, opening)
        if target is not None:
            strike(t, f, d, target)
        return
    if d.kind == SUPPORT:  # a 補助 needs no Act either: it aims at nothing
        if f.ap >= 1:
            f.ap -= 1
        else:
            f.reserve -= 1
        whole = sword.whole or d.whole  # frozen at payment (D7)
        pay(t, f, sword, d, None, opening)
        support_by(t, f, d, whole)
        return
    act = Act(f, sword, d)
    if d.aims:
        aim(t, act, i)
    if f.ap >= 1:
        f.ap -= 1
    else:
        f.reserve -= 1
    pay(t, f, sword, d, act, opening)
    EFFECTS[d.kind](t, act)  # a set of one (R8.6)


def process(t: MargueriteTable, group: list[Fencer], picks: list[int]) -> None:
    """One 行動処理 of the group that won 行動権 (one actor executing a sword is
    :func:`process_one`); ``picks`` per actor: the sword's index, -1 (no executable sword),
    -2 (スタン) or -3 (dead in turn 0, §18.14 alternative)."""
    st = t.state
    t.rec.step("action", "action")
    st.phase = "action"
    if t.cycled:
        emit_cycles(t)
    executing = st.executing
    if executing:
        st.executing = executing = {}
    acts: list[Act] = []  # the actors executing a sword, in group order (a skip has no act)
    # 1. 実行剣の決定 (done by the caller: ``picks``); 2./3. 実行対象・副対象決定
    for n, f in enumerate(group):
        i = picks[n]
        if i >= 0:
            sword = f.swords[i]
            d = SWORDS[sword.sid]
            act = Act(f, sword, d)
            executing[f.id] = sword
            if d.aims:
                aim(t, act, i)
            acts.append(act)
    # 4. 実行コスト, in group order
    rec = t.rec
    k = 0
    for n, f in enumerate(group):
        i = picks[n]
        if f.ap >= 1:
            f.ap -= 1
        else:
            f.reserve -= 1
        if i >= 0:
            act = acts[k]
            k += 1
            assert act.sword is not None and act.def_ is not None
            pay(t, f, act.sword, act.def_, act)
        elif i == -2:  # a status replaces the action (スタン)
            on_action(t, f, find(t, f))
        elif i == -3:
            rec.add_row("skip", f.id, None, "R6.1", (SKIP_ROW, "dead", f.ap, f.reserve, 0, 1))
        else:
            rec.add_row("skip", f.id, None, "R8.1", (SKIP_ROW, "none", f.ap, f.reserve, 0, 1))
    # 5. 効果処理: kind priority, then rank within own party (R8.6); skips have no effect
    if len(group) == 1:
        if acts:
            resolve_set(t, acts)
        return
    live = t.live_sword
    for same in effect_sets(acts):
        if live:
            same = live_acts(t, same)
        if same:
            resolve_set(t, same)
        if t.aborted is not None:
            return


@implements("R8.6")
def effect_sets(acts: list[Act]) -> list[list[Act]]:
    """The acts of a group in 効果処理 order (R8.6), as sets of one (kind, rank): kind
    priority, then rank within its party (its earlier acts of the same kind, group order),
    side 0 first within a set."""
    count = len(acts)
    if count < 2:  # one act (beside skips) or none
        return [acts] if acts else []
    if count == 2:
        x, y = acts
        if x.actor.side != y.actor.side:  # one act per side (a duel's pair): both rank 0
            if x.actor.side:
                x, y = y, x
            if x.kind == y.kind:
                return [[x, y]]
            return [[x], [y]] if x.kind < y.kind else [[y], [x]]
    # the order (kind, rank, side) as one integer per act; a set is the acts of one
    # (kind, rank)
    counters = [0] * (2 * _KINDS)
    for act in acts:
        slot = 2 * act.kind + act.actor.side
        act.rank = counters[slot]
        counters[slot] += 1
    order = sorted(acts, key=_order_key)
    sets = []
    i = 0
    while i < count:
        first = order[i]
        kind, rank = first.kind, first.rank
        j = i + 1
        while j < count and order[j].kind == kind and order[j].rank == rank:
            j += 1
        sets.append(order[i:j])
        i = j
    return sets


_KINDS = ENV + 1
"""Kinds of sword (catalogue), SKIP first."""


@implements("R8.6")
def _order_key(act: Act) -> int:
    """効果処理 order (R8.6): kind priority, then rank within its party, then side."""
    return (act.kind * _RANKS + act.rank) * 2 + act.actor.side


_RANKS = 1 << 32
"""Above any rank (a party has at most MAX_FENCERS 剣師)."""


@implements("§21 D7")
def live_acts(t: MargueriteTable, acts: list[Act]) -> list[Act]:
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
            t.rec.add("no_effect", act.actor.id, None, "§21 D7", {"sword": act.def_.code})
        else:
            kept.append(act)
    return kept


def pay(t: MargueriteTable, f: Fencer, sword: Sword, d: SwordDef,
        act: Act | None = None, opening: bool = False) -> None:
    """実行コスト of ``f``'s ``sword`` (row ``d``) besides AP: 使用済み, MP, リミ (R8.1);
    the sword's kind and enchantments are frozen into its ``act`` now (D7). With
    ``opening``, its ``act`` event opens the action's beat (the common 行動処理's first)."""
    if act is not None:
        act.whole = sword.whole or d.whole
        act.stun = sword.stun
        act.poison = sword.poison
    sword.used = True
    if d.reads_turn:  # a turn that reads its number is never replayed (rules/repeat.py)
        t.turn_read = True
    if t.has_mp_costs:
        cost = t.mp_costs[sword.sid]
        f.mp -= cost
    else:
        cost = 0
    limited = sword.limited or d.limited
    if limited:
        f.swords.remove(sword)
        f.free = 0
        sword.gone = True
    row = (ACT_ROW, d.code, f.ap, f.reserve, f.mp, cost, limited)
    if opening:
        t.rec.step_row("action", "action", "act", f.id, None, "R8.1", row)
    else:
        t.rec.add_row("act", f.id, None, "R8.1", row)


def aim(t: MargueriteTable, act: Act, index: int) -> None:
    """実行対象決定 / 副対象決定: single targets and the next sword are fixed now (D9, D18)."""
    d = act.def_
    assert d is not None and act.sword is not None
    kind = d.kind
    if kind == ATTACK:
        if not (act.sword.whole or d.whole):
            line = t.state.lines[1 - act.actor.side]
            # a lone enemy is the target, taunting or not (most battles: a duel)
            act.target = line[0] if len(line) == 1 else single_target(t, act.actor)
    elif kind == CONSTRUCT:
        act.target = index  # where the sword stood (§18.18 alternative: it stays there)
    elif d.aims_next:
        swords = act.actor.swords
        if index + 1 < len(swords):
            act.target = swords[index + 1]


@implements("R8.4", "§11 挑発")
def single_target(t: MargueriteTable, f: Fencer) -> Fencer | None:
    """The enemy 先頭, or the front-most taunter (R8.4, §11 挑発)."""
    line = t.state.lines[1 - f.side]
    if not line:
        return None
    for e in line:
        if e.st[TAUNT]:
            return e
    return line[0]


@implements("R8.6")
def resolve_set(t: MargueriteTable, acts: list[Act]) -> None:
    """効果処理 of one set of the same kind and rank (R8.6); 超同時 attacks and adds in two
    passes unless option ``interleave``."""
    kind = acts[0].kind
    if kind == SKIP:
        return
    if kind == ATTACK:
        if len(acts) > 1 and not t.readings.interleave:
            attack_two_phase(t, acts)
        else:
            for act in acts:
                attack(t, act)
        return
    if kind == ADD and len(acts) > 1 and not t.readings.interleave:
        picks = [add_pick(t, a) for a in acts]
        for act, sword in zip(acts, picks, strict=True):
            add_put(t, act, sword)
        return
    effect = EFFECTS[kind]
    for act in acts:
        effect(t, act)
        if t.aborted is not None:
            return


def _add(t: MargueriteTable, act: Act) -> None:
    """An 追加 sword alone: its pick, then its put (§12.6)."""
    add_put(t, act, add_pick(t, act))


def _skip(t: MargueriteTable, act: Act) -> None:
    """A skip has no effect."""


EFFECTS = (_skip, support, control, _add, attack, construct, environment)
"""Each kind's effect on one act, by kind (catalogue: SKIP … ENV)."""
assert tuple(range(len(EFFECTS))) == (SKIP, SUPPORT, CONTROL, ADD, ATTACK, CONSTRUCT, ENV)


@implements("R6.3")
def emit_cycles(t: MargueriteTable) -> None:
    """Log the 剣師 re-armed by the cycle reading since the last beat (R6.3)."""
    for fid in t.cycled:
        t.rec.add("cycle", fid, None, "R6.3", {})
    t.cycled.clear()
