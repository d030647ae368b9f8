"""The main steps the planner values (§6.2 D2 with §16.2 A1, A3, A6, A7, A9): every legal main
step from a position that has a value, in the order of :func:`.actions.ms_options`.

Options the planner never values (beneficial magic, attacks on allies, non-gem items, waking
an enemy, escape) are left out rather than listed and refused, and the numbers come from
per-request tables (who stands where, at what distance) instead of the option strings, so a
plan costs a few list walks per position. Mixed into :class:`.planner.Planner`.
"""

from __future__ import annotations

from kassen.rulesets.skirmish.ai.estimates import Estimates
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ALL,
    ANY,
    AREA,
    AREA_ANY,
    ITEMS,
    ONE,
    PIERCE,
    Ability,
    N,
)
from kassen.rulesets.skirmish.catalogue_conditions import SLEEP
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS
from kassen.rulesets.skirmish.model import Pos, Unit
from kassen.rulesets.skirmish.rules import actions


class MainValues(Estimates):
    """Main-step values of one request; expects ``self.t``, the table."""

    def in_area(self, u: Unit, area: Pos, ability: Ability) -> list[Unit]:
        """:func:`.actions.in_area` from the per-request table."""
        tab = self.t
        here = self.occupant_table().get(area, ())
        if tab.readings.flight_melee_limit:
            return [t for t in here if t is not u and not actions.melee_blocked(tab, u, t, ability)]
        return [t for t in here if t is not u]

    def kit(self, u: Unit) -> tuple[tuple[tuple[Ability, int], ...], tuple[str, ...], int]:
        """u's main-step abilities and magic that have a value (1体 Sleep, damage) and that
        its weapon allows, in u's order, each with its reach (:func:`.actions.reach_of`), its
        MS gems, and the longest reach of all these and its weapon (no opponent farther away
        can be the target of a valued main step): fixed for the battle (abilities, weapon and
        the items' kinds never change)."""
        found = self.kits.get(u.id)
        if found is None:
            abilities = tuple(
                (ab, actions.reach_of(u, ab)) for ab in (ABILITIES[a] for a in u.abilities)
                if ab.timing == "MS" and not (ab.needs_ranged_weapon and u.wpn.reach < 1)
                and ((EFFECTS[ab.effect].grants is SLEEP and ab.target == ONE)
                     or EFFECTS[ab.effect].damaging))
            gems = tuple(i for i in u.items
                         if ITEMS[i].timing == "MS" and EFFECTS[ITEMS[i].effect].damaging)
            reach = max([u.wpn.reach, *[r for _, r in abilities],
                         *[ITEMS[i].reach for i in gems]])
            found = self.kits[u.id] = (abilities, gems, reach)
        return found

    def main_values(self, u: Unit, pos: Pos, moved: bool, mp: int,
                    sleeping: list[Unit] | None = None) -> list[tuple[str, float]]:
        """(option, value) of every valued main step from ``pos`` but moves, in option order:
        nothing, attacks, abilities and magic, MS items, wakes (§6.2, §16 A1); ``sleeping``
        is :meth:`sleeping` when the caller has it."""
        out = [("none", 0.0)]
        ev_use = self.ev_use
        for t in self.foes_within(u, pos, u.wpn.reach, None):
            out.append(("attack:" + t.id, ev_use(u, None, t)))
        abilities, gems, _ = self.kit(u)
        for ab, reach in abilities:
            if ab.cost > mp or (ab.magic and moved and not ab.magic_art):
                continue
            if EFFECTS[ab.effect].grants is SLEEP:
                t = self.cached(("sleep", u.id, pos), self.sleep_target, u, pos)
                if t is not None and t in self.foes_within(u, pos, ab.reach, ab):
                    out.append((f"skill:{ab.id}:{t.id}",
                                self.sleep_value(u, pos, t)))  # type: ignore[arg-type]
            else:
                self.damage_values(u, pos, ab, reach, out)
        if gems and not moved:
            for item_id in gems:
                if u.items[item_id] <= 0:
                    continue
                item = ITEMS[item_id]
                for t, d in self.around(pos):
                    if d <= item.reach and t.side != u.side:
                        out.append((f"item:{item_id}:{t.id}", self.cached(
                            ("gem", item_id, t.id), self.ev_magic, item.amount, item.attribute,
                            t)))
        for t in self.sleeping() if sleeping is None else sleeping:
            if t.pos == pos and t.side == u.side and t is not u and not t.acted:
                out.append(("wake:" + t.id, self.threat(t)))
        return out

    def damage_values(self, u: Unit, pos: Pos, ab: Ability, reach: int,
                      out: list[tuple[str, float]]) -> None:
        """Add the valued options of one damaging ability with ``reach`` to ``out``, by its
        target kind (§8, §16 A1, A9)."""
        head = "skill:" + ab.id
        ev_use = self.ev_use
        if ab.target == ONE:
            for t in self.foes_within(u, pos, reach, ab):
                out.append((f"{head}:{t.id}", ev_use(u, ab, t)))
        elif ab.target in (N, ANY, ALL):
            values = sorted([ev_use(u, ab, t) for t in self.foes_within(u, pos, reach, ab)],
                            reverse=True)
            if values:
                out.append((head, sum(values[: ab.n if ab.target == N else len(values)])))
        elif ab.target in (AREA, AREA_ANY):
            own = actions.area_takes_user(self.t, ab)  # §8: the user there is a target too
            held = self.occupant_table()
            for area in self.t.map.within(pos, 0, reach):
                if own and area == pos:
                    continue  # §16 A9: the user counts as an ally, so never its own area
                if len(held.get(area, ())) < 2:
                    continue  # fewer than two foes there (the targets are some of these)
                targets = self.in_area(u, area, ab)
                foes = [t for t in targets if t.side != u.side]
                if len(foes) >= 2 and len(foes) == len(targets):  # §16 A9
                    out.append((f"{head}:area:{self.t.map.label(area)}",
                                sum([ev_use(u, ab, t) for t in foes])))
        elif ab.target == PIERCE:
            held = self.occupant_table()
            for aim, cells in self.t.map.pierce_lines(pos, reach):
                total, found = 0.0, False
                for cell in cells:
                    if cell not in held:
                        continue  # nobody there
                    foes = [ev_use(u, ab, t) for t in self.in_area(u, cell, ab)
                            if t.side != u.side]
                    if foes:
                        found = True
                        total += max(foes)
                if found:
                    out.append((f"{head}:dir:{self.t.map.label(aim)}", total))
