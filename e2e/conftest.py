"""E2E fixtures: the built site on a local server, Debian Chromium, an offline guard.

Every non-127.0.0.1 request is aborted and recorded; a test fails if any was attempted
(unless it is marked ``allow_external``). Booting Python costs seconds, so pages are shared
per module (``app`` fixture) instead of pytest-playwright's per-test ``page``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import start_server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
READY_MS = 90_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in e2e/ is an e2e test; skip them all when the site is not built."""
    built = (ROOT / "static" / "vendor" / "build.mjs").exists()
    for item in items:
        if Path(str(item.fspath)).is_relative_to(ROOT / "e2e"):
            item.add_marker(pytest.mark.e2e)
            if not built:
                item.add_marker(pytest.mark.skip(
                    reason="site not built: run python3 scripts/build_site.py"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Use Debian's Chromium (playwright cannot download browsers here)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class SiteServer:
    """The local static server of the site (or of a copy at ``root``), stoppable and
    restartable on the same port."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self.server, self.url = start_server(0, root=root)
        self.port = self.server.server_address[1]

    def stop(self) -> None:
        """Stop serving and close the socket (the page must then live on its service worker)."""
        self.server.shutdown()
        self.server.server_close()
        self.server = None

    def start(self) -> None:
        """Serve again on the same port."""
        if self.server is None:
            self.server, _ = start_server(self.port, root=self.root)


def stale_files() -> list[str]:
    """Page files changed since the last build: their SHA-256 is not the one in
    static/vendor/version.mjs, so the service worker would refuse to cache them."""
    text = (ROOT / "static" / "vendor" / "version.mjs").read_text(encoding="utf-8")
    files = json.loads(text.split("= ", 1)[1].rstrip().rstrip(";"))["files"]
    return [path for path, digest in files.items() if not path.startswith("static/vendor/")
            and hashlib.sha256((ROOT / path).read_bytes()).hexdigest()[:16] != digest]


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    """The site, served on 127.0.0.1 for the whole session (built after the last change of a
    page file: the offline cache takes only the build's own files)."""
    stale = stale_files()
    if stale:
        pytest.fail(f"the site was built before {stale[:3]} changed: run scripts/build_site.py")
    server = SiteServer()
    yield server
    if server.server is not None:
        server.stop()


@pytest.fixture(scope="session")
def base_url(site: SiteServer) -> str:
    """pytest-playwright's base URL: our server."""
    return site.url


def _local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme in ("blob", "data") or parts.hostname == "127.0.0.1"


class Guard:
    """Aborts every request not bound for 127.0.0.1 and remembers it."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def __call__(self, route) -> None:
        if _local(route.request.url):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort("blockedbyclient")

    def watch(self, request) -> None:
        """Observer form (no interception, so the HTTP cache stays on): record only."""
        if not _local(request.url):
            self.blocked.append(request.url)


class App:
    """One browser context and page with the Kassen page loaded to "ready"."""

    def __init__(self, browser, url: str, intercept: bool = True, **context_args: object) -> None:
        self.guard = Guard()
        self.context = browser.new_context(**context_args)
        self.context.set_default_timeout(READY_MS)
        if intercept:
            self.context.route("**/*", self.guard)
        else:  # Playwright turns the HTTP cache off while it intercepts: observe instead
            self.context.on("request", self.guard.watch)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.url = url

    def open(self, fragment: str = "", wait_ready: bool = True) -> None:
        """Navigate to the page (with an optional fragment) and wait for the engine."""
        self.page.goto(self.url + fragment)
        if wait_ready:
            self.wait_ready()

    def wait_ready(self) -> None:
        """Wait until the engine answered its first call."""
        self.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_MS)

    def call(self, name: str, *args: object) -> dict:
        """Call the worker API from the page's main thread; return parsed JSON."""
        return self.page.evaluate("([n, a]) => window.kassen.api[n](...a)", [name, list(args)])

    def close(self) -> None:
        """Close the context; fail if anything tried to leave 127.0.0.1."""
        self.context.close()
        assert self.guard.blocked == [], f"non-local requests attempted: {self.guard.blocked}"
        csp = [line for line in self.console if "Content Security Policy" in line]
        assert csp == [], f"CSP violations: {csp}"


@pytest.fixture(scope="module")
def app(request, browser, site: SiteServer) -> Iterator[App]:
    """A page booted once per test module (Python start-up costs seconds); a module may set
    ``APP_CONTEXT`` (browser context arguments: viewport, reduced motion…) for its page."""
    site.start()
    application = App(browser, site.url, **getattr(request.module, "APP_CONTEXT", {}))
    application.open()
    yield application
    application.close()
