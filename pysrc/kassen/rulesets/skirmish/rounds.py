"""§5 Round structure: SP → (IP → TP: RS, MS)* → EP, and the two steps of a turn (§6.1, §6.2).
The initiative ladder is in :mod:`.initiative`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.skirmish import actions, uses
from kassen.rulesets.skirmish.catalogue import ABILITIES
from kassen.rulesets.skirmish.initiative import pick_initiative
from kassen.rulesets.skirmish.model import Unit
from kassen.rulesets.skirmish.movement import move
from kassen.rulesets.skirmish.statuses import count_down, wake
from kassen.rulesets.skirmish.victory import check_end, finish

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.engine import SkirmishBattle


def play_round(b: SkirmishBattle) -> None:
    """One round: SP, IP/TP until nobody can act, EP (§5)."""
    st = b.state
    st.round += 1
    b.rec.turn = st.round
    st.phase = "SP"
    st.actor = None
    b.rec.step("SP", "start")
    b.rec.emit("round", rule="§5", round=st.round)
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
        ready = [u for u in st.units
                 if not u.acted and u.hp > 0 and not u.escaped and not u.asleep]
        if not ready:
            break
        b.rec.step("IP", "initiative")
        actor = pick_initiative(b, ready)
        b.rec.add("initiative", actor.id, None, "§5", {
            "ini": actor.ini, "waiting": [u.id for u in ready if u is not actor]})
        take_turn(b, actor)
        if st.over:
            return
    end_phase(b)


def used_something(rs: str, ms: str) -> bool:
    """§16 A2 with §16.4 C2: whether a turn used an ability, magic or item (a turn that only
    moved, attacked with the weapon, woke someone or did nothing is idle)."""
    return rs.startswith("item:") or ms.split(":")[0] in ("skill", "item")


def take_turn(b: SkirmishBattle, u: Unit) -> None:
    """TP: RS (≤ 1 action) then MS (≤ 1 action); the actor becomes 行動済み (§5.4, §6)."""
    st = b.state
    st.actor = u.id
    st.order.append(u.id)
    st.turns_this_round += 1
    st.moved_rs = False
    st.rs_kind = "none"
    st.phase = "RS"
    b.rec.step("RS", "ready")
    rs = b.ask(u.side, "rs", actions.rs_options(b, u), actor=u.id, step="RS")
    do_rs(b, u, rs)
    ms = "none"
    if not st.over and u.able and not u.asleep:
        st.phase = "MS"
        b.rec.step("MS", "main")
        options = actions.ms_options(b, u, u.pos, st.moved_rs, st.rs_kind == "move")
        ms = b.ask(u.side, "ms", options, actor=u.id, step="MS", moved=st.moved_rs)
        do_ms(b, u, ms)
    u.acted = True
    u.idle_turns = 0 if used_something(rs, ms) else u.idle_turns + 1
    b.rec.add("turn_end", u.id, None, "§5.4", {})
    check_end(b)


def do_rs(b: SkirmishBattle, u: Unit, answer: str) -> None:
    """Carry out a ready-step action (§6.1)."""
    parts = answer.split(":")
    if parts[0] == "none":
        b.rec.add("skip", u.id, None, "§5.5", {"step": "RS"})
    elif parts[0] == "move":
        b.state.rs_kind = "move"
        b.state.moved_rs = True
        moved = move(b, u, b.map.parse_label(parts[1]) or u.pos, "RS")
        if not moved and not b.readings.failed_rs_move_bans_magic:
            b.state.moved_rs = False  # §6.2: only a move that happened bans magic
    else:
        b.state.rs_kind = "item"
        uses.use_item(b, u, parts[1], b.unit(parts[2]))
    check_end(b)


def do_ms(b: SkirmishBattle, u: Unit, answer: str) -> None:
    """Carry out a main-step action (§6.2)."""
    parts = answer.split(":")
    head = parts[0]
    if head == "none":
        b.rec.emit("skip", u.id, rule="§5.5", step="MS")
    elif head == "attack":
        uses.use_attack(b, u, None, [b.unit(parts[1])])
    elif head == "skill":
        uses.use_ability(b, u, ABILITIES[parts[1]], parts[2:])
    elif head == "item":
        uses.use_item(b, u, parts[1], b.unit(parts[2]))
    elif head == "wake":
        wake(b, u, b.unit(parts[1]), "§6.2")
    elif head == "move":
        move(b, u, b.map.parse_label(parts[1]) or u.pos, "MS")
    elif head == "escape":
        move(b, u, u.pos, "MS", escape=True)


def end_phase(b: SkirmishBattle) -> None:
    """EP (§9.1): drop effects at 0, count the rest down; deadlock (§10.3); round cap."""
    st = b.state
    st.phase = "EP"
    st.actor = None
    b.rec.step("EP", "end")
    count_down(b)
    if st.turns_this_round == 0 and b.readings.deadlock_wakes_all:
        sleepers = [u.id for u in st.units if u.able and u.asleep]
        for u in st.units:
            u.effects = [e for e in u.effects if e.name != "sleep"]
        b.rec.emit("deadlock", rule="§10.3", woken=sleepers)
    if check_end(b):
        return
    if st.round >= b.readings.round_cap:
        finish(b, None, "round_cap", "§10.2")
