#!/usr/bin/env python3
"""Install what the tests need, build the site, and run every test (unit and e2e).

Steps: a virtualenv in ``.venv`` with ``.[test,cluster]``; Debian ``chromium`` via apt-get when
``/usr/bin/chromium`` is missing; ``scripts/build_site.py``; ``ruff check``; then pytest over
``tests/`` and ``e2e/``. Exits non-zero on any failure, including "no tests ran".

Usage: ``python3 scripts/run_tests.py [extra pytest args]``
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def step(title: str, cmd: list[str], **kwargs: object) -> None:
    """Run one command, echoing it; stop the whole run when it fails."""
    print(f"\n== {title}: {' '.join(cmd)}", flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, **kwargs)


def ensure_chromium() -> None:
    """Install Debian's chromium when it is missing (playwright cannot download browsers)."""
    if Path(CHROMIUM).exists():
        return
    apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "-n", "apt-get"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    step("apt-get update", [*apt, "update", "-qq"], env=env)
    step("install chromium", [*apt, "install", "-y", "-qq", "chromium"], env=env)


def main(argv: list[str]) -> int:
    """Set up, build, lint and test; return the exit code."""
    if not PY.exists():
        print(f"== creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    step("install test needs", [str(PY), "-m", "pip", "install", "-q",
                                "--disable-pip-version-check", "-e", ".[test,cluster]"])
    ensure_chromium()
    step("build site", [str(PY), "scripts/build_site.py"])
    step("ruff", [str(PY), "-m", "ruff", "check", "."])
    cmd = [str(PY), "-m", "pytest", "-p", "no:cacheprovider", "tests", "e2e", *argv]
    print(f"\n== tests: {' '.join(cmd)}", flush=True)
    code = subprocess.run(cmd, cwd=ROOT).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure here", flush=True)
        return 1
    return code


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as err:
        print(f"failed: {err}", file=sys.stderr)
        sys.exit(err.returncode or 1)
    finally:
        shutil.rmtree(ROOT / "build", ignore_errors=True)
