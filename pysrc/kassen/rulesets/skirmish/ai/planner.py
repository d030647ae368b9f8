"""The planner of the skirmish AI (§12 D1/D2 with §16.2 A1–A3, A7, A9 and §16.4): the value of
every legal (ready step, main step) pair and the distance bands; the estimates it adds up
are in :mod:`.estimates`.

Mixed into :class:`.ai.SkirmishAI`; it only reads the bound table ``self.t``.
"""

from __future__ import annotations

from typing import Any

from kassen.rulesets.skirmish.ai import odds
from kassen.rulesets.skirmish.ai.bands import BANDS, PositionKeys
from kassen.rulesets.skirmish.ai.main_values import MainValues
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ITEMS,
    WEAPONS,
    Ability,
    Item,
)
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS
from kassen.rulesets.skirmish.model import Character, Pos, Unit
from kassen.rulesets.skirmish.rules import actions

NO_SLEEPERS: dict[Pos, Unit] = {}
"""What :meth:`Planner.sleepers` gives when nobody sleeps (shared: never change it)."""

NOTHING = (("none", 0.0),)
"""The main steps valued from an area with no opponent in reach and nobody to wake."""

MAX_ROUNDED = 65536
"""How many values :data:`ROUNDED` keeps; when full it starts again (a bound on memory)."""

ROUNDED: dict[float, float] = {}
"""``round(value, 6)`` of the plan values met so far (see :func:`round6`)."""


def round6(value: float) -> float:
    """``round(value, 6)``, the precision plan values are compared at (§16.4 C8), from a
    table: rounding to digits goes through a decimal string, and plans meet the same few
    expected values again and again."""
    found = ROUNDED.get(value)
    if found is None:
        if len(ROUNDED) >= MAX_ROUNDED:
            ROUNDED.clear()
        found = ROUNDED[value] = round(value, 6)
    return found


def ranged_spells(abilities: tuple[str, ...]) -> list[Ability]:
    """The ranged damage or Sleep spells (range ≥ 1) that make a caster a mage (§16 A2)."""
    return [ABILITIES[a] for a in abilities
            if ABILITIES[a].magic and not ABILITIES[a].beneficial and ABILITIES[a].reach >= 1]


def role_of(u: Unit | Character) -> str:
    """healer (has 《ヒール》), mage (ranged spells; also with a bow, §16.4 C7), archer
    (weapon range ≥ 2), melee. Takes a unit or a character as built (deployment, §16 D22)."""
    if "heal" in u.abilities:
        return "healer"
    if ranged_spells(u.abilities):
        return "mage"
    if WEAPONS[u.weapon].reach >= 2:
        return "archer"
    return "melee"


class Planner(MainValues):
    """Plan values and positions (§16 A1, A2, A7, A9); expects ``self.t``, the table."""

    def band_role(self, u: Unit) -> str:
        """The role whose band ``u`` keeps: a caster out of MP (it cannot pay for any ranged
        spell, nor a healer for 《ヒール》) takes the melee band (§16 A2, §16.4 C5)."""
        role, cheapest = self.role_and_cost(u)
        return "melee" if u.mp < cheapest else role

    def role_and_cost(self, u: Unit) -> tuple[str, int]:
        """u's role (:func:`role_of`) and the MP below which it takes the melee band (0 for
        archers and melee): fixed for the battle (abilities and weapon never change)."""
        found = self.roles.get(u.id)
        if found is None:
            role, cheapest = role_of(u), 0
            if role in ("mage", "healer"):
                costs = [ab.cost for ab in ranged_spells(u.abilities)]
                if role == "healer":
                    costs.append(ABILITIES["heal"].cost)
                cheapest = min(costs)
            found = self.roles[u.id] = (role, cheapest)
        return found

    def band(self, u: Unit) -> tuple[int, int]:
        """§16 A2: the band, shrunk to its low end after an idle turn (§16.4 C2)."""
        low, high = BANDS[self.band_role(u)]
        return (low, low) if u.idle_turns >= 1 else (low, high)

    def refused_areas(self, u: Unit) -> tuple[Pos, ...]:
        """§16.4 C3: the areas an archer or mage (not out of MP, C5) never moves to, those
        closer than 2 to an enemy and closer to the nearest enemy than it stands now."""
        if self.band_role(u) not in ("archer", "mage"):
            return ()
        return self.placement(u.side).refused(u.pos)

    def position_keys(self, u: Unit) -> PositionKeys:
        """§16 A2 per area: (distance to the band, stay put, closeness to the band's low
        end)."""
        low, high = self.band(u)
        return self.placement(u.side).position_keys(u.pos, low, high)

    # -- the planner (§16 A1) ------------------------------------------------------------------
    def rs_value(self, u: Unit, item: Item, t: Unit) -> tuple[float, int] | None:
        """(value, MP after) of a ready-step item on ``t``; None = never considered (§16 A7)."""
        restores = EFFECTS[item.effect].restores
        if restores == "hp":
            if t.side != u.side or t.hp >= 0.4 * t.max_hp:
                return None
            return odds.heal(t.max_hp - t.hp), u.mp
        if restores == "mp":
            if u.mp >= u.max_mp:
                return None
            return 0.0, min(u.max_mp, u.mp + item.amount)
        return None

    def rs_items(self, u: Unit, offered: tuple[str, ...] | None = None
                 ) -> list[tuple[str, Item, Unit]]:
        """The legal ready-step item uses (option, item, target), each item's targets tried
        self first, then the others in deployment order (§16.4 C8); read from ``offered``,
        the options of the ready-step request being answered, when there is one."""
        if offered is None:
            legal = actions.rs_item_options(self.t, u, u.pos)
        else:
            legal = [o for o in offered if o.startswith("item:")]
        out: list[tuple[str, Item, Unit]] = []
        by_id = self.t.by_id()
        for rs in legal:
            _, item_id, target = rs.split(":")
            use = (rs, ITEMS[item_id], by_id[target])
            if target == u.id:
                at = next((i for i, o in enumerate(out) if o[1].id == item_id), len(out))
                out.insert(at, use)
            else:
                out.append(use)
        return out

    def sleeper_at(self, u: Unit, pos: Pos) -> Unit | None:
        """The sleeping 未行動 ally in ``pos`` to wake: the highest current 行動値, deployment
        order on ties (§16 A6, §16.4 C7)."""
        return self.sleepers(u).get(pos)

    def sleepers(self, u: Unit) -> dict[Pos, Unit]:
        """Per area, the ally :meth:`sleeper_at` wakes there; once per request (shared: never
        change it)."""
        if not self.sleeping():
            return NO_SLEEPERS
        return self.cached(("sleepers", u.id), self._sleepers, u)  # type: ignore[no-any-return]

    def _sleepers(self, u: Unit) -> dict[Pos, Unit]:
        """Per area, the ally :meth:`sleeper_at` wakes there (most areas have none)."""
        out: dict[Pos, Unit] = {}
        for t in self.sleeping():
            if t.side == u.side and t is not u and not t.acted:
                best = out.get(t.pos)
                if best is None or (t.ini, -t.index) > (best.ini, -best.index):
                    out[t.pos] = t
        return out

    def plan(self, u: Unit, fixed: bool = False, offered: tuple[str, ...] | None = None
             ) -> tuple[float, str, str]:
        """The best (value, RS, MS) pair by (value rounded to 6 places, position key), first
        on ties (§16 A1, §16.4 C8); ``offered`` as in :meth:`rs_items`.

        With ``fixed`` the ready step is already done and only the main step is planned.
        Within one ready step every main step but a move is judged from the same position,
        so the first of the highest rounded values is that ready step's best; its moves
        follow in option order. Ready steps are tried in option order: nothing, moves, items.
        """
        tab = self.t
        placement = self.placement(u.side)  # refused_areas, position_keys, nearest_table
        role = self.band_role(u)
        low, high = BANDS[role]
        keys = placement.position_keys(u.pos, low, low if u.idle_turns >= 1 else high)
        refused = placement.refused(u.pos) if role in ("archer", "mage") else ()
        # (option, kind, position after, value, MP after) of every ready step worth planning
        rs_plans: list[tuple[str, str, Pos, float, int]] = []
        if fixed:
            st = tab.state
            rs_plans.append((st.rs_kind, st.rs_kind, u.pos, 0.0, u.mp))
            rs_move_possible = st.rs_kind == "none" and self.any_rs_move(u)
        else:
            rs_plans.append(("none", "none", u.pos, 0.0, u.mp))
            rs_move_possible = False
            if not (self.hostile_engaged(u) and tab.readings.rs_move_obstructable):
                for rs, dest in tab.map.move_targets(u.pos, actions.move_allowance(u)):
                    if dest not in refused:
                        rs_plans.append((rs, "move", dest, 0.0, u.mp))
                        rs_move_possible = True
            for rs, item, t in (self.rs_items(u, offered) if u.items else ()):
                got = self.rs_value(u, item, t)
                if got is not None:
                    rs_plans.append((rs, "item", u.pos, got[0], got[1]))
        sleeping = self.sleeping()
        sleepers = self.sleepers(u) if sleeping and not fixed else None
        near, reach = placement.nearest, self.kit(u)[2]
        step: tuple[Any, ...] | None = None  # the main-step move of :meth:`best_move`
        rounded_get = ROUNDED.get
        best: tuple[Any, ...] | None = None
        for rs, kind, pos, rs_val, mp in rs_plans:
            if fixed:
                moved, rs_move = bool(tab.state.moved_rs), kind == "move"
            else:
                moved = rs_move = kind == "move"
            sleeper = sleepers.get(pos) if rs_move and sleepers else None
            if sleeper is not None:  # §16.4 C6: the wake is that plan's main step
                main: Any = [(f"wake:{sleeper.id}", self.threat(sleeper))]
            elif near[pos] > reach and not sleeping:  # nothing in reach, nobody to wake
                main = NOTHING
            else:
                main = self.main_values(u, pos, moved, mp, sleeping)
            if main is NOTHING:  # the loop below with its one main step, none (rs_val ≥ 0)
                raw = rs_val + 0.0
                top, pick = rounded_get(raw), "none"  # round6(raw), its table read here
                if top is None:
                    top = round6(raw)
            else:
                top, pick, raw = -1.0, "none", 0.0
                for ms, value in main:
                    total = rs_val + value
                    rounded = rounded_get(total)  # round6(total), its table read here
                    if rounded is None:
                        rounded = round6(total)
                    if rounded > top:
                        top, pick, raw = rounded, ms, total
            key = (-top, keys[pos])
            if best is None or key < best[0]:  # strictly: the first of equal keys stays
                best = (key, rs, pick, raw)
            if rs_move or sleeper is not None or (rs_move_possible and kind != "item"):
                continue
            if step is None:
                step = self.best_move(u, refused, keys)
            if step and (-round6(rs_val), step[1]) < best[0]:
                best = ((-round6(rs_val), step[1]), rs, step[0], rs_val)
        if best is None:
            return 0.0, "none", "none"
        return best[3], best[1], best[2]

    def best_move(self, u: Unit, refused: tuple[Pos, ...], keys: PositionKeys
                  ) -> tuple[str, tuple[int, int, int]] | tuple[()]:
        """The main-step move from u's area with the lowest position key, first on ties
        (§16 A2): (option, key), or () when every destination is refused (§16.4 C3). Every
        ready step that keeps u in place weighs the same moves, so they are ranked once."""
        found: tuple[str, tuple[int, int, int]] | tuple[()] = ()
        for ms, final in self.t.map.move_targets(u.pos, actions.move_allowance(u)):
            if final not in refused and (not found or keys[final] < found[1]):
                found = (ms, keys[final])
        return found

    def any_rs_move(self, u: Unit) -> bool:
        """Whether the planner could RS-move (then it never MS-moves, §16 A1)."""
        if self.hostile_engaged(u) and self.t.readings.rs_move_obstructable:
            return False
        refused = self.refused_areas(u)
        return any(dest not in refused
                   for _, dest in self.t.map.move_targets(u.pos, actions.move_allowance(u)))
