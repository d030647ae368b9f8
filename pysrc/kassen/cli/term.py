"""The terminal's share of the command line: text padded and cut by display width (a Japanese
name takes two columns a character) and a progress bar for work that takes seconds.

Display width comes from ``wcwidth`` when it is installed (``pip install 'kassen[cli]'``;
the test command installs it), else from the standard library's East Asian width table,
which agrees with it on the names the rulesets use. The engine never imports this module.
"""

from __future__ import annotations

import sys
import time
import unicodedata
from collections.abc import Callable
from typing import TextIO

try:  # optional: the command line's extra
    from wcwidth import wcswidth as _wcswidth
except ImportError:  # pragma: no cover - exercised by the fallback test
    _wcswidth = None


def _plain_width(text: str) -> int:
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def width(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    if _wcswidth is not None:
        found = _wcswidth(text)
        if found >= 0:
            return int(found)
    return _plain_width(text)


def cut(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` columns (``…`` marks a cut)."""
    if width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > columns - 1:
            break
        out += ch
    return out + "…"


def pad(text: str, columns: int, align: str = "<") -> str:
    """``text`` cut to ``columns`` and padded with spaces to exactly that width
    (``align`` ``<`` left, ``>`` right)."""
    text = cut(text, columns)
    fill = " " * (columns - width(text))
    return text + fill if align == "<" else fill + text


def progress_bar(stream: TextIO | None = None, unit: str = "battles"
                 ) -> Callable[[int, int], None] | None:
    """A progress callback ``(done, total)`` drawing a bar with rate and time left on a
    terminal's stderr; None when it is not a terminal (nothing is drawn into files)."""
    out = stream or sys.stderr
    if not out.isatty():
        return None
    began = time.monotonic()

    def draw(done: int, total: int) -> None:
        bar = 30
        filled = bar * done // max(1, total)
        spent = time.monotonic() - began
        rate = done / spent if spent > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        tail = f"  {rate:,.0f} {unit}/s, {left:,.0f} s left" if done < total else (
            f"  {spent:,.1f} s")
        out.write(f"\r\033[K[{'#' * filled}{'.' * (bar - filled)}] {done:,}/{total:,}{tail}")
        if done >= total:
            out.write("\n")
        out.flush()

    return draw
