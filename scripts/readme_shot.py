"""The README's picture and first-visit size: serve the built site, open it in a fresh
Chromium context (Debian's ``/usr/bin/chromium`` through Playwright), play a skirmish
between two samples, step into the battle and save the viewer as ``docs/battle.png``; then
wait for the service worker to fill its cache and print how many bytes the first visit
downloaded (every file is sent once, ``e2e/test_offline.py``).

    python3 scripts/readme_shot.py [--out docs/battle.png] [--no-shot]

Needs a built site (``scripts/build_site.py``), the test extra (Playwright) and a Japanese
font for Chromium (Debian: ``fonts-ipafont-gothic``), or the names come out as boxes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import start_server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def main(argv: list[str] | None = None) -> int:
    """Take the picture and print the first visit's download size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "battle.png"))
    parser.add_argument("--no-shot", action="store_true", help="only measure the first visit")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, url = start_server()
    began = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1100, "height": 760})
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(url + "?lang=en")
        page.wait_for_selector("html[data-engine=ready]", state="attached")
        ready = time.monotonic() - began
        if not args.no_shot:
            page.click("button[data-lang=en]")
            page.select_option("#ruleset", "skirmish")
            page.select_option("#sample-0", "0")
            page.select_option("#sample-1", "4")
            page.fill("#seed", "readme")
            page.click("#battle")
            page.wait_for_selector("#board .sk, #board .board-generic, #board > *")
            for _ in range(14):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(800)
            page.locator("#viewer").screenshot(path=args.out)
        # the service worker copies the rest of the first visit (the snapshot) after ready
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any(
                "/snapshot/" in p for p in server.hits):
            page.wait_for_timeout(500)
        page.wait_for_timeout(3000)
        browser.close()
    server.shutdown()
    sent = sum(server.sent.values())  # bytes on the wire: gzip/brotli copies where served
    print(f"engine ready after {ready:.1f} s; first visit downloaded {sent / 1e6:.1f} MB "
          f"in {len(server.hits)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
