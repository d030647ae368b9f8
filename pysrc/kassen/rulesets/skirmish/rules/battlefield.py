"""§3 Battlefield: the area map, a line (default) or a grid; distances, straight lines, reach."""

from __future__ import annotations

from typing import Any

from kassen.core.rules import implements
from kassen.core.text import ascii_int
from kassen.rulesets.skirmish.constants import MAX_LINE_CELLS
from kassen.rulesets.skirmish.model import Pos


class AreaMap:
    """``width`` × ``height`` areas; the line map is ``L`` × 1. Distance is Chebyshev (§3.2)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.is_line = height == 1
        """Whether this is the one-row line map."""
        self._areas = tuple((x, y) for y in range(height) for x in range(width))
        self._labels = {p: str(p[0]) if height == 1 else f"{p[0]}/{p[1]}" for p in self._areas}
        self._by_label = {text: p for p, text in self._labels.items()}
        self._within: dict[tuple[Pos, int, int], tuple[Pos, ...]] = {}
        self._lines: dict[tuple[Pos, Pos, int], list[Pos]] = {}
        self._moves: dict[tuple[Pos, int, int], tuple[str, ...]] = {}
        self._targets: dict[tuple[Pos, int, int], tuple[tuple[str, Pos], ...]] = {}
        self._pierce: dict[tuple[Pos, int], tuple[tuple[Pos, list[Pos]], ...]] = {}

    @classmethod
    @implements("§3.1", "§3.2")
    def from_options(cls, options: dict[str, Any]) -> AreaMap:
        """The map the options ask for (§3.1 line, §3.2 grid); one shared object per size,
        so its tables (labels, areas within a range, straight lines) are worked out once."""
        if options.get("map") == "grid":
            size = (options.get("grid_width", 5), options.get("grid_height", 3))
        else:
            size = (options.get("line_length", 7), 1)
        found = _MAPS.get(size)
        if found is None:
            found = _MAPS[size] = cls(*size)
        return found

    def areas(self) -> tuple[Pos, ...]:
        """Every area, row by row."""
        return self._areas

    def on_map(self, pos: Pos) -> bool:
        """Whether ``pos`` is an area of this map."""
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    @staticmethod
    @implements("§3.1", "§3.2")
    def distance(a: Pos, b: Pos) -> int:
        """|i − j| on the line; Chebyshev distance on the grid (§3.1, §3.2)."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def within(self, origin: Pos, low: int, high: int) -> tuple[Pos, ...]:
        """Areas at distance ``low..high`` from ``origin``, row by row (from the table)."""
        key = (origin, low, high)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = tuple(
                p for p in self._areas if low <= self.distance(origin, p) <= high)
        return found

    @implements("§6.6.1")
    def moves(self, origin: Pos, allowance: int) -> tuple[str, ...]:
        """The move options (``move:<area>``) to the areas 1..``allowance`` away (§6.6.1, D1),
        row by row, from the table."""
        key = (origin, -1, allowance)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = tuple(
                "move:" + self.label(p) for p in self.within(origin, 1, allowance))
        return found

    def move_targets(self, origin: Pos, allowance: int) -> tuple[tuple[str, Pos], ...]:
        """:meth:`moves` with each destination's area: (``move:<area>``, area), same order."""
        key = (origin, -2, allowance)
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = tuple(
                ("move:" + self.label(p), p) for p in self.within(origin, 1, allowance))
        return found

    @implements("§16 D13")
    def pierce_lines(self, origin: Pos, reach: int) -> tuple[tuple[Pos, list[Pos]], ...]:
        """The distinct straight lines of 貫通 from ``origin`` (§16 D13): (aim area, cells),
        nearest aims first, from the table."""
        key = (origin, reach)
        found = self._pierce.get(key)
        if found is None:
            aims = sorted(self.within(origin, 1, reach),
                          key=lambda p: (self.distance(origin, p), p))
            out: list[tuple[Pos, list[Pos]]] = []
            for aim in aims:
                cells = self.line(origin, aim, reach)
                if all(cells != seen for _, seen in out):
                    out.append((aim, cells))
            found = self._pierce[key] = tuple(out)
        return found

    def label(self, pos: Pos) -> str:
        """``"3"`` on the line, ``"3/1"`` on the grid (option and notation form)."""
        found = self._labels.get(pos)
        if found is None:
            return str(pos[0]) if self.is_line else f"{pos[0]}/{pos[1]}"
        return found

    def parse_label(self, text: str) -> Pos | None:
        """Inverse of :meth:`label`; None when not an area of this map."""
        found = self._by_label.get(text)
        if found is not None:
            return found
        parts = text.split("/")
        numbers = [ascii_int(p, 3) for p in parts]
        if None in numbers or len(parts) > 2:
            return None
        pos = (numbers[0], numbers[1] if len(parts) == 2 else 0)
        return pos if self.on_map(pos) else None

    @implements("§8", "§16 D13")
    def line(self, origin: Pos, aim: Pos, reach: int) -> list[Pos]:
        """The straight line of 貫通 (§8, §16 D13): own area first, out to ``reach``.

        The aim point is scaled to Chebyshev length ``reach`` (half away from zero) and the
        Bresenham cells from the own area to it are kept while on the map. The list comes
        from the map's table: shared, never change it.
        """
        key = (origin, aim, reach)
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = self._line(origin, aim, reach)
        return found

    def _line(self, origin: Pos, aim: Pos, reach: int) -> list[Pos]:
        dx, dy = aim[0] - origin[0], aim[1] - origin[1]
        length = max(abs(dx), abs(dy))
        if length == 0:
            return [origin]
        tx = origin[0] + _round_half_away(dx * reach / length)
        ty = origin[1] + _round_half_away(dy * reach / length)
        cells = []
        for cell in bresenham(origin, (tx, ty)):
            if self.on_map(cell) and self.distance(origin, cell) <= reach:
                cells.append(cell)
        return cells

    @implements("§16 D29")
    def path(self, start: Pos, end: Pos) -> list[Pos]:
        """The straight path of a move, start excluded (§16 D29)."""
        return bresenham(start, end)[1:]


_MAPS: dict[tuple[int, int], AreaMap] = {}
"""The maps made so far, by (width, height); a map never changes."""


def _round_half_away(value: float) -> int:
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def bresenham(a: Pos, b: Pos) -> list[Pos]:
    """Cells of the Bresenham line from ``a`` to ``b``, both included."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    out = [(x0, y0)]
    for _ in range(MAX_LINE_CELLS):
        if (x0, y0) == (x1, y1):
            break
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out
