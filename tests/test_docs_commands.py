"""Every command the README and ``docs/`` show runs as typed (issue 31).

Each fenced ``sh`` block of ``README.md`` and ``docs/*.md`` (not ``docs/rules/``) runs as one
bash script (``set -e``) in a scratch folder that looks like the repository's top folder
(links to ``pysrc``, ``scripts``, ``docs``, ``static``, ``index.html``), with ``python3`` and
``python`` the interpreter running the tests. Synopses with placeholders go in ``text``
blocks. An HTML comment on the line before a block changes what is expected:

- ``<!-- doc-test: exit N -->``: the block's last command exits N (a refused input shown);
- ``<!-- doc-test: skip: REASON -->``: not run (too slow, needs a server or a cluster); the
  set is small and each says why (:data:`SKIPPED_AT_MOST`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"(?:<!--\s*doc-test:\s*(?P<mark>[^>]*?)\s*-->\s*\n)?```sh\n(?P<body>.*?)```",
                   re.S)
LINKED = ("pysrc", "scripts", "docs", "static", "index.html", "rules.html", "tests",
          "pyproject.toml")
SKIPPED_AT_MOST = 12


def blocks() -> list[tuple[str, str, str]]:
    """(where, mark, script) of every ``sh`` block, ``where`` as ``file:line``."""
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            line = text.count("\n", 0, m.start("body"))
            out.append((f"{path.relative_to(ROOT)}:{line}", m.group("mark") or "",
                        m.group("body")))
    return out


BLOCKS = blocks()


def test_blocks_are_found_and_few_are_skipped() -> None:
    wheres = [w for w, _, _ in BLOCKS]
    assert any(w.startswith("README.md") for w in wheres)
    assert any(w.startswith("docs/cli.md") for w in wheres)
    skipped = [w for w, mark, _ in BLOCKS if mark.startswith("skip")]
    assert len(skipped) <= SKIPPED_AT_MOST, skipped
    for where, mark, _ in BLOCKS:
        assert not mark or re.fullmatch(r"exit \d+|skip: .+", mark), (where, mark)


@pytest.mark.parametrize(("where", "mark", "script"), BLOCKS, ids=[w for w, _, _ in BLOCKS])
def test_documented_commands_run(where: str, mark: str, script: str, tmp_path: Path) -> None:
    if mark.startswith("skip"):
        pytest.skip(mark)
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    for name in ("python", "python3"):
        (bin_dir / name).symlink_to(sys.executable)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "LANG": "C.UTF-8", "PYTHONPATH": "pysrc"}  # as the docs' first block exports
    env.pop("KASSEN_TTY", None)
    expected = int(mark.split()[1]) if mark.startswith("exit") else 0
    prefix = "set -e\n" if expected == 0 else ""
    done = subprocess.run(["bash", "-c", prefix + script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == expected, (
        f"{where}: exit {done.returncode}, expected {expected}\n{done.stdout[-2000:]}\n"
        f"{done.stderr[-2000:]}")
    assert "Traceback" not in done.stderr, f"{where}:\n{done.stderr[-2000:]}"


def test_relative_links_lead_somewhere() -> None:
    """Every relative link of the README and ``docs/`` names a file that exists (and, with
    ``#anchor`` into a Markdown file, a heading whose GitHub anchor that is)."""
    missing = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            name, _, anchor = target.partition("#")
            file = (path.parent / name).resolve() if name else path
            if not file.exists():
                missing.append(f"{path.name}: {target}")
            elif anchor and file.suffix == ".md":
                heads = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.M)
                slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}
                if anchor not in slugs:
                    missing.append(f"{path.name}: {target} (no such heading)")
    assert not missing, missing
