#!/usr/bin/env python3
"""Serve the Kassen page on 127.0.0.1 (building ``static/vendor/`` first when needed).

Usage: ``python3 scripts/serve.py [--port 8000] [--no-build]``. Only the page's own files are
served (``index.html``, ``rules.html``, ``sw.js``, ``static/``), nothing else of the repository.
Where the build wrote a brotli copy ``X.br`` or a gzip copy ``X.gz`` beside a file ``X``
(scripts/build_site.py), a request that accepts that encoding gets the copy (brotli first) with
``Content-Encoding`` and ``X``'s type. The page's own text files (its sources, which the build
does not copy) are gzipped on first request into a cache folder, keyed by path, size and time.
"""

from __future__ import annotations

import argparse
import collections
import functools
import gzip
import hashlib
import http.server
import os
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_FILES = {"/", "/index.html", "/rules.html", "/sw.js", "/favicon.ico"}
PUBLIC_PREFIXES = ("/static/",)
ENCODINGS = ((".br", "br"), (".gz", "gzip"))  # precompressed copies, the preferred first
TEXT = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".md", ".py", ".txt", ".webmanifest")
GZIP_CACHE = Path(tempfile.gettempdir()) / f"kassen-serve-gz-{os.getuid()}"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static handler limited to the page's files; quiet unless ``verbose``.

    A file with a precompressed ``.br``/``.gz`` sibling is sent as that sibling
    (``Content-Encoding: br``/``gzip``, the original's ``Content-Type``) when the request
    accepts that encoding, brotli first; every answer for such a file says ``Vary:
    Accept-Encoding`` so a cache keeps the variants apart.

    Every response says ``Cache-Control: no-cache``: the browser keeps a copy and revalidates
    it (``If-Modified-Since`` → 304) on normal loads, so a rebuilt site is seen at once, while
    the service worker can copy what the page loaded out of the HTTP cache with
    ``cache: "force-cache"`` instead of downloading it a second time. ``hits`` counts the
    requests per path that were answered with a body (200), for tests; ``sent`` the body bytes
    sent per path (what went over the wire, compressed or not), for scripts/bench_startup.py.
    """

    verbose = False
    hits: ClassVar[collections.Counter[str]] = collections.Counter()
    sent: ClassVar[collections.Counter[str]] = collections.Counter()
    encoded: str | None = None  # the .br/.gz file this request is answered with, if any
    vary = False  # whether the requested file has a precompressed copy
    compress = True  # False: every file as it is on disk (scripts/bench_startup.py --plain)
    extensions_map: ClassVar[dict[str, str]] = {
                      **http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                      ".svg": "image/svg+xml", ".md": "text/markdown; charset=utf-8",
                      ".py": "text/x-python; charset=utf-8", ".whl": "application/zip"}

    def send_head(self):
        """Refuse paths outside the site; send favicon requests to the SVG icon; answer with
        the precompressed copy when there is one and the request accepts gzip."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/favicon.ico":
            self.send_response(301)
            self.send_header("Location", "/static/icon.svg")
            self.end_headers()
            return None
        self.vary, self.encoded = False, None
        # "/static/../x" (or %2e%2e) must not reach the repository's other files
        dotted = ".." in urllib.parse.unquote(path).replace("\\", "/").split("/")
        if dotted or (path not in PUBLIC_FILES and not path.startswith(PUBLIC_PREFIXES)):
            self.send_error(404, "not part of the site")
            return None
        self.encoded = self.precompressed(self.translate_path(path))
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """The file to send: the compressed copy once :meth:`precompressed` picked it."""
        return self.encoded or super().translate_path(path)

    def precompressed(self, file: str) -> str | None:
        """The ``.br`` or ``.gz`` copy of ``file`` to send, or None (no copy, or none of
        their encodings accepted)."""
        if not self.compress or not os.path.isfile(file):
            return None
        header = self.headers.get("Accept-Encoding", "")
        for suffix, coding in ENCODINGS:
            if os.path.isfile(file + suffix):
                self.vary = True
                if accepts(header, coding):
                    return file + suffix
        if self.vary or not file.endswith(TEXT) or os.path.getsize(file) < 1024:
            return None
        self.vary = True
        return gzipped(file) if accepts(header, "gzip") else None

    def guess_type(self, path):
        """The type of the original file when its compressed copy is sent."""
        if self.encoded and str(path) == self.encoded:
            path = self.translate_path_plain(self.path.split("?", 1)[0].split("#", 1)[0])
        return super().guess_type(path)

    def translate_path_plain(self, path: str) -> str:
        """The requested file itself (never its compressed copy)."""
        return super().translate_path(path)

    def copyfile(self, source, outputfile) -> None:
        """Send the body, counting its bytes under the requested path (before sending, so a
        client that has read the body finds it counted)."""
        size = os.fstat(source.fileno()).st_size - source.tell()
        self.sent[self.path.split("?", 1)[0]] += size
        super().copyfile(source, outputfile)

    def send_response(self, code: int, message: str | None = None) -> None:
        """Count full answers per path (what a second download would show up as)."""
        if code == 200:
            self.hits[self.path.split("?", 1)[0]] += 1
        super().send_response(code, message)

    def end_headers(self) -> None:
        """Add the caching header to every response, and the encoding headers where due."""
        self.send_header("Cache-Control", "no-cache")
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        if self.encoded:
            self.send_header("Content-Encoding", dict(ENCODINGS)[self.encoded[-3:]])
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log requests only when asked to."""
        if self.verbose:
            super().log_message(format, *args)


def gzipped(file: str) -> str:
    """A gzip copy of ``file`` in ``GZIP_CACHE``, made once per content (path, size, modified
    time), with the file's modified time so ``Last-Modified`` and 304 answers stay right."""
    stat = os.stat(file)
    key = hashlib.sha256(f"{file}|{stat.st_size}|{stat.st_mtime_ns}".encode()).hexdigest()
    copy = GZIP_CACHE / f"{key[:32]}.gz"
    if not copy.is_file():
        GZIP_CACHE.mkdir(parents=True, exist_ok=True)
        part = copy.with_name(f"{copy.name}.{threading.get_ident()}")
        part.write_bytes(gzip.compress(Path(file).read_bytes(), compresslevel=9, mtime=0))
        os.utime(part, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        os.replace(part, copy)  # atomic: a parallel request sees the whole copy or none
    return str(copy)


def accepts(header: str, coding: str = "gzip") -> bool:
    """Whether an ``Accept-Encoding`` header allows ``coding`` (by name or ``*``, not q=0)."""
    quality = {}
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name.strip():
            quality[name.strip().lower()] = q
    return quality.get(coding, quality.get("*", 0.0)) > 0


def start_server(port: int = 0, root: Path = ROOT, verbose: bool = False,
                 compress: bool = True) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a threaded static server on 127.0.0.1 in the background; return it and its URL.
    ``compress=False`` sends every file uncompressed (for a before/after comparison)."""
    handler = type("Handler", (SiteHandler,), {"verbose": verbose, "compress": compress,
                                               "hits": collections.Counter(),
                                               "sent": collections.Counter()})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    server.hits = handler.hits  # type: ignore[attr-defined]
    server.sent = handler.sent  # type: ignore[attr-defined]
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
