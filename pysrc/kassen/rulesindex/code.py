"""The code that implements a rule (issue 28: ``rules --where ID``), read from the sources with
``ast``, never imported or run.

A site is where a rule id is written in the code, with the function (or module-level name) it
stands in and how it stands there:

- ``decorator``: ``@implements("R8.5")`` above the function that carries the rule out
  (:func:`kassen.core.rules.implements`, the convention for rule functions);
- ``emits``: ``rule="…"`` (or a rule id argument) of a call that records an event
  (``rec.emit(…)``, ``rec.add(…)``, ``step(…)``);
- ``passes``: the id handed to another function of the rules, which records the event under it
  (``finish(t, winner, Termination.WIPEOUT, "§10.1")``);
- ``row``: the rule of a catalogue or condition row (a row type's constructor, or a ``"rule"``
  field of a dict row);
- ``option``: an option's declaration (the rule the option governs);
- ``checks``: a problem a validator reports under the rule;
- ``term``: a term of a breakdown (``("+", "stars", n, "§6.1")``, :mod:`kassen.core.sums`);
- ``cites``: any other place the id is written.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HOWS = ("decorator", "emits", "passes", "row", "option", "checks", "term", "cites")
"""The kinds of site, strongest first (the order of a listing)."""
_EMITS = re.compile(r"emit|^step$|^add$|event|^log$|^say$|^fire$|^record$", re.I)
_TERM_OPS = ("=", "+", "-", "*", "/", "//", "ceil/", "max", "min", "floor", "ceil", "round",
             "note")
"""The operations a breakdown's term starts with (as :data:`kassen.core.sums.OPS`)."""


@dataclass(frozen=True)
class Site:
    """One place a rule id is written: ``path:line``, the enclosing function and how."""

    path: str
    line: int
    function: str
    how: str

    def to_json(self) -> dict[str, object]:
        """The site as plain JSON."""
        return {"path": self.path, "line": self.line, "function": self.function, "how": self.how}


def _name(func: ast.expr) -> str:
    """The called name of a call's function (``rec.emit`` → ``emit``)."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _is_rule(node: ast.AST, rule: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == rule


def _is_op(node: ast.expr) -> bool:
    """Whether ``node`` is a breakdown's operation (``"+"``, or ``"+" if terms else "="``)."""
    if isinstance(node, ast.IfExp):
        return _is_op(node.body) and _is_op(node.orelse)
    return isinstance(node, ast.Constant) and node.value in _TERM_OPS


def _call_how(call: ast.Call) -> str:
    """How a rule id passed to ``call`` stands there."""
    name = _name(call.func)
    if "Option" in name:
        return "option"
    if "roblem" in name:
        return "checks"
    if _EMITS.search(name):
        return "emits"
    if name[:1].isupper():
        return "row"
    return "passes" if name else "cites"


def _sites_in(tree: ast.Module, rule: str, path: str) -> Iterator[Site]:
    """Every site of ``rule`` in one module's tree."""
    taken: set[int] = set()  # constants already counted by a decorator, call or dict row

    def visit(node: ast.AST, scope: str) -> Iterator[Site]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            inner = f"{scope}.{node.name}" if scope and not scope.startswith("<") else node.name
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and _name(deco.func) == "implements":
                    for arg in deco.args:
                        if _is_rule(arg, rule):
                            taken.add(id(arg))
                            yield Site(path, node.lineno, inner, "decorator")
            for child in ast.iter_child_nodes(node):
                yield from visit(child, inner)
            return
        if isinstance(node, ast.Assign | ast.AnnAssign) and scope == "<module>":
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            label = names[0] if names else scope
            for child in ast.iter_child_nodes(node):
                yield from visit(child, label)
            return
        if isinstance(node, ast.Call):
            values = [*node.args, *(k.value for k in node.keywords if k.arg == "rule")]
            for value in values:
                if _is_rule(value, rule) and id(value) not in taken:
                    taken.add(id(value))
                    yield Site(path, value.lineno, scope, _call_how(node))
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if _is_rule(value, rule) and isinstance(key, ast.Constant) \
                        and key.value == "rule" and id(value) not in taken:
                    taken.add(id(value))
                    yield Site(path, value.lineno, scope, "row")
        elif isinstance(node, ast.Tuple | ast.List) and len(node.elts) > 1 \
                and _is_op(node.elts[0]) and _is_rule(node.elts[-1], rule) \
                and id(node.elts[-1]) not in taken:
            taken.add(id(node.elts[-1]))
            yield Site(path, node.elts[-1].lineno, scope, "term")
        elif _is_rule(node, rule) and id(node) not in taken:
            yield Site(path, node.lineno, scope, "cites")
        for child in ast.iter_child_nodes(node):
            yield from visit(child, scope)

    yield from visit(tree, "<module>")


def sites(rule: str, files: list[Path], root: Path) -> list[Site]:
    """The sites of ``rule`` in ``files`` (paths shown relative to ``root``), by file and
    line."""
    out: list[Site] = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out += _sites_in(tree, rule, path.relative_to(root).as_posix())
    return sorted(set(out), key=lambda s: (s.path, s.line, HOWS.index(s.how)))


def implementing(found: list[Site]) -> list[Site]:
    """The sites that carry a rule out (a marked function, an event a function records or has
    recorded, a catalogue row, which owns its behaviour): not the option that governs it, a
    problem, a breakdown's term nor a mere citation."""
    return [s for s in found if s.how in ("decorator", "emits", "passes", "row")]
