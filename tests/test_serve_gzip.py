"""Precompressed assets (issue 29): the build writes ``X.gz`` (and ``X.br`` for large files)
beside the vendored files that compress well, and scripts/serve.py sends a copy with its
``Content-Encoding`` and ``X``'s type only when the request accepts that encoding (brotli
first); nothing outside the site is ever served."""

from __future__ import annotations

import gzip
import http.client
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "xyz = 'kassen';\n" * 400  # a compressible script, 6 KB


def _module(name: str):
    """Import scripts/<name>.py as a module (scripts/ is not a package)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _module("serve")
precompress = _module("precompress")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A served site: a script with a gzip copy, a text file without one, a private file."""
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><title>k</title>")
    vendor = root / "static" / "vendor"
    vendor.mkdir(parents=True)
    (vendor / "app.mjs").write_text(SCRIPT)
    (vendor / "app.mjs.gz").write_bytes(gzip.compress(SCRIPT.encode(), mtime=0))
    (vendor / "plain.txt").write_text("plain text\n")
    (vendor / "big.wasm").write_text(SCRIPT)
    (vendor / "big.wasm.gz").write_bytes(b"gz copy")  # the bodies say which copy was sent
    (vendor / "big.wasm.br").write_bytes(b"br copy")
    (root / "secret.txt").write_text("not part of the site")
    server, _ = serve.start_server(root=root)
    server.root = root
    yield server
    server.shutdown()
    server.server_close()


def get(server, path: str, accept: str | None) -> tuple[int, dict[str, str], bytes]:
    """One GET with the given Accept-Encoding (none when None): status, headers, body."""
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        if accept is not None:
            conn.putheader("Accept-Encoding", accept)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def test_gzip_accepted_sends_the_gz_copy_with_the_original_type(site) -> None:
    status, headers, body = get(site, "/static/vendor/app.mjs", "gzip, deflate, br")
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "text/javascript"
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(SCRIPT)
    assert gzip.decompress(body).decode() == SCRIPT
    assert site.sent["/static/vendor/app.mjs"] >= len(body)


@pytest.mark.parametrize("accept", [None, "identity", "br", "gzip;q=0", "*;q=0"])
def test_gzip_not_accepted_sends_the_plain_file(site, accept) -> None:
    status, headers, body = get(site, "/static/vendor/app.mjs", accept)
    assert status == 200
    assert "content-encoding" not in headers
    assert headers["vary"] == "Accept-Encoding"
    assert body.decode() == SCRIPT


@pytest.mark.parametrize(("accept", "body", "coding"), [
    ("gzip, deflate, br, zstd", b"br copy", "br"), ("gzip", b"gz copy", "gzip"),
    ("br;q=0, gzip", b"gz copy", "gzip"), ("identity", SCRIPT.encode(), None)])
def test_brotli_is_preferred_when_accepted(site, accept, body, coding) -> None:
    status, headers, sent = get(site, "/static/vendor/big.wasm", accept)
    assert (status, sent, headers.get("content-encoding")) == (200, body, coding)
    assert headers["content-type"] == "application/wasm"
    assert headers["vary"] == "Accept-Encoding"


def test_the_pages_own_text_files_are_gzipped_on_the_fly(site) -> None:
    css = site.root / "static" / "css" / "page.css"
    css.parent.mkdir(parents=True, exist_ok=True)
    css.write_text("body { color: black; }\n" * 100)
    status, headers, body = get(site, "/static/css/page.css", "gzip, br")
    assert (status, headers["content-encoding"]) == (200, "gzip")
    assert headers["content-type"] == "text/css"
    assert gzip.decompress(body) == css.read_bytes()
    css.write_text("p { margin: 0; }\n" * 100)  # an edited file is never answered stale
    os.utime(css, ns=(1, 2))
    assert gzip.decompress(get(site, "/static/css/page.css", "gzip")[2]) == css.read_bytes()
    assert get(site, "/static/css/page.css", None)[2] == css.read_bytes()


def test_a_small_file_without_a_copy_is_sent_plain(site) -> None:
    status, headers, body = get(site, "/static/vendor/plain.txt", "gzip")
    assert status == 200
    assert "content-encoding" not in headers and "vary" not in headers
    assert body == b"plain text\n"


@pytest.mark.parametrize("path", ["/static/../secret.txt", "/static/%2e%2e/secret.txt",
                                  "/static/vendor/../../secret.txt", "/secret.txt",
                                  "/static/..%2fsecret.txt"])
def test_no_path_leaves_the_site(site, path) -> None:
    status, _, body = get(site, path, "gzip")
    assert status == 404
    assert b"not part of the site" in body


def test_accept_encoding_reading() -> None:
    assert serve.accepts("gzip, deflate, br, zstd")
    assert serve.accepts("gzip, deflate, br, zstd", "br")
    assert serve.accepts("GZip;q=0.5")
    assert serve.accepts("*")
    assert not serve.accepts("")
    assert not serve.accepts("gzip;q=0, *")
    assert not serve.accepts("deflate, br")
    assert not serve.accepts("gzip, deflate", "br")
    assert not serve.accepts("gzip;q=nonsense")


def test_build_writes_gz_copies_that_decompress_to_the_originals(tmp_path) -> None:
    (tmp_path / "pyodide").mkdir()
    wasm = tmp_path / "pyodide" / "runtime.wasm"
    wasm.write_bytes(bytes(range(256)) * 64 + b"\0" * 50_000)
    script = tmp_path / "app.js"
    script.write_text(SCRIPT)
    noise = tmp_path / "stdlib.zip"  # does not compress: no copy
    noise.write_bytes(os.urandom(20_000))
    tiny = tmp_path / "tiny.json"  # too small to be worth a copy
    tiny.write_text("{}")
    written = precompress.precompress(tmp_path)
    assert set(written) == {"pyodide/runtime.wasm", "app.js"}
    for path in (wasm, script):
        copy = path.with_name(path.name + ".gz")
        assert gzip.decompress(copy.read_bytes()) == path.read_bytes()
        assert copy.stat().st_size < path.stat().st_size
    assert not (tmp_path / "stdlib.zip.gz").exists() and not (tmp_path / "tiny.json.gz").exists()
    assert precompress.precompress(tmp_path) == written  # a rebuild never compresses a .gz again


def test_build_writes_brotli_copies_of_large_files_smaller_than_gzip(tmp_path) -> None:
    big = tmp_path / "snapshot.ksn"
    big.write_bytes(os.urandom(1 << 16) * 20)  # repeats 64 KB apart: beyond gzip's window
    noise = tmp_path / "stdlib.zip"
    noise.write_bytes(os.urandom(1 << 20))
    if shutil.which("node") is None:
        pytest.skip("the build's brotli copies need Node")
    assert precompress.precompress(tmp_path) == {}  # gzip finds no repeats in either
    kept = precompress.precompress_brotli(tmp_path)
    assert set(kept) == {"snapshot.ksn"}
    br = tmp_path / "snapshot.ksn.br"
    assert br.stat().st_size < big.stat().st_size / 10
    assert not (tmp_path / "stdlib.zip.br").exists()
    node = ("const z = require('zlib'), f = require('fs');"
            "process.stdout.write(z.brotliDecompressSync(f.readFileSync(process.argv[1])));")
    done = subprocess.run(["node", "-e", node, str(br)], capture_output=True, check=True)
    assert done.stdout == big.read_bytes()


def test_a_plain_server_sends_every_file_as_it_is(site) -> None:
    plain, _ = serve.start_server(root=site.root, compress=False)
    try:
        status, headers, body = get(plain, "/static/vendor/big.wasm", "gzip, br")
        assert (status, body) == (200, SCRIPT.encode())
        assert "content-encoding" not in headers and "vary" not in headers
    finally:
        plain.shutdown()
        plain.server_close()
