"""The page's data out of the battle state: members with their final values (design 4.1) and
the battle view (areas, initiative, phase and step, HP/MP, statuses)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.rulesets.skirmish.catalogue import PERMANENT, STATUSES
from kassen.rulesets.skirmish.model import Unit
from kassen.rulesets.skirmish.rules.statuses import asleep

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


def statuses(u: Unit) -> dict[str, int]:
    """Status name (Japanese) → remaining rounds; -1 = permanent (§9)."""
    out: dict[str, int] = {}
    if u.hp <= 0:
        out[STATUSES["down"].ja] = PERMANENT
    if u.escaped:
        out[STATUSES["escaped"].ja] = PERMANENT
    if u.fly:
        out[STATUSES["flight"].ja] = PERMANENT
    for e in u.effects:
        status = STATUSES.get(e.name)
        name = status.ja if status is not None else e.name
        if name not in out:
            out[name] = e.remaining
    return out


def member(b: SkirmishTable, u: Unit) -> dict[str, Any]:
    """One member as ``battle --json`` and the view show it."""
    return {"id": u.id, "name": u.name, "hp": u.hp, "max_hp": u.max_hp, "mp": u.mp,
            "max_mp": u.max_mp, "area": b.map.label(u.pos), "statuses": statuses(u),
            "acted": u.acted, "able": u.able, "exited": u.escaped, "ini": u.ini,
            "items": dict(u.items)}


def labels(units: list[Unit]) -> dict[str, str]:
    """Unit id → display label: a unit whose name other units share gets its number among
    them, in order of deployment ("ゴブリン 1", "ゴブリン 2"); a unique name stays as it is."""
    units = [u for side in (0, 1) for u in units if u.side == side]  # as members() lists them
    count: dict[str, int] = {}
    for u in units:
        count[u.name] = count.get(u.name, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for u in units:
        seen[u.name] = seen.get(u.name, 0) + 1
        out[u.id] = f"{u.name} {seen[u.name]}" if count[u.name] > 1 else u.name
    return out


def members(b: SkirmishTable) -> list[dict[str, Any]]:
    """Per side, members in order of deployment with their current values."""
    return [{"members": [member(b, u) for u in b.state.units if u.side == s]} for s in (0, 1)]


def battle_view(b: SkirmishTable) -> dict[str, Any]:
    """Everything the battle view draws: areas, initiative, phase/step, HP/MP, statuses."""
    st = b.state
    if b.readings.initiative_ties == "evasionPcRoll":
        order = sorted(st.units, key=lambda u: (-u.ini, -u.eva, u.side, u.index))
    else:
        order = sorted(st.units, key=lambda u: (-u.ini, u.side, -u.eva, u.index))
    return {
        "turn": st.round,
        "round": st.round,
        "phase": st.phase,
        "actor": st.actor,
        "sides": members(b),
        "map": {"kind": "line" if b.map.is_line else "grid", "width": b.map.width,
                "height": b.map.height},
        "areas": [{"area": b.map.label(p),
                   "members": [u.id for u in st.units if u.pos == p and not u.escaped]}
                  for p in b.map.areas()],
        "initiative": [{"id": u.id, "ini": u.ini, "acted": u.acted,
                        "can_act": u.able and not u.acted and not asleep(b, u)}
                       for u in order if u.able],
        "acted_order": list(st.order),
        "over": st.over,
    }
