"""The skirmish battle: set-up (deployment, §3.1) and the turn loop; one ``turn`` is one round
(the snapshot unit).

The rules live in :mod:`.rules`, one module per section of the specification (``rounds``
§5, ``initiative`` §5.3, ``actions`` §6.1/§6.2/§8 legal choices, ``uses`` §6.3–§6.5, ``movement``
§6.6, ``auto_actions`` §7, ``targeting`` §8, ``statuses`` §9, ``victory`` §10, ``checks`` §4,
``battlefield`` §3); they act on the table (:mod:`.table`) the set-up builds. ``view`` builds
the page's data.
"""

from __future__ import annotations

from typing import Any

from kassen.core.options import read
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.skirmish import view
from kassen.rulesets.skirmish.ai.planner import role_of
from kassen.rulesets.skirmish.model import Character, Pos, State, Unit
from kassen.rulesets.skirmish.options import Readings
from kassen.rulesets.skirmish.rules.battlefield import AreaMap
from kassen.rulesets.skirmish.rules.rounds import play_round
from kassen.rulesets.skirmish.rules.victory import Termination, hp_pct
from kassen.rulesets.skirmish.table import SkirmishTable


def deploy(side: int, ch: Character, area_map: AreaMap, column_only_row: str = "middle") -> Pos:
    """The start area: the one the side's text names; a column only stands on the middle row
    of a grid (§16.4 C10; ``column_only_row=first``: the first row, as rules version 1 had it);
    no area: archers, mages and healers at the back, everyone else in front, on the middle row
    (§3.1, §16 D22, §16.4 C7)."""
    if ch.area is not None:
        x, y = ch.area
        if y is None:
            y = area_map.height // 2 if column_only_row == "middle" else 0
        return (x, y)
    back = 0 if side == 0 else area_map.width - 1
    front = min(1, area_map.width - 1) if side == 0 else max(0, area_map.width - 2)
    return (back if role_of(ch) != "melee" else front, area_map.height // 2)


class SkirmishBattle(Battle):
    """One skirmish; ``play_turn`` plays one round (the snapshot unit)."""

    state: State

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        readings = read(Readings, self.options)
        area_map = AreaMap.from_options(self.options)
        units = []
        for side, build in enumerate(setup.builds):
            for index, ch in enumerate(build):
                units.append(Unit(
                    f"{side}.{index}", side, index, ch.name, ch.hp, ch.hp, ch.mp, ch.mp,
                    ch.ini, ch.acc, ch.eva, ch.mag, ch.arm, ch.res, ch.weapon, ch.abilities,
                    dict(ch.items), ch.fly, ch.weak, ch.resist,
                    deploy(side, ch, area_map, readings.column_only_row)))
        self.state = State(units)
        self.table: SkirmishTable = SkirmishTable(self.state, self.rec, self.rng, readings,
                                                  self.decider, area_map)

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.round

    @property
    def readings(self) -> Readings:
        """The option readings (the table's)."""
        return self.table.readings

    @property
    def map(self) -> AreaMap:
        """The area map (the table's)."""
        return self.table.map

    def unit(self, uid: str) -> Unit:
        """The unit with id ``uid`` (:meth:`.table.SkirmishTable.unit`)."""
        return self.table.unit(uid)

    def play_turn(self) -> None:
        """One round: SP, IP/TP until nobody can act, EP (§5)."""
        play_round(self.table)

    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or Termination.UNFINISHED, st.round,
                      {"hp_pct": hp_pct(self.table)})

    def members(self) -> list[dict[str, Any]]:
        """Per side, members in order of deployment with their current values (design 4.1)."""
        return view.members(self.table)

    def names(self) -> dict[str, str]:
        """Member id → the board's label ("ゴブリン 2" where units share a name), so the log,
        the why panel, the choices, replay files and the command line name units alike."""
        return view.labels(self.state.units)

    def view(self) -> dict[str, Any]:
        """Everything the battle view draws (see ``view.py``)."""
        return view.battle_view(self.table)
