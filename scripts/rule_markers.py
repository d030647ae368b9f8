"""Give tests ``@pytest.mark.rule("<id>")`` markers for the rules their docstrings and names
cite (issue 17: one style for every ruleset; ``python -m kassen rules --where`` reads them).

    python3 scripts/rule_markers.py tests/dice [--write]

A test's rule ids are taken from its docstring (``§5.3.2a``, ``§7 A1-b``, ``R8.5.4``,
``§11 スタン``, ``N11``, ``D17``...) and from its name (``_5_3_3`` → ``§5.3.3``, ``_d13`` →
``D13``, ``_r16_4`` → ``R16.4``); only ids that name a block of the system's rules reference
(``kassen.rulesindex.doc.resolve``) are kept, so dice faces (``R4 B3``) or a "2D10" never
become markers. The ruleset is the folder's name. Without ``--write`` it prints what it would
add; markers already present are kept and never repeated.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pysrc"))

from kassen.core import registry  # noqa: E402
from kassen.rulesindex import doc as rulesdoc  # noqa: E402

SECTION = re.compile(r"§\d+(?:\.\d+)*[a-z]?(?: (?:(?!R\d)[A-Z]{1,2}\d+(?:-[0-9a-z]+)?"
                     r"|[^\x00-\x7f\s,;:()/、。・]+))?")
LETTERED = re.compile(r"(?<![\w§.-])(?:R\d+(?:\.\d+)*|[A-Z]{1,2}\d+(?:-[0-9a-z]+)?)(?![\w.])")
NAME_PART = re.compile(r"(?:^|_)(section\d+(?:_\d+)*|r\d+(?:_\d+)*|[a-z]{1,2}\d+|\d+(?:_\d+)+)"
                       r"(?=_|$)")


def known(system: str) -> set[str]:
    """Every anchor of the system's rules reference."""
    docs = ROOT / "docs" / "rules"
    files = [docs / f"{system}.md", *sorted(docs.glob(f"{system}-*.md"))]
    return rulesdoc.anchors(rulesdoc.document(system, [f.read_text(encoding="utf-8")
                                                       for f in files]))


def from_name(name: str) -> list[str]:
    """Rule ids written into a test's name."""
    out = []
    for part in NAME_PART.findall(name.removeprefix("test_")):
        if part.startswith("section"):
            out.append("§" + part.removeprefix("section").replace("_", "."))
        elif part[0] == "r" and part[1:2].isdigit():
            out.append("R" + part[1:].replace("_", "."))
        elif part[0].isdigit():
            out.append("§" + part.replace("_", "."))
        else:
            out.append(part.upper())
    return out


def from_text(text: str) -> list[str]:
    """Rule ids cited in a docstring, in order (a section with its named entry stays one id:
    ``§11 スタン``, ``§7 A1-b``, as the events carry them)."""
    found: list[tuple[int, str]] = []
    taken: list[range] = []
    for m in SECTION.finditer(text):
        found.append((m.start(), m.group(0)))
        taken.append(range(m.start(), m.end()))
    for m in LETTERED.finditer(text):
        if not any(m.start() in r for r in taken):
            found.append((m.start(), m.group(0)))
    return [rule for _, rule in sorted(found)]


def rules_of(system: str, anchors: set[str], func: ast.FunctionDef) -> list[str]:
    """The rule ids a test cites that name a rule of ``system``, each once, in order."""
    doc = ast.get_docstring(func) or ""
    doc = re.sub(r"^(\d+(?:\.\d+)+)\b", r"§\1", doc)  # "6.2.5: ..." cites §6.2.5
    named = [r for r in from_name(func.name) if f"design {r[1:]}" not in doc.lower()]
    cited = from_text(doc) + named
    ruleset = registry.get(system)  # how its events cite: Ruleset.cites_*_entries
    out: list[str] = []
    for rule in cited:
        rule = rule.replace("＜", "").replace("＞", "")  # §13 ＜毒与え＞ is carried as §13 毒与え
        head, _, entry = rule.partition(" ")
        parts = [rule]
        if entry and not entry.isascii() and not ruleset.cites_named_entries:
            parts = [head]
        elif entry and entry.isascii() and not ruleset.cites_lettered_entries:
            parts = [head, entry]
        for part in parts:
            if part in out or any(kept.endswith(" " + part) or kept.startswith(part + " ")
                                  for kept in out):
                continue
            if rulesdoc.resolve(system, part, anchors):
                out.append(part)
    return out


def present(func: ast.FunctionDef) -> list[str]:
    """The rule markers a test already carries."""
    out = []
    for deco in func.decorator_list:
        if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                and deco.func.attr == "rule" and deco.args
                and isinstance(deco.args[0], ast.Constant)):
            out.append(deco.args[0].value)
    return out


def mark_file(path: Path, system: str, anchors: set[str]) -> tuple[str, int]:
    """The file's text with markers added, and how many were added."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    inserts: list[tuple[int, list[str]]] = []
    for node in ast.parse(text).body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
            continue
        have = present(node)
        new = [r for r in rules_of(system, anchors, node) if r not in have]
        if new:
            first = min([d.lineno for d in node.decorator_list] + [node.lineno]) - 1
            inserts.append((first, [f'@pytest.mark.rule("{r}")' for r in new]))
    added = 0
    for first, marks in sorted(inserts, reverse=True):
        lines[first:first] = marks
        added += len(marks)
    out = "\n".join(lines)
    if added and not re.search(r"^import pytest$", out, re.M):
        out = out.replace("\nfrom ", "\nimport pytest\n\nfrom ", 1)
    return out, added


def main(argv: list[str]) -> int:
    """Mark (``--write``) or list the tests of the given folders."""
    write = "--write" in argv
    for folder in (Path(a) for a in argv if not a.startswith("--")):
        system = folder.name
        anchors = known(system)
        for path in sorted(folder.glob("test_*.py")):
            text, added = mark_file(path, system, anchors)
            if added:
                print(f"{path}: {added} markers")
                if write:
                    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
