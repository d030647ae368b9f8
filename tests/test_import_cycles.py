"""The module graph of ``kassen`` has no import cycles (issue 17: "no import cycles").

Every ``import`` and ``from … import`` in every module of ``pysrc/kassen`` counts, at module
level and inside functions alike (a lazy import only hides a cycle, it does not remove it), so
``tournament.parallel`` ↔ ``tournament.formats`` or ``dice.effects`` ↔ ``dice.engine`` fail
here. Imports under ``if TYPE_CHECKING:`` are left out: they never run, they only name types.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "pysrc"


def module_name(path: Path) -> str:
    """``pysrc/kassen/core/x.py`` → ``kassen.core.x`` (a package's ``__init__`` → the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of kassen by its dotted name."""
    return {module_name(p): p for p in sorted((ROOT / "kassen").rglob("*.py"))}


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _imports(tree: ast.AST, typing: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree`` outside ``if TYPE_CHECKING:`` blocks (inside them
    too with ``typing``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            elif _type_checking_only(child) and not typing:
                todo.extend(child.orelse)  # type: ignore[attr-defined]
            else:
                todo.append(child)
    return found


def edges(name: str, path: Path, known: dict[str, Path], typing: bool = False) -> set[str]:
    """The kassen modules that ``name`` imports (``from pkg import sub`` counts as ``pkg.sub``
    when ``sub`` is a module, else as ``pkg``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8")), typing):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        out.update(t for t in targets if t in known and t != name)
    return out


def graph(typing: bool = False) -> dict[str, set[str]]:
    """Module → the kassen modules it imports (counting ``if TYPE_CHECKING:`` imports too
    with ``typing``: issue 28 asks for no loop even among the names of types)."""
    known = modules()
    return {name: edges(name, path, known, typing) for name, path in known.items()}


def ruleset_cycles(ruleset: str, typing: bool = True) -> list[list[str]]:
    """The import loops among one ruleset's modules, typing imports counted by default."""
    prefix = f"kassen.rulesets.{ruleset}."
    return [c for c in cycles(graph(typing)) if any(m.startswith(prefix) for m in c)]


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_rulesets_and_lazy_imports() -> None:
    """The walk covers every ruleset and imports inside functions (else the test below could
    pass by not looking)."""
    g = graph()
    for ruleset in ("marguerite", "cardduel", "dice", "skirmish"):
        assert f"kassen.rulesets.{ruleset}.engine" in g
    assert "kassen.core.registry" in g["kassen.core.session"]
    lazy = ast.parse("def f():\n    from kassen.core import tournament\n")
    assert [n.module for n in _imports(lazy)] == ["kassen.core"]


def test_a_cycle_is_found() -> None:
    """The detector reports a two-module and a three-module loop, and nothing in a tree."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycles() -> None:
    """No module of kassen (core, web, cli, every ruleset) imports itself through others,
    not even through the names of types (issue 28: ``if TYPE_CHECKING:`` imports counted)."""
    assert cycles(graph()) == []
    assert cycles(graph(typing=True)) == []
