"""§6 Actions and §8 Targeting: the legal choices of a turn, as small option strings (shared
by engine, AI and page).

RS (D1): ``none``, ``move:<area>``, ``item:<item>:<target>``.
MS (D2): ``none``, ``attack:<target>``, ``skill:<ability>:<target>`` (1体),
``skill:<ability>`` (n体, 任意, 全体), ``skill:<ability>:area:<area>`` (エリア, エリア(任意)),
``skill:<ability>:dir:<area>`` (貫通, aimed at an area), ``item:<item>:<target>``,
``wake:<target>``, ``move:<area>``, ``escape``.
Functions take the table (``t``) and a hypothetical position so the AI can plan with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ALL,
    ANY,
    AREA,
    AREA_ANY,
    ITEMS,
    ONE,
    PIERCE,
    Ability,
    N,
)
from kassen.rulesets.skirmish.model import Pos, Unit
from kassen.rulesets.skirmish.rules.battlefield import AreaMap
from kassen.rulesets.skirmish.rules.statuses import asleep, flight

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


@implements("§16 D1")
def magic_power(t: SkirmishTable, u: Unit) -> int:
    """魔力 including the staff's +1 unless it is already in the stat line (§16 D1)."""
    if t.readings.staff_bonus_in_stat_line:
        return u.mag
    return u.mag + u.wpn.magic_bonus


@implements("§2.3")
def move_allowance(u: Unit) -> int:
    """ceil(行動値 ÷ 5) + 1 areas (§2.3, seed)."""
    return -(-u.ini // 5) + 1


@implements("§3.3")
def reach_of(u: Unit, ability: Ability | None) -> int:
    """Range in areas: the weapon's for normal attacks and "weapon" abilities (§3.3)."""
    if ability is None or ability.reach < 0:
        return u.wpn.reach
    return ability.reach


@implements("§9.3", "§16 D28")
def melee_blocked(t: SkirmishTable, u: Unit, target: Unit, ability: Ability | None) -> bool:
    """Option flight_melee_limit (§9.3, §16 D28): range-0 weapon attacks cannot reach flyers."""
    if not t.readings.flight_melee_limit:
        return False
    weapon_attack = ability is None or ability.uses_weapon
    return (weapon_attack and u.wpn.reach == 0 and flight(t, u) == 0
            and flight(t, target) >= 1)


@implements("§9.4", "§10.4", "§3.2")
def able_around(t: SkirmishTable, pos: Pos) -> list[tuple[Unit, int]]:
    """Every 戦闘可能 unit (§9.4, §10.4) with its §3.2 distance from ``pos``, in deployment
    order: the table one set of choices from ``pos`` is read from."""
    x, y = pos
    units = t.state.units
    if t.map.is_line:  # one row: the distance is |i − j| (§3.1)
        return [(o, abs(x - o.pos[0])) for o in units if o.hp > 0 and not o.escaped]
    return [(o, max(abs(x - o.pos[0]), abs(y - o.pos[1])))
            for o in units if o.hp > 0 and not o.escaped]


@implements("§8", "§16 D11")
def candidates(t: SkirmishTable, u: Unit, pos: Pos, ability: Ability | None,
               around: list[tuple[Unit, int]] | None = None) -> list[Unit]:
    """Characters a 1体/n体/任意/全体 use from ``pos`` may target (§8, §16 D11);
    ``around`` is :func:`able_around` of ``pos`` when the caller has it."""
    reach = reach_of(u, ability)
    own = ability is not None and ability.beneficial and t.readings.self_target
    if around is None:
        around = able_around(t, pos)
    if t.readings.flight_melee_limit:
        return [o for o, d in around if d <= reach and (o is not u or own)
                and not melee_blocked(t, u, o, ability)]
    return [o for o, d in around if d <= reach and (o is not u or own)]


@implements("§8")
def area_takes_user(t: SkirmishTable, ability: Ability | None) -> bool:
    """Whether an エリア use targets its user when the user stands in the chosen area (§8,
    seed 「そこにいる全てのキャラクター」, option ``area_includes_user``): not where the use's own
    text excludes it (《なぎ払い》), and never for エリア(任意), 貫通 or 全体."""
    return (ability is not None and ability.target == AREA and not ability.excludes_user
            and t.readings.area_includes_user)


@implements("§8")
def in_area(t: SkirmishTable, u: Unit, area: Pos, ability: Ability | None,
            around: list[tuple[Unit, int]] | None = None, with_user: bool = False
            ) -> list[Unit]:
    """Everyone able in ``area``, the user only ``with_user`` (§8, :func:`area_takes_user`);
    ``around`` as in :func:`candidates` (from any position)."""
    limit = t.readings.flight_melee_limit
    if around is None:
        return [o for o in t.state.units if o.pos == area and (o is not u or with_user)
                and o.able and not (limit and melee_blocked(t, u, o, ability))]
    return [o for o, _ in around if o.pos == area and (o is not u or with_user)
            and not (limit and melee_blocked(t, u, o, ability))]


@implements("§16 D13")
def pierce_lines(t: SkirmishTable, u: Unit, pos: Pos, reach: int
                 ) -> tuple[tuple[Pos, list[Pos]], ...]:
    """Distinct straight lines of 貫通 from ``pos`` (§16 D13): (aim area, cells)."""
    return t.map.pierce_lines(pos, reach)


def pierce_targets(t: SkirmishTable, u: Unit, cells: list[Pos], ability: Ability,
                   around: list[tuple[Unit, int]] | None = None) -> list[list[Unit]]:
    """Per cell of a 貫通 line, the characters that may be chosen (user excluded)."""
    return [in_area(t, u, cell, ability, around) for cell in cells]


@implements("§6.1")
def rs_options(t: SkirmishTable, u: Unit, pos: Pos | None = None) -> list[str]:
    """D1: the legal ready-step actions (§6.1)."""
    pos = u.pos if pos is None else pos
    out = ["none"]
    out.extend(t.map.moves(pos, move_allowance(u)))
    out.extend(rs_item_options(t, u, pos))
    return out


def rs_item_options(t: SkirmishTable, u: Unit, pos: Pos) -> list[str]:
    """The ready-step item uses of D1 (``item:<item>:<target>``), in :func:`rs_options`'s
    order."""
    out: list[str] = []
    around = None
    for item_id, count in u.items.items():
        item = ITEMS[item_id]
        if count <= 0 or item.timing != "RS":
            continue
        if item.self_only:
            out.append(f"item:{item_id}:{u.id}")
            continue
        if around is None:
            around = able_around(t, pos)
        for o, d in around:
            if d > item.reach or (item.sleepers_only and not asleep(t, o)):
                continue
            out.append(f"item:{item_id}:{o.id}")
    return out


@implements("§6.2")
def ms_options(t: SkirmishTable, u: Unit, pos: Pos | None = None, moved_rs: bool = False,
               rs_move: bool = False, mp: int | None = None) -> list[str]:
    """D2: the legal main-step actions (§6.2); ``moved_rs`` bans non-魔法技 magic."""
    pos = u.pos if pos is None else pos
    mp = u.mp if mp is None else mp
    around = able_around(t, pos)
    out = ["none"]
    out.extend(["attack:" + o.id for o in candidates(t, u, pos, None, around)])
    for ability_id in u.abilities:
        ab = ABILITIES[ability_id]
        if ab.timing != "MS" or ab.cost > mp:
            continue
        if ab.magic and moved_rs and not ab.magic_art:
            continue
        if ab.needs_ranged_weapon and u.wpn.reach < 1:
            continue
        out.extend(_ability_options(t, u, pos, ab, around))
    for item_id, count in u.items.items():
        item = ITEMS[item_id]
        if count <= 0 or item.timing != "MS" or (moved_rs and not item.after_rs_move):
            continue
        out.extend([f"item:{item_id}:{o.id}" for o, d in around
                    if d <= item.reach and o is not u])
    for o, d in around:
        if d == 0 and o.effects and o is not u and asleep(t, o):
            out.append("wake:" + o.id)
    if not rs_move:
        out.extend(t.map.moves(pos, move_allowance(u)))
        if t.readings.escape and pos[0] == edge_x(t, u.side):
            out.append("escape")
    return out


@implements("§10.4", "§16 D23")
def edge_x(t: SkirmishTable, side: int) -> int:
    """The own edge column of a side (§10.4, §16 D23): PCs 0, enemies the far end."""
    return 0 if side == 0 else t.map.width - 1


def _ability_options(t: SkirmishTable, u: Unit, pos: Pos, ab: Ability,
                     around: list[tuple[Unit, int]]) -> list[str]:
    reach = reach_of(u, ab)
    if ab.target == ONE:
        head = f"skill:{ab.id}:"
        return [head + o.id for o in candidates(t, u, pos, ab, around)]
    if ab.target in (N, ANY):
        return [f"skill:{ab.id}"] if candidates(t, u, pos, ab, around) else []
    if ab.target == ALL:
        return [f"skill:{ab.id}"]
    if ab.target == AREA:
        return list(area_options(t.map, ab.id, pos, reach))
    if ab.target == AREA_ANY:
        return [option for area, option in zip(t.map.within(pos, 0, reach),
                                               area_options(t.map, ab.id, pos, reach),
                                               strict=True)
                if in_area(t, u, area, ab, around)]
    if ab.target == PIERCE:  # a line is offered when one of its cells holds a target
        return [f"skill:{ab.id}:dir:{t.map.label(aim)}"
                for aim, cells in pierce_lines(t, u, pos, reach)
                if any(in_area(t, u, cell, ab, around) for cell in cells)]
    return []


_AREA_OPTIONS: dict[tuple[int, int, str, Pos, int], tuple[str, ...]] = {}
"""The options of :func:`area_options` made so far (a pure function of the map's size, the
ability, the user's area and the reach; few of each exist)."""


def area_options(area_map: AreaMap, ability_id: str, pos: Pos, reach: int) -> tuple[str, ...]:
    """``skill:<ability>:area:<area>`` for every area within ``reach`` of ``pos``, in the
    order of :meth:`.AreaMap.within` (§8 エリア): one tuple per map, ability, area and reach."""
    key = (area_map.width, area_map.height, ability_id, pos, reach)
    found = _AREA_OPTIONS.get(key)
    if found is None:
        found = _AREA_OPTIONS[key] = tuple(
            f"skill:{ability_id}:area:{area_map.label(area)}"
            for area in area_map.within(pos, 0, reach))
    return found
