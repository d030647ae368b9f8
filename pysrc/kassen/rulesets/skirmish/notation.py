"""Text notation of a side (a party): members separated by ``;`` or new lines.

One member: ``NAME key=value …`` or ``@SAMPLE key=value …`` (a §11.5 sample with overrides).

Keys: ``hp mp ini`` (行動値) ``acc`` (命中値) ``eva`` (回避値) ``mag`` (魔力) ``arm`` (装甲)
``res`` (抵抗) ``wpn`` (weapon) ``ab`` (abilities, comma list) ``it`` (items, ``potion*2,ruby``)
``fly`` (permanent 飛行 rank) ``weak`` / ``resist`` (attributes) ``area`` (start area: ``3``
names a column, which on the grid stands on the middle row (§16.4 C10); ``3/1`` names column
and row). Catalogue names may be written in English or Japanese.

The canonical export writes every member in full, in a fixed key order, joined by ``; ``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kassen.core.problems import Problem
from kassen.core.suggest import nearest
from kassen.core.text import ascii_int, clip, name_problem
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ATTRIBUTES,
    ITEMS,
    WEAPONS,
    ability_by_name,
    attribute_by_name,
    item_by_name,
    weapon_by_name,
)
from kassen.rulesets.skirmish.model import Character, Side
from kassen.rulesets.skirmish.rules.battlefield import AreaMap
from kassen.rulesets.skirmish.samples import ALIASES, CHARACTERS


def _names(table: dict[str, Any]) -> list[str]:
    """Ids and Japanese names of a catalogue table (for "nearest" suggestions)."""
    return [*table, *(entry.ja for entry in table.values())]


KNOWN = {"unknown_ability": lambda: _names(ABILITIES),
         "unknown_attribute": lambda: [*ATTRIBUTES, *ATTRIBUTES.values()]}

MAX_MEMBERS = 12
MAX_NAME = 24
STAT_LIMITS: dict[str, tuple[int, int]] = {
    "hp": (1, 999), "mp": (0, 999), "ini": (0, 40), "acc": (0, 40), "eva": (0, 40),
    "mag": (0, 40), "arm": (0, 40), "res": (0, 40), "fly": (0, 3),
}
STATS = ("hp", "mp", "ini", "acc", "eva", "mag", "arm", "res")
REQUIRED = ("hp", "ini", "acc", "eva", "arm", "res", "wpn")
KEYS = (*STATS, "wpn", "ab", "it", "fly", "weak", "resist", "area")


def _problem(code: str, line: int, column: int, rule: str = "§2", /, **args: Any) -> Problem:
    return Problem(f"skirmish.{code}", line, column, rule, args)


def _segments(text: str) -> list[tuple[int, int, str]]:
    """(line, column, text) of every member segment, empty ones dropped."""
    out = []
    for line_no, line in enumerate(text.split("\n"), start=1):
        column = 1
        for part in line.split(";"):
            if part.strip():
                lead = len(part) - len(part.lstrip())
                out.append((line_no, column + lead, part.strip()))
            column += len(part) + 1
    return out


def _tokens(segment: str, column: int) -> list[tuple[int, str]]:
    out = []
    pos = 0
    for token in segment.split():
        at = segment.index(token, pos)
        out.append((column + at, token))
        pos = at + len(token)
    return out


def parse_side(text: str, options: dict[str, Any]) -> tuple[Side | None, list[Problem]]:
    """Parse one side's text into characters; located problems instead of exceptions."""
    area_map = AreaMap.from_options(options)
    problems: list[Problem] = []
    members: list[Character] = []
    segments = _segments(text)
    if not segments:
        return None, [_problem("empty", 1, 1, "§2")]
    for line, column, segment in segments:
        if len(members) >= MAX_MEMBERS:
            problems.append(_problem("too_many", line, column, "§2", limit=MAX_MEMBERS))
            break
        member = _parse_member(segment, line, column, area_map, problems)
        if member is not None:
            members.append(member)
    if problems:
        return None, problems
    return tuple(members), []


def _parse_member(segment: str, line: int, column: int, area_map: AreaMap,
                  problems: list[Problem]) -> Character | None:
    tokens = _tokens(segment, column)
    head_col, head = tokens[0]
    before = len(problems)
    base: Character | None = None
    if head.startswith("@"):
        key = head[1:]
        base = CHARACTERS.get(key) or CHARACTERS.get(ALIASES.get(key.lower(), ""))
        if base is None:
            problems.append(_problem("unknown_sample", line, head_col, "§11.5", name=key[:30],
                                     known=nearest(key, [*CHARACTERS, *ALIASES])))
            return None
        name = base.name
    else:
        name = head
        unsafe = name_problem(name, line, head_col, "§2", refused="=")
        if unsafe is not None:
            problems.append(unsafe)
            return None
        if len(name) > MAX_NAME:
            problems.append(_problem("bad_name", line, head_col, "§2", name=clip(name, 30),
                                     limit=MAX_NAME))
            return None
    fields: dict[str, Any] = {}
    seen: set[str] = set()
    for col, token in tokens[1:]:
        key, sep, value = token.partition("=")
        if not sep or key not in KEYS:
            problems.append(_problem("bad_key", line, col, "§2", token=token[:30],
                                     known=nearest(key, KEYS)))
            continue
        if key in seen:
            problems.append(_problem("duplicate_key", line, col, "§2", key=key))
            continue
        seen.add(key)
        vcol = col + len(key) + 1
        parsed = _parse_value(key, value, line, vcol, area_map, problems)
        if parsed is not None:
            fields[key] = parsed
    if len(problems) > before:
        return None
    if base is None:
        missing = [k for k in REQUIRED if k not in fields]
        if missing:
            problems.append(_problem("missing", line, head_col, "§2", name=name,
                                     keys=" ".join(missing)))
            return None
        base = Character(name, fields.get("hp", 1), 0, 0, 0, 0, 0, 0, 0,
                         fields.get("wpn", "dagger"))
    renames = {"wpn": "weapon", "ab": "abilities", "it": "items"}
    member = replace(base, **{renames.get(k, k): v for k, v in fields.items()})
    ability_problem = _check_abilities(member, line, head_col)
    if ability_problem is not None:
        problems.append(ability_problem)
        return None
    return member


def _check_abilities(member: Character, line: int, column: int) -> Problem | None:
    """§16 D32: Double Shot needs a weapon with range ≥ 1."""
    from kassen.rulesets.skirmish.catalogue import WEAPONS

    for ability_id in member.abilities:
        if ABILITIES[ability_id].needs_ranged_weapon and WEAPONS[member.weapon].reach < 1:
            return _problem("needs_ranged", line, column, "§11.3", name=member.name,
                            ability=ABILITIES[ability_id].ja)
    return None


def _parse_value(key: str, value: str, line: int, col: int, area_map: AreaMap,
                 problems: list[Problem]) -> Any:
    if key in STAT_LIMITS:
        low, high = STAT_LIMITS[key]
        number = ascii_int(value, 4)
        if number is None or not low <= number <= high:
            problems.append(_problem("bad_number", line, col, "§2.4", key=key,
                                     value=clip(value, 20), low=low, high=high))
            return None
        return number
    if key == "wpn":
        weapon = weapon_by_name(value)
        if weapon is None:
            problems.append(_problem("unknown_weapon", line, col, "§11.2", name=value[:30],
                                     nearest=nearest(value, _names(WEAPONS))))
            return None
        return weapon.id
    if key == "area":
        pos = area_map.parse_label(value)
        if pos is None:
            problems.append(_problem("bad_area", line, col, "§3", value=value[:20],
                                     width=area_map.width, height=area_map.height))
            return None
        return pos if "/" in value else (pos[0], None)  # a column only (§16.4 C10)
    names = [v for v in value.split(",") if v] if value not in ("", "-") else []
    if len(names) > 16:
        problems.append(_problem("too_long_list", line, col, "§2", key=key, limit=16))
        return None
    if key == "ab":
        return _parse_list(names, ability_by_name, "unknown_ability", "§11.3", line, col,
                           problems)
    if key == "it":
        return _parse_items(names, line, col, problems)
    return _parse_list(names, attribute_by_name, "unknown_attribute", "§11.1", line, col,
                       problems)


def _parse_list(names: list[str], lookup: Any, code: str, rule: str, line: int, col: int,
                problems: list[Problem]) -> tuple[str, ...] | None:
    out: list[str] = []
    for name in names:
        found = lookup(name)
        if found is None:
            problems.append(_problem(code, line, col, rule, name=name[:30],
                                     nearest=nearest(name.strip("《》"), KNOWN[code]())))
            return None
        ident = found if isinstance(found, str) else found.id
        if ident in out:
            problems.append(_problem("duplicate_entry", line, col, rule, name=name[:30]))
            return None
        out.append(ident)
        col += len(name) + 1
    return tuple(out)


def _parse_items(names: list[str], line: int, col: int,
                 problems: list[Problem]) -> tuple[tuple[str, int], ...] | None:
    out: dict[str, int] = {}
    for entry in names:
        name, star, count = entry.partition("*")
        item = item_by_name(name)
        if item is None:
            problems.append(_problem("unknown_item", line, col, "§11.4", name=name[:30],
                                     nearest=nearest(name, _names(ITEMS))))
            return None
        number = ascii_int(count, 3) if star else 1
        if number is None or not 1 <= number <= 9:
            problems.append(_problem("bad_count", line, col, "§11.4", value=clip(count, 10)))
            return None
        if item.id in out:
            problems.append(_problem("duplicate_entry", line, col, "§11.4", name=name[:30]))
            return None
        out[item.id] = number
        col += len(entry) + 1
    return tuple(out.items())


def export_member(member: Character) -> str:
    """The canonical text of one member (every stat written out)."""
    parts = [member.name]
    for key in STATS:
        parts.append(f"{key}={getattr(member, key)}")
    parts.append(f"wpn={member.weapon}")
    if member.abilities:
        parts.append("ab=" + ",".join(member.abilities))
    if member.items:
        parts.append("it=" + ",".join(i if n == 1 else f"{i}*{n}" for i, n in member.items))
    if member.fly:
        parts.append(f"fly={member.fly}")
    if member.weak:
        parts.append("weak=" + ",".join(member.weak))
    if member.resist:
        parts.append("resist=" + ",".join(member.resist))
    if member.area is not None:
        x, y = member.area
        parts.append(f"area={x}" if y is None else f"area={x}/{y}")
    return " ".join(parts)


def export_side(side: Side) -> str:
    """The canonical text of a side: ``parse_side(export_side(s)) == s``."""
    return "; ".join(export_member(m) for m in side)
