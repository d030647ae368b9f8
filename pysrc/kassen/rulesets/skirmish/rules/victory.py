"""§10 End of combat: a side with nobody 戦闘可能 loses (§10.1), the round cap (§10.2)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from kassen.core.rules import implements

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.model import Unit
    from kassen.rulesets.skirmish.table import SkirmishTable


class Termination(StrEnum):
    """How a skirmish ends (``Result.reason``; ``Ruleset.terminations``)."""

    WIPEOUT = "wipeout"
    """全滅: the losing side has nobody 戦闘可能, and none of it fled (§10.1)."""
    ESCAPE = "escape"
    """逃走: the losing side has nobody 戦闘可能 and some of it fled (§10.1, §10.4)."""
    MUTUAL = "mutual"
    """相打ち: nobody on either side is 戦闘可能 (a draw, §10.1)."""
    ROUND_CAP = "round_cap"
    """ラウンド上限: the round cap ends the combat in a draw (§10.2)."""
    UNFINISHED = "unfinished"
    """未決着: the result of a combat not over yet."""


@implements("§10.1")
def check_end(t: SkirmishTable) -> bool:
    """§10.1: a side with nobody 戦闘可能 loses at once (both: a draw)."""
    st = t.state
    if st.over:
        return True
    units = st.units
    seen = t.able_seen  # a unit of each side found 戦闘可能 last time: most checks read just these
    if seen is not None and seen[0] is units:
        _, a, b = seen
        if a.hp > 0 and not a.escaped and b.hp > 0 and not b.escaped:
            return False
    found: list[Unit | None] = [None, None]  # per side, its first unit 戦闘可能
    for u in units:
        if u.hp > 0 and not u.escaped:  # 戦闘可能
            if found[u.side] is None:
                found[u.side] = u
            if found[1 - u.side] is not None:
                t.able_seen = (units, *found)  # type: ignore[assignment]
                return False
    alive = [found[0] is not None, found[1] is not None]
    if not any(alive):
        finish(t, None, Termination.MUTUAL, "§10.1")
        return True
    loser = 0 if not alive[0] else 1
    fled = any(u.escaped for u in st.units if u.side == loser)
    finish(t, 1 - loser, Termination.ESCAPE if fled else Termination.WIPEOUT, "§10.1")
    return True


def finish(t: SkirmishTable, winner: int | None, reason: Termination, rule: str) -> None:
    """End the combat with ``reason``."""
    st = t.state
    st.over = True
    st.winner = winner
    st.reason = reason
    t.rec.step("end", "end")
    t.rec.emit("end", rule=rule, winner=winner, reason=reason, round=st.round,
               hp_pct=hp_pct(t))


@implements("§10.2", "§16 D26")
def hp_pct(t: SkirmishTable) -> list[float]:
    """Σ HP / Σ MaxHP per side in percent, to 0.1 (§10.2, §16 D26)."""
    out = []
    for s in (0, 1):
        side = [u for u in t.state.units if u.side == s]
        total = sum(u.max_hp for u in side) or 1
        out.append(round(100.0 * sum(u.hp for u in side) / total, 1))
    return out
