"""Issue 28, "rulesets register themselves": a fifth ruleset is its own folder and edits no
shared file. ``tests/tinyrule.py`` (the smallest complete ruleset) is dropped as the folder
``kassen/rulesets/tiny/`` into a copy of the package, the copy differs from the repository by
that folder only, and the registry finds it: listed, played, its link opens to the same
battle, from the source tree and from a zip on ``sys.path`` (how a wheel is imported). And
no shared file names one of the four built-in rulesets, so none has to be edited for a fifth.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kassen import rulesets
from kassen.core import registry

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "tinyrule.py"
BUILT_IN = ("marguerite", "cardduel", "dice", "skirmish")

SCRIPT = """
import json, sys
from kassen.core import registry
from kassen.web import api

before = sorted(m for m in sys.modules if m.startswith("kassen.rulesets."))
known = sorted(registry.known())
after_known = sorted(m for m in sys.modules if m.startswith("kassen.rulesets."))
registry.get("tiny")
after_get = sorted({m.split(".")[2] for m in sys.modules if m.startswith("kassen.rulesets.")})
played = json.loads(api.battle(json.dumps(
    {"ruleset": "tiny", "sides": ["a:10", "b:12"], "seed": "fifth"})))
opened = json.loads(api.open_link(played["link"]))
print(json.dumps({"known": known, "imported_by_known": after_known != before,
                  "imported_by_get": after_get, "ids": registry.ids(),
                  "listed": [r["id"] for r in json.loads(api.hello())["rulesets"]],
                  "played": played["ok"], "result": played["result"],
                  "digest": played["digest"], "reopened": opened.get("digest"),
                  "file": registry.get("tiny").__class__.__module__}))
"""


def _files(tree: Path) -> dict[str, bytes]:
    """Every file of a package tree (no caches), by path relative to it."""
    return {p.relative_to(tree).as_posix(): p.read_bytes() for p in sorted(tree.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``pysrc/`` with the fifth ruleset dropped in as its own folder."""
    src = tmp_path_factory.mktemp("fifth") / "src"
    shutil.copytree(ROOT / "pysrc" / "kassen", src / "kassen",
                    ignore=shutil.ignore_patterns("__pycache__", "_site"))
    (src / "kassen" / "rulesets" / "tiny").mkdir()
    shutil.copyfile(TINY, src / "kassen" / "rulesets" / "tiny" / "__init__.py")
    return src


def _run(path: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_the_fifth_ruleset_adds_its_folder_and_changes_no_other_file(tree: Path) -> None:
    """The copy differs from the repository's package by ``rulesets/tiny/`` only."""
    ours = _files(ROOT / "pysrc" / "kassen")
    theirs = _files(tree / "kassen")
    assert {k: v for k, v in theirs.items() if k in ours} == {
        k: v for k, v in ours.items() if not k.startswith("_site/")}
    assert sorted(set(theirs) - set(ours)) == ["rulesets/tiny/__init__.py"]


@pytest.mark.parametrize("packed", [False, True], ids=["source-tree", "zip-on-sys-path"])
def test_the_fifth_ruleset_is_found_listed_played_and_its_link_opens(
        tree: Path, tmp_path: Path, packed: bool) -> None:
    """Listed last (it declares no ``order``), after the four in their declared order; listing
    names imports no ruleset and ``get`` imports only the one asked for; its battle plays and
    its share link replays to the same digest."""
    path = tree
    if packed:
        path = tmp_path / "kassen.zip"
        with zipfile.ZipFile(path, "w") as zf:
            for name, data in _files(tree).items():
                zf.writestr(name, data)
    done = _run(path, tmp_path, "-c", SCRIPT)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["file"] == "kassen.rulesets.tiny"
    assert out["known"] == sorted([*BUILT_IN, "tiny"])
    assert out["imported_by_known"] is False
    assert out["imported_by_get"] == ["tiny"]
    assert out["ids"] == out["listed"] == [*BUILT_IN, "tiny"]
    assert out["played"] is True and out["result"]["reason"] in ("knockout", "draw")
    assert out["reopened"] == out["digest"]


def test_the_command_line_lists_and_plays_the_fifth_ruleset(tree: Path, tmp_path: Path) -> None:
    """``python -m kassen rulesets`` lists it and ``battle tiny`` plays it."""
    listed = _run(tree, tmp_path, "-m", "kassen", "rulesets", "--json")
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert [r["id"] for r in json.loads(listed.stdout)] == [*BUILT_IN, "tiny"]
    played = _run(tree, tmp_path, "-m", "kassen", "battle", "tiny", "--build", "a:10",
                  "--build", "b:12", "--seed", "fifth", "--lang", "en")
    assert played.returncode == 0, played.stderr[-2000:]
    assert "result: winner_side=" in played.stdout


@pytest.fixture
def extra_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Write ``<name>/__init__.py`` (tinyrule's text plus ``tail``) in a folder on
    ``kassen.rulesets.__path__``, as a namespace-style extension; forgotten afterwards."""
    monkeypatch.setattr(rulesets, "__path__", [*rulesets.__path__, str(tmp_path)])
    made: list[str] = []

    def make(name: str, tail: str = "", text: str | None = None) -> None:
        (tmp_path / name).mkdir()
        text = TINY.read_text(encoding="utf-8") if text is None else text
        (tmp_path / name / "__init__.py").write_text(text + tail, encoding="utf-8")
        made.append(name)

    yield make
    for name in made:
        registry._loaded.pop(name, None)
        sys.modules.pop(f"kassen.rulesets.{name}", None)


def test_a_declared_order_places_the_ruleset_among_the_others(extra_folder) -> None:
    """``Ruleset.order`` 25 lists it between the card duel (20) and the dice (30)."""
    extra_folder("tiny", "\nTinyRuleset.order = 25\n")
    assert registry.ids() == ["marguerite", "cardduel", "tiny", "dice", "skirmish"]
    assert registry.get("tiny").order == 25


def test_a_folder_named_otherwise_than_its_ruleset_is_refused_with_its_place(
        extra_folder) -> None:
    """A folder's name is its ruleset's id: ``wrong/`` holding ``tiny`` is a located error."""
    extra_folder("wrong")
    with pytest.raises(registry.RulesetFolderError,
                       match=r"kassen/rulesets/wrong/__init__.py: RULESET.id is 'tiny'"):
        registry.get("wrong")


def test_a_folder_without_a_ruleset_is_refused_with_its_place(extra_folder) -> None:
    """A folder here is a ruleset: one whose ``__init__`` defines no ``RULESET`` is named."""
    extra_folder("helpers", text='"""Shared helpers, misplaced."""\n')
    with pytest.raises(registry.RulesetFolderError,
                       match=r"kassen/rulesets/helpers/__init__.py: RULESET is not a "):
        registry.get("helpers")
    extra_folder("_helpers", text='"""Shared helpers."""\n')
    assert "_helpers" not in registry.known()


# -- no shared file names a ruleset ----------------------------------------------------------

NAMED = re.compile(r"(?:^|[/#])(" + "|".join(BUILT_IN) + r")(?:$|[-./_])")
"""A string that is a ruleset id, or names one as a path or anchor part ("dice",
"rulesets/dice/view.js", "#dice-A7"); not the word in a sentence ("a dice sheet")."""
JS_COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=[\s;{}(),]))//[^\n]*", re.S)
JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")


def python_names(source: str) -> list[str]:
    """The string constants of Python source (docstrings left out) that name a ruleset."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs and NAMED.search(node.value)]


def script_names(source: str) -> list[str]:
    """The string literals of JavaScript or HTML (comments left out) that name a ruleset."""
    return [s for s in JS_STRING.findall(JS_COMMENT.sub("", source)) if NAMED.search(s[1:-1])]


def shared_files() -> list[Path]:
    """Every file a fifth ruleset must not have to edit: the engine outside the rulesets'
    folders, the page's shared scripts, pages and worker, the site build, the test markers'
    and seed quotes' tools, the e2e helpers."""
    own = ROOT / "pysrc" / "kassen" / "rulesets"
    files = [p for p in (ROOT / "pysrc" / "kassen").rglob("*.py")
             if own not in p.parents or p.parent == own]
    files += [p for p in (ROOT / "static").rglob("*") if p.suffix in (".js", ".mjs", ".py")
              and "vendor" not in p.parts and ROOT / "static" / "js" / "rulesets" not in p.parents]
    files += [ROOT / n for n in ("index.html", "rules.html", "sw.js", "scripts/build_site.py",
                                 "scripts/rule_markers.py", "scripts/seed_quotes.py",
                                 "e2e/conftest.py",
                                 "e2e/helpers.py", "e2e/rough.py")]
    return sorted(files)


def test_the_scan_finds_a_ruleset_named_in_shared_code() -> None:
    """The checker below is not blind: the shapes that used to be there are caught."""
    assert python_names('"""About dice."""\nif ruleset_id == "dice":\n    pass\n') == ["dice"]
    assert python_names('PAGES = "static/js/rulesets/skirmish/view.js"\n')
    assert python_names('x = f"{a}"\n"a dice sheet"\n') == []
    assert script_names('const w = battle.ruleset === "dice" ? "LP" : "HP";') == ['"dice"']
    assert script_names("// #marguerite-R8.5 in a comment\nfetch('#cardduel-5.1')") == [
        "'#cardduel-5.1'"]
    assert script_names('<option value="skirmish">') == ['"skirmish"']
    assert script_names('svg("http://www.w3.org/2000/svg"); // "dice"') == []


def test_no_shared_file_names_a_ruleset() -> None:
    """Shared code gets what differs per ruleset from the ruleset (its ``Ruleset``
    attributes, ``glossary()``, its page folder), never by testing for its id."""
    found = {}
    for path in shared_files():
        text = path.read_text(encoding="utf-8")
        names = python_names(text) if path.suffix == ".py" else script_names(text)
        if names:
            found[path.relative_to(ROOT).as_posix()] = names
    assert len(shared_files()) > 60
    assert found == {}
