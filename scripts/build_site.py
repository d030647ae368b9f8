#!/usr/bin/env python3
"""Build what the page needs into ``static/vendor/`` (generated, git-ignored).

Steps: ``npm ci`` (``npm install`` when there is no lock), build the engine wheel from the
repository, then copy the Pyodide runtime and the wheel into
``static/vendor/``, write a trimmed Pyodide lock that names only our wheel, write the rules
reference (``docs/rules/``, as anchored blocks), ``static/vendor/rulesets.js`` (the page's rule
systems, from the registry) and ``static/vendor/build.mjs`` with the file names and a build id
the page uses, and ``static/vendor/version.mjs`` (the build id, the engine's file names and the
SHA-256 of every file the offline cache holds: what the service worker and the engine worker
read). Last, a gzip copy ``X.gz`` is written beside every file
of ``static/vendor/`` that compresses well, and a brotli copy ``X.br`` beside the large ones
(scripts/brotli.mjs; scripts/serve.py sends the best copy the browser accepts; docs/page.md
says how another static host can).

Usage: ``python3 scripts/build_site.py [--skip-npm] [--no-brotli]``

Test builds only: ``KASSEN_EXTRA_RULESETS=tests/tinyrule.py[,…]`` (paths of ruleset modules,
relative to the repository) adds those rulesets to the engine wheel as if they were built in,
so a browser test can play a ruleset that has no page code at all. The page never reads it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from base64 import urlsafe_b64encode
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when imported by a test
from precompress import precompress, precompress_brotli

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT  # where the page lives (index.html, static/); --site writes a copy elsewhere
VENDOR = SITE / "static" / "vendor"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
RULES = ROOT / "docs" / "rules"  # the project's own rules reference (see README)
PAGES = SITE / "static" / "js" / "rulesets"  # each ruleset's own page modules, by id
PAGE_PARTS = ("view", "form")  # <id>/view.js (battle board), <id>/form.js (build form)
EXTRA_ENV = "KASSEN_EXTRA_RULESETS"


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {message}", flush=True)


def npm_install() -> None:
    """Install the pinned front-end runtime from the npm registry."""
    lock = ROOT / "package-lock.json"
    cmd = ["npm", "ci" if lock.exists() else "install", "--no-audit", "--no-fund"]
    marker = NODE / ".package-lock.json"
    if marker.exists() and lock.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        log("node_modules is up to date")
        return
    log(" ".join(cmd))
    subprocess.run(cmd, cwd=ROOT, check=True)


def build_wheel(out: Path) -> Path:
    """Build the engine wheel (pure Python, no dependencies) and return its path."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
               "-w", tmp]
        log("pip wheel . --no-deps")
        # the page's wheel is the engine alone (setup.py: no replay viewer files)
        env = {**os.environ, "KASSEN_ENGINE_ONLY": "1"}
        subprocess.run(cmd, check=True, cwd=ROOT, env=env)
        wheels = sorted(Path(tmp).glob("kassen-*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"expected one kassen wheel, found {wheels}")
        out.mkdir(parents=True, exist_ok=True)
        target = out / wheels[0].name
        shutil.copy2(wheels[0], target)
    # setuptools leaves these behind in the source tree
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return target


def sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_trimmed_lock(pyodide_dir: Path, wheel: Path) -> None:
    """Replace Pyodide's 111 KB package index with one naming only our wheel."""
    full = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    name = wheel.name.split("-")[0]
    version = wheel.name.split("-")[1]
    lock = {
        "info": full["info"],
        "packages": {
            name: {
                "name": name, "version": version, "file_name": f"../kassen/{wheel.name}",
                "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
                "imports": [name], "depends": [], "unvendored_tests": False,
                "shared_library": False,
            }
        },
    }
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def copy_runtime() -> None:
    """Copy Pyodide into the vendor folder (the engine worker boots it directly; PyScript is
    not vendored since issue 29)."""
    pyodide_dir = VENDOR / "pyodide"
    pyodide_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, pyodide_dir / name)
    axe_dir = VENDOR / "axe"  # accessibility checks in e2e only; the page never loads it
    axe_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy2(NODE / "axe-core" / "axe.min.js", axe_dir / "axe.min.js")


def copy_rules(hello: dict) -> tuple[list[str], dict[str, dict[str, list[str]]]]:
    """Write each system's rules reference in each language as anchored blocks for the rules
    page (``rules/<id>.<lang>.json``: English from ``docs/rules/<id>.md`` plus companions
    ``<id>-*.md``, Japanese from ``docs/rules/ja/`` file for file, an English file standing in
    where a translation is missing), and say which anchors each rule option's rule reference
    names (the options list links to them)."""
    sys.path.insert(0, str(ROOT / "pysrc"))  # the same sources the wheel is built from
    from kassen.rulesindex import disk as rulesindex
    from kassen.rulesindex import doc as rulesdoc

    dest = VENDOR / "rules"
    dest.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    option_anchors: dict[str, dict[str, list[str]]] = {}
    for ruleset in hello.get("rulesets", []):
        rid = ruleset["id"]
        if not (RULES / f"{rid}.md").is_file():
            log(f"no rules reference for {rid} in docs/rules/")
            continue
        source = rulesindex.source(rid, RULES / "seed-quotes")
        for lang in rulesindex.LANGS:
            blocks = rulesindex.blocks(rid, RULES, lang)
            data = {"system": rid, "lang": lang, "source": source, "blocks": blocks,
                    "translated": all(not b.get("lang") for b in blocks)}
            (dest / f"{rid}.{lang}.json").write_text(
                json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            if lang == "en":
                known = rulesdoc.anchors(blocks)
        option_anchors[rid] = {
            o["key"]: rulesdoc.resolve(rid, o.get("rule") or "", known)
            for o in ruleset.get("options", [])}
        names.append(rid)
    translated = [n for n in names if rulesindex.translated(n, "ja", RULES)]
    log(f"rules reference from docs/rules/: {', '.join(names)} "
        f"(Japanese edition: {', '.join(translated) or 'none yet'})")
    return names, option_anchors


def write_why(names: list[str]) -> dict[str, int]:
    """Write each system's rule index for the "why" panels (``rules/why-<id>.json``: rule id
    as events, options and problems carry it → entry). Made here, not in the worker, so the
    engine's start-up carries none of it and the page fetches one file on the first "why"."""
    sys.path.insert(0, str(ROOT / "pysrc"))
    from kassen.rulesindex import disk as rulesindex

    sizes: dict[str, int] = {}
    for system in names:
        data = json.dumps(rulesindex.why_index(system, RULES), ensure_ascii=False,
                          separators=(",", ":"))
        (VENDOR / "rules" / f"why-{system}.json").write_text(data, encoding="utf-8")
        sizes[system] = len(data.encode())
    log("rule index for the why panels: " + ", ".join(f"{k} {v // 1024} KB"
                                                      for k, v in sizes.items()))
    return sizes


def shell_files(rules: list[str] = ()) -> list[str]:
    """The page's own small files, the rules page's data and the "why" panels' rule indexes,
    which the service worker copies into its cache once the app is ready (so the rules page
    and every "why" work offline after one visit)."""
    files = ["./", "index.html", "rules.html", "static/vendor/rulesets.js"]
    files += [f"static/vendor/rules/{rid}.{lang}.json" for rid in rules for lang in ("ja", "en")]
    files += [f"static/vendor/rules/why-{rid}.json" for rid in rules]
    for path in sorted((SITE / "static").rglob("*")):
        rel = path.relative_to(SITE).as_posix()
        if path.is_file() and not rel.startswith(("static/vendor/", "static/bench/")):
            files.append(rel)
    return files


def build_id() -> str:
    """A short hash over every file of the site, so the service worker knows a new build."""
    digest = hashlib.sha256()
    files = [SITE / "index.html", SITE / "sw.js", SITE / "rules.html"]
    files += sorted(p for p in (SITE / "static").rglob("*")
                    if p.is_file() and p.name not in ("build.mjs", "version.mjs"))
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(SITE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def offline_files(info: dict) -> list[str]:
    """Every file a visit may load, relative to the site: the shell (the page's files, the
    rules data, the snapshot), the page's build module and the runtime the engine worker
    loads. The service worker caches exactly these (and ``version.mjs``, which it writes
    itself), so the cache of a build holds that build and nothing else."""
    files = [path for path in info["shell"] if path != "./"]
    files += ["static/vendor/build.mjs", f"static/vendor/{info['wheel']}",
              "static/vendor/pyodide/pyodide-lock.json"]
    files += [f"static/vendor/pyodide/{name}" for name in PYODIDE_FILES]
    return list(dict.fromkeys(files))


def write_version(info: dict) -> None:
    """``static/vendor/version.mjs``: what the service worker and the engine worker need of
    the build (its id, the wheel, the snapshot) and the SHA-256 (first 16 hex digits) of every
    offline file. Written compact, so the service worker can rebuild its exact text from the
    object (``JSON.stringify``) and store it without a download. A browser checks this module
    with sw.js for a new service worker, so a new build is found on the next visit."""
    files = {path: sha256(SITE / path)[:16] for path in offline_files(info)}
    version = {"id": info["id"], "wheel": info["wheel"], "snapshot": info["snapshot"],
               "files": files}
    text = json.dumps(version, ensure_ascii=False, separators=(",", ":"))
    (VENDOR / "version.mjs").write_text(f"export const VERSION = {text};\n", encoding="utf-8")


def extra_rulesets() -> list[Path]:
    """The ruleset modules ``$KASSEN_EXTRA_RULESETS`` names (test builds only; see the module
    docstring), each an existing ``.py`` file."""
    paths = [ROOT / part.strip() for part in os.environ.get(EXTRA_ENV, "").split(",")
             if part.strip()]
    for path in paths:
        if path.suffix != ".py" or not path.is_file():
            raise SystemExit(f"{EXTRA_ENV}: {path} is not a Python file")
    return paths


def _record_line(name: str, data: bytes) -> str:
    """A wheel RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def add_rulesets_to_wheel(wheel: Path, modules: list[Path]) -> None:
    """Rewrite ``wheel`` with each module as the folder ``kassen/rulesets/<RULESET.id>/``
    (its ``__init__.py``): what adding a ruleset to the repository does (its own folder, which
    the registry finds; no shared file changes), done to the built wheel only."""
    sys.path.insert(0, str(ROOT / "pysrc"))
    import importlib.util

    added: dict[str, bytes] = {}
    for path in modules:
        spec = importlib.util.spec_from_file_location(f"_extra_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        added[f"kassen/rulesets/{module.RULESET.id}/__init__.py"] = path.read_bytes()
    with zipfile.ZipFile(wheel) as old:
        entries = {info.filename: old.read(info) for info in old.infolist()}
    entries.update(added)
    record = next(name for name in entries if name.endswith(".dist-info/RECORD"))
    rows = [_record_line(name, data) for name, data in entries.items() if name != record]
    entries[record] = ("\n".join([*rows, f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in entries.items():
            new.writestr(name, data)
    log(f"{EXTRA_ENV}: added {', '.join(p.name for p in modules)} to the wheel")


def store_wheel(wheel: Path) -> None:
    """Rewrite ``wheel`` with its files stored, not deflated, and fixed timestamps (issue 29):
    the engine worker then writes each file into Python's file system as a slice of the
    wheel (static/js/unzip.mjs), where inflating 200 entries took a third of a second of a
    repeat visit; the transfer stays as small (the build's gzip copy of the wheel), and the
    same sources give the same wheel."""
    with zipfile.ZipFile(wheel) as old:
        entries = [(info.filename, old.read(info)) for info in old.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as new:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            new.writestr(info, data)


def write_page_rulesets(hello: dict, rules: list[str]) -> None:
    """``static/vendor/rulesets.js``: the page's rule systems in registry order (id, ja/en
    names, whether the rules page has it) and, where ``static/js/rulesets/<id>/`` holds a
    ``view.js`` or ``form.js``, a loader of it. The system picker, the rules links, the battle
    view and the build form all read this list, so adding a ruleset touches no shared page
    file; one without a folder is drawn by the page's generic view."""
    rows = []
    for ruleset in hello.get("rulesets", []):
        rid = ruleset["id"]
        fields = [f"id: {json.dumps(rid)}",
                  f"name_ja: {json.dumps(ruleset['name_ja'], ensure_ascii=False)}",
                  f"name_en: {json.dumps(ruleset['name_en'], ensure_ascii=False)}",
                  f"rules: {json.dumps(rid in rules)}"]
        for part in PAGE_PARTS:
            module = PAGES / rid / f"{part}.js"
            fields.append(f'{part}: () => import("../js/rulesets/{rid}/{part}.js")'
                          if module.is_file() else f"{part}: null")
        rows.append("  { " + ", ".join(fields) + " },")
    own = [p.name for p in sorted(PAGES.iterdir()) if p.is_dir()] if PAGES.is_dir() else []
    known = {r["id"] for r in hello.get("rulesets", [])}
    for name in own:
        if name not in known:
            log(f"static/js/rulesets/{name}/ names no ruleset of the registry (not loaded)")
    (VENDOR / "rulesets.js").write_text(
        "// generated by scripts/build_site.py from the ruleset registry (kassen.core.registry)\n"
        "// each: id, names, whether rules.html has it, loaders of its own page modules or null\n"
        "export const RULESETS = [\n" + "\n".join(rows) + "\n];\n", encoding="utf-8")
    log("page rulesets: " + ", ".join(
        r["id"] + ("" if (PAGES / r["id"] / "view.js").is_file() else " (generic view)")
        for r in hello.get("rulesets", [])))


def describe_engine(wheel: Path) -> dict:
    """The engine's ``hello`` answer (rulesets, options, samples), computed once at build time
    by the wheel the page runs, so the page has it before Python has started."""
    code = "import kassen.web.api as a; print(a.hello())"
    env = {**os.environ, "PYTHONPATH": str(wheel)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, encoding="utf-8").stdout
    return json.loads(out)


def make_snapshot(wheel: Path) -> dict | None:
    """The Pyodide memory snapshot of repeat visits (scripts/make_snapshot.mjs, in Node), or
    None when Node cannot make one: the page then always boots Python normally."""
    version = json.loads((NODE / "pyodide" / "package.json").read_text())["version"]
    worker = SITE / "static" / "py" / "worker.py"  # imported into the snapshot too
    engine = hashlib.sha256(wheel.read_bytes() + worker.read_bytes()).hexdigest()
    key = f"{engine[:16]}-{version}"
    target = VENDOR / "snapshot" / f"kassen-{key}.ksn"
    target.parent.mkdir(parents=True, exist_ok=True)
    cmd = ["node", str(ROOT / "scripts" / "make_snapshot.mjs"),
           str(NODE / "pyodide" / "pyodide.mjs"), str(wheel), str(target), key, str(worker)]
    log("node scripts/make_snapshot.mjs (Pyodide memory snapshot)")
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0 or not target.is_file():
        log(f"no snapshot (repeat visits boot normally): {done.stderr.strip()[-400:]}")
        return None
    made = json.loads(done.stdout.strip().splitlines()[-1])
    return {"file": target.relative_to(VENDOR).as_posix(), "key": key, "pyodide": version,
            "bytes": made["bytes"], "sha256": made["sha256"]}


def use_site(site: Path) -> None:
    """Build into ``site`` (a copy of the page files) instead of the repository's own."""
    global SITE, VENDOR, PAGES
    SITE, VENDOR, PAGES = site, site / "static" / "vendor", site / "static" / "js" / "rulesets"


def main(argv: list[str] | None = None) -> int:
    """Run the whole build; return a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-npm", action="store_true", help="reuse node_modules as is")
    parser.add_argument("--no-brotli", action="store_true", help="gzip copies only (brotli-11 "
                        "of the wasm and the snapshot takes minutes; for throwaway test builds)")
    parser.add_argument("--site", type=Path, help="build into this copy of the page files "
                        "(index.html, rules.html, sw.js, static/) instead of the repository")
    args = parser.parse_args(argv)
    if args.site:
        use_site(args.site.resolve())
    if not args.skip_npm:
        npm_install()
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    copy_runtime()
    wheel = build_wheel(VENDOR / "kassen")
    extra = extra_rulesets()
    if extra:
        add_rulesets_to_wheel(wheel, extra)
    store_wheel(wheel)
    write_trimmed_lock(VENDOR / "pyodide", wheel)
    hello = describe_engine(wheel)
    rules, option_anchors = copy_rules(hello)
    write_why(rules)
    write_page_rulesets(hello, rules)
    info = {"wheel": f"kassen/{wheel.name}", "rules": rules, "optionAnchors": option_anchors,
            "id": build_id(), "shell": shell_files(rules), "hello": hello}
    # after build_id(): the snapshot follows from the wheel and Pyodide, both hashed there
    info["snapshot"] = make_snapshot(wheel)
    if info["snapshot"]:  # cached by the service worker after the first visit is ready
        info["shell"].append(f"static/vendor/{info['snapshot']['file']}")
    (VENDOR / "build.mjs").write_text(
        "// generated by scripts/build_site.py\n"
        f"export const BUILD = {json.dumps(info, ensure_ascii=False)};\n")
    write_version(info)
    precompress(VENDOR)
    if not args.no_brotli:
        precompress_brotli(VENDOR)
    log(f"built static/vendor/ (build id {info['id']}, wheel {wheel.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
