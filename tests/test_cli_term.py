"""The command line's tables and progress bar (issue 31): with ``rich`` (the ``cli`` extra) and
with the hand-written fallback, Japanese names line up by display width, nothing but plain
padded text is written off a terminal, and a progress bar is drawn only on a terminal."""

from __future__ import annotations

import io
import re

import pytest

from kassen.cli import term
from kassen.cli.tournament import STANDINGS

ROWS = [["1", "ゴブリンアーチャー", "11", "0", "1", "11.0", "0.917 [0.646, 0.985]"],
        ["2", "Yu", "222", "0", "2", "222.0", "0.500 [0.100, 0.900]"],
        ["3", "ユウ+ミナ", "3333", "0", "3", "3333.0", "0.250 [0.050, 0.700]"],
        ["4", "九尾 里奈九尾 里奈九尾 里奈", "4", "0", "4", "4.0", "0.000 [0.000, 0.600]"]]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(params=["rich", "fallback"])
def mode(request, monkeypatch) -> str:
    """Each test runs with rich and with rich imported away (the hand-written fallback)."""
    if request.param == "rich" and term.rich is None:
        pytest.skip("rich is not installed (pip install '.[cli]'; the test command installs it)")
    if request.param == "fallback":
        monkeypatch.setattr(term, "rich", None)
        monkeypatch.setattr(term, "_cell_len", None)
    return str(request.param)


def wins_column(lines: list[str]) -> set[int]:
    """The display column where each row's wins number (or the header ``W``) ends."""
    ends = set()
    for line, wins in zip(lines, ["W", *(row[2] for row in ROWS)], strict=True):
        name_end = line.index(wins, 6)
        ends.add(term.width(line[:name_end + len(wins)]))
    return ends


def table_lines(stream: io.StringIO) -> list[str]:
    """The header and data lines of a printed table (rule and blank lines dropped)."""
    lines = [ANSI.sub("", line) for line in stream.getvalue().splitlines()]
    return [line for line in lines if line.strip() and not set(line.strip()) <= set("─━-")]


def test_japanese_names_line_up_off_a_terminal(mode) -> None:
    """Off a terminal (a pipe, a file): plain padded lines, no escape codes, the wins column
    at one display column in every row (names count two columns a wide character)."""
    out = io.StringIO()
    term.table(STANDINGS, ROWS, out)
    assert "\x1b" not in out.getvalue()
    lines = out.getvalue().splitlines()
    assert lines == term.plain_lines(STANDINGS, ROWS)
    assert len(wins_column(lines)) == 1, lines
    assert " 九尾 里奈九尾 里奈…  " in lines[4]  # a name wider than its column is cut


def test_japanese_names_line_up_on_a_terminal(mode) -> None:
    """On a terminal: a rich table with rich, the plain lines without; both aligned by
    display width."""
    out = Terminal()
    term.table(STANDINGS, ROWS, out)
    lines = table_lines(out)
    assert len(lines) == 5, lines
    assert len(wins_column(lines)) == 1, lines
    if mode == "rich":
        assert "─" in out.getvalue()  # rich's header rule
    else:
        assert out.getvalue().splitlines() == term.plain_lines(STANDINGS, ROWS)


def test_display_width_counts_wide_characters(mode) -> None:
    assert term.width("ユウ") == 4 and term.width("Yu") == 2 and term.width("九尾 里奈") == 9
    assert term.pad("ゴブリンアーチャー", 10) == "ゴブリン… "
    assert term.pad("アキラ", 8, ">") == "  アキラ"


def test_progress_is_drawn_only_on_a_terminal(mode) -> None:
    """No bar into a file or pipe; on a terminal a bar that reaches its total."""
    assert term.progress_bar(io.StringIO()) is None
    out = Terminal()
    draw = term.progress_bar(out)
    assert draw is not None
    for done in (0, 4, 10):
        draw(done, 10)
    shown = ANSI.sub("", out.getvalue())
    assert "10/10" in shown
    assert ("━" in shown) if mode == "rich" else ("[" + "#" * 30 + "]" in shown)
