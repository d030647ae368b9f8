"""What the browser benchmarks share: Debian Chromium on the served site, once the engine is
ready, and polling the page (its CSP forbids the string functions of wait_for_function)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import start_server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def ready_page(pw: Any, url: str) -> tuple[Any, Any]:
    """Debian Chromium on ``url`` in a fresh context, once the engine answered (browser, page)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_context().new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    return browser, page


def in_page(work: Any, root: Path = ROOT) -> None:
    """Serve the site (``root``: another built copy of it), open it in Chromium until the
    engine is ready, ``work(page)``, close."""
    from playwright.sync_api import sync_playwright

    server, url = start_server(root=root)
    try:
        with sync_playwright() as pw:
            browser, page = ready_page(pw, url)
            work(page)
            browser.close()
    finally:
        server.shutdown()


def poll(page: Any, script: str, arg: Any = None, seconds: float = 600) -> Any:
    """Poll ``script`` in the page until truthy (the CSP forbids wait_for_function)."""
    deadline = time.monotonic() + seconds
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {script}")
        page.wait_for_timeout(20)
