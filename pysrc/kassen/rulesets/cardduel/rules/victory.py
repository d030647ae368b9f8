"""End conditions and victory (§8): the checks after each battle (D16), surrender (W3),
defeats counted per side (§8.2.1) and the winner (§8.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue_conditions import DEFEATS, FAINTED
from kassen.rulesets.cardduel.model import Termination

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def end_checks(t: CardDuelTable) -> None:
    """D16: storm, knockout, battle count, cap; then surrender (W3/M4) if it goes on."""
    st = t.state
    o = t.readings
    ended = None
    if st.storm_now and o.mana_storm_ends_match:
        ended = "storm"
    elif any(w.has(FAINTED) for w in st.warriors):
        ended = "knockout"
    elif o.format == "fixed" and st.battle >= o.battles:
        ended = "battles"
    elif o.format == "until_knockout" and st.battle >= o.battle_cap:
        ended = "cap"
    elif o.surrender == "hopeless":
        for side in (0, 1):
            answer = t.decider.decide(Request(side, "W3", ("continue", "surrender"), {
                "hp": st.warriors[side].hp, "opp_hp": st.warriors[1 - side].hp,
                "battle": st.battle}))
            if answer == "surrender":
                st.surrendered[side] = True
                t.rec.add("surrender", st.warriors[side].id, None, "§8.1b", {"side": side})
        if any(st.surrendered):
            ended = "surrender"
    if ended is None:
        return
    st.over = True
    st.ended_by = ended
    st.winner, st.reason = decide_winner(t)
    t.rec.step("end", "match_end")
    t.rec.add("match_end", None, None, "§8", {
        "ended_by": ended, "winner": st.winner, "reason": st.reason, "defeated": defeats(t),
        "dealt": list(st.dealt)})


@implements("§8.2.1")
def defeats(t: CardDuelTable) -> list[int]:
    """Per side, how many opponents it defeated (fainted warriors; optionally exhausted
    mages, ``exhausted_mage_counts_defeated``) (§8.2.1)."""
    counts = [0, 0]
    for m in t.state.members:
        if any(defeated(t, m) for _row, defeated in DEFEATS):
            counts[1 - m.side] += 1
    return counts


@implements("§8.2")
def decide_winner(t: CardDuelTable) -> tuple[int | None, Termination]:
    """§8.2: defeats, then damage dealt, then a draw; a lone surrender loses."""
    st = t.state
    o = t.readings
    s = st.surrendered
    if any(s):
        return (None, Termination.SURRENDER) if all(s) else (
            0 if s[1] else 1, Termination.SURRENDER)
    dealt = st.dealt
    damage_only = o.procedure == "original" and o.format == "fixed" and o.battles == 1
    if not damage_only:
        d = defeats(t)
        if d[0] != d[1]:
            return (0 if d[0] > d[1] else 1), Termination.KNOCKOUT
    if dealt[0] != dealt[1]:
        return (0 if dealt[0] > dealt[1] else 1), Termination.DAMAGE
    return None, Termination.DRAW
