#!/usr/bin/env python3
"""Add ``@implements("ID")`` to the rule functions whose docstring cites the rule they carry out
(issue 28: ``rules --where ID`` lists the code that implements a rule).

For every function of ``pysrc/kassen/rulesets/<id>/rules/*.py`` without the marker, the rule
ids its docstring's first paragraph cites (``R8.5``, ``§5.6.1``, ``§11 蘇生``, ``§7 A1-b``)
that the system's rules reference has an entry for are written as one added line above the
``def``, and ``from kassen.core.rules import implements`` among the module's imports: nothing
else in the file changes (other work edits these files at the same time).

Usage: ``PYTHONPATH=pysrc python3 scripts/implements_markers.py [--write] [RULESET…]``
(without ``--write``: print what would be added).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pysrc"))

from kassen.core import registry  # noqa: E402
from kassen.rulesindex import disk  # noqa: E402

IMPORT = "from kassen.core.rules import implements\n"
_CITED = re.compile(r"(?<![\w.])(R\d+(?:\.\d+)*|§\d+(?:\.\d+)*[a-z]?)(?:[ \u3000]("
                    r"[A-Z]{1,2}\d+(?:-\w+)?|[\u3040-\u30ff\u4e00-\u9fff\uff66-\uff9fー・]+))?")
"""A cited rule number (``R8.5``, ``§5.6.1``) and the name or ruling after it, if any
(``§11 蘇生``, ``§7 A1-b``, ``§16 D26``)."""


def cited(doc: str, has_entry: object) -> list[str]:
    """The rule ids the summary of ``doc`` cites that ``has_entry`` knows, each once, the
    longer form (``§11 蘇生``) where it has an entry, else the bare number (``§11``)."""
    first = doc.split("\n\n")[0].replace("\n", " ")
    out: list[str] = []
    for match in _CITED.finditer(first):
        number, name = match.group(1), match.group(2)
        for candidate in ([f"{number} {name}"] if name else []) + [number]:
            if has_entry(candidate):  # type: ignore[operator]
                if candidate not in out:
                    out.append(candidate)
                break
    return out


def _marked(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "implements"
               for d in node.decorator_list)


def _import_line(tree: ast.Module, lines: list[str]) -> int | None:
    """Where the import goes (0-based line index), keeping the ``from kassen…`` block sorted;
    None when the module already imports it."""
    kassen = [n for n in tree.body if isinstance(n, ast.ImportFrom)
              and (n.module or "").startswith("kassen")]
    if any(n.module == "kassen.core.rules" for n in kassen):
        return None
    for node in kassen:
        if (node.module or "") > "kassen.core.rules":
            return node.lineno - 1
    if kassen:
        return kassen[-1].end_lineno or kassen[-1].lineno
    last = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    return (last[-1].end_lineno or last[-1].lineno) if last else 0


def mark_file(path: Path, has_entry: object) -> list[tuple[int, str]]:
    """The lines to add to ``path`` (0-based index before which each goes, text)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    adds: list[tuple[int, str]] = []
    tops = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    for node in tops:  # module functions and methods, not closures
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or _marked(node):
            continue
        ids = cited(ast.get_docstring(node) or "", has_entry)
        if ids:
            args = ", ".join(f'"{i}"' for i in ids)
            adds.append((node.lineno - 1, " " * node.col_offset + f"@implements({args})\n"))
    if adds:
        at = _import_line(tree, lines)
        if at is not None:
            adds.append((at, IMPORT))
    return sorted(adds, key=lambda a: a[0])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", default=list(registry.ids()))
    parser.add_argument("--write", action="store_true", help="add the lines (else print them)")
    args = parser.parse_args(argv)
    total = 0
    for system in args.rulesets:
        index = disk.index(system)
        memo: dict[str, bool] = {}

        def has_entry(rule: str, index: object = index, memo: dict[str, bool] = memo) -> bool:
            if rule not in memo:
                memo[rule] = index.entry(rule) is not None  # type: ignore[attr-defined]
            return memo[rule]

        for path in sorted((ROOT / "pysrc" / "kassen" / "rulesets" / system / "rules")
                           .glob("*.py")):
            adds = mark_file(path, has_entry)
            if not adds:
                continue
            total += sum(1 for _, line in adds if line != IMPORT)
            if args.write:
                lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
                for at, line in sorted(adds, key=lambda a: a[0], reverse=True):
                    lines.insert(at, line)
                path.write_text("".join(lines), encoding="utf-8")
            for at, line in adds:
                print(f"{path.relative_to(ROOT)}:{at + 1}: {line.strip()}")
    print(f"{total} functions {'marked' if args.write else 'to mark'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
