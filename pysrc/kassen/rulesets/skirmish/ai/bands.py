"""§16 A2 distance bands and §16.4 C3 refused areas, as tables of one placement: where a side's
able opponents stand on one map.

Every number the planner reads about positions (the distance from each area to the nearest
opponent, an area's band key, the areas an archer or mage refuses) depends only on the map's
size, that placement, the planning unit's area and its band. Battles on the same map meet the
same placements again and again, so each placement's tables are worked out once and shared
(module level, like the map's own tables); they are plain data and never change.
"""

from __future__ import annotations

from kassen.rulesets.skirmish.model import Pos
from kassen.rulesets.skirmish.rules.battlefield import AreaMap

BANDS = {"archer": (3, 3), "mage": (2, 5), "healer": (1, 4), "melee": (0, 0)}
"""§16 A2: the distance band to the nearest enemy per role."""

MAX_PLACEMENTS = 512
"""How many placements' tables are kept; when full the store starts again (a bound on memory,
not on any battle: a placement not kept is worked out again, with the same numbers)."""

PositionKeys = dict[Pos, tuple[int, int, int]]


class Placement:
    """The tables of one placement of opponents (shared: never change what they return)."""

    __slots__ = ("_keys", "_refused", "nearest")

    def __init__(self, nearest: dict[Pos, int]) -> None:
        self.nearest = nearest
        """Per area of the map, the distance to the nearest opponent (0 when none is left)."""
        self._keys: dict[tuple[Pos, int, int], PositionKeys] = {}
        self._refused: dict[Pos, tuple[Pos, ...]] = {}

    def position_keys(self, here: Pos, low: int, high: int) -> PositionKeys:
        """§16 A2 per area: (distance to the band ``low..high``, stay put at ``here``,
        closeness to the band's low end)."""
        key = (here, low, high)
        found = self._keys.get(key)
        if found is None:
            found = self._keys[key] = {
                pos: (d - high if d > high else (low - d if d < low else 0),
                      0 if pos == here else 1, abs(d - low))
                for pos, d in self.nearest.items()}
        return found

    def refused(self, here: Pos) -> tuple[Pos, ...]:
        """§16.4 C3: the areas closer than 2 to an opponent and closer to the nearest one
        than ``here`` (what an archer or mage there never moves to), in map order."""
        found = self._refused.get(here)
        if found is None:
            near = self.nearest
            limit = near[here]
            found = self._refused[here] = tuple(
                pos for pos, d in near.items() if d < 2 and d < limit)
        return found


_PLACEMENTS: dict[tuple[int, int, tuple[Pos, ...]], Placement] = {}


def placement(area_map: AreaMap, spots: tuple[Pos, ...]) -> Placement:
    """The tables of the opponents standing in ``spots`` (distinct areas, sorted)."""
    key = (area_map.width, area_map.height, spots)
    found = _PLACEMENTS.get(key)
    if found is None:
        if len(_PLACEMENTS) >= MAX_PLACEMENTS:
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key] = Placement(nearest_distances(area_map, spots))
    return found


def nearest_distances(area_map: AreaMap, spots: tuple[Pos, ...]) -> dict[Pos, int]:
    """Per area of the map, the distance to the nearest of ``spots`` (§3.1, §3.2; 0 for all
    when there is none)."""
    if not spots:
        return dict.fromkeys(area_map.areas(), 0)
    if area_map.is_line:  # one row: the distance is |i − j| (§3.1)
        xs = [x for x, _ in spots]
        return {pos: min([abs(pos[0] - x) for x in xs]) for pos in area_map.areas()}
    distance = area_map.distance
    return {pos: min([distance(pos, p) for p in spots]) for pos in area_map.areas()}
