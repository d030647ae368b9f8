"""An installed package is complete (issue 31): ``pip install .`` ships the replay viewer and
the rules reference as package data (``kassen/_site/``, setup.py), so ``kassen replay LINK
--html FILE`` writes the same file as a clone does; the page's engine wheel leaves them out."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _wheel(tmp_path: Path, engine_only: bool) -> zipfile.ZipFile:
    env = {**os.environ, "KASSEN_ENGINE_ONLY": "1" if engine_only else "0"}
    out = tmp_path / ("engine" if engine_only else "full")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "--no-build-isolation", "-w", str(out)], check=True, cwd=tmp_path,
                   env=env, capture_output=True)
    (wheel,) = out.glob("kassen-*.whl")
    return zipfile.ZipFile(wheel)


def test_wheel_ships_the_viewer_and_the_page_wheel_does_not(tmp_path: Path) -> None:
    from kassen.replay import file as replay_html

    try:
        full = set(_wheel(tmp_path, engine_only=False).namelist())
        engine = set(_wheel(tmp_path, engine_only=True).namelist())
    finally:  # setuptools builds in the source tree
        shutil.rmtree(ROOT / "build", ignore_errors=True)
    site = {f"kassen/_site/{name}" for name in replay_html.repo_files(ROOT)}
    assert site <= full, sorted(site - full)[:5]
    assert "kassen/_site/docs/rules/dice.md" in full
    assert "kassen/_site/docs/rules/seed-quotes/dice.json" in full
    assert not any(name.startswith("kassen/_site/") for name in engine)
    assert {n for n in full if not n.startswith("kassen/_site/")} == engine


@pytest.mark.slow
def test_installed_command_writes_the_same_replay_file(tmp_path: Path) -> None:
    """A fresh venv with ``pip install .`` (needs PyPI for the build backend)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(ROOT)], check=True,
                   cwd=tmp_path, capture_output=True)
    kassen = str(venv / "bin" / "kassen")
    link = subprocess.run([kassen, "share", "cardduel", "--build", "@ユウ", "--build", "@アキラ",
                           "--seed", "42"], check=True, capture_output=True, text=True,
                          cwd=tmp_path).stdout.strip()
    done = subprocess.run([kassen, "replay", link, "--html", "installed.html"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "replay file: installed.html" in done.stderr
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    subprocess.run([sys.executable, "-m", "kassen", "replay", link, "--html", "clone.html"],
                   check=True, cwd=tmp_path, env=env, capture_output=True)
    assert (tmp_path / "installed.html").read_bytes() == (tmp_path / "clone.html").read_bytes()
