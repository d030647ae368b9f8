"""§10 End of combat: a side with nobody 戦闘可能 loses (§10.1), the round cap (§10.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.engine import SkirmishBattle


def check_end(b: SkirmishBattle) -> bool:
    """§10.1: a side with nobody 戦闘可能 loses at once (both: a draw)."""
    st = b.state
    if st.over:
        return True
    alive = [False, False]
    for u in st.units:
        if u.hp > 0 and not u.escaped:  # 戦闘可能
            alive[u.side] = True
            if alive[1 - u.side]:
                return False
    if not any(alive):
        finish(b, None, "mutual", "§10.1")
        return True
    loser = 0 if not alive[0] else 1
    fled = any(u.escaped for u in st.units if u.side == loser)
    finish(b, 1 - loser, "escape" if fled else "wipeout", "§10.1")
    return True


def finish(b: SkirmishBattle, winner: int | None, reason: str, rule: str) -> None:
    """End the combat with ``reason``."""
    st = b.state
    st.over = True
    st.winner = winner
    st.reason = reason
    b.rec.step("end", "end")
    b.rec.emit("end", rule=rule, winner=winner, reason=reason, round=st.round,
               hp_pct=hp_pct(b))


def hp_pct(b: SkirmishBattle) -> list[float]:
    """Σ HP / Σ MaxHP per side in percent, to 0.1 (§10.2, §16 D26)."""
    out = []
    for s in (0, 1):
        side = [u for u in b.state.units if u.side == s]
        total = sum(u.max_hp for u in side) or 1
        out.append(round(100.0 * sum(u.hp for u in side) / total, 1))
    return out
