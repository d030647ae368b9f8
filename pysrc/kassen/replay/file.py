"""Replay files (issue 16): one self-contained ``.html`` file that plays a battle from disk.

The file holds the battle as the page's battle view plays it (the page's battle payload,
:func:`kassen.web.battle_api.battle_payload`: steps
with events, texts in both languages, views, labels, names, glossary, sum labels, result
texts, record and share link; each step after the first stored as a patch of the one before,
see :func:`encode_steps`), the "why" index entries of the rule ids it carries, the viewer's
modules bundled from ``static/js/replay-main.js`` (:mod:`kassen.replay.bundle`) and the page's
stylesheets, under a Content-Security-Policy that allows that one script and that one style
by their SHA-256 and nothing else: no request of any kind.

The page's worker and ``python -m kassen replay LINK --html FILE`` both call
:func:`replay_html` with the same texts, through
:func:`kassen.web.replay_api.replay_record` (which plays the record again for its payload;
this package imports nothing from ``web``): the page fetches its own files and hands them
over, the command line reads them from the repository, so both write the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from kassen.core import registry
from kassen.replay import bundle as jsbundle
from kassen.replay.steps import encode_steps, pack

ENTRY = "static/js/replay-main.js"
PAGE = "index.html"
STUBS = {
    "static/vendor/build.mjs": "export const BUILD = {};\n",
    "static/js/options.js": "export function revealOption() {}\n",
}
"""Modules a replay holds in a stand-in: generated files (the command line has no site
build; :func:`stubs` adds the list of rule systems) and the set-up's rule options (a replay
has no set-up; "Open in the set-up" is hidden by ``replay.css``)."""


def stubs(ruleset: str, files: Mapping[str, str]) -> dict[str, str]:
    """The stand-ins of a replay of ``ruleset``: :data:`STUBS` and the build's list of rule
    systems (``static/vendor/rulesets.js``, as ``scripts/build_site.py`` writes it) holding
    only that system, with the loader of its own view when it has one."""
    view = f"static/js/rulesets/{ruleset}/view.js"
    load = f'() => import("../js/rulesets/{ruleset}/view.js")' if view in files else "null"
    listed = (f"export const RULESETS = [\n  {{ id: {json.dumps(ruleset)}, view: {load}, "
              "form: null },\n];\n")
    return {**STUBS, "static/vendor/rulesets.js": listed}


MAX_BYTES = 300_000
"""What a typical battle's file stays under (measured per ruleset in the tests)."""
_SITE = re.compile(r"^https?://[A-Za-z0-9._~:/?@!$&()*+=%-]+$")
_STYLESHEET = re.compile(r"""<link\s+rel="stylesheet"\s+href="([^"]+)"\s*>""")


def used_rules(steps: Iterable[dict[str, Any]]) -> list[str]:
    """The distinct rule ids a battle's events carry, sorted."""
    return sorted({e["rule"] for s in steps for e in s.get("events", []) if e.get("rule")})


def why_subset(index: Mapping[str, Any], rules: Iterable[str]) -> dict[str, Any]:
    """The part of a system's "why" index (``rulesindex.why_index``) that ``rules`` need,
    in the same shape (parts numbered afresh)."""
    parts: list[Any] = []
    options: dict[str, Any] = dict(index.get("options", {}))   # all: rule texts name them
    out: dict[str, Any] = {}
    for rule in sorted(set(rules)):
        entry = index.get("rules", {}).get(rule)
        if not entry:
            continue
        numbers = []
        for n in entry["parts"]:
            part = index["parts"][n]
            if part not in parts:
                parts.append(part)
            numbers.append(parts.index(part))
        out[rule] = {**entry, "parts": numbers}
    return {"parts": parts, "options": options, "rules": out}


def _keeps(ruleset: str) -> Any:
    """Whether a possible ``import(…)`` target belongs in a replay of ``ruleset``: not when
    its path names another ruleset (``views/dice.js``, ``rulesets/dice/view.js``)."""
    others = registry.known() - {ruleset}  # names only: imports no other ruleset
    return lambda path: not others & set(re.split(r"[/_.-]", path))


def _section(page: str, ident: str) -> str:
    """The ``<section id=ident>`` element of the page, nested sections and all."""
    start = page.find(f'<section id="{ident}"')
    if start < 0:
        raise jsbundle.BundleError(f"{PAGE}: no <section id=\"{ident}\">")
    depth, at = 0, start
    for m in re.finditer(r"<(/?)section\b", page[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            at = start + m.start()
            break
    return page[start:page.index(">", at) + 1]


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _safe(text: str, tag: str, where: str) -> str:
    if re.search(rf"</{tag}|<!--", text, re.I):
        raise jsbundle.BundleError(f"{where} holds </{tag} or <!--: it would end its element")
    return text


def data_json(value: Any) -> str:
    """JSON for a ``<script type="application/json">`` block: every ``<`` written as
    ``\\u003c``, so no text inside (a build's name) can close the block or open a comment."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def check_site(site: str | None) -> str | None:
    """The site URL a replay links to (``https://…``), or None; anything else is refused."""
    if site in (None, ""):
        return None
    if not isinstance(site, str) or len(site) > 2000 or not _SITE.match(site):
        raise ValueError("the site's URL: http(s)://… without spaces, quotes, ';' or '#'")
    return site


def stylesheets(files: Mapping[str, str], modules: list[str], ruleset: str) -> list[str]:
    """The page's own stylesheets (its ``<head>``), then those the bundled modules name."""
    head = files[PAGE].split("</head>")[0]
    out = _STYLESHEET.findall(head)
    known = {**files, **stubs(ruleset, files)}
    for path in modules:
        out += [s for s in jsbundle.string_literals(path, known) if s.endswith(".css")]
    seen = list(dict.fromkeys(out))
    missing = [s for s in seen if s not in files]
    if missing:
        raise jsbundle.BundleError(f"stylesheet not found: {', '.join(missing)}")
    return seen


def replay_html(payload: Mapping[str, Any], files: Mapping[str, str], why: Mapping[str, Any],
                site: str | None) -> str:
    """The replay file of a battle ``payload`` (``battle_payload``), from the site's
    texts ``files`` (path → text: ``index.html``, ``static/js/…``, ``static/css/…``), the
    system's whole "why" index and the site URL its links open (None: none)."""
    site = check_site(site)
    ruleset = str(payload["ruleset"])
    script, modules = jsbundle.bundle(ENTRY, files, _keeps(ruleset), stubs(ruleset, files))
    style = "\n".join(_css(files[p]) for p in stylesheets(files, modules, ruleset))
    battle = {k: v for k, v in payload.items() if k != "steps"}
    battle["steps_encoded"] = encode_steps(list(payload["steps"]))
    inner = json.dumps({"site": site, "battle": battle, "why": why_subset(why, used_rules(
        payload["steps"]))}, ensure_ascii=False, separators=(",", ":"))
    data = {"kassen": "replay", "version": 1, "packed": pack(inner)}
    script = _safe(script, "script", "the bundled script")
    style = _safe(style, "style", "the stylesheets")
    base_uri = html.escape(site) if site else "'none'"
    csp = (f"default-src 'none'; script-src {_sha(script)}; style-src {_sha(style)}; "
           f"base-uri {base_uri}; form-action 'none'")
    base = f'<base href="{html.escape(site)}">\n' if site else ""
    link = f"{site}{payload.get('link', '')}" if site else ""
    return (
        '<!doctype html>\n<html lang="ja"' + ("" if site else " data-no-site") + ">\n<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        f"{base}<title>Kassen 合戦 replay</title>\n<style>{style}</style>\n</head>\n"
        '<body class="replay-file">\n<header class="top">\n'
        '  <h1>Kassen <span lang="ja">合戦</span></h1>\n'
        '  <p class="tagline" id="replay-title"></p>\n'
        '  <div class="lang" role="group" aria-label="Language / 言語">\n'
        '    <button type="button" data-lang="ja" aria-pressed="true" lang="ja">日本語</button>\n'
        '    <button type="button" data-lang="en" aria-pressed="false" lang="en">English</button>\n'
        "  </div>\n</header>\n"
        + (f'<p class="replay-link"><a id="replay-link" href="{html.escape(link)}"></a></p>\n'
           if site else '<details class="replay-link"><summary id="replay-link-label"></summary>'
           f'<code id="replay-link">{html.escape(str(payload.get("link", "")))}</code></details>\n')
        + "<main>\n" + _section(files[PAGE], "viewer") + "\n</main>\n"
        f'<script type="application/json" id="replay-data">{data_json(data)}</script>\n'
        f"<script>{script}</script>\n</body>\n</html>\n")


def _css(text: str) -> str:
    """A stylesheet without its comments and blank lines."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


PACKAGED = Path(__file__).resolve().parents[1] / "_site"
"""Where an installed package keeps the site's texts (``setup.py`` copies them there)."""


def site_root() -> Path:
    """The folder holding ``index.html`` and ``static/``: the repository this module runs
    from, else the installed package's copy (:data:`PACKAGED`)."""
    repo = Path(__file__).resolve().parents[3]
    return repo if (repo / ENTRY).is_file() else PACKAGED


def repo_files(root: Path | None = None) -> dict[str, str]:
    """The site's texts a replay is made of, read from a clone of the repository or the
    installed package's copy (the same set the page hands its worker: ``index.html``,
    ``static/js``, ``static/css``)."""
    root = root or site_root()
    if not (root / PAGE).is_file() or not (root / ENTRY).is_file():
        raise FileNotFoundError(f"no site sources at {root} (a replay file needs the "
                                "viewer's files: install with pip install . or run from a "
                                "clone of the repository)")
    out = {PAGE: (root / PAGE).read_text(encoding="utf-8")}
    for folder in ("static/js", "static/css"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in (".js", ".mjs", ".css"):
                out[path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    return out


def is_site_file(path: str) -> bool:
    """Whether the page hands ``path`` to the worker for a replay (what :func:`repo_files`
    reads)."""
    return path == PAGE or bool(re.match(r"^static/(js|css)/.+\.(js|mjs|css)$", path))

