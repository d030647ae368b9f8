"""Build notation of マーガレット2011α (R3.2, D12): parse with located problems, canonical export.

Accepted (full-width or half-width digits, colons, slashes, commas):

* ``名前:HP/攻/防/速/剣名、剣名…`` (full names; separators 、 , ， ・ and spaces),
* ``HP/攻/防/速/<one-character codes>/名前`` (compact; name and trailing slash optional),
* the name on either side (``名前:…`` / ``名前/…`` before, ``…/名前`` after).

Full names and codes may be mixed; a base-style ``剣技N`` token is ignored. The canonical form
is the compact one: ``HP/攻/防/速/codes/名前``.
"""

from __future__ import annotations

from typing import Any

from kassen.core.problems import Problem
from kassen.core.suggest import nearest
from kassen.core.text import name_problem
from kassen.rulesets.marguerite.catalogue import BY_CODE, BY_NAME, NAMES_LONGEST_FIRST, SWORDS
from kassen.rulesets.marguerite.model import Build

MAX_TEXT = 400
MAX_NAME = 24
MAX_BUILD_SWORDS = 32
MAX_STAT = 9999
DEFAULT_NAME = "剣師"
NS = "marguerite"

_WIDE = {ord("０") + i: ord("0") + i for i in range(10)}
_WIDE.update({ord("："): ord(":"), ord("／"): ord("/"), ord("，"): ord(","),
              ord("－"): ord("-"), ord("\u3000"): ord(" ")})
_SEPARATORS = frozenset("、,・ \t")
_STAT_FIELDS = ("HP", "攻", "防", "速")


def _p(key: str, column: int, rule: str, **args: Any) -> Problem:
    return Problem(f"{NS}.{key}", 1, column, rule, args)


def parse_swords(text: str, offset: int) -> tuple[list[int], list[Problem]]:
    """Sword indexes from a list of full names and/or codes; ``offset`` = column of text[0]."""
    out: list[int] = []
    problems: list[Problem] = []
    i = 0
    n = len(text)
    word = 0
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            word = i
            continue
        if text.startswith("剣技", i):
            j = i + 2
            while j < n and text[j].isdigit():
                j += 1
            if j > i + 2:
                i = j
                continue
        for name in NAMES_LONGEST_FIRST:
            if text.startswith(name, i):
                out.append(BY_NAME[name].index)
                i += len(name)
                break
        else:
            sword = BY_CODE.get(ch)
            if sword is not None:
                out.append(sword.index)
                i += 1
                continue
            j = i
            while j < n and text[j] not in _SEPARATORS:
                j += 1
            token = text[word:j]
            problems.append(_p("unknown_sword", offset + word, "§12", token=token,
                               suggestions=suggest(token)))
            i = word = j
    return out, problems


def suggest(token: str) -> str:
    """The nearest sword names (for an unknown one)."""
    return nearest(token, list(BY_NAME), ignore="剣", cutoff=0.3)


def _stat(field: str, column: int, label: str) -> tuple[int | None, Problem | None]:
    value = field.strip()
    if not value or not value.isdigit() or not value.isascii():
        return None, _p("bad_number", column, "R3.1", field=label, value=value[:20] or "∅")
    if len(value) > 6 or int(value) > MAX_STAT:
        return None, _p("number_too_big", column, "R3.1", field=label, value=value[:20],
                        limit=MAX_STAT)
    return int(value), None


def cost(build: Build, hp_step: str = "5") -> int:
    """途心 = HP/5 + 攻 + 防 + 速 + number of swords (R3.1); HP rounded up when free."""
    return -(-build.hp // 5) + build.atk + build.def_ + build.spd + len(build.swords)


def parse(text: str, options: dict[str, Any]) -> tuple[Build | None, list[Problem]]:
    """Parse and validate one entrant; a Build, or None with located problems."""
    if len(text) > MAX_TEXT:
        return None, [_p("too_long", MAX_TEXT + 1, "R3.2", length=len(text), limit=MAX_TEXT)]
    raw = text.translate(_WIDE)
    lines = raw.split("\n")
    if len([ln for ln in lines if ln.strip()]) > 1:
        second = next(k for k, ln in enumerate(lines) if ln.strip() and k > 0
                      and any(x.strip() for x in lines[:k]))
        return None, [Problem(f"{NS}.multiline", second + 1, 1, "R1.2")]
    line_no = next((k for k, ln in enumerate(lines) if ln.strip()), 0)
    line = lines[line_no].rstrip("\r")
    problems: list[Problem] = []
    name: str | None = None
    name_col = 1
    body_start = 0
    colon = line.find(":")
    if colon >= 0 and "/" not in line[:colon]:
        name = line[:colon].strip()
        name_col = 1
        body_start = colon + 1
    fields: list[tuple[str, int]] = []
    start = body_start
    while True:
        k = line.find("/", start)
        if k < 0:
            fields.append((line[start:], start + 1))
            break
        fields.append((line[start:k], start + 1))
        start = k + 1
    if name is None and fields and fields[0][0].strip() and \
            not fields[0][0].strip()[0].isdigit() and fields[0][0].strip()[0] != "-":
        name, name_col = fields[0][0].strip(), fields[0][1]
        fields = fields[1:]
    if len(fields) < 4:
        col = fields[-1][1] if fields else 1
        return None, [_p("missing_stats", col, "R3.2", found=max(0, len(fields)))]
    stats: list[int] = []
    sword_text, sword_col = "", 0
    for idx in range(4):
        value, col = fields[idx]
        if idx == 3 and len(value.strip().split(None, 1)) == 2:
            head, rest = value.strip().split(None, 1)
            lead = len(value) - len(value.lstrip())
            sword_text, sword_col = rest, col + lead + len(head) + 1
            value = head
        number, problem = _stat(value, col, _STAT_FIELDS[idx])
        if problem is not None:
            problems.append(problem)
        else:
            assert number is not None
            stats.append(number)
    rest_fields = fields[4:]
    if len(rest_fields) == 2 and name is not None and not rest_fields[1][0].strip():
        rest_fields = rest_fields[:1]  # 名前:…/剣名、…/ with a trailing slash
    if len(rest_fields) > 2 or (len(rest_fields) == 2 and name is not None):
        extra = rest_fields[2] if len(rest_fields) > 2 else rest_fields[1]
        problems.append(_p("too_many_fields", extra[1], "R3.2"))
        rest_fields = rest_fields[:1]
    swords: list[int] = []
    if rest_fields:
        text5, col5 = rest_fields[0]
        if sword_text:
            text5, col5 = sword_text + " " + text5, sword_col
        found, sword_problems = parse_swords(text5, col5)
        if sword_problems and name is None and len(rest_fields) == 1 and not sword_text:
            name, name_col = text5.strip(), col5  # D12: X is the name, not a sword list
        else:
            swords = found
            problems.extend(sword_problems)
        if len(rest_fields) == 2:
            name, name_col = rest_fields[1][0].strip(), rest_fields[1][1]
            if not name:
                problems.append(_p("empty_name", name_col, "R2.1"))
    elif sword_text:
        found, sword_problems = parse_swords(sword_text, sword_col)
        swords = found
        problems.extend(sword_problems)
    if name is None:
        name = DEFAULT_NAME
    elif not name and not any(p.code == f"{NS}.empty_name" for p in problems):
        problems.append(_p("empty_name", name_col, "R2.1"))
    if len(name) > MAX_NAME:
        problems.append(_p("name_too_long", name_col, "R2.1", length=len(name), limit=MAX_NAME))
    unsafe = name_problem(name, 1, name_col, "R2.1", refused="<>")
    if unsafe is not None:
        problems.append(unsafe)
    if len(swords) > MAX_BUILD_SWORDS:
        problems.append(_p("too_many_swords", 1, "R3.1", count=len(swords),
                           limit=MAX_BUILD_SWORDS))
    if problems:
        return None, [Problem(p.code, line_no + 1, p.column, p.rule, p.args) for p in problems]
    build = Build(name, stats[0], stats[1], stats[2], stats[3], tuple(swords))
    problems = check_budget(build, options, fields[0][1])
    if problems:
        return None, [Problem(p.code, line_no + 1, p.column, p.rule, p.args) for p in problems]
    return build, []


def check_budget(build: Build, options: dict[str, Any], column: int = 1) -> list[Problem]:
    """The point budget (途心) and HP steps of R3.1 (options ``budget``, ``hp_step``)."""
    problems = []
    step = str(options.get("hp_step", "5"))
    if step == "5" and build.hp % 5:
        problems.append(_p("hp_step", column, "R3.1", hp=build.hp, option="hp_step"))
    budget = int(options.get("budget", 10))
    total = cost(build)
    if budget and total > budget:
        problems.append(_p("over_budget", column, "R3.1", cost=total, budget=budget,
                           over=total - budget, option="budget"))
    return problems


def export(build: Build) -> str:
    """The canonical (compact) text: ``HP/攻/防/速/codes/名前``."""
    codes = "".join(SWORDS[i].code for i in build.swords)
    return f"{build.hp}/{build.atk}/{build.def_}/{build.spd}/{codes}/{build.name}"


def export_full(build: Build) -> str:
    """The long form with full sword names: ``名前:HP/攻/防/速/剣名、剣名``."""
    names = "、".join(SWORDS[i].ja for i in build.swords)
    return f"{build.name}:{build.hp}/{build.atk}/{build.def_}/{build.spd}/{names}"
