"""Tournament tables as CSV (standings, win-rate matrix) and back, for spreadsheets."""

from __future__ import annotations

import csv
import io
from typing import Any

STANDINGS_COLUMNS = ("rank", "name", "played", "wins", "draws", "losses", "points", "win_rate",
                     "win_rate_low", "win_rate_high", "text")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """User text made safe for spreadsheets: a cell that would start a formula (``=``, ``+``,
    ``-``, ``@``) gets a leading apostrophe, which spreadsheets show as plain text."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def standings_csv(table: dict[str, Any]) -> str:
    """One row per build in rank order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)
    for row in table["standings"]:
        wr = row["win_rate"]
        writer.writerow([row["rank"], cell(row["name"]), row["played"], row["wins"],
                         row["draws"], row["losses"], row["points"], wr["rate"], wr["low"],
                         wr["high"], cell(row["text"])])
    return out.getvalue()


def matrix_csv(table: dict[str, Any]) -> str:
    """Row build's win rate against each column build (empty on the diagonal)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = table["names"]
    writer.writerow(["", *(cell(n) for n in names)])
    for name, line in zip(names, table["matrix"], strict=True):
        writer.writerow([cell(name),
                         *("" if c is None else c["win_rate"]["rate"] for c in line)])
    return out.getvalue()


def read_csv(text: str) -> list[list[str]]:
    """Rows of a CSV text (for round-trip checks and imports)."""
    return list(csv.reader(io.StringIO(text)))
