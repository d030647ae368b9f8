"""Character-sheet text notation (§2, §23): parse with located problems, canonical export.

A sheet is a list of ``key: value`` entries, one per line (the multi-line form) or separated
by ``;`` on one line (the command-line form); ``#`` starts a comment line. Keys:
``name side type special selected atk def agi cross fav slot3..slot18 special1..special6
passive zone line trigger``. A slot value holds at most one normal ability, plus
``star=ABILITY/必要星/使用星`` or ``ougi=NAME/奥義星``, plus ``based``. Derivations are written
``攻2倍・単``. Demerit abilities not placed are added in the order 3, 18, 4, 17, … (§2.5), so the
canonical export always lists the whole board. Names are Japanese (English ids accepted).
"""

from __future__ import annotations

import re

from kassen.core.problems import Problem
from kassen.core.suggest import nearest
from kassen.core.text import ascii_int, clip, name_problem
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.model import (
    SLOTS,
    SPECIAL_SLOTS,
    Ability,
    Ougi,
    Sheet,
    Slot,
    Star,
)
from kassen.rulesets.dice.rules.sheet import check_board, check_budget

MAX_ENTRIES = 80
MAX_NAME = 40
NORMAL_ALIASES = cat.aliases(cat.NORMAL)
DEMERIT_ALIASES = cat.aliases(cat.DEMERIT)
SPECIAL_ALIASES = cat.aliases(cat.SPECIAL)
PASSIVE_ALIASES = cat.aliases(cat.PASSIVE)
TYPE_ALIASES = cat.aliases(cat.TYPES)
OUGI_ALIASES = cat.aliases(cat.OUGI)
ZONE_PASSIVE_ALIASES = cat.aliases(cat.ZONE_PASSIVE)
ZONE_ALIASES = {"序盤": "序盤", "early": "序盤", "中盤": "中盤", "middle": "中盤", "mid": "中盤",
                "終盤": "終盤", "late": "終盤"}
SIDE_ALIASES = {"赤": "赤", "red": "赤", "青": "青", "blue": "青", "": "", "-": "", "any": ""}
SPECIAL_DIE_ALIASES = {"y": "Y", "黄": "Y", "yellow": "Y", "g": "G", "緑": "G", "green": "G"}
SELECTED_ALIASES = {"r": "R", "赤": "R", "red": "R", "b": "B", "青": "B", "blue": "B",
                    "y": "Y", "黄": "Y", "yellow": "Y", "g": "G", "緑": "G", "green": "G",
                    "自": "自", "own": "自", "敵": "敵", "opp": "敵", "opponent": "敵"}
INT_FIELDS = {"atk": (0, k.STAT_MAX["atk"], "§20"), "def": (0, k.STAT_MAX["def"], "§20"),
              "agi": (0, k.STAT_MAX["agi"], "§20"), "cross": (0, k.CROSS_RANGE_MAX, "§4.5"),
              "fav": (1, 6, "§11.2")}
KEY_RE = re.compile(r"^(slot|special)([0-9]{1,2})$")
TOKEN_RE = re.compile(r"\S+")
SEPARATOR_RE = re.compile(r"[:：]")
"""The patterns every entry is read with, compiled once (a sheet has ~20 entries)."""
# every field a sheet may have, for "nearest" suggestions after an unknown one
FIELD_KEYS = ["name", "side", "type", "special", "selected", *INT_FIELDS, "passive", "zone",
              "line", "trigger", *(f"slot{n}" for n in range(3, 19)),
              *(f"special{n}" for n in range(1, 7))]


class _Reader:
    """Collects problems while reading one sheet."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, code: str, line: int, column: int, rule: str, **args: object) -> None:
        self.problems.append(Problem("dice." + code, line, column, rule, dict(args)))


def _entries(text: str) -> list[tuple[int, int, str]]:
    """(line, column of the entry's first character, entry text) of every non-empty entry."""
    out: list[tuple[int, int, str]] = []
    for line_no, line in enumerate(text.split("\n"), start=1):
        if line.lstrip().startswith("#"):
            continue
        start = 0
        for piece in line.split(";"):
            stripped = piece.strip()
            if stripped:
                out.append((line_no, start + len(piece) - len(piece.lstrip()) + 1, stripped))
            start += len(piece) + 1
    return out


def _tokens(value: str, column: int) -> list[tuple[int, str]]:
    """Whitespace-separated tokens of ``value`` with their columns."""
    return [(column + m.start(), m.group()) for m in TOKEN_RE.finditer(value)]


def parse_ability(text: str, reader: _Reader, line: int, column: int, where: str,
                  *, demerit_ok: bool = False) -> Ability | None:
    """``NAME[・渡][・開][・単]`` → Ability, or None with a problem."""
    parts = text.replace("･", "・").split("・")
    key = parts[0].lower()
    name = NORMAL_ALIASES.get(key)
    if name is None and demerit_ok:
        name = DEMERIT_ALIASES.get(key)
    if name is None:
        code = "demerit_not_here" if key in DEMERIT_ALIASES else "unknown_ability"
        reader.bad(code, line, column, "§18.1", name=parts[0], where=where,
                   nearest=nearest(parts[0], NORMAL_ALIASES))
        return None
    derivs: list[str] = []
    for suffix in parts[1:]:
        if suffix not in cat.DERIVATIONS:
            reader.bad("unknown_derivation", line, column, "§2.8", name=suffix, where=where,
                       nearest=nearest(suffix, cat.DERIVATIONS))
            return None
        if suffix in derivs:
            reader.bad("derivation_twice", line, column, "§2.8", name=suffix, where=where)
            return None
        derivs.append(suffix)
    if derivs and name in cat.DEMERIT_BY_JA:
        reader.bad("derivation_on_demerit", line, column, "§2.5", name=name, where=where)
        return None
    ordered = tuple(d for d in cat.DERIVATIONS if d in derivs)
    return Ability(name, ordered)


def _int(text: str, reader: _Reader, line: int, column: int, field: str, low: int, high: int,
         rule: str) -> int | None:
    number = ascii_int(text, 9, signed=True)
    if number is None or not low <= number <= high:
        reader.bad("bad_number", line, column, rule, field=field, value=clip(text, 20),
                   low=low, high=high)
        return None
    return number


def _parse_slot(value: str, column: int, reader: _Reader, line: int, number: int,
                ) -> Slot | None:
    where = f"slot{number}"
    normal: Ability | None = None
    star: Star | None = None
    ougi: Ougi | None = None
    based = False
    ok = True
    for col, token in _tokens(value, column):
        low = token.lower()
        if low == "based":
            based = True
        elif low.startswith("star="):
            parts = token[5:].split("/")
            if len(parts) != 3 or star is not None:
                reader.bad("bad_star", line, col, "§15.4", where=where)
                ok = False
                continue
            ability = parse_ability(parts[0], reader, line, col + 5, where)
            need = _int(parts[1], reader, line, col, "必要星", 0, k.STAR_NEED_MAX, "§2.4")
            use = None if need is None else _int(parts[2], reader, line, col, "使用星", 1,
                                                 need + 1, "§2.4")
            if ability is None or need is None or use is None:
                ok = False
                continue
            star = Star(ability, need, use)
        elif low.startswith("ougi="):
            name, sep, count = token[5:].partition("/")
            name = OUGI_ALIASES.get(name.lower(), "")
            if not name:
                wrong = token[5:].split("/")[0]
                reader.bad("unknown_ougi", line, col + 5, "§18.6", name=wrong, where=where,
                           nearest=nearest(wrong, OUGI_ALIASES))
                ok = False
                continue
            if "・" in token:
                reader.bad("derivation_on_ougi", line, col, "§15.5", where=where)
                ok = False
                continue
            stars = _int(count if sep else "", reader, line, col, "奥義星", 1,
                         k.OUGI_STARS_MAX, "§15.5")
            if stars is None:
                ok = False
                continue
            if ougi is not None:
                reader.bad("ougi_twice", line, col, "§15.5")
                ok = False
                continue
            ougi = Ougi(name, stars)
        else:
            if normal is not None:
                reader.bad("two_normals", line, col, "§2.4", where=where)
                ok = False
                continue
            normal = parse_ability(token, reader, line, col, where, demerit_ok=True)
            ok = ok and normal is not None
    if star is not None and ougi is not None:
        reader.bad("star_and_ougi", line, column, "§2.4", where=where)
        ok = False
    if normal is not None and normal.name in cat.DEMERIT_BY_JA and (star or ougi or based):
        reader.bad("star_on_demerit", line, column, "§2.4", where=where)
        ok = False
    return Slot(normal, star, ougi, based) if ok else None


def parse(text: str) -> tuple[Sheet | None, list[Problem]]:
    """Parse and validate a sheet; auto-place missing demerit abilities (§2.5)."""
    reader = _Reader()
    entries = _entries(text)
    if len(entries) > MAX_ENTRIES:
        reader.bad("too_many_entries", 1, 1, "§2.1", limit=MAX_ENTRIES)
        return None, reader.problems
    values: dict[str, object] = {}
    slots: dict[int, Slot] = {}
    specials: dict[int, str] = {}
    passives: list[str] = []
    where_at: dict[str, tuple[int, int]] = {}
    for line, column, entry in entries:
        found = SEPARATOR_RE.search(entry)
        sep = ":" if found else ""
        key, raw = (entry[: found.start()], entry[found.end():]) if found else (entry, "")
        key = key.strip().lower()
        value_col = column + len(entry) - len(raw.lstrip()) if sep else column
        value = raw.strip()
        if not sep:
            reader.bad("syntax", line, column, "§2.1", text=entry[:30])
            continue
        seen_key = key if key != "passive" else ""
        if seen_key and seen_key in where_at:
            reader.bad("duplicate_key", line, column, "§2.1", key=key)
            continue
        where_at[key if seen_key else f"passive{len(passives)}"] = (line, column)
        match = KEY_RE.match(key)
        if key == "name":
            unsafe = name_problem(value, line, value_col, "§2.1")
            if unsafe is not None:
                reader.problems.append(unsafe)
                values["name"] = value  # reported; no second "missing name"
            elif not value or len(value) > MAX_NAME:
                reader.bad("bad_name", line, value_col, "§2.1", limit=MAX_NAME)
            else:
                values["name"] = value
        elif key in INT_FIELDS:
            low, high, rule = INT_FIELDS[key]
            number = _int(value, reader, line, value_col, key, low, high, rule)
            if number is not None:
                values[key] = number
        elif key in ("side", "type", "special", "selected"):
            table = {"side": SIDE_ALIASES, "type": TYPE_ALIASES, "special": SPECIAL_DIE_ALIASES,
                     "selected": SELECTED_ALIASES}[key]
            if value.lower() in table or (key == "type" and value in ("", "-", "none")):
                values[key] = table.get(value.lower(), "")
            else:
                rule = {"side": "§4.1", "type": "§18.4", "special": "§1.3",
                        "selected": "§1.3"}[key]
                reader.bad("bad_choice", line, value_col, rule, field=key, value=value[:20],
                           nearest=nearest(value, table))
        elif match and match.group(1) == "slot":
            number = int(match.group(2))
            if number not in SLOTS:
                reader.bad("unknown_key", line, column, "§2.4", key=key,
                           nearest=nearest(key, FIELD_KEYS))
                continue
            slot = _parse_slot(value, value_col, reader, line, number)
            if slot is not None:
                slots[number] = slot
        elif match and match.group(1) == "special":
            number = int(match.group(2))
            if number not in SPECIAL_SLOTS:
                reader.bad("unknown_key", line, column, "§2.6", key=key,
                           nearest=nearest(key, FIELD_KEYS))
                continue
            name = SPECIAL_ALIASES.get(value.lower())
            if name is None:
                reader.bad("unknown_special", line, value_col, "§18.2", name=value[:30],
                           nearest=nearest(value, SPECIAL_ALIASES))
            else:
                specials[number] = name
        elif key == "passive":
            name = PASSIVE_ALIASES.get(value.lower())
            if name is None:
                reader.bad("unknown_passive", line, value_col, "§18.3", name=value[:30],
                           nearest=nearest(value, PASSIVE_ALIASES))
            elif name in passives:
                reader.bad("passive_twice", line, value_col, "§18.3", name=name)
            elif len(passives) >= k.MAX_PASSIVES:
                reader.bad("too_many_passives", line, value_col, "§18.3", limit=k.MAX_PASSIVES)
            else:
                passives.append(name)
        elif key == "zone":
            toks = _tokens(value, value_col)
            zone = ZONE_ALIASES.get(toks[0][1].lower()) if len(toks) == 2 else None
            passive = ZONE_PASSIVE_ALIASES.get(toks[1][1].lower()) if len(toks) == 2 else None
            if zone is None or passive is None:
                reader.bad("bad_zone", line, value_col, "§2.7", text=value[:30])
            else:
                values["zone"] = (zone, passive)
        elif key in ("line", "trigger"):
            toks = _tokens(value, value_col)
            if len(toks) != 2:
                reader.bad("bad_" + key, line, value_col, "§7.1", text=value[:30])
                continue
            ability = parse_ability(toks[1][1], reader, line, toks[1][0], key)
            if key == "line":
                head = _int(toks[0][1], reader, line, toks[0][0], "line", 1, 99_999, "§16.3")
            else:
                head = DEMERIT_ALIASES.get(toks[0][1].lower())
                if head is None:
                    reader.bad("bad_trigger_flag", line, toks[0][0], "§7.1",
                               name=toks[0][1][:30])
            if ability is not None and head is not None:
                values[key] = (head, ability)
        else:
            reader.bad("unknown_key", line, column, "§2.1", key=key[:20],
                       nearest=nearest(key, FIELD_KEYS))
    if "name" not in values and not any(p.code == "dice.bad_name" for p in reader.problems):
        reader.bad("missing_name", 1, 1, "§2.1")
    if reader.problems:
        return None, reader.problems
    sheet = Sheet(
        name=str(values["name"]), side=str(values.get("side", "")),
        type=str(values.get("type", "")), special=str(values.get("special", "G")),
        selected=str(values.get("selected", "自")), atk=int(values.get("atk", 0)),  # type: ignore[arg-type]
        defence=int(values.get("def", 0)), agi=int(values.get("agi", 0)),  # type: ignore[arg-type]
        cross=int(values.get("cross", 0)), fav=int(values.get("fav", 3)),  # type: ignore[arg-type]
        slots=tuple(slots.get(n, Slot()) for n in SLOTS),
        specials=tuple(specials.get(n, "") for n in SPECIAL_SLOTS),
        passives=tuple(passives), zone=values.get("zone"),  # type: ignore[arg-type]
        line=values.get("line"), trigger=values.get("trigger"),  # type: ignore[arg-type]
    )
    sheet = check_board(sheet, reader, where_at)
    if sheet is not None:
        check_budget(sheet, reader, where_at)
    if reader.problems:
        return None, reader.problems
    return sheet, []


def export(sheet: Sheet, *, one_line: bool = False) -> str:
    """The canonical text: every field, slots in order, demerits included."""
    lines = [f"name: {sheet.name}"]
    if sheet.side:
        lines.append(f"side: {sheet.side}")
    if sheet.type:
        lines.append(f"type: {sheet.type}")
    lines += [f"special: {sheet.special}", f"selected: {sheet.selected}",
              f"atk: {sheet.atk}", f"def: {sheet.defence}", f"agi: {sheet.agi}",
              f"cross: {sheet.cross}", f"fav: {sheet.fav}"]
    for number in SLOTS:
        slot = sheet.slot(number)
        if slot.empty and not slot.based:
            continue
        parts: list[str] = []
        if slot.normal is not None:
            parts.append(slot.normal.text())
        if slot.star is not None:
            parts.append(f"star={slot.star.ability.text()}/{slot.star.need}/{slot.star.use}")
        if slot.ougi is not None:
            parts.append(f"ougi={slot.ougi.name}/{slot.ougi.stars}")
        if slot.based:
            parts.append("based")
        lines.append(f"slot{number}: " + " ".join(parts))
    for face, name in zip(SPECIAL_SLOTS, sheet.specials, strict=False):
        if name:
            lines.append(f"special{face}: {name}")
    lines += [f"passive: {name}" for name in sheet.passives]
    if sheet.zone is not None:
        lines.append(f"zone: {sheet.zone[0]} {sheet.zone[1]}")
    if sheet.line is not None:
        lines.append(f"line: {sheet.line[0]} {sheet.line[1].text()}")
    if sheet.trigger is not None:
        lines.append(f"trigger: {sheet.trigger[0]} {sheet.trigger[1].text()}")
    return ("; " if one_line else "\n").join(lines)
