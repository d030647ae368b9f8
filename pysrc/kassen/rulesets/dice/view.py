"""What the page and ``battle --json`` show (design 4.1, issue 5 dice-table view): plain JSON
data built from a battle's :class:`~kassen.rulesets.dice.table.DiceTable`."""

from __future__ import annotations

from typing import Any

from kassen.rulesets.dice.catalogue_conditions import STUN
from kassen.rulesets.dice.model import TurnValues
from kassen.rulesets.dice.rules import formulas as fm
from kassen.rulesets.dice.table import ID, DiceTable

ZONES = {"序盤": [6000, 4000], "中盤": [4000, 1000], "終盤": [1000, 0]}
"""LP bands of the zones (§16.2), for the LP bar."""


def member(t: DiceTable, c: int) -> dict[str, Any]:
    """Side ``c``'s character with its final values (design 4.1)."""
    ch = t.state.chars[c]
    statuses: dict[str, int] = {}
    for flag in ch.flags:
        statuses[flag.name] = max(statuses.get(flag.name, 0), flag.remaining)
    if ch.stunned:
        statuses[STUN.ja] = ch.stun_left
    return {
        "id": ID[c], "name": t.sheets[c].name, "colour": t.state.colour[c],
        "hp": ch.lp, "max_hp": ch.lp_start, "lp": ch.lp, "lp_main": ch.lp_main,
        "lp_ex": ch.lp_ex, "lp_start": ch.lp_start, "vp": ch.vp, "stars": ch.stars,
        "stardust": ch.stardust, "ougi_stars": ch.ougi_stars,
        "ougi_available": ch.ougi_available, "stun_gauge": ch.gauge,
        "stun_gauge_max": ch.gauge_max, "stunned": ch.stunned, "stun_left": ch.stun_left,
        "flags": [{"name": f.name, "kind": f.kind, "remaining": f.remaining,
                   "effective": f.since < t.state.turn} for f in ch.flags],
        "zone": ch.zone, "zone_active": ch.zone_active, "line_used": ch.line_used,
        "exited": False, "statuses": statuses,
    }


def members(t: DiceTable) -> list[dict[str, Any]]:
    """Per side ``{"members": [...]}`` in order of entry."""
    return [{"members": [member(t, c)]} for c in (0, 1)]


def turn_values(tv: TurnValues) -> dict[str, Any]:
    """This turn's values of one side, as the dice table shows them."""
    src = tv.source
    text = fm.ratio_text
    return {
        "own_die": tv.own, "opp_die": tv.opp, "n": tv.n, "s": tv.s, "selected": tv.sel,
        "selected_colour": tv.sel_colour, "five": tv.five,
        "source": {"kind": src.kind, "slot": src.slot, "name": src.name}, "ougi": tv.ougi,
        "on_square": tv.on_square, "guarded": tv.guarded, "misfired": tv.misfired,
        "speed": tv.speed, "right": tv.right, "abs": tv.abs, "atk_mult": tv.atk_mult.every,
        "def_mult": tv.def_mult.every, "atk_corr": text(tv.atk_corr.every),
        "def_corr": text(tv.def_corr.every), "dmg_mult": text(tv.dmg_mult.every),
        "taken_mult": text(tv.taken_mult.every), "threshold": tv.threshold,
        "coef": text(tv.coef), "range_die": tv.range_die,
    }


def decision_info(abs0: int, abs1: int, right0: int, right1: int, speed0: int, speed1: int,
                  x: int, passed: bool, by: str, cross: bool, winner: int | None,
                  attackers: tuple[int, ...], red: int) -> dict[str, Any]:
    """The attack-right decision (§9.2) as the view shows it, from the tuple
    ``rules.attack.decide`` keeps in ``State.decision``: both sides' absolute right, right and
    speed, X, how it was decided, the attackers in order and the red side."""
    return {"abs": [abs0, abs1], "right": [right0, right1], "speed": [speed0, speed1], "x": x,
            "passed": passed, "by": by, "cross": cross, "winner": winner,
            "attackers": [ID[c] for c in attackers], "red": ID[red]}


def view(t: DiceTable, phase: str) -> dict[str, Any]:
    """Everything the dice-table view draws (issue 5): dice, slots, LP, range, decision."""
    st = t.state
    sides = []
    for c in (0, 1):
        shown = member(t, c)
        sheet = t.sheets[c]
        if st.tv:
            shown["turn_values"] = turn_values(st.tv[c])
        shown["sheet"] = {"special": sheet.special, "selected": sheet.selected,
                          "fav": sheet.fav, "cross": sheet.cross, "type": sheet.type,
                          "zone": list(sheet.zone) if sheet.zone else None,
                          "line": sheet.line[0] if sheet.line else None}
        sides.append({"members": [shown]})
    return {
        "turn": st.turn, "phase": phase, "sides": sides,
        "dice": dict(st.dice) if st.dice else None, "range": fm.range_text(st.r2),
        "range_track": [1, 6], "cross_x": st.cross_x,
        "decision": None if st.decision is None else decision_info(*st.decision),
        "zones": {name: list(band) for name, band in ZONES.items()},
    }
