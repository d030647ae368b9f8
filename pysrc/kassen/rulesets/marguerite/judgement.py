"""事象確定 exits (R9.3) and judgement (§10): wipeout, overkill, overturn, push (R10.2,
R10.3, D11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.marguerite.constants import TURN_LIMIT
from kassen.rulesets.marguerite.statuses import PUSH, STATUSES

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.engine import MargueriteBattle

on_push = STATUSES[PUSH].on_judge


def settle(b: MargueriteBattle) -> bool:
    """Dead 剣師 exit; then the end check (R9.3, R10.1). True when the battle ended."""
    st = b.state
    for side in (0, 1) if st.pending else ():
        line = st.lines[side]
        if any(f.dead for f in line):
            for f in line:
                if f.dead:
                    f.exited = True
                    f.overkill = max(0, -(f.death_hp if b.readings.overkill_at_death
                                          else f.hp))
                    b.rec.emit("exit", f.id, rule="R9.3", hp=f.hp, overkill=f.overkill)
            st.lines[side] = [f for f in line if not f.dead]
    st.pending = False
    if not st.lines[0] or not st.lines[1] or st.turn > TURN_LIMIT:
        judge(b, "R10.1")
        return True
    return False


def judge(b: MargueriteBattle, rule: str) -> None:
    """Wipeout, overkill, overturn, push (R10.2, R10.3, D11)."""
    st = b.state
    b.write_summary()
    b.open_phase("judge", rule)
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
            pushes[side] = sum(on_push(f) for f in st.members[side])
            totals[side] = sum(f.overkill for f in st.members[side] if f.exited)
        if pushes[0] != pushes[1]:
            winner, reason, rule = (0 if pushes[0] > pushes[1] else 1), "push", "R10.3"
        elif totals[0] == totals[1]:
            winner, reason, rule = None, "draw", "R10.2"
        else:
            less = 0 if totals[0] < totals[1] else 1
            winner = 1 - less if b.readings.overkill_more else less
            reason, rule = "overkill", "R10.2"
    else:
        for side in (0, 1):
            living = [f for f in st.lines[side] if not f.dead]
            pushes[side] = sum(on_push(f) for f in living)
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
    b.rec.emit("judgement", rule=rule, reason=reason,
                  winner=-1 if winner is None else winner,
                  measure="overkill" if wiped[0] and wiped[1] else "hp",
                  total0=totals[0], total1=totals[1], push0=pushes[0], push1=pushes[1],
                  counter=st.turn)
