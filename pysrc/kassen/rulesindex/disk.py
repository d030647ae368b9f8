"""The rule index on disk and at play: load a system's entries from ``docs/rules/`` (English)
and ``docs/rules/ja/`` (its Japanese edition, file for file; an English file stands in for a
translation not written yet), collect the rule ids its events, options and problems carry,
and find the code and tests that cite a rule (``python -m kassen rules``; issues 16, 17, 26)."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kassen.core import registry
from kassen.core.problems import ProblemError
from kassen.core.rng import Rng
from kassen.rulesindex import code
from kassen.rulesindex import doc as rulesdoc
from kassen.rulesindex import why as rulewhy

PYSRC = Path(__file__).resolve().parents[1]  # the kassen package
ROOT = PYSRC.parents[1]
DOCS = ROOT / "docs" / "rules"
if not DOCS.is_dir():  # an installed package: its copy of docs/rules (setup.py)
    DOCS = PYSRC / "_site" / "docs" / "rules"
QUOTES = DOCS / "seed-quotes"
LANGS = ("ja", "en")
OPTION_FIELDS = ("key", "label_ja", "label_en", "default", "kind", "choices", "rule")
TESTS = ROOT / "tests"
# a string literal that reads as a rule id: R8.5, §11 ガード, §7 A2-3 D12, D1/A7, N11/A16
_RULE_LITERAL = re.compile(
    r"^(?:§\d[^\n]{0,40}|R\d+(?:\.\d+)*[a-z]?|[A-Z]{1,2}\d+(?:[/ ][^\n]{0,30})?)$")


def files(system: str, docs: Path | None = None) -> list[Path]:
    """A system's English documents: its spec, then companions ``<id>-*.md`` (``docs`` is
    ``docs/rules/`` unless given)."""
    docs = docs or DOCS
    return [f for f in [docs / f"{system}.md", *sorted(docs.glob(f"{system}-*.md"))]
            if f.is_file()]


def translated(system: str, lang: str = "ja", docs: Path | None = None) -> list[str]:
    """The names of a system's documents that have an edition in ``lang``
    (``docs/rules/<lang>/<same name>``); English has them all."""
    docs = docs or DOCS
    return [f.name for f in files(system, docs)
            if lang == "en" or (docs / lang / f.name).is_file()]


def blocks(system: str, docs: Path | None = None, lang: str = "en",
           folder: Path | None = None) -> list[dict[str, Any]]:
    """A system's rules reference blocks in one language; an English document stands in for
    a translation not written yet (its blocks marked ``"lang": "en"``)."""
    docs = docs or DOCS
    texts: list[str] = []
    stand_in: list[int] = []
    for n, path in enumerate(files(system, docs)):
        edition = docs / lang / path.name
        if lang != "en" and edition.is_file():
            path = edition
        elif lang != "en":
            stand_in.append(n)
        texts.append(path.read_text(encoding="utf-8"))
    title = source(system, folder or docs / "seed-quotes").get("title", "")
    return rulesdoc.document(system, texts, title=title, stand_in=stand_in)


def _quote_file(system: str, folder: Path) -> dict[str, Any]:
    path = folder / f"{system}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def source(system: str, folder: Path = QUOTES) -> dict[str, str]:
    """The seed text a system's quotes come from: ``title`` (its own title, Japanese) and
    ``title_en`` (the same for an English reader)."""
    return dict(_quote_file(system, folder).get("source") or {})


def quotes(system: str, folder: Path = QUOTES) -> dict[str, dict[str, Any]]:
    """The seed quotes kept for a system: rule id → quote, its place in the seed text
    (``section``: the seed's heading, or ``line``), how it was found, whether a person has
    reviewed it, and the seed's ``title``."""
    data = _quote_file(system, folder)
    title = (data.get("source") or {}).get("title", "")
    return {rule: {**quote, "title": title} for rule, quote in (data.get("quotes") or {}).items()}


def index(system: str, docs: Path | None = None) -> rulewhy.Index:
    """The rule index of one system (both editions), read from the repository."""
    docs = docs or DOCS
    options = [o.to_json() for o in registry.get(system).options]
    folder = docs / "seed-quotes"
    return rulewhy.Index(system, blocks(system, docs, folder=folder), quotes(system, folder),
                         options, blocks_ja=blocks(system, docs, "ja", folder))


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _rule_strings(tree: ast.AST) -> Iterable[tuple[str, int]]:
    """(literal, line) for each rule id the code passes: ``rule="…"`` anywhere, a rule-like
    positional argument of an emit/add/Problem/OptionSpec call, a ``rule`` parameter's
    default."""
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.keyword) and node.arg == "rule":
            values = [node.value]
        elif isinstance(node, ast.Call) and re.search(r"emit|^add$|roblem|Option",
                                                      _call_name(node)):
            values = list(node.args)
        elif isinstance(node, ast.arguments):
            names = [a.arg for a in node.posonlyargs + node.args]
            values = [d for n, d in zip(names[-len(node.defaults):], node.defaults, strict=False)
                      if n == "rule"] if node.defaults else []
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) \
                    and _RULE_LITERAL.match(value.value):
                yield value.value, value.lineno


def literal_rules(system: str) -> set[str]:
    """Rule ids written out in a ruleset's code (what its emit/Problem/option calls pass)."""
    out: set[str] = set()
    for path in sorted((PYSRC / "rulesets" / system).rglob("*.py")):
        out.update(r for r, _ in _rule_strings(ast.parse(path.read_text(encoding="utf-8"))))
    return out


def played_rules(system: str, battles: Iterable[tuple[list[str], dict[str, Any], str]]) -> set[str]:
    """The rule ids the events of the given battles (sides, options, seed) carry, the rules
    their breakdowns' terms cite included."""
    from kassen.core import session, sums

    out: set[str] = set()
    for sides, opts, seed in battles:
        try:
            prepared = session.prepare(system, sides, opts, seed)
        except ProblemError as err:
            out.update(p.rule for p in err.problems if p.rule)
            continue
        for step in session.run(prepared).battle.rec.steps:
            for e in step.events:
                if e.rule:
                    out.add(e.rule)
                for terms in sums.event_sums(e.values).values():
                    out.update(sums.rules(terms))
    return out


def random_battles(system: str, count: int, seed: str = "xo1:rule-walk"
                   ) -> list[tuple[list[str], dict[str, Any], str]]:
    """``count`` random legal pairings under the default options, each with its seed."""
    ruleset = registry.get(system)
    rng = Rng(f"{seed}-{system}")
    out: list[tuple[list[str], dict[str, Any], str]] = []
    for k in range(count):
        a, b = ruleset.random_build(rng), ruleset.random_build(rng)
        if a is None or b is None:
            break
        out.append(([a, b], {}, f"{seed}-{k}"))
    return out


def known_rules(system: str, battles: int = 60) -> set[str]:
    """Every rule id we know the system can carry: options, code literals, random battles."""
    ruleset = registry.get(system)
    found = {o.rule for o in ruleset.options if o.rule}
    found |= literal_rules(system)
    found |= set(index(system).named_ids())
    samples = [s.text for s in ruleset.samples]
    found |= played_rules(system, [([a, b], {}, f"xo1:rule-walk-sample-{i}-{j}")
                                   for i, a in enumerate(samples) for j, b in enumerate(samples)])
    found |= played_rules(system, random_battles(system, battles))
    return found


def why_index(system: str, docs: Path | None = None) -> dict[str, Any]:
    """The "why" panels' index of a system (``static/vendor/rules/why-<id>.json``, and what a
    replay file carries a part of): each known rule id → its entry, the spec parts (each in
    English and, where the Japanese edition has it, Japanese) and the options it names given
    once (entries name them by number and key)."""
    idx = index(system, docs)
    parts: list[dict[str, Any]] = []
    # every option, so a panel can name any option key the rule text mentions in words
    options: dict[str, dict[str, Any]] = {o["key"]: {k: o[k] for k in OPTION_FIELDS}
                                          for o in idx.options}
    rules: dict[str, dict[str, Any]] = {}
    for rule in sorted(known_rules(system)):
        entry = idx.entry(rule)
        if not entry:
            continue
        numbers = []
        for part in entry["parts"]:
            if part not in parts:
                parts.append(part)
            numbers.append(parts.index(part))
        for option in entry["options"]:
            options[option["key"]] = option
        rules[rule] = {"parts": numbers, "tags": entry["tags"], "seed": entry["seed"],
                       "name_ja": entry["name_ja"], "options": [o["key"] for o in entry["options"]]}
    return {"parts": parts, "options": options, "rules": rules}


def where(rule: str, system: str | None = None) -> dict[str, Any]:
    """Where a rule id stands in the code and the tests: ``code``, each site as ``path:line``;
    ``sites``, the same with the enclosing function and how the id stands there
    (:mod:`kassen.rulesindex.code`: ``@implements``, an event, a row, an option…); ``tests``,
    the tests that cite it. With ``system`` only that ruleset's folder among the rulesets."""
    files = [path for path in sorted(PYSRC.rglob("*.py"))
             if not (system and "rulesets" in path.parts and system not in path.parts)]
    found = code.sites(rule, files, ROOT)
    return {"code": [f"{s.path}:{s.line}" for s in found],
            "sites": [s.to_json() for s in found], "tests": cited_by(rule)}


def _cites(rule: str, text: str) -> bool:
    compact = re.sub(r"[§\s]", "", rule).replace(".", "_").lower()
    return rule in text or (bool(compact) and compact in text.lower())


def cited_by(rule: str, tests: Path = TESTS) -> list[str]:
    """Tests whose name, docstring or ``@pytest.mark.rule`` marker cites the rule id."""
    out: list[str] = []
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test"):
                continue
            marks = [a.value for d in node.decorator_list if isinstance(d, ast.Call)
                     and getattr(d.func, "attr", "") == "rule"
                     for a in d.args if isinstance(a, ast.Constant)]
            doc = ast.get_docstring(node) or ""
            if rule in marks or _cites(rule, node.name) or re.search(
                    rf"(?<![\w.]){re.escape(rule)}(?![\w.])", doc):
                out.append(f"{path.relative_to(ROOT)}::{node.name}")
    return out
