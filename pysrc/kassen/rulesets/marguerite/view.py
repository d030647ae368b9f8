"""What the page and ``battle --json`` show (design 4.1, issue 3 battle view): plain JSON data
built from a battle :class:`~kassen.rulesets.marguerite.model.State`."""

from __future__ import annotations

from typing import Any

from kassen.rulesets.marguerite.catalogue import SWORDS, SwordDef
from kassen.rulesets.marguerite.catalogue_conditions import STATUS_JA
from kassen.rulesets.marguerite.constants import LOG_SWORDS
from kassen.rulesets.marguerite.model import Fencer, State, Sword

PHASES = ("ap", "status", "action")
"""The phase track of a turn ≥ 1: 行動回数決定 → 状態効果 → 行動 (R6.2)."""


def statuses(f: Fencer) -> dict[str, int]:
    """Status counts under their Japanese names (§11), zeros left out."""
    return {STATUS_JA[i]: n for i, n in enumerate(f.st) if n}


def members(st: State) -> list[dict[str, Any]]:
    """Per side, every 剣師 in order of entry with final values (design 4.1)."""
    return [{"members": [{
        "id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp, "atk": f.atk,
        "def": f.def_, "spd": f.spd, "mp": f.mp, "exited": f.exited,
        "statuses": statuses(f), "built": f.built,
    } for f in side]} for side in st.members]


def names(st: State) -> dict[str, str]:
    """Member id → display name, built 剣師 included."""
    return {f.id: f.name for side in st.members for f in side}


def sword_chip(s: Sword, executing: Sword | None,
               defs: tuple[SwordDef, ...] = SWORDS) -> dict[str, Any]:
    """One sword as the page's chip: code, used, enchantments, リミ, activation turn (as
    the battle's options read it, R4.2)."""
    d = SWORDS[s.sid]
    return {"code": d.code, "name": d.ja, "kind": d.kind, "used": s.used,
            "enchants": s.enchants(), "limited": s.is_limited(),
            "start": defs[s.sid].act + s.shift, "executing": s is executing}


def sword_chips(swords: list[Sword], executing: Sword | None,
                defs: tuple[SwordDef, ...] = SWORDS) -> list[dict[str, Any]]:
    """A list's chips, one per sword. A list longer than LOG_SWORDS (only ever in a
    summarised battle) draws each run of alike swords, none executing, as one chip with
    ``count`` (issue 13 §2: a 41,000-sword list is a few chips, not 41,000), and at most
    LOG_SWORDS chips: the swords after those are one ``{"more": n}`` (so no view pictures more
    than a list within the log budget could, however long the lists grow)."""
    if len(swords) <= LOG_SWORDS:
        return [sword_chip(s, executing, defs) for s in swords]
    chips: list[dict[str, Any]] = []
    last: tuple[Any, ...] | None = None
    for i, s in enumerate(swords):
        key = (s.sid, s.used, s.shift, s.stun, s.poison, s.whole, s.limited, s.danger)
        if key == last and s is not executing:
            chip = chips[-1]
            chip["count"] = chip.get("count", 1) + 1
            continue
        if len(chips) == LOG_SWORDS:
            chips.append({"more": len(swords) - i})
            break
        chips.append(sword_chip(s, executing, defs))
        last = None if s is executing else key
    return chips


def member_view(f: Fencer, executing: Sword | None,
                defs: tuple[SwordDef, ...] = SWORDS) -> dict[str, Any]:
    """A 剣師 in a party line: stats, MP, AP, 予備AP, statuses, swords (sword_chips), the
    executing sword."""
    return {
        "id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp, "atk": f.atk,
        "def": f.def_, "spd": f.spd, "mp": f.mp, "ap": f.ap, "reserve": f.reserve,
        "dead": f.dead, "exited": False, "built": f.built, "statuses": statuses(f),
        "swords": sword_chips(f.swords, executing, defs),
        "executing": None if executing is None else {
            "code": SWORDS[executing.sid].code, "name": SWORDS[executing.sid].ja,
            "vanished": executing.gone},
    }


def view(st: State, defs: tuple[SwordDef, ...] = SWORDS) -> dict[str, Any]:
    """The page's picture: each party front first (built 剣師 at the front), exited ones
    apart; turn counter, phase, whether this is turn 0, and the result once over."""
    sides = []
    for side in (0, 1):
        line = [member_view(f, st.executing.get(f.id), defs) for f in st.lines[side]]
        exited = [{"id": f.id, "name": f.name, "hp": f.hp, "max_hp": f.maxhp,
                   "overkill": f.overkill, "exited": True, "statuses": statuses(f)}
                  for f in st.members[side] if f.exited]
        sides.append({"members": line, "exited": exited})
    return {"turn": st.turn, "phase": st.phase, "turn0": st.turn0, "phases": list(PHASES),
            "sides": sides, "over": st.over, "winner": st.winner, "reason": st.reason or None}
