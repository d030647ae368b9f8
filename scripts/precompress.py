"""Precompressed copies of the built site's files (issue 29: a first visit transfers less).

scripts/build_site.py calls both functions on ``static/vendor/`` last. A browser decodes a
``Content-Encoding`` answer itself, so the page, the service worker's cache and every size or
checksum check see the original bytes; scripts/serve.py picks the copy, and docs/page.md says
how another static host can.
"""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GZIP_MIN_BYTES = 1024  # smaller files gain too little to be worth a second copy
GZIP_MAX_RATIO = 0.9  # a copy is kept only when it saves at least a tenth (not the stdlib zip)
BROTLI_MIN_BYTES = 1 << 20  # brotli-11 is slow: only the runtime and the snapshot


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {message}", flush=True)


def precompress(folder: Path) -> dict[str, tuple[int, int]]:
    """Write ``X.gz`` (gzip level 9, no timestamp, so builds are reproducible) beside every
    file of ``folder`` of at least ``GZIP_MIN_BYTES`` whose copy saves at least a tenth; return
    ``{relative path: (bytes, gzip bytes)}`` of the copies written. The first visit then
    transfers about a third of the runtime's bytes; the browser decodes, so the page, the
    Cache API and every size or checksum check see the original bytes."""
    written: dict[str, tuple[int, int]] = {}
    for path in sorted(folder.rglob("*")):
        if (not path.is_file() or path.suffix in (".gz", ".br")
                or path.stat().st_size < GZIP_MIN_BYTES):
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= len(data) * GZIP_MAX_RATIO:
            path.with_name(path.name + ".gz").write_bytes(packed)
            written[path.relative_to(folder).as_posix()] = (len(data), len(packed))
    before = sum(a for a, _ in written.values())
    after = sum(b for _, b in written.values())
    log(f"gzip copies of {len(written)} files: {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB")
    return written


def precompress_brotli(folder: Path) -> dict[str, tuple[int, int]]:
    """Write ``X.br`` (brotli 11, scripts/brotli.mjs in Node) beside every file of ``folder``
    of at least ``BROTLI_MIN_BYTES`` whose copy saves a tenth and beats the gzip copy; return
    ``{relative path: (bytes, brotli bytes)}`` of the copies kept. Without Node's brotli the
    gzip copies stay the only ones (the build goes on)."""
    files = [p for p in sorted(folder.rglob("*")) if p.is_file()
             and p.suffix not in (".gz", ".br") and p.stat().st_size >= BROTLI_MIN_BYTES]
    if not files:
        return {}
    log(f"node scripts/brotli.mjs ({len(files)} files)")
    done = subprocess.run(["node", str(ROOT / "scripts" / "brotli.mjs"), *map(str, files)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        log(f"no brotli copies: {done.stderr.strip()[-300:]}")
        return {}
    kept: dict[str, tuple[int, int]] = {}
    for path in files:
        copy, gz = path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")
        size = copy.stat().st_size if copy.is_file() else None
        if size and size <= path.stat().st_size * GZIP_MAX_RATIO and not (
                gz.is_file() and gz.stat().st_size <= size):
            kept[path.relative_to(folder).as_posix()] = (path.stat().st_size, copy.stat().st_size)
        else:
            copy.unlink(missing_ok=True)
    log("brotli copies: " + ", ".join(f"{Path(k).name} {a / 1e6:.1f} -> {b / 1e6:.1f} MB"
                                      for k, (a, b) in kept.items()))
    return kept
