"""A person's decisions in a terminal (``battle … --policy human``), and the decision prompt
any text front end can reuse: :func:`offer` turns a pending :class:`Request` into a question
and numbered choices in words (enemies first, names, what each choice does, like the page's
decision panel), :func:`ask` reads an answer (Enter takes the default: the AI's suggestion),
:func:`decide` does both for one request, :func:`play` drives a whole battle, asking whenever
a person's side must decide.

The words of each system's decisions live beside its rules (``rulesets/<id>/prompts.py``:
``question`` and ``label``); a system without that module gets member names put in place of
their ids, so no raw id reaches the player either way.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kassen.core import session
from kassen.core.decisions import Request
from kassen.core.problems import Problem, ProblemError
from kassen.core.render import render_event
from kassen.core.rng import Rng

KEYS = "1234567890abcdefghijklmnopqrstuvwxyz"
"""The keys that pick a choice, in order (as the page's decision panel has them)."""
RANK = {"enemy": 0, "": 1, "self": 2, "ally": 3}
WORDS = {
    "ja": {"enemy": "敵", "ally": "味方", "self": "自分", "side": "サイド{n}",
           "title": "判断 — {side}", "default": "Enter = {key}（AIのおすすめ）",
           "help": "番号か文字で選ぶ。board = 盤面、quit = やめる",
           "again": ("「{text}」は選べません。番号か文字で選んでください"
                     "（board = 盤面、quit = やめる）"),
           "board": "盤面（この判断の時点）",
           "stopped": "中断しました。ここまでの戦闘（ページで続きを遊べます）: {link}"},
    "en": {"enemy": "enemy", "ally": "ally", "self": "self", "side": "side {n}",
           "title": "Decision — {side}", "default": "Enter = {key} (the AI's suggestion)",
           "help": "type a choice's key; board = the board, quit = stop",
           "again": "{text!r} is not a choice: type its key (board = the board, quit = stop)",
           "board": "the board (at this decision)",
           "stopped": "stopped; the battle so far (go on in the page): {link}"},
}


def _w(lang: str, word: str, **values: Any) -> str:
    return WORDS["ja" if lang == "ja" else "en"][word].format(**values)


@dataclass(frozen=True)
class Choice:
    """One legal answer as offered: its key, the engine's option, words, whose unit it names."""

    key: str
    option: Any
    label: str
    who: str


def display_names(names: Mapping[str, str]) -> dict[str, str]:
    """Member id → name, repeated names numbered (``ゴブリン 1``, ``ゴブリン 2``) as the page
    does."""
    count: dict[str, int] = {}
    for name in names.values():
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for ident, name in names.items():
        seen[name] = seen.get(name, 0) + 1
        out[ident] = f"{name} {seen[name]}" if count[name] > 1 else name
    return out


def _words(ruleset_id: str) -> Any:
    try:
        return importlib.import_module(f"kassen.rulesets.{ruleset_id}.prompts")
    except ImportError:
        return None


def _ids(option: Any, names: Mapping[str, str]) -> list[str]:
    return [tok for tok in re.split(r"[^0-9.]+", str(option)) if tok in names]


def who_of(option: Any, request: Request, names: Mapping[str, str]) -> str:
    """Whose units an option names: ``enemy``, ``ally``, ``self`` or ``""`` (none)."""
    ids = _ids(option, names)
    if not ids:
        return ""
    actor = request.context.get("actor", request.context.get("unit"))
    if any(ident.split(".")[0] != str(request.side) for ident in ids):
        return "enemy"
    return "self" if all(ident == actor for ident in ids) else "ally"


def offer(request: Request, ruleset_id: str, names: Mapping[str, str],
          glossary: Mapping[str, Any], lang: str) -> tuple[str, list[Choice]]:
    """The question a request asks and its choices in words, enemies first (then the
    others in the engine's order), each with its key."""
    shown = display_names(names)
    words = _words(ruleset_id)
    if words is not None:
        question = words.question(request, shown, dict(glossary), lang)
    else:
        question = str(request.kind)

    def label(option: Any) -> str:
        if words is not None:
            return str(words.label(option, request, shown, dict(glossary), lang))
        text = str(option)
        for ident in sorted(_ids(option, shown), key=len, reverse=True):
            text = text.replace(ident, shown[ident])
        return text

    ranked = sorted(enumerate(request.options),
                    key=lambda pair: (RANK[who_of(pair[1], request, shown)], pair[0]))
    choices = [Choice(KEYS[i] if i < len(KEYS) else str(i + 1), option, label(option),
                      who_of(option, request, shown))
               for i, (_, option) in enumerate(ranked)]
    return question, choices


def board_lines(members: list[dict[str, Any]], names: Mapping[str, str], lang: str,
                glossary: Mapping[str, Any] | None = None) -> list[str]:
    """The board as text: each side's members, names in one column, with HP (MP, area and
    statuses where they have them; status names from the glossary in English)."""
    from kassen.cli.term import pad, width

    shown = display_names(names)
    statuses_en = (glossary or {}).get("status", {})
    rows = [[(shown.get(str(m.get("id", "")), str(m.get("name", "?"))), m)
             for m in side.get("members", [])] for side in members]
    column = max((width(name) for side in rows for name, _ in side), default=0)
    out = []
    for n, side in enumerate(rows, start=1):
        out.append(_w(lang, "side", n=n))
        for name, m in side:
            parts = [pad(name, column)]
            if "hp" in m:
                parts.append(f"HP {m['hp']:>3}/{m.get('max_hp', '?')}")
            if "mp" in m:
                parts.append(f"MP {m['mp']:>3}/{m.get('max_mp', '?')}")
            if "area" in m:
                parts.append(("エリア" if lang == "ja" else "area ") + str(m["area"]))
            for status in m.get("statuses") or {}:
                pair = statuses_en.get(status)
                parts.append(pair[1] if pair and lang != "ja" else str(status))
            if m.get("exited"):
                parts.append("（退場）" if lang == "ja" else "(out)")
            out.append("  " + "  ".join(parts).rstrip())
    return out


def ask(question: str, choices: list[Choice], side: int, lang: str, *, default: Choice,
        read: Callable[[str], str], write: Callable[[str], None],
        board: Callable[[], list[str]] | None = None) -> Any:
    """Show one decision and read answers until one is a choice's key (Enter: ``default``).
    ``quit`` (or end of input) raises KeyboardInterrupt."""
    write("")
    write(_w(lang, "title", side=_w(lang, "side", n=side + 1)) + f": {question}")
    width = max(len(c.key) for c in choices)
    for c in choices:
        who = f"[{_w(lang, c.who)}] " if c.who else ""
        write(f"  {c.key:>{width}}  {who}{c.label}")
    write("  " + _w(lang, "default", key=default.key) + "   " + _w(lang, "help"))
    by_key = {c.key: c for c in choices}
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            raise KeyboardInterrupt from None
        if not text:
            return default.option
        if text.lower() in by_key:
            return by_key[text.lower()].option
        if text.lower() in ("quit", "exit"):
            raise KeyboardInterrupt
        if text.lower() == "board" and board is not None:
            write(_w(lang, "board"))
            for line in board():
                write(line)
            continue
        write(_w(lang, "again", text=text[:20]))


def decide(request: Request, ruleset_id: str, names: Mapping[str, str],
           glossary: Mapping[str, Any], lang: str, *, read: Callable[[str], str],
           write: Callable[[str], None], default: Any = None,
           board: Callable[[], list[str]] | None = None) -> Any:
    """One pending request answered by a person: :func:`offer` then :func:`ask` (Enter takes
    ``default`` when it is a legal option, else the first choice). The whole prompt for a
    front end that holds a request and wants an answer (a battle played by link included)."""
    question, choices = offer(request, ruleset_id, names, glossary, lang)
    fallback = next((c for c in choices if c.option == default), choices[0])
    return ask(question, choices, request.side, lang, default=fallback, read=read, write=write,
               board=board)


def suggestion(prepared: session.Prepared, request: Request, choices: list[Choice]) -> Choice:
    """The choice the ruleset's first AI policy would make here (the first choice if none)."""
    names = prepared.ruleset.policy_names()
    policy = prepared.ruleset.policy(names[0]) if names else None
    if policy is not None:
        try:
            answer = policy(request, Rng(f"{prepared.record.seed}/hint"))
        except Exception:  # a hint must never stop the game
            answer = None
        for c in choices:
            if c.option == answer:
                return c
    return choices[0]


def is_terminal() -> bool:
    """Whether a person can answer here: stdin is a terminal (``KASSEN_TTY=1`` says so for
    tests and scripts that feed answers through a pipe)."""
    return os.environ.get("KASSEN_TTY") == "1" or sys.stdin.isatty()


def needs_terminal(prepared: session.Prepared) -> ProblemError:
    """The exit-2 message of a person's side without a terminal: how to play instead."""
    from kassen.core.links import battle_link

    sides = [n + 1 for n, p in enumerate(prepared.record.policies) if p is None]
    ai = prepared.ruleset.policy_names()[0]
    return ProblemError([Problem("core.needs_terminal", args={
        "sides": ", ".join(map(str, sides)), "ai": ai, "link": battle_link(prepared.record)})])


def play(prepared: session.Prepared, lang: str, *, read: Callable[[str], str] = input,
         write: Callable[[str], None] = print, log: Callable[[str], None] | None = print
         ) -> tuple[session.Outcome, int]:
    """Play a battle, asking ``read``/``write`` whenever a person's side must decide; the log
    goes to ``log`` as the battle goes (None: not at all). Returns the finished outcome and
    how many log lines were written."""
    outcome = session.run(prepared, views=True)
    glossary = prepared.ruleset.glossary()
    written = 0
    while outcome.pending is not None:
        request = outcome.pending
        names = outcome.battle.names()
        if log is not None:
            lines = [render_event(prepared.ruleset, e, names, lang)
                     for step in outcome.steps for e in step.events]
            for line in lines[written:]:
                log(line)
            written = len(lines)
        question, choices = offer(request, prepared.ruleset.id, names, glossary, lang)
        members = board_at(outcome)
        try:
            answer = ask(question, choices, request.side, lang,
                         default=suggestion(prepared, request, choices), read=read, write=write,
                         board=lambda m=members, n=names: board_lines(m, n, lang, glossary))
        except KeyboardInterrupt:
            from kassen.core.links import battle_link

            write(_w(lang, "stopped", link=battle_link(outcome.record)))
            raise
        record = outcome.record
        prepared = session.prepare(record.ruleset, record.sides, record.options, record.seed,
                                   [*record.choices, answer], record.policies)
        outcome = session.run(prepared, views=True)
    return outcome, written


def board_at(outcome: session.Outcome) -> list[dict[str, Any]]:
    """Each side's members as the board shows them at the decision: the last shown step's
    view when it has ``sides`` (every ruleset with decisions draws one), else the members
    at the start of the interrupted turn."""
    steps = outcome.steps
    view = steps[-1].view if steps else None
    sides = view.get("sides") if isinstance(view, dict) else None
    if isinstance(sides, list) and all(isinstance(s, dict) and "members" in s for s in sides):
        return sides
    return outcome.battle.members()
