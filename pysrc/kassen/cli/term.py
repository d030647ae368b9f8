"""The terminal's share of the command line: text padded and cut by display width (a Japanese
name takes two columns a character), tables, and a progress bar for work that takes seconds.

With the command line's optional extra (``pip install '.[cli]'``: ``rich``; the test command
installs it) widths come from ``rich.cells.cell_len``, a table on a terminal is a
``rich.table.Table`` and the progress bar ``rich``'s (``rich.progress_bar``). Without it the same
things are written by hand: widths from the standard library's East Asian width table (which
agrees on the names the rulesets use), the table as padded lines, the bar as one line redrawn.
Off a terminal (a pipe, a file, a test's captured output) a table is always the plain padded
lines, with no escape codes, and no bar is drawn. ``--json`` and ``--csv`` never come here.
The engine never imports this module.
"""

from __future__ import annotations

import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

try:  # optional: the command line's extra
    import rich
    from rich.cells import cell_len as _cell_len
except ImportError:  # pragma: no cover - exercised by the fallback tests
    rich = None
    _cell_len = None

Progress = Callable[[int, int], None]


def _plain_width(text: str) -> int:
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def width(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    if _cell_len is not None:
        return int(_cell_len(text))
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


@dataclass(frozen=True)
class Column:
    """One column of a :func:`table`: its header, its width in terminal columns (0: as wide
    as its text, for the last column), ``<`` or ``>``, the spaces before it, and whether a
    longer text is cut (names) or left whole (numbers)."""

    header: str
    width: int = 0
    align: str = "<"
    gap: int = 1
    cut: bool = False


def _cell(text: str, column: Column) -> str:
    if not column.width:
        return text
    if column.cut:
        return pad(text, column.width, column.align)
    fill = " " * max(0, column.width - width(text))
    return text + fill if column.align == "<" else fill + text


def plain_lines(columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[str]:
    """The table as lines of text padded by display width (the header first)."""
    out = []
    for row in [[c.header for c in columns], *rows]:
        out.append("".join(" " * (c.gap if i else 0) + _cell(str(text), c)
                           for i, (c, text) in enumerate(zip(columns, row, strict=True))))
    return out


def rich_table(columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> Any:
    """The table as a ``rich.table.Table`` (needs ``rich``): the same columns, a name column
    cut with ``…`` at its width, numbers right-aligned."""
    from rich import box
    from rich.table import Table

    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for c in columns:
        grid.add_column(c.header, justify="right" if c.align == ">" else "left",
                        max_width=c.width if c.cut and c.width else None,
                        overflow="ellipsis" if c.cut else "fold", no_wrap=c.cut)
    for row in rows:
        grid.add_row(*(str(text) for text in row))
    return grid


def table(columns: Sequence[Column], rows: Sequence[Sequence[str]],
          stream: TextIO | None = None) -> None:
    """Print a table: a ``rich`` table on a terminal when ``rich`` is installed, else (and
    always off a terminal) the plain lines of :func:`plain_lines`."""
    out = stream or sys.stdout
    if rich is not None and out.isatty():
        from rich.console import Console

        Console(file=out).print(rich_table(columns, rows))
        return
    for line in plain_lines(columns, rows):
        print(line, file=out)


def progress_bar(stream: TextIO | None = None, unit: str = "battles") -> Progress | None:
    """A progress callback ``(done, total)`` drawing a bar with rate and time left on a
    terminal's stderr; None when it is not a terminal (nothing is drawn into files)."""
    out = stream or sys.stderr
    if not out.isatty():
        return None
    if rich is not None:
        return _rich_bar(out, unit)
    return _plain_bar(out, unit)


def _rich_bar(out: TextIO, unit: str) -> Progress:
    """The bar as ``rich``'s progress bar, redrawn on one line at each call: no live display,
    so nothing runs between calls, the cursor stays, and an interrupted run leaves the line
    as it was."""
    from rich.console import Console
    from rich.progress_bar import ProgressBar

    console = Console(file=out, highlight=False)
    began = time.monotonic()

    def draw(done: int, total: int) -> None:
        out.write("\r\033[K")
        console.print(ProgressBar(total=max(1, total), completed=done, width=30),
                      f" {done:,}/{total:,}{_tail(done, total, began, unit)}", end="")
        if done >= total:
            out.write("\n")
        out.flush()

    return draw


def _tail(done: int, total: int, began: float, unit: str) -> str:
    """The rate and the time left (or, at the end, the time it took)."""
    spent = time.monotonic() - began
    rate = done / spent if spent > 0 else 0.0
    left = (total - done) / rate if rate > 0 else 0.0
    return (f"  {rate:,.0f} {unit}/s, {left:,.0f} s left" if done < total
            else f"  {spent:,.1f} s")


def _plain_bar(out: TextIO, unit: str) -> Progress:
    """The bar written by hand: one line redrawn with ``\\r``."""
    began = time.monotonic()

    def draw(done: int, total: int) -> None:
        filled = 30 * done // max(1, total)
        out.write(f"\r\033[K[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{total:,}"
                  f"{_tail(done, total, began, unit)}")
        if done >= total:
            out.write("\n")
        out.flush()

    return draw
