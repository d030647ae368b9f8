"""Build hook: an installed ``kassen`` command is complete (issue 31).

``pip install .`` copies what the command line's replay files and the rules index read from
the repository (``index.html``, ``static/js``, ``static/css``, ``docs/rules``) into the
package as ``kassen/_site/`` (package data), so ``kassen replay LINK --html FILE`` works
without a clone. The page's own engine wheel (``scripts/build_site.py``) sets
``KASSEN_ENGINE_ONLY=1`` and leaves them out: the browser downloads only the engine.
Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SITE_FILES = {"index.html": ("",), "static/js": (".js", ".mjs", ".css"),
              "static/css": (".css",), "docs/rules": (".md", ".json")}
"""What ``kassen/_site/`` holds: the paths ``kassen.replay.file.repo_files`` and
``kassen.rulesindex.disk`` read, by folder and suffix."""


def site_files(root: Path = ROOT) -> list[str]:
    """The repository paths that go into ``kassen/_site/`` (relative, POSIX)."""
    out: list[str] = []
    for name, suffixes in SITE_FILES.items():
        path = root / name
        if path.is_file():
            out.append(name)
        elif path.is_dir():
            out += sorted(p.relative_to(root).as_posix() for p in path.rglob("*")
                          if p.is_file() and p.suffix in suffixes)
    return out


class BuildWithSite(build_py):
    """``build_py`` that also copies the site's files into ``kassen/_site/``."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "kassen" / "_site"
        shutil.rmtree(target, ignore_errors=True)  # left by an earlier build in build/
        if os.environ.get("KASSEN_ENGINE_ONLY") == "1" or self.editable_mode:
            return
        for name in site_files():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, target / name)


setup(cmdclass={"build_py": BuildWithSite})
