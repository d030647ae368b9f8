"""§5 Round structure: SP → (IP → TP: RS, MS)* → EP, and the two steps of a turn (§6.1, §6.2).
The initiative ladder is in :mod:`.initiative`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import ABILITIES
from kassen.rulesets.skirmish.model import Unit
from kassen.rulesets.skirmish.rules import actions, uses
from kassen.rulesets.skirmish.rules.initiative import pick_initiative
from kassen.rulesets.skirmish.rules.movement import move
from kassen.rulesets.skirmish.rules.statuses import asleep, count_down, wake, woken
from kassen.rulesets.skirmish.rules.victory import Termination, check_end, finish

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


@implements("§5")
def play_round(t: SkirmishTable) -> None:
    """One round: SP, IP/TP until nobody can act, EP (§5)."""
    st = t.state
    st.round += 1
    t.rec.turn = st.round
    st.phase = "SP"
    st.actor = None
    t.rec.step("SP", "start")
    t.rec.emit("round", rule="§5", round=st.round)
    for u in st.units:
        if u.hp > 0 and not u.escaped:  # 戦闘可能
            u.acted = False
            u.guard_used = False
            u.obstructed = False
    st.turns_this_round = 0
    st.order = []
    # 未行動 and 戦闘可能, in deployment order: only shrinks during a round (nobody acts twice
    # or gets up again), so each IP looks only at who was still waiting at the one before
    waiting = st.units
    for _ in range(len(st.units) + 1):
        st.phase = "IP"
        st.actor = None
        waiting = [u for u in waiting if not u.acted and u.hp > 0 and not u.escaped]
        ready = [u for u in waiting if not (u.effects and asleep(t, u))]
        if not ready:
            break
        t.rec.step("IP", "initiative")
        actor = pick_initiative(t, ready)
        t.rec.add("initiative", actor.id, None, "§5", {
            "ini": actor.ini, "waiting": [u.id for u in ready if u is not actor]})
        take_turn(t, actor)
        if st.over:
            return
    end_phase(t)


@implements("§16 A2", "§16.4 C2")
def used_something(rs: str, ms: str) -> bool:
    """§16 A2 with §16.4 C2: whether a turn used an ability, magic or item (a turn that only
    moved, attacked with the weapon, woke someone or did nothing is idle)."""
    return rs.startswith("item:") or ms.split(":")[0] in ("skill", "item")


@implements("§5.4", "§6")
def take_turn(t: SkirmishTable, u: Unit) -> None:
    """TP: RS (≤ 1 action) then MS (≤ 1 action); the actor becomes 行動済み (§5.4, §6)."""
    st = t.state
    st.actor = u.id
    st.order.append(u.id)
    st.turns_this_round += 1
    st.moved_rs = False
    st.rs_kind = "none"
    st.phase = "RS"
    t.rec.step("RS", "ready")
    rs = t.ask(u.side, "rs", actions.rs_options(t, u), actor=u.id, step="RS")
    do_rs(t, u, rs)
    ms = "none"
    if not st.over and u.able and not (u.effects and asleep(t, u)):
        st.phase = "MS"
        t.rec.step("MS", "main")
        options = actions.ms_options(t, u, u.pos, st.moved_rs, st.rs_kind == "move")
        ms = t.ask(u.side, "ms", options, actor=u.id, step="MS", moved=st.moved_rs)
        do_ms(t, u, ms)
    u.acted = True
    u.idle_turns = 0 if used_something(rs, ms) else u.idle_turns + 1
    t.rec.add("turn_end", u.id, None, "§5.4", {})
    check_end(t)


@implements("§6.1")
def do_rs(t: SkirmishTable, u: Unit, answer: str) -> None:
    """Carry out a ready-step action (§6.1)."""
    parts = answer.split(":")
    if parts[0] == "none":
        t.rec.add("skip", u.id, None, "§5.5", {"step": "RS"})
    elif parts[0] == "move":
        t.state.rs_kind = "move"
        t.state.moved_rs = True
        moved = move(t, u, t.map.parse_label(parts[1]) or u.pos, "RS")
        if not moved and not t.readings.failed_rs_move_bans_magic:
            t.state.moved_rs = False  # §6.2: only a move that happened bans magic
    else:
        t.state.rs_kind = "item"
        uses.use_item(t, u, parts[1], t.unit(parts[2]))
    check_end(t)


@implements("§6.2")
def do_ms(t: SkirmishTable, u: Unit, answer: str) -> None:
    """Carry out a main-step action (§6.2)."""
    parts = answer.split(":")
    head = parts[0]
    if head == "none":
        t.rec.emit("skip", u.id, rule="§5.5", step="MS")
    elif head == "attack":
        uses.use_attack(t, u, None, [t.unit(parts[1])])
    elif head == "skill":
        uses.use_ability(t, u, ABILITIES[parts[1]], parts[2:])
    elif head == "item":
        uses.use_item(t, u, parts[1], t.unit(parts[2]))
    elif head == "wake":
        wake(t, u, t.unit(parts[1]), "§6.2")
    elif head == "move":
        move(t, u, t.map.parse_label(parts[1]) or u.pos, "MS")
    elif head == "escape":
        move(t, u, u.pos, "MS", escape=True)


@implements("§9.1", "§10.3")
def end_phase(t: SkirmishTable) -> None:
    """EP (§9.1): drop effects at 0, count the rest down; deadlock (§10.3); round cap."""
    st = t.state
    st.phase = "EP"
    st.actor = None
    t.rec.step("EP", "end")
    count_down(t)
    if st.turns_this_round == 0 and t.readings.deadlock_wakes_all:
        sleepers = [u.id for u in st.units if u.able and asleep(t, u)]
        for u in st.units:
            woken(t, u)
        t.rec.emit("deadlock", rule="§10.3", woken=sleepers)
    if check_end(t):
        return
    if st.round >= t.readings.round_cap:
        finish(t, None, Termination.ROUND_CAP, "§10.2")
