"""``python -m kassen rules``: a rule's entry in the rules reference, or where it is cited.

``rules RULESET RULE`` prints the entry of a rule id as events, options and problems carry it
(``R8.5``, ``§11 ガード``, ``§16.4 C1``): its anchors, text in the language asked for (the
Japanese edition under ``--lang ja``, the English text with a notice where it has none yet),
provenance, the seed's own sentence with its source's title and the options that govern it,
their defaults in words; ``rules --where RULE [RULESET]`` lists the code that implements the
rule id (``path:line  function  (how)``: a function marked ``@implements``, an event it
records, a catalogue row, the option that governs it…, :mod:`kassen.rulesindex.code`) and the
tests that cite it (issue 17's rule index, issue 28).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kassen.core import options, registry

WORDS = {
    "ja": {"tags": "出典", "seed": "原文", "spec": "ルール", "option": "オプション",
           "default": "既定値", "code": "コード", "tests": "テスト", "none": "（なし）",
           "no_entry": "ルール「{rule}」は {ruleset} のルール資料にありません",
           "no_docs": "ルール資料（docs/rules/）が見つかりません: リポジトリから実行してください",
           "english": "（この規則の日本語版はまだありません。英語の仕様を示します）",
           "untagged": "（仕様に出典の印なし）", "place_line": "{line}行目",
           "source": "『{title}』{place}",
           "how": {"decorator": "実装（@implements）", "emits": "イベント記録",
                   "passes": "規則IDを渡す呼び出し", "row": "カタログ行",
                   "option": "オプション宣言", "checks": "検査", "term": "内訳の項",
                   "cites": "参照"}},
    "en": {"tags": "provenance", "seed": "seed", "spec": "rule", "option": "option",
           "default": "default", "code": "code", "tests": "tests", "none": "(none)",
           "no_entry": "rule {rule!r} has no entry in the {ruleset} rules reference",
           "no_docs": "the rules reference (docs/rules/) is not here: run from the repository",
           "english": "", "untagged": "(not tagged in the specification)",
           "place_line": "line {line}", "source": "{title}, {place}",
           "how": {"decorator": "@implements", "emits": "emits an event",
                   "passes": "passes the id on", "row": "catalogue row",
                   "option": "option declaration", "checks": "checks", "term": "breakdown term",
                   "cites": "cites"}},
}


def add_parser(sub: Any, lang_flag: Any) -> None:
    """Register ``rules`` on the command line's sub-parsers."""
    p = sub.add_parser("rules", help="a rule's entry in the rules reference, or where it is cited")
    p.add_argument("ruleset", nargs="?", help="ruleset id (optional with --where)")
    p.add_argument("rule", nargs="?", help="rule id as events carry it, e.g. R8.5 or '§16.4 C1'")
    p.add_argument("--where", metavar="RULE", help="list the code and tests citing this rule id")
    lang_flag(p)
    p.set_defaults(func=cmd_rules)


def _fail(text: str) -> int:
    print(text, file=sys.stderr)
    return 2


def cmd_rules(args: argparse.Namespace) -> int:
    """Print a rule's entry (or with --where, the code and tests that cite it)."""
    from kassen.rulesindex import disk as rulesindex

    lang = args.lang or "en"
    words = WORDS[lang]
    if args.where is not None:
        system = args.ruleset
        if system is not None:
            registry.get(system)
        found = rulesindex.where(args.where, system)
        if args.json:
            print(json.dumps(found, ensure_ascii=False, indent=1))
            return 0
        print(f"{words['code']}:")
        for line in site_lines(found["sites"], lang) or [words["none"]]:
            print(f"  {line}")
        print(f"{words['tests']}:")
        for line in found["tests"] or [words["none"]]:
            print(f"  {line}")
        return 0 if found["code"] or found["tests"] else 1
    if not args.ruleset or not args.rule:
        return _fail("usage: python -m kassen rules RULESET RULE | rules --where RULE [RULESET]")
    registry.get(args.ruleset)
    if not (rulesindex.DOCS / f"{args.ruleset}.md").is_file():
        return _fail(words["no_docs"])
    entry = rulesindex.index(args.ruleset).entry(args.rule)
    if entry is None:
        return _fail(words["no_entry"].format(rule=args.rule, ruleset=args.ruleset))
    if args.json:
        english = lang == "ja" and entry["text_ja"] is None
        text = entry["text_en"] if lang == "en" or english else entry["text_ja"]
        print(json.dumps({**entry, "lang": lang, "text": text, "text_is_english": english},
                         ensure_ascii=False, indent=1))
        return 0
    print("\n".join(render(entry, lang)))
    return 0


def site_lines(sites: list[dict[str, Any]], lang: str) -> list[str]:
    """The code sites of ``rules --where`` as ``path:line  function  (how)``, the places in
    one column."""
    places = [f"{s['path']}:{s['line']}" for s in sites]
    column = max((len(p) for p in places), default=0)
    how = WORDS[lang]["how"]
    return [f"{p.ljust(column)}  {s['function']}  ({how[s['how']]})"
            for p, s in zip(places, sites, strict=True)]


def place(seed: dict[str, Any], lang: str) -> str:
    """Where a seed quote stands, by the seed's title (never a file): 『戦闘の進行』92行目."""
    words = WORDS[lang]
    where = words["place_line"].format(line=seed["line"]) if seed.get("line") is not None \
        else f"「{seed.get('section', '')}」"
    title = seed.get("title", "")
    return words["source"].format(title=title, place=where) if title else where


def render(entry: dict[str, Any], lang: str) -> list[str]:
    """The entry as lines of text in one language."""
    words = WORDS[lang]
    links = "  ".join(f"rules.html#{a}" for a in entry["anchors"])
    out = [f"{entry['ruleset']} {entry['rule']} — {links}"]
    tags = " ".join(f"[{t}]" for t in entry["tags"]) or words["untagged"]
    out.append(f"{words['tags']}: {tags}")
    seed = entry.get("seed")
    if seed:
        out.append(f"{words['seed']} ({place(seed, lang)}): {seed['quote']}")
    out.append(f"{words['spec']}:")
    for part in entry["parts"]:
        text = part["text"] if lang == "en" else part.get("text_ja")
        if text is None:
            out += [words["english"], part["text"]]
        else:
            out.append(text)
    for o in entry["options"]:
        label = o["label_ja"] if lang == "ja" else o["label_en"]
        value = options.value_words(o, o["default"], lang)
        out.append(f"{words['option']} {label} (--option {o['key']}=…) — "
                   f"{words['default']}: {value}")
    return [line for line in out if line != ""]
