"""A small, dependency-free bundler for the page's ES modules (issue 16, replay files).

A replay file may not fetch anything, so the viewer's modules go into it as one classic
script: each module becomes a function that fills an exports object, its static ``import …
from "./x.js"`` lines become lookups of the modules it names, ``import(…)`` a lookup that
answers a promise, ``import.meta.url`` a fixed URL that nothing fetches. The graph is followed
from an entry module, never listed: static imports always; for a module that calls
``import(…)``, every relative ``.js`` string literal and every ``${…}`` template of one (each
``${…}`` one path segment, matched against the files there are) is a possible target, kept
when ``keep(path)`` says so (a replay keeps only its own ruleset's views).

The sources are read through ``files`` (a path → text mapping, paths relative to the site
root: ``static/js/battle.js``), so the page's worker and the command line bundle the same
bytes from the same texts. What the bundler cannot follow (a default export, ``export let``,
an import cycle, a module missing from ``files``) is refused with the module's name.
"""

from __future__ import annotations

import fnmatch
import json
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from kassen.replay.jslex import BundleError, Span, dedent, lex, mask, strip_comments

META_BASE = "https://replay.invalid/"
"""``import.meta.url`` of a bundled module: this base plus its path (a reserved name: never
fetched, and nothing in a replay fetches)."""

_SPEC = r"""(?P<q>["'])(?P<spec>[^"'\n]*)(?P=q)"""
_END = r"[ \t]*;?"
_IMPORT = re.compile(r"^import\s*(?:(?P<clause>[^'\";]*?)\s*from\s*)?" + _SPEC + _END, re.M)
_EXPORT_DECL = re.compile(r"^export\s+(?P<kind>async\s+function\s*\*?|function\s*\*?|class"
                          r"|const|let|var)\s*(?P<name>[\w$]+|[{\[])", re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\}(?:\s*from\s*" + _SPEC + r")?" + _END,
                          re.M)
_EXPORT_ALL = re.compile(r"^export\s*\*\s*(?:as\s+(?P<ns>[\w$]+)\s*)?from\s*" + _SPEC + _END,
                         re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\b", re.M)
_DYNAMIC = re.compile(r"(?<![\w$.])import\s*\(")
_META = re.compile(r"(?<![\w$.])import\s*\.\s*meta\s*\.\s*url\b")
_RELATIVE_JS = re.compile(r"^\.\.?/[\w./-]*\.m?js$")


def _names(clause: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` → [(a, a), (b, c)] (imported name, local name)."""
    out = []
    for part in clause.split(","):
        bits = part.split()
        if not bits:
            continue
        if len(bits) == 1:
            out.append((bits[0], bits[0]))
        elif len(bits) == 3 and bits[1] == "as":
            out.append((bits[0], bits[2]))
        else:
            raise BundleError(f"{where}: cannot read the name list {{{clause.strip()}}}")
    return out


@dataclass
class Module:
    """One module as it goes into the bundle: its rewritten body and what it needs."""

    path: str
    body: str
    needs: list[str] = field(default_factory=list)      # static imports, resolved
    maybe: list[str] = field(default_factory=list)      # possible import(…) targets


def _resolve(base: str, spec: str) -> str:
    path = posixpath.normpath(posixpath.join(posixpath.dirname(base), spec))
    if path.startswith("../") or path == "..":
        raise BundleError(f"{base}: {spec!r} leaves the site")
    return path


def _candidates(path: str, src: str, masked: str, spans: list[Span],
                files: Mapping[str, str]) -> list[str]:
    """The modules ``import(…)`` in this module may load: relative ``.js`` string literals
    and ``${…}`` templates of them matched against the files there are."""
    out: list[str] = []
    for s in spans:
        text = src[s.start:s.end]
        if s.kind == "string" and _RELATIVE_JS.match(text[1:-1]):
            out.append(_resolve(path, text[1:-1]))
        elif s.kind == "template" and text.startswith("`") and src.startswith("${", s.end):
            rest = [t for t in spans if t.kind == "template" and t.start > s.start]
            last = next((t for t in rest if src[t.end - 1] == "`"), None)
            whole = src[s.start + 1:last.end - 1] if last else ""
            pattern = re.sub(r"\$\{[^}]*\}", "\x00", whole)
            if not _RELATIVE_JS.match(pattern.replace("\x00", "x")):
                continue
            glob = _resolve(path, pattern).replace("\x00", "*")
            out += [f for f in sorted(files) if fnmatch.fnmatchcase(f, glob)
                    and f.count("/") == glob.count("/")]
    return sorted(set(out) - {path})


def rewrite(path: str, src: str, files: Mapping[str, str]) -> Module:
    """One module's body as a function of ``(__kexports, __kreq, __kdyn)``."""
    src = dedent(strip_comments(src))
    spans = lex(src)
    masked = mask(src, spans)
    if _EXPORT_DEFAULT.search(masked):
        raise BundleError(f"{path}: a default export cannot be bundled (export it by name)")
    module = Module(path, "")
    edits: list[tuple[int, int, str]] = []
    exports: dict[str, str] = {}
    for m in _IMPORT.finditer(masked):
        target = _resolve(path, src[m.start("spec"):m.end("spec")])
        module.needs.append(target)
        ref = f"__kreq({json.dumps(target)})"
        clause = (m.group("clause") or "").strip()
        if not clause:
            code = f"{ref};"
        elif clause.startswith("{") and clause.endswith("}"):
            pairs = _names(clause[1:-1], path)
            names = ", ".join(a if a == b else f"{a}: {b}" for a, b in pairs)
            code = f"const {{ {names} }} = {ref};"
        elif re.fullmatch(r"\*\s*as\s+[\w$]+", clause):
            code = f"const {clause.split()[-1]} = {ref};"
        else:
            raise BundleError(f"{path}: cannot bundle `import {clause} from` (a default import)")
        edits.append((m.start(), m.end(), code))
    for m in _EXPORT_DECL.finditer(masked):
        kind, name = m.group("kind"), m.group("name")
        if kind in ("let", "var"):
            raise BundleError(f"{path}: `export {kind} {name}` is a live binding the bundle "
                              "cannot keep (export a function that reads it)")
        if name in "{[":
            raise BundleError(f"{path}: a destructuring export cannot be bundled")
        exports[name] = name
        edits.append((m.start(), m.start() + len("export"), ""))
    for m in _EXPORT_LIST.finditer(masked):
        pairs = _names(m.group("names"), path)
        if m.group("spec") is not None:
            target = _resolve(path, src[m.start("spec"):m.end("spec")])
            module.needs.append(target)
            local = f"__kre{len(edits)}"
            edits.append((m.start(), m.end(), f"const {local} = __kreq({json.dumps(target)});"))
            exports.update({b: f"{local}.{a}" for a, b in pairs})
        else:
            edits.append((m.start(), m.end(), ""))
            exports.update({b: a for a, b in pairs})
    for m in _EXPORT_ALL.finditer(masked):
        target = _resolve(path, src[m.start("spec"):m.end("spec")])
        module.needs.append(target)
        ref = f"__kreq({json.dumps(target)})"
        code = (f"Object.assign(__kexports, {{ {m.group('ns')}: {ref} }});" if m.group("ns")
                else f"__kall(__kexports, {ref});")
        edits.append((m.start(), m.end(), code))
    if _DYNAMIC.search(masked):
        module.maybe = _candidates(path, src, masked, spans, files)
        edits += [(m.start(), m.end(), "__kdyn(") for m in _DYNAMIC.finditer(masked)]
    edits += [(m.start(), m.end(), json.dumps(META_BASE + path)) for m in _META.finditer(masked)]
    edits.sort()
    out, at = [], 0
    for lo, hi, text in edits:
        if lo < at:
            raise BundleError(f"{path}: overlapping statements near {lo}")
        out += [src[at:lo], text]
        at = hi
    out.append(src[at:])
    getters = ", ".join(f"{json.dumps(k)}: () => {v}" for k, v in exports.items())
    head = f"__kdef(__kexports, {{ {getters} }});\n" if getters else ""
    module.body = head + "".join(out).strip("\n")
    return module


PRELUDE = """(() => {
"use strict";
const defs = {};
const done = new Map();
const __kdef = (exports, getters) => {
  for (const [k, get] of Object.entries(getters)) {
    Object.defineProperty(exports, k, { enumerable: true, get });
  }
};
const __kall = (exports, from) => {
  for (const k of Object.keys(from)) {
    const get = () => from[k];
    if (!(k in exports)) Object.defineProperty(exports, k, { enumerable: true, get });
  }
};
const dir = (id) => id.split("/").slice(0, -1);
function resolve(from, spec) {
  const parts = dir(from);
  for (const p of spec.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== "." && p !== "") parts.push(p);
  }
  return parts.join("/");
}
function __kreq(id) {
  if (!done.has(id)) {
    const exports = {};
    done.set(id, exports);
    const dyn = (spec) => {
      const target = resolve(id, String(spec));
      return target in defs ? Promise.resolve().then(() => __kreq(target))
        : Promise.reject(new Error(`not in this file: ${target}`));
    };
    defs[id](exports, __kreq, dyn);
  }
  return done.get(id);
}
"""


def _order(entry: str, mods: dict[str, Module]) -> list[str]:
    """Modules in evaluation order (dependencies first); an import cycle is refused."""
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(path: str, trail: tuple[str, ...]) -> None:
        if state.get(path) == 2:
            return
        if state.get(path) == 1:
            raise BundleError("an import cycle cannot be bundled: " + " → ".join((*trail, path)))
        state[path] = 1
        for need in mods[path].needs:
            visit(need, (*trail, path))
        state[path] = 2
        order.append(path)

    visit(entry, ())
    for path in mods:  # the possible import(…) targets, after what the entry needs
        visit(path, ())
    return order


def collect(entry: str, files: Mapping[str, str], keep: Callable[[str], bool] = lambda p: True,
            stubs: Mapping[str, str] | None = None) -> dict[str, Module]:
    """Every module reachable from ``entry`` (``stubs`` replace a module's text: a generated
    file the bundle must not depend on), rewritten."""
    stubs = stubs or {}
    mods: dict[str, Module] = {}
    todo = [entry]
    while todo:
        path = todo.pop(0)
        if path in mods:
            continue
        text = stubs.get(path, files.get(path))
        if text is None:
            raise BundleError(f"module not found: {path}")
        mod = rewrite(path, text, files)
        mods[path] = mod
        todo += mod.needs + [p for p in mod.maybe if keep(p) and (p in files or p in stubs)]
    return mods


def bundle(entry: str, files: Mapping[str, str], keep: Callable[[str], bool] = lambda p: True,
           stubs: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    """One classic script that runs ``entry`` with everything it imports, and the modules
    it holds (in evaluation order)."""
    mods = collect(entry, files, keep, stubs)
    order = _order(entry, mods)
    parts = [PRELUDE]
    for path in order:
        parts.append(f"defs[{json.dumps(path)}] = function (__kexports, __kreq, __kdyn) {{\n"
                     f"{mods[path].body}\n}};\n")
    parts.append(f"__kreq({json.dumps(entry)});\n}})();\n")
    return "".join(parts), order


def string_literals(path: str, files: Mapping[str, str]) -> list[str]:
    """The string literals of a module (what it names: a stylesheet, a key)."""
    src = files[path]
    return [src[s.start + 1:s.end - 1] for s in lex(src) if s.kind == "string"]
