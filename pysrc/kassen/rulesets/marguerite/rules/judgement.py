"""事象確定 exits (R9.3) and judgement (§10): wipeout, overkill, overturn, push (R10.2,
R10.3, D11)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from kassen.core.rules import implements
from kassen.rulesets.marguerite.catalogue_conditions import slots
from kassen.rulesets.marguerite.constants import TURN_LIMIT

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.table import MargueriteTable



class Termination(StrEnum):
    """How a battle of マーガレット2011α ends (``Result.reason``; ``aborted`` besides, at a
    safety cap), each the judgement that decided it (§10)."""

    WIPEOUT = "wipeout"
    """全滅: one party has no 剣師 left (R10.2)."""
    PUSH = "push"
    """プッシュ: the sides' プッシュ counts differ (R10.3)."""
    OVERKILL = "overkill"
    """オーバーキルジャッジ: both parties wiped out, decided by overkill (R10.2)."""
    OVERTURN = "overturn"
    """オーバーターンジャッジ: the turn limit, decided by the HP totals (R10.2)."""
    DRAW = "draw"
    """引き分け: the totals are equal (R10.2)."""


_JUDGE = slots("on_judge")
"""The statuses that count at the judgement (プッシュ, R10.3)."""
NOT_BELOW_ZERO = ("max", "not_below_zero", 0, "R9.5")
"""Overkill is never negative: a 剣師 exiting at HP > 0 has none."""


@implements("R9.3", "R10.1")
def settle(t: MargueriteTable) -> bool:
    """Dead 剣師 exit; then the end check (R9.3, R10.1). True when the battle ended."""
    st = t.state
    if st.pending:
        exits(t)
    lines = st.lines
    if lines[0] and lines[1] and st.turn <= TURN_LIMIT:
        return False
    judge(t, "R10.1")
    return True


@implements("R9.3", "R9.5")
def exits(t: MargueriteTable) -> None:
    """Every dead 剣師 leaves its line, with its overkill (R9.3, R9.5)."""
    st = t.state
    for side in (0, 1):
        line = st.lines[side]
        kept: list[Fencer] = []  # (a loop: a comprehension is a frame of its own)
        for f in line:
            if not f.dead:
                kept.append(f)
                continue
            f.exited = True
            if t.readings.overkill_at_death:  # §18.13 alternative
                hp, terms = f.death_hp, (("-", "hp_at_death", f.death_hp, "R9.5"),)
            else:
                hp, terms = f.hp, (("-", "hp", f.hp, "R9.5"),)
            f.overkill = max(0, -hp)
            if hp > 0:
                terms = (*terms, NOT_BELOW_ZERO)
            t.rec.add("exit", f.id, None, "R9.3", {"hp": f.hp, "overkill": f.overkill,
                                                   "sums": {"overkill": terms}})
        if len(kept) < len(line):
            st.lines[side] = kept
    st.pending = False


@implements("R10.2", "R10.3")
def judge(t: MargueriteTable, rule: str) -> None:
    """Wipeout, overkill, overturn, push (R10.2, R10.3, D11)."""
    st = t.state
    t.write_summary()
    t.open_phase("judge", rule)
    wiped = [not st.lines[0], not st.lines[1]]
    totals: list[int] = [0, 0]
    pushes: list[int] = [0, 0]
    # whom each side's totals count: its line (wipeout); every member's プッシュ and the exited
    # ones' overkill (both wiped out); the living in its line (otherwise)
    if wiped[0] != wiped[1]:
        pushed = counted = st.lines
        label = "hp"
    elif wiped[0]:
        pushed = st.members
        counted = [[f for f in side if f.exited] for side in st.members]
        label = "overkill"
    else:
        pushed = counted = [[], []]  # (loops: a comprehension is a frame of its own)
        for side in (0, 1):
            living = counted[side]
            for f in st.lines[side]:
                if not f.dead:
                    living.append(f)
        label = "hp"
    total_sums: list[list[tuple[Any, ...]]] = [[], []]
    push_sums: list[list[tuple[Any, ...]]] = [[], []]
    for side in (0, 1):
        terms = total_sums[side]
        for f in counted[side]:
            value = f.overkill if label == "overkill" else f.hp
            totals[side] += value
            terms.append(("+" if terms else "=", label, value, "R10.2"))
        if not terms:
            terms.append(("=", "nobody", 0))
        terms = push_sums[side]
        if wiped[0] == wiped[1]:  # a wipeout is decided before any プッシュ counts
            for f in pushed[side]:
                n = 0
                for _slot, count in _JUDGE:
                    n += count(t, f)
                if n:
                    pushes[side] += n
                    terms.append(("+" if terms else "=", "push", n, "R10.3"))
    winner: int | None
    if wiped[0] != wiped[1]:
        winner, reason = (1 if wiped[0] else 0), Termination.WIPEOUT
        rule = "R10.2"
    elif pushes[0] != pushes[1]:
        winner, reason, rule = (0 if pushes[0] > pushes[1] else 1), Termination.PUSH, "R10.3"
    elif totals[0] == totals[1]:
        winner, reason, rule = None, Termination.DRAW, "R10.2"
    elif wiped[0]:
        less = 0 if totals[0] < totals[1] else 1
        winner = 1 - less if t.readings.overkill_more else less
        reason, rule = Termination.OVERKILL, "R10.2"
    else:
        winner, reason, rule = ((0 if totals[0] > totals[1] else 1), Termination.OVERTURN,
                                "R10.2")
    sums = {"total0": tuple(total_sums[0]), "total1": tuple(total_sums[1])}
    for side in (0, 1):
        if push_sums[side]:
            sums[f"push{side}"] = tuple(push_sums[side])
    st.over = True
    st.winner = winner
    st.reason = reason
    t.rec.add("judgement", None, None, rule, {
        "reason": reason, "winner": -1 if winner is None else winner,
        "measure": "overkill" if wiped[0] and wiped[1] else "hp",
        "total0": totals[0], "total1": totals[1], "push0": pushes[0], "push1": pushes[1],
        "counter": st.turn, "sums": sums})
