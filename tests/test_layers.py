"""The layers of ``kassen`` (issue 28: "a core that is a core").

The kernel (``kassen.core``: rng, events, records, links, options, driver, registry, session…)
imports nothing from the applications built on it (tournaments, bench, lab, the command line,
the page's API, the replay files, the rule index) nor from any ruleset; a ruleset imports only
the kernel and its own folder. Every import statement counts: at module level, inside
functions, and under ``if TYPE_CHECKING:`` (a name imported for a type is still a dependency).
"""

from __future__ import annotations

import ast

from test_import_cycles import _imports, edges, modules

KERNEL = "kassen.core"
RULESETS = "kassen.rulesets"
SHARED = {"kassen"}
"""The package root (``ENGINE_VERSION``): every layer may read it."""
KERNEL_MAY_NAME = {RULESETS}
"""``kassen.rulesets`` itself (the built-in list the registry loads), not a ruleset's modules."""


def _in(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _ruleset_of(name: str) -> str:
    """``kassen.rulesets.dice.rules.x`` → ``kassen.rulesets.dice``."""
    return ".".join(name.split(".")[:3])


def kernel_violations(graph: dict[str, set[str]]) -> list[str]:
    """``importer -> imported`` for each kernel import outside the kernel."""
    return sorted(f"{a} -> {b}" for a, targets in graph.items() if _in(a, KERNEL)
                  for b in targets
                  if not _in(b, KERNEL) and b not in SHARED and b not in KERNEL_MAY_NAME)


def ruleset_violations(graph: dict[str, set[str]]) -> list[str]:
    """``importer -> imported`` for each ruleset import outside the kernel and its own folder."""
    out = []
    for a, targets in graph.items():
        if not _in(a, RULESETS) or a == RULESETS:
            continue
        own = _ruleset_of(a)
        out += [f"{a} -> {b}" for b in targets
                if not _in(b, KERNEL) and b not in SHARED and not _in(b, own)]
    return sorted(out)


def full_graph() -> dict[str, set[str]]:
    """Module → the kassen modules it imports, typing-only imports included."""
    known = modules()
    return {name: edges(name, path, known, typing=True) for name, path in known.items()}


def test_the_kernel_imports_no_application_and_no_ruleset() -> None:
    """No module of ``kassen.core`` imports tournaments, bench, lab, cli, web, replay, the rule
    index or a ruleset's modules."""
    assert kernel_violations(full_graph()) == []


def test_rulesets_import_only_the_kernel_and_their_own_folder() -> None:
    """A ruleset reads the kernel and its own modules, nothing else (no other ruleset, no
    application)."""
    assert ruleset_violations(full_graph()) == []


def test_replay_files_import_only_the_kernel() -> None:
    """``kassen.replay`` (the replay file, its steps, the bundler) is called by the page's API
    and the command line and imports neither: one direction only (issue 28: ``web`` and
    ``replay_html`` imported each other from inside functions)."""
    graph = full_graph()
    assert "kassen.replay.file" in graph
    assert sorted(f"{a} -> {b}" for a, targets in graph.items() if _in(a, "kassen.replay")
                  for b in targets if not (_in(b, KERNEL) or _in(b, "kassen.replay")
                                           or b in SHARED)) == []


def test_only_the_command_line_imports_its_optional_libraries() -> None:
    """``rich`` (the ``cli`` extra) is imported by ``kassen.cli`` alone: the engine the page
    loads stays free of dependencies."""
    found = []
    for name, path in modules().items():
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")), typing=True):
            roots = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""])
            found += [name for root in roots if root.split(".")[0] in ("rich", "wcwidth")]
    assert found and all(_in(name, "kassen.cli") for name in found), found


def test_the_checks_see_a_wrong_import() -> None:
    """The checks flag a kernel → application import and a ruleset → other ruleset import, so
    the two tests above can fail (the walk itself is ``test_import_cycles``'s)."""
    graph = full_graph()
    assert "kassen.core.session" in graph and "kassen.rulesets.dice.ruleset" in graph
    assert len([name for name in graph if _in(name, KERNEL)]) > 15
    bad = {"kassen.core.session": {"kassen.tournament.formats", "kassen.core.rng"},
           "kassen.rulesets.dice.rules.x": {"kassen.rulesets.marguerite.model",
                                            "kassen.rulesets.dice.model", "kassen.lab.search"}}
    assert kernel_violations(bad) == ["kassen.core.session -> kassen.tournament.formats"]
    assert ruleset_violations(bad) == ["kassen.rulesets.dice.rules.x -> kassen.lab.search",
                                       "kassen.rulesets.dice.rules.x -> "
                                       "kassen.rulesets.marguerite.model"]
