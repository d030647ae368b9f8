"""Steps 14–15 of the turn (§5): stun bookkeeping (§12) and the end of the turn — VP (§14),
stars due, the 奥義 leaving the board (§15.5), flag durations (§13.3), the range move (§11.4)
and the turn limit (§17.3)."""

from __future__ import annotations

from typing import Any

from kassen.core.rules import implements
from kassen.rulesets.dice.catalogue_conditions import STUN_COUNTDOWN, STUN_START
from kassen.rulesets.dice.model import Character, Termination
from kassen.rulesets.dice.rules import formulas as fm
from kassen.rulesets.dice.table import ID, DiceTable


@implements("§12.5", "§12.2", "§12.3")
def stun(t: DiceTable, c: int) -> None:
    """Step 14: a stunned side counts down (§12.5); else rest (§12.2) and the stun check
    (§12.3): stun's row starts it and counts it down."""
    readings = t.readings
    ch = t.state.chars[c]
    tv = t.state.tv[c]
    if ch.stunned:
        STUN_COUNTDOWN(t, c)
        return
    rests = not tv.took_damage and ch.gauge < ch.gauge_max
    if rests and readings.gauge_rest == "before_check":
        rest(t, c)
    if ch.gauge <= 0:
        STUN_START(t, c)
    elif rests and readings.gauge_rest == "after_check":
        rest(t, c)


@implements("§12.2")
def rest(t: DiceTable, c: int) -> None:
    """No damage this turn: stun gauge +1 (§12.2)."""
    ch = t.state.chars[c]
    ch.gauge += 1
    t.rec.add("gauge", ID[c], None, "§12.2", {"via": "rest", "change": 1, "gauge": ch.gauge})


def end_of_turn(t: DiceTable) -> None:
    """Step 15 (a)–(f) in order."""
    st = t.state
    readings = t.readings
    vp_max, regen = readings.vp_max, readings.vp_regen
    for c in (0, 1):
        ch = st.chars[c]
        tv = st.tv[c]
        acts = 0
        for act in tv.acts:
            if act.exerted:
                acts += act.vp + act.extra
        used = tv.vp_guard + tv.vp_extra + acts
        before = ch.vp
        so_far = left = before - used
        charge = tv.charge
        if charge:
            cap = vp_max if readings.charge_capped else left + charge
            so_far = max(left, min(cap, left + charge))
        ch.vp = max(so_far, min(vp_max, so_far + regen))
        if used or ch.vp != before:
            t.rec.add_lazy("vp", ID[c], None, "§14.3", _vp_values,
                           (used, before, ch.vp, acts, tv.vp_guard, tv.vp_extra,
                            (charge, cap, left) if charge else None, regen, vp_max, so_far))
        if tv.stars_due:
            t.lose_stars(c, tv.stars_due, "star_ability")
        if tv.ougi_used:
            ch.ougi_available = False
            t.rec.emit("ougi_removed", ID[c], rule="§15.5")
        if ch.flags:
            _count_down(t, c, ch)
    range_move(t)
    if st.turn >= readings.turn_limit:
        turn_limit(t)


def _vp_values(used: int, before: int, vp: int, acts: int, guards: int, extra: int,
               charged: tuple[int, int, int] | None, regen: int, vp_max: int,
               so_far: int) -> dict[str, Any]:
    """The vp event's values (§14.3): what was used (abilities, guards, exhaust), the charge
    with its cap and the VP after use when there is one, the regeneration (made when read)."""
    vp_sum: tuple[Any, ...] = (("=", "vp_before", before), ("-", "vp_used", used, "§14.3"))
    if charged is not None:
        charge, cap, left = charged
        vp_sum += (("+", "charge", charge), ("min", "vp_max", cap), ("max", "vp_after_use", left))
    vp_sum += (("+", "vp_regen", regen), ("min", "vp_max", vp_max), ("max", "vp_so_far", so_far))
    sums = {"vp": vp_sum, "used": (("=", "abilities_vp", acts), ("+", "guards_vp", guards),
                                   ("+", "exhaust_vp", extra))}
    return {"used": used, "before": before, "vp": vp, "sums": sums}


@implements("§13.3")
def _count_down(t: DiceTable, c: int, ch: Character) -> None:
    """(d) Flags created before this turn lose a turn; those at 0 expire (§13.3)."""
    turn = t.state.turn
    kept = []
    for flag in ch.flags:
        if flag.since < turn:
            flag.remaining -= 1
        if flag.remaining > 0:
            kept.append(flag)
        else:
            t.rec.add("flag_expired", ID[c], None, "§13.3", {"flag": flag.name})
    ch.flags = kept


@implements("§11.4")
def range_move(t: DiceTable) -> None:
    """(e) The range moves toward the favourite of the higher effective range die (§11.4)."""
    st = t.state
    d0, d1 = st.tv[0].range_die, st.tv[1].range_die
    if d0 == d1:
        return
    c = 0 if d0 > d1 else 1
    target = 2 * t.sheets[c].fav
    r2 = st.r2
    assert r2 is not None
    new = target if abs(target - r2) <= 2 else r2 + (2 if target > r2 else -2)
    if abs(target - r2) == 1 and t.readings.range_snap == "stay":
        new = r2
    if new != r2:
        st.r2 = new
        t.rec.add("range_move", ID[c], None, "§11.4", {"before": fm.RANGE_TEXTS[r2],
                                                       "after": fm.RANGE_TEXTS[new]})


@implements("§17.3")
def turn_limit(t: DiceTable) -> None:
    """(f) At the turn limit the higher LP ratio wins (§17.3), or the higher LP (option)."""
    if t.readings.turn_limit_judge == "lp":
        a, b = t.lp(0), t.lp(1)
    else:
        a, b = t.lp(0) * t.state.chars[1].lp_start, t.lp(1) * t.state.chars[0].lp_start
    if a == b:
        t.finish(None, Termination.TURN_LIMIT_DRAW, "§17.3")
    else:
        t.finish(0 if a > b else 1, Termination.TURN_LIMIT, "§17.3")
