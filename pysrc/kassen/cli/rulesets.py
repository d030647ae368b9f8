"""``python -m kassen rulesets``: the rule systems with their options and samples.

The samples are listed as they are taken: ``@NAME``, the note, the build's lines indented, and
the one-line form of a multi-line build (:func:`kassen.cli.builds.one_line`).
"""

from __future__ import annotations

import argparse
import re
import shlex
from typing import Any

from kassen.cli.builds import one_line
from kassen.cli.io import lang_of, print_json
from kassen.cli.term import pad, width
from kassen.core import registry


def add_parser(sub: Any, common: Any) -> None:
    """Register ``rulesets`` on the command line's sub-parsers."""
    p = sub.add_parser("rulesets", help="list rule systems, options and samples")
    p.add_argument("ruleset", nargs="?", help="only this system")
    common(p)
    p.set_defaults(func=cmd_rulesets)


def cmd_rulesets(args: argparse.Namespace) -> int:
    """List the rule systems (or one) with their options and samples; a sample is taken by
    ``--build @NAME``, and a multi-line one is shown indented with its one-line form."""
    chosen = [registry.get(args.ruleset)] if args.ruleset else registry.all_rulesets()
    described = [r.describe() for r in chosen]
    if args.json:  # each sample also as taken on the command line: @NAME and its one line
        for r in described:
            for s in r["samples"]:
                s["at"], s["one_line"] = f"@{s['name']}", one_line(s["text"])
        print_json(described)
        return 0
    lang = lang_of(args)
    for r in described:
        name = r["name_ja"] if lang == "ja" else f"{r['name_en']} ({r['name_ja']})"
        print(f"{r['id']}  v{r['version']}  {name}")
        print("    " + ("見本（--build @名前）:" if lang == "ja" else "samples (--build @NAME):"))
        ats = [_at(s["name"]) for s in r["samples"]]
        column = max(width(at) for at in ats) if ats else 0
        for s, at in zip(r["samples"], ats, strict=True):
            note = s["note_ja"] if lang == "ja" else s["note_en"]
            print(f"      {pad(at, column)}   {note}".rstrip())
            for line in s["text"].splitlines():
                print(f"          {line}")
            if "\n" not in s["text"]:
                continue
            print(("          1行で: " if lang == "ja" else "          one line: ")
                  + one_line(s["text"]))
        for o in r["options"]:
            label = o["label_ja"] if lang == "ja" else o["label_en"]
            print(f"    --option {o['key']}={o['default']}   {label} [{o['rule']}]")
        if r["policies"]:
            print(f"    --policy {'|'.join(r['policies'])}|human   "
                  + ("各サイドの操作（AIか人）" if lang == "ja" else "who plays each side"))
    return 0


def _at(name: str) -> str:
    """``@NAME`` as typed in a shell (quoted only when it holds a space or a shell sign)."""
    at = f"@{name}"
    return shlex.quote(at) if re.search(r"[^\w@+.,:/=-]", at) else at
