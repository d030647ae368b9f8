#!/usr/bin/env python3
"""Serve the Kassen page on 127.0.0.1 (building ``static/vendor/`` first when needed).

Usage: ``python3 scripts/serve.py [--port 8000] [--no-build]``. Only the page's own files are
served (``index.html``, ``rules.html``, ``sw.js``, ``static/``), nothing else of the repository.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import subprocess
import sys
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_FILES = {"/", "/index.html", "/rules.html", "/sw.js", "/favicon.ico"}
PUBLIC_PREFIXES = ("/static/",)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static handler limited to the page's files; quiet unless ``verbose``.

    Every response says ``Cache-Control: no-cache``: the browser keeps a copy and revalidates
    it (``If-Modified-Since`` → 304) on normal loads, so a rebuilt site is seen at once, while
    the service worker can copy what the page loaded out of the HTTP cache with
    ``cache: "force-cache"`` instead of downloading it a second time. ``hits`` counts the
    requests per path that were answered with a body (200), for tests.
    """

    verbose = False
    hits: ClassVar[collections.Counter[str]] = collections.Counter()
    extensions_map: ClassVar[dict[str, str]] = {
                      **http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                      ".svg": "image/svg+xml", ".md": "text/markdown; charset=utf-8",
                      ".py": "text/x-python; charset=utf-8", ".whl": "application/zip"}

    def send_head(self):
        """Refuse paths outside the site; send favicon requests to the SVG icon."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/favicon.ico":
            self.send_response(301)
            self.send_header("Location", "/static/icon.svg")
            self.end_headers()
            return None
        if path not in PUBLIC_FILES and not path.startswith(PUBLIC_PREFIXES):
            self.send_error(404, "not part of the site")
            return None
        return super().send_head()

    def send_response(self, code: int, message: str | None = None) -> None:
        """Count full answers per path (what a second download would show up as)."""
        if code == 200:
            self.hits[self.path.split("?", 1)[0]] += 1
        super().send_response(code, message)

    def end_headers(self) -> None:
        """Add the caching header to every response."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log requests only when asked to."""
        if self.verbose:
            super().log_message(format, *args)


def start_server(port: int = 0, root: Path = ROOT,
                 verbose: bool = False) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a threaded static server on 127.0.0.1 in the background; return it and its URL."""
    handler = type("Handler", (SiteHandler,), {"verbose": verbose,
                                               "hits": collections.Counter()})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    server.hits = handler.hits  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    """Build when needed, then serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-build", action="store_true", help="serve static/vendor/ as is")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], check=True)
    server, url = start_server(args.port, verbose=args.verbose)
    print(f"Kassen is served at {url}  (Ctrl-C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
