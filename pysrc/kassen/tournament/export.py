"""Tournament tables as CSV (standings, win-rate matrix) and back, for spreadsheets."""

from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
from typing import Any

from kassen.core.problems import Problem, ProblemError

STANDINGS_COLUMNS = ("rank", "name", "played", "wins", "draws", "losses", "points", "win_rate",
                     "win_rate_low", "win_rate_high", "text")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "%")
_HIDDEN_FORMULA = re.compile(r"(?:[\r\n]|%0[ad])[ \t]*[=+\-@]", re.IGNORECASE)


def cell(text: str) -> str:
    """User text made safe for spreadsheets: a cell that would start a formula gets a leading
    apostrophe, which spreadsheets show as plain text. A formula starts with ``=``, ``+``,
    ``-`` or ``@`` in ASCII or full width (``＝``: some spreadsheets read it as ``=``), or
    after a line break (also one written ``%0A``); ``|`` (a DDE call) and a leading ``%``
    are escaped too."""
    wide = unicodedata.normalize("NFKC", text[:1])
    if wide.startswith(_FORMULA_START) or "|" in text or _HIDDEN_FORMULA.search(text):
        return "'" + text
    return text


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


def _bad(field: str, expected: str) -> ProblemError:
    return ProblemError([Problem("core.bad_type", args={"field": field, "expected": expected})])


def _count(value: Any, field: str) -> int:
    if type(value) is not int or not 0 <= value < 10 ** 12:
        raise _bad(field, "a whole number ≥ 0")
    return value


def _number(value: Any, field: str, high: float = 1.0) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= high:
        raise _bad(field, f"a number from 0 to {high:g}")
    return float(value)


def _rate(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(field, "a rate {rate, low, high}")
    out = {"rate": None if value.get("rate") is None else _number(value["rate"], field)}
    out.update({k: _number(value.get(k), field) for k in ("low", "high")})
    return out


def checked_table(table: Any) -> dict[str, Any]:
    """A round-robin table sent back by a page, checked field by field before any of it is
    written to a CSV file (numbers are numbers in range, texts are texts); a problem names
    the first field that is not."""
    if not isinstance(table, dict):
        raise _bad("table", "an object")
    standings, matrix, names = table.get("standings"), table.get("matrix"), table.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _bad("names", "a list of names")
    if not isinstance(standings, list) or not isinstance(matrix, list) \
            or len(matrix) != len(names):
        raise _bad("standings", "one row per build and a matrix line per build")
    rows = []
    for row in standings:
        if not isinstance(row, dict) or not isinstance(row.get("name"), str) \
                or not isinstance(row.get("text"), str):
            raise _bad("standings", "rows {rank, name, text, played, wins, …}")
        clean = {key: _count(row.get(key), key)
                 for key in ("rank", "played", "wins", "draws", "losses")}
        clean.update(name=row["name"], text=row["text"],
                     points=_number(row.get("points"), "points", 1e12),
                     win_rate=_rate(row.get("win_rate"), "win_rate"))
        rows.append(clean)
    lines = []
    for line in matrix:
        if not isinstance(line, list) or len(line) != len(names):
            raise _bad("matrix", "a line of one cell per build")
        lines.append([None if c is None else {"win_rate": _rate(
            c.get("win_rate") if isinstance(c, dict) else None, "matrix")} for c in line])
    return {"standings": rows, "matrix": lines, "names": list(names)}


def read_csv(text: str) -> list[list[str]]:
    """Rows of a CSV text (for round-trip checks and imports)."""
    return list(csv.reader(io.StringIO(text)))
