"""The page's data out of the battle state: members with their final values (design 4.1)
and the table view (issue 4): hands, deck counts, field with owners, HP/MP/costumes,
advantages, step, round and battle counters, played cards, last damage, happenings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.rulesets.cardduel.catalogue_conditions import (
    EXHAUSTED,
    FAINTED,
    LOCKED,
    RIGHT_LOST,
    SHOWN,
)
from kassen.rulesets.cardduel.model import Commit, FieldCard, Happening, Member
from kassen.rulesets.cardduel.rules.checks import is_valid

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def statuses(t: CardDuelTable, m: Member) -> dict[str, int]:
    """Status name (Japanese, as in the rules) → 1, for the shown conditions in order."""
    if not any(m.conds):
        return {}
    return {row.ja: 1 for row, shown in SHOWN if shown(t, m)}


def members(t: CardDuelTable) -> list[dict[str, Any]]:
    """Per side, members in order of entry with their final values (design 4.1)."""
    st = t.state
    sides: list[dict[str, Any]] = [{"members": []}, {"members": []}]
    for m in st.members:
        out: dict[str, Any] = {"id": m.id, "name": m.name, "role": m.role}
        if not m.is_mage:
            out.update(hp=m.hp, max_hp=m.max_hp, damage_dealt=st.dealt[m.side])
        else:
            out.update(mp=m.mp, max_mp=m.max_mp, costumes=list(m.costumes),
                       costumes_left=len(m.costumes))
        out["exited"] = bool(m.has(FAINTED))
        out["statuses"] = statuses(t, m)
        sides[m.side]["members"].append(out)
    for side in (0, 1):
        sides[side]["damage_dealt"] = st.dealt[side]
    return sides


def _member_view(t: CardDuelTable, m: Member) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": m.id, "name": m.name, "role": m.role,
        "hand": list(m.hand), "hand_count": len(m.hand),
        "hand_valid": [is_valid(c, m.threshold, m.fav_active) for c in m.hand],
        "deck_count": len(m.deck), "discard": list(m.discard),
        "threshold": m.threshold, "fav": list(m.fav_active), "statuses": statuses(t, m)}
    if not m.is_mage:
        out.update(hp=m.hp, max_hp=m.max_hp, right=not m.has(RIGHT_LOST))
    else:
        out.update(mp=m.mp, max_mp=m.max_mp, costumes=list(m.costumes), locked=bool(m.has(LOCKED)),
                   exhausted=bool(m.has(EXHAUSTED)))
    return out


def _field_valid(f: FieldCard) -> bool | None:
    """§4.1 against the card's owner (attack and storm cards, and the original procedure's
    enchant cards, which stay whether valid or not); None for a happening card, which skips
    the tests (§5.3.2 b)."""
    return None if f.kind == "happening" else is_valid(f.card, f.owner.threshold,
                                                        f.owner.fav_active)


def _face_down(c: Commit) -> dict[str, Any]:
    return {"member": c.member.id, "card": c.card, "source": c.source}


def _played(c: Commit | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {"member": c.member.id, "card": c.card, "source": c.source, "outcome": c.outcome,
            "value": c.value}


def _happening(h: Happening) -> dict[str, Any]:
    if h.member is None:
        return {"kind": h.kind}
    return {"kind": h.kind, "member": h.member.id, "card": h.card}


def table_view(t: CardDuelTable) -> dict[str, Any]:
    """The table as the page draws it (JSON data)."""
    st = t.state
    sides: list[dict[str, Any]] = [{"members": []}, {"members": []}]
    for m in st.members:
        sides[m.side]["members"].append(_member_view(t, m))
    for side in (0, 1):
        sides[side]["advantage"] = st.adv[side]
        sides[side]["damage_dealt"] = st.dealt[side]
    last = st.last_damage
    phase = t.rec.phase  # the step (B1–B9, A1–A5, …) of the latest beat
    return {
        "turn": st.battle, "battle": st.battle, "round": st.round,
        "phase": "setup" if phase is None else phase, "procedure": t.readings.procedure,
        "sides": sides,
        "field": [{"card": f.card, "owner": f.owner.id, "team": f.team, "kind": f.kind,
                   "used": f.used, "valid": _field_valid(f)} for f in st.field],
        "face_down": [_face_down(c) for c in st.face_down],
        "played": [_played(c) for c in st.played],
        "last_damage": None if last is None else {"adv": last.adv, "damage": last.damage},
        "happenings": [_happening(h) for h in st.happenings],
        "storm": None if st.storm is None else {"S": st.storm.pool},
        "over": st.over, "winner": st.winner, "reason": st.reason,
    }
