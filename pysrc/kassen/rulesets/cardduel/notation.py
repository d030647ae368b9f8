"""One-line text notation for a character and a side (§2, §12.5).

Character: ``NAME:CLASS key=value …``, e.g.
``ユウ:warrior year=2 base=4 max=7 th=9 fav=S hp=12`` or
``ミナ:mage year=2 base=4 max=8 th=9 fav=H mp=4 costumes=ribbon,hat,shoes,cloak``.
Side: the warrior, then optionally `` + `` and the mage (with the option ``several_mages``,
up to three mages, each after its own `` + ``, §2.7).

Keys: ``year`` 学年 1–3, ``base`` 基礎魔力 3–5, ``max`` 上限魔力 6–8, ``th`` 発現値 8–10,
``fav`` 得意スート (letters SHDC or ♠♥♦♣, ``-`` for none), ``hp`` 耐久力 10–15 (warrior),
``mp`` 魔素力 3–5 and ``costumes`` 衣装 (mage); optional ``weapon=sword|staff``,
``ornament=1`` and ``unmet=SUITS`` (favoured suits whose condition does not hold, §2.2).
"""

from __future__ import annotations

from kassen.core.problems import Problem
from kassen.core.suggest import nearest
from kassen.core.text import ascii_int, clip, name_problem
from kassen.rulesets.cardduel.catalogue import (
    COLOURS,
    COSTUME_BY_JA,
    COSTUMES,
    SUITS,
    SYMBOL_SUITS,
    WEAPONS,
)
from kassen.rulesets.cardduel.constants import MAX_COSTUMES, MAX_MAGES, MAX_NAME, RANGES
from kassen.rulesets.cardduel.model import MAGE, WARRIOR, Character, SideBuild

CLASS_WORDS = {"warrior": WARRIOR, "w": WARRIOR, "戦士": WARRIOR, "魔法戦士": WARRIOR,
               "戦士科": WARRIOR, "mage": MAGE, "m": MAGE, "術士": MAGE, "魔法術師": MAGE,
               "術士科": MAGE}
COMMON_KEYS = ("year", "base", "max", "th", "fav")
WARRIOR_KEYS = (*COMMON_KEYS, "hp")
MAGE_KEYS = (*COMMON_KEYS, "mp", "costumes")
OPTIONAL_KEYS = ("weapon", "ornament", "unmet")
P = "cardduel."


def _tokens(text: str, start: int) -> list[tuple[int, str]]:
    """Whitespace-separated tokens with their 1-based columns."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        out.append((start + i, text[i:j]))
        i = j
    return out


def _suits(text: str, col: int, problems: list[Problem]) -> tuple[str, ...] | None:
    """A suit list (``S``, ``SC``, ``♠♣``, ``-``) in canonical ♠♥♦♣ order."""
    if text in ("-", ""):
        return ()
    found: list[str] = []
    for offset, ch in enumerate(text):
        suit = SYMBOL_SUITS.get(ch, ch.upper())
        if suit not in SUITS:
            problems.append(Problem(P + "unknown_suit", 1, col + offset, "§2.1",
                                    {"text": ch}))
            return None
        if suit in found:
            problems.append(Problem(P + "duplicate_suit", 1, col + offset, "§2.1",
                                    {"suit": suit}))
            return None
        found.append(suit)
    return tuple(s for s in SUITS if s in found)


def parse_character(text: str, start: int = 1) -> tuple[Character | None, list[Problem]]:
    """Parse one character; ``start`` is the column of ``text`` in the whole line."""
    problems: list[Problem] = []
    tokens = _tokens(text, start)
    if not tokens or ":" not in tokens[0][1]:
        col = tokens[0][0] if tokens else start
        return None, [Problem(P + "syntax", 1, col, "notation")]
    head_col, head = tokens[0]
    name, _, cls = head.partition(":")
    unsafe = name_problem(name, 1, head_col, "notation", refused="=")
    if unsafe is not None:
        return None, [unsafe]
    if not name or len(name) > MAX_NAME:
        return None, [Problem(P + "bad_name", 1, head_col, "notation", {"limit": MAX_NAME})]
    role = CLASS_WORDS.get(cls.lower())
    if role is None:
        return None, [Problem(P + "unknown_class", 1, head_col + len(name) + 1, "§2",
                              {"text": cls[:20]})]
    allowed = WARRIOR_KEYS if role == WARRIOR else MAGE_KEYS
    values: dict[str, tuple[int, str]] = {}
    for col, token in tokens[1:]:
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep:
            problems.append(Problem(P + "syntax", 1, col, "notation"))
            continue
        if key not in allowed and key not in OPTIONAL_KEYS:
            code = "key_not_for_class" if key in WARRIOR_KEYS + MAGE_KEYS else "unknown_key"
            problems.append(Problem(P + code, 1, col, "§2", {
                "key": key[:20], "cls": role, "nearest": nearest(key, allowed + OPTIONAL_KEYS)}))
            continue
        if key in values:
            problems.append(Problem(P + "duplicate_key", 1, col, "notation", {"key": key}))
            continue
        values[key] = (col + len(key) + 1, value)
    for key in allowed:
        if key not in values:
            problems.append(Problem(P + "missing_key", 1, head_col, "§2", {"key": key}))
    if problems:
        return None, problems
    nums: dict[str, int] = {}
    for key in ("year", "base", "max", "th", "hp", "mp"):
        if key not in values:
            continue
        col, value = values[key]
        number = ascii_int(value, 4)
        if number is None:
            problems.append(Problem(P + "bad_number", 1, col, "§2", {"key": key,
                                                                     "text": clip(value, 20)}))
            continue
        low, high = RANGES[key]
        if not low <= number <= high:
            problems.append(Problem(P + "out_of_range", 1, col, "§2.1", {
                "key": key, "value": number, "min": low, "max": high}))
            continue
        nums[key] = number
    col, value = values["fav"]
    fav = _suits(value, col, problems)
    if fav is not None and "year" in nums:
        allowed_count = nums["year"] - 1
        if len(fav) > allowed_count:
            problems.append(Problem(P + "too_many_suits", 1, col, "§2.1", {
                "year": nums["year"], "count": len(fav), "allowed": allowed_count}))
        elif len(fav) == 2 and COLOURS[fav[0]] != COLOURS[fav[1]]:
            problems.append(Problem(P + "suits_colour", 1, col, "§2.1",
                                    {"suits": "".join(fav)}))
    costumes: tuple[str, ...] = ()
    if "costumes" in values:
        col, value = values["costumes"]
        names = [] if value in ("", "-") else value.split(",")
        found: list[str] = []
        offset = 0
        for item in names:
            key = COSTUME_BY_JA.get(item, item.lower())
            if key not in COSTUMES:
                problems.append(Problem(P + "unknown_costume", 1, col + offset, "§12.3", {
                    "text": item[:20], "known": nearest(item, [*COSTUMES, *COSTUME_BY_JA])}))
            found.append(key)
            offset += len(item) + 1
        if len(found) > MAX_COSTUMES:
            problems.append(Problem(P + "too_many_costumes", 1, col, "§12.3",
                                    {"count": len(found), "limit": MAX_COSTUMES}))
        costumes = tuple(found)
    weapon = "none"
    if "weapon" in values:
        col, value = values["weapon"]
        if value.lower() not in WEAPONS:
            problems.append(Problem(P + "unknown_weapon", 1, col, "§12.1",
                                    {"text": value[:20], "known": nearest(value, WEAPONS)}))
        weapon = value.lower()
    ornament = False
    if "ornament" in values:
        col, value = values["ornament"]
        if value not in ("0", "1"):
            problems.append(Problem(P + "bad_flag", 1, col, "§12.1", {"key": "ornament"}))
        ornament = value == "1"
    unmet: tuple[str, ...] = ()
    if "unmet" in values:
        col, value = values["unmet"]
        got = _suits(value, col, problems)
        if got is not None and fav is not None:
            extra = [s for s in got if s not in fav]
            if extra:
                problems.append(Problem(P + "unmet_not_favoured", 1, col, "§2.2",
                                        {"suits": "".join(extra)}))
            unmet = got
    if problems or fav is None:
        return None, problems
    return Character(name, role, nums["year"], nums["base"], nums["max"], nums["th"], fav,
                     nums.get("hp", 0), nums.get("mp", 0), costumes, weapon, ornament,
                     unmet), []


def _split_side(text: str) -> list[tuple[int, str]]:
    """The ``+``-separated parts of a side with their 1-based start columns."""
    parts: list[tuple[int, str]] = []
    start = 0
    for i, ch in enumerate(text + "+"):
        if ch == "+":
            parts.append((start + 1, text[start:i]))
            start = i + 1
    return parts


def _parse_parts(parts: list[tuple[int, str]]) -> tuple[list[tuple[int, Character]],
                                                        list[Problem]]:
    """Each part as a character, with the column where its text starts."""
    chars: list[tuple[int, Character]] = []
    problems: list[Problem] = []
    for col, part in parts:
        char, found = parse_character(part, col)
        problems.extend(found)
        if char is not None:
            chars.append((col + len(part) - len(part.lstrip()), char))
    return chars, problems


def _second_mage_off(parts: list[tuple[int, str]]) -> Problem | None:
    """With ``several_mages`` off, a side that would be legal with the option on (one warrior,
    2..MAX_MAGES mages, every part a clean character) gets a problem at the second mage that
    names the option (§2.7); anything else keeps the plain ``side_size`` problem."""
    if len(parts) > 1 + MAX_MAGES:
        return None
    chars, problems = _parse_parts(parts)
    if problems:
        return None
    mages = [(col, c) for col, c in chars if c.role == MAGE]
    if len(chars) - len(mages) != 1 or len(mages) < 2:
        return None
    return Problem(P + "several_mages_off", 1, mages[1][0], "§2.7",
                   {"mages": len(mages), "option": "several_mages"})


def parse_side(text: str, several: bool = False) -> tuple[SideBuild | None, list[Problem]]:
    """Parse a side: ``WARRIOR [+ MAGE]`` (either order; one of each at most, §2.7).

    With ``several`` (option ``several_mages``) up to ``MAX_MAGES`` mages, each ``+ MAGE``;
    mages keep their order of entry."""
    parts = _split_side(text)
    limit = 1 + MAX_MAGES if several else 2
    if len(parts) > limit:
        if several:
            return None, [Problem(P + "side_size_mages", 1, parts[limit][0], "§2.7",
                                  {"count": len(parts), "limit": MAX_MAGES})]
        hint = _second_mage_off(parts)
        if hint is not None:
            return None, [hint]
        return None, [Problem(P + "side_size", 1, parts[2][0], "§2.7", {"count": len(parts)})]
    found, problems = _parse_parts(parts)
    if problems:
        return None, problems
    chars = [c for _, c in found]
    warriors = [c for c in chars if c.role == WARRIOR]
    mages = [c for c in chars if c.role == MAGE]
    if len(warriors) != 1 or len(mages) > 1:
        if several and len(warriors) == 1:
            return SideBuild(warriors[0], mages[0], tuple(mages[1:])), []
        if several:
            return None, [Problem(P + "side_lineup_mages", 1, 1, "§2.7", {
                "warriors": len(warriors), "mages": len(mages), "limit": MAX_MAGES})]
        return None, [Problem(P + "side_lineup", 1, 1, "§2.7",
                              {"warriors": len(warriors), "mages": len(mages)})]
    return SideBuild(warriors[0], mages[0] if mages else None), []


def export_character(c: Character) -> str:
    """Canonical text of one character."""
    parts = [f"{c.name}:{c.role}", f"year={c.year}", f"base={c.base}", f"max={c.max_hand}",
             f"th={c.threshold}", "fav=" + ("".join(c.fav) or "-")]
    if c.is_mage:
        parts += [f"mp={c.mp}", "costumes=" + (",".join(c.costumes) or "-")]
    else:
        parts.append(f"hp={c.hp}")
    if c.weapon != "none":
        parts.append(f"weapon={c.weapon}")
    if c.ornament:
        parts.append("ornament=1")
    if c.unmet:
        parts.append("unmet=" + "".join(c.unmet))
    return " ".join(parts)


def export_side(side: SideBuild) -> str:
    """Canonical text of a side: warrior first, then `` + `` each mage in order of entry."""
    return " + ".join(export_character(c) for c in side.members())
