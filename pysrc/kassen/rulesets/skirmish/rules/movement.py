"""§6.6 Movement and disengagement: obstruction (§6.6.2–§6.6.3), 離脱判定 (§6.6.4), escape
(§10.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.model import Pos, Unit
from kassen.rulesets.skirmish.rules import breakdowns as bd
from kassen.rulesets.skirmish.rules.actions import move_allowance
from kassen.rulesets.skirmish.rules.checks import opposed_wins
from kassen.rulesets.skirmish.rules.statuses import awake_able, flight

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


def move(t: SkirmishTable, u: Unit, dest: Pos, step: str, *, escape: bool = False) -> bool:
    """Move (or escape) with obstruction and 離脱判定; True if the mover left its area."""
    r = t.readings
    allies = r.allies_may_obstruct  # §16 D8: the seed's 「別のキャラクター」
    blockers = [v for v in t.state.units
                if v is not u and (allies or v.side != u.side) and awake_able(t, v)
                and v.pos == u.pos
                and not (v.obstructed and r.obstruct_once_per_round)]
    declared = [v for v in blockers
                if t.ask(v.side, "obstruct", ["yes", "no"], unit=v.id, mover=u.id,
                         step=step) == "yes"]
    for v in declared:
        v.obstructed = True
    if declared:
        t.rec.emit("obstruct", u.id, rule="§6.6.2", by=[v.id for v in declared])
        if step == "RS":
            if r.rs_move_obstructable:
                t.rec.emit("move_blocked", u.id, rule="§6.6.3", area=t.map.label(u.pos))
                return False
        elif not disengage(t, u, declared):
            return False
    if escape:
        u.escaped = True
        t.rec.emit("escape", u.id, rule="§10.4", area=t.map.label(u.pos))
        return True
    if r.stop_on_enter_hostile_area:
        for cell in t.map.path(u.pos, dest):
            if any(v.side != u.side and awake_able(t, v) and v.pos == cell for v in t.state.units):
                dest = cell
                break
    start = u.pos
    u.pos = dest
    t.rec.add("move", u.id, None, "§6.6.1", {"step": step, "frm": t.map.label(start),
                                             "to": t.map.label(dest),
                                             "allowance": move_allowance(u),
                                             "sums": {"allowance": bd.allowance_terms(u.ini)}})
    return True


@implements("§6.6.4", "§4.3")
def disengage(t: SkirmishTable, u: Unit, declared: list[Unit]) -> bool:
    """離脱判定 (§6.6.4): True if the mover gets away (ties per §4.3 ``opposed_tie``)."""
    rep = declared[0]
    if len(declared) > 1:
        rep = t.unit(t.ask(rep.side, "representative", [v.id for v in declared], mover=u.id))
    others = len(declared) - 1
    a = [t.rng.die(10), t.rng.die(10)]
    cancel = [rep] if t.readings.flight_cancel_by_representative_only else declared
    own = flight(t, u)
    bonus = 4 if own > 0 and not any(flight(t, v) >= own for v in cancel) else 0
    # 「自身が飛行を受けている場合」 read for the representative too (flight_bonus_for_obstructer)
    theirs = flight(t, rep) if t.readings.flight_bonus_for_obstructer else 0
    rep_flight = 4 if theirs > 0 and own < theirs else 0
    active = sum(a) + rep.ini + 2 * others + rep_flight
    p = [t.rng.die(10), t.rng.die(10)]
    passive = sum(p) + u.ini + bonus
    blocked = opposed_wins(t, a, active, p, passive)
    crit = t.readings.crit_on_opposed
    rep_parts = (("initiative", rep.ini, None), ("other_obstructers", 2 * others, "§6.6.4"),
                 ("flight", rep_flight, "§6.6.4"))
    mover_parts = (("initiative", u.ini, None), ("flight", bonus, "§6.6.4"))
    extra = {"rep_flight": rep_flight} if rep_flight else {}
    t.rec.emit("disengage", u.id, rep.id, rule="§6.6.4", active_dice=a, active=active,
               blockers=2 * others, passive_dice=p, passive=passive, flight=bonus,
               blocked=blocked, **extra,
               sums={"active": bd.opposed_terms(a, tuple(x for i, x in enumerate(rep_parts)
                                                         if i == 0 or x[1]), crit),
                     "passive": bd.opposed_terms(p, mover_parts[:1 + (bonus > 0)], crit)})
    if blocked:
        t.rec.emit("move_failed", u.id, rule="§6.6.4", area=t.map.label(u.pos))
    return not blocked
