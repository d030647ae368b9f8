"""The estimates the skirmish AI plans with (§16.2 A1, A3, A4): expected damage of each use,
threats and Sleep targets, kept once per request (the state cannot change during an answer).

Mixed into :class:`.planner.Planner`; it only reads the bound table ``self.t``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kassen.rulesets.skirmish.ai import bands, odds
from kassen.rulesets.skirmish.ai.bands import Placement
from kassen.rulesets.skirmish.catalogue import ABILITIES, ITEMS, Ability
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS
from kassen.rulesets.skirmish.model import Pos, Unit
from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules.statuses import armour, asleep, awake_able

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable

MISSING = object()
"""The memo's marker for "not worked out yet" (an estimate may be None)."""


class Estimates:
    """Expected values, threats and distances of one request; expects ``self.t``."""

    t: SkirmishTable
    threats: dict[str, tuple[Any, float]]
    values: dict[tuple[Any, ...], float]
    """:meth:`ev_use` of the bound battle by what it reads (reset when bound to a battle)."""
    memo: dict[tuple[Any, ...], Any] | None = None
    """Estimates already made while answering one request (None outside an answer)."""
    places: dict[Any, Any]
    """Tables that depend only on where the 戦闘可能 units stand (distances), kept across
    requests until someone moves, falls or leaves (:meth:`start_request`)."""
    placed: tuple[Any, ...]
    placed_checked: bool = False
    kits: dict[str, Any]
    """Per unit id, what it may use in a main step (:meth:`.main_values.MainValues.kit`)."""
    roles: dict[str, tuple[str, int]]
    """Per unit id, its role and the MP its band needs (:meth:`.planner.Planner.band_role`)."""

    def start_request(self) -> None:
        """Open the memo of one request; the position tables are checked when first used."""
        self.memo = {}
        self.placed_checked = False

    def check_places(self) -> None:
        """Drop the position tables if anyone moved, fell or left since they were made (or
        the battle's units are not the same objects)."""
        self.placed_checked = True
        units = self.t.state.units
        placed = (units, *[t.pos if t.hp > 0 and not t.escaped else None for t in units])
        old = self.placed
        if not old or old[0] is not units or placed != old:  # the units list by identity
            self.placed = placed
            self.places = {}

    def cached(self, key: tuple[Any, ...], compute: Callable[..., Any], *args: Any) -> Any:
        """``compute(*args)``, once per ``key`` while one request is answered: the state
        cannot change during an answer, so threat and Sleep estimates are shared by every
        plan."""
        memo = self.memo
        if memo is None:
            return compute(*args)
        found = memo.get(key, MISSING)
        if found is MISSING:
            found = memo[key] = compute(*args)
        return found

    # -- helpers -----------------------------------------------------------------------------
    @property
    def cf(self) -> bool:
        return bool(self.t.readings.crit_fumble)

    def eva(self, t: Unit) -> int:
        """The total a hit on ``t`` needs (§4.2; ``hit_needs_greater`` makes it 回避値 + 1)."""
        return t.eva + (1 if self.t.readings.hit_needs_greater else 0)

    def aff(self, attribute: str | None, t: Unit) -> int:
        if not self.t.readings.attribute_affinity or attribute is None:
            return 0
        return (5 if attribute in t.weak else 0) - (5 if attribute in t.resist else 0)

    def enemies(self, u: Unit) -> list[Unit]:
        """u's able opponents in deployment order (shared: never change the list); kept
        while nobody moves, falls or leaves (:attr:`places`)."""
        if self.memo is None:
            return self._enemies(u.side)
        if not self.placed_checked:
            self.check_places()
        key = ("enemies", u.side)
        found = self.places.get(key)
        if found is None:
            found = self.places[key] = self._enemies(u.side)
        return found  # type: ignore[no-any-return]

    def _enemies(self, side: int) -> list[Unit]:
        return [t for t in self.t.state.units if t.side != side and t.hp > 0 and not t.escaped]

    def sleeping(self) -> list[Unit]:
        """The able units asleep (睡眠, §9.2) in deployment order, once per request (most
        requests have none)."""
        memo = self.memo
        found = memo.get("sleeping") if memo is not None else None
        if found is None:
            found = [t for t in self.t.state.units
                     if t.effects and t.hp > 0 and not t.escaped and asleep(self.t, t)]
            if memo is not None:
                memo["sleeping"] = found
        return found  # type: ignore[no-any-return]

    def placement(self, side: int) -> Placement:
        """The §16 A2 tables of where side ``side``'s able opponents stand (distances to the
        nearest, band keys, §16.4 C3 refused areas); kept while nobody moves, falls or
        leaves (:attr:`places`)."""
        if self.memo is None:
            return self._placement(side)
        if not self.placed_checked:
            self.check_places()
        key = ("placement", side)
        found = self.places.get(key)
        if found is None:
            found = self.places[key] = self._placement(side)
        return found  # type: ignore[no-any-return]

    def _placement(self, side: int) -> Placement:
        spots = sorted(dict.fromkeys([t.pos for t in self.t.state.units
                                      if t.side != side and t.hp > 0 and not t.escaped]))
        return bands.placement(self.t.map, tuple(spots))

    def nearest_table(self, side: int) -> dict[Pos, int]:
        """Per area of the map, the distance to side ``side``'s nearest opponent (0 when none
        is left); shared, never change it."""
        return self.placement(side).nearest

    def around(self, pos: Pos) -> list[tuple[Unit, int]]:
        """Every 戦闘可能 unit with its distance from ``pos`` (§3.2), in deployment order;
        kept while nobody moves, falls or leaves (:attr:`places`)."""
        if self.memo is None:
            return self._around(pos)
        if not self.placed_checked:
            self.check_places()
        places = self.places
        found = places.get(pos)
        if found is None:
            found = places[pos] = self._around(pos)
        return found  # type: ignore[no-any-return]

    def _around(self, pos: Pos) -> list[tuple[Unit, int]]:
        return actions.able_around(self.t, pos)

    def foes_within(self, u: Unit, pos: Pos, reach: int, ability: Ability | None
                    ) -> list[Unit]:
        """u's opponents that a use with ``reach`` from ``pos`` may target (§8; the same as
        :func:`.actions.candidates` less u's side)."""
        if self.t.readings.flight_melee_limit:  # depends on flight too: not kept
            return [t for t, d in self.around(pos) if d <= reach and t.side != u.side
                    and not actions.melee_blocked(self.t, u, t, ability)]
        if self.memo is None:
            return self._foes_within(u, pos, reach)
        if not self.placed_checked:
            self.check_places()
        key = (u.side, pos, reach)
        places = self.places
        found = places.get(key)
        if found is None:
            found = places[key] = self._foes_within(u, pos, reach)
        return found  # type: ignore[no-any-return]

    def _foes_within(self, u: Unit, pos: Pos, reach: int) -> list[Unit]:
        x, y = pos
        if self.t.map.is_line:  # one row: the distance is |i − j| (§3.1)
            return [t for t in self.enemies(u) if abs(x - t.pos[0]) <= reach]
        return [t for t in self.enemies(u)
                if abs(x - t.pos[0]) <= reach and abs(y - t.pos[1]) <= reach]

    def occupants(self, pos: Pos) -> list[Unit]:
        """The 戦闘可能 units in area ``pos``, in deployment order (kept like :meth:`around`)."""
        return self.occupant_table().get(pos, [])

    def occupant_table(self) -> dict[Pos, list[Unit]]:
        """Per occupied area, :meth:`occupants` (an area nobody holds is not a key); kept like
        :meth:`around` (shared: never change it)."""
        if self.memo is None:
            return self._occupant_table()
        if not self.placed_checked:
            self.check_places()
        table = self.places.get("occupants")
        if table is None:
            table = self.places["occupants"] = self._occupant_table()
        return table  # type: ignore[no-any-return]

    def _occupant_table(self) -> dict[Pos, list[Unit]]:
        table: dict[Pos, list[Unit]] = {}
        for t in self.t.state.units:
            if t.hp > 0 and not t.escaped:
                table.setdefault(t.pos, []).append(t)
        return table

    def hit_value(self, acc: int, t: Unit, base: int, cap: int) -> float:
        """P(hit) × E[min(cap, max(0, base + 2D10))] of a hit-checked attack on ``t`` (§16 A1),
        crits and fumbles included; a sleeping ``t`` under ``sleep_auto_hit`` is hit for sure,
        with no roll and so no critical (§9.2, §16 D31): P(hit) = 1."""
        readings = self.t.readings
        if t.effects and readings.sleep_auto_hit and asleep(self.t, t):
            return odds.damage(base, cap)
        need = t.eva + 1 if readings.hit_needs_greater else t.eva  # as :meth:`eva`
        return odds.physical(acc, need, base, cap, bool(readings.crit_fumble))

    def ev_weapon(self, u: Unit, t: Unit, ability: Ability | None, cap: int | None = None
                  ) -> float:
        """P(hit) × E[damage] of a weapon attack (:meth:`hit_value`), capped at ``cap``
        (default: t's HP; < 0: no cap)."""
        acc, atk = u.acc, u.wpn.atk
        if ability is not None:
            acc += ability.acc_mod
            atk += ability.atk_mod
        arm = armour(self.t, t) if t.effects else t.arm
        return self.hit_value(acc, t, atk - arm, t.hp if cap is None else cap)

    def spell_atk(self, u: Unit, ability: Ability) -> int:
        if ability.magic_art:
            return u.wpn.atk + ability.power
        return actions.magic_power(self.t, u) + ability.power

    def ev_magic(self, atk: int, attribute: str | None, t: Unit, cap: int | None = None
                 ) -> float:
        """E[damage] of magic (no hit check), capped like :meth:`ev_weapon`."""
        return odds.damage(atk - t.res + self.aff(attribute, t), t.hp if cap is None else cap)

    def ev_ability(self, u: Unit, ab: Ability, t: Unit, cap: int | None = None) -> float:
        if ab.uses_weapon:
            return self.ev_weapon(u, t, ab, cap)
        return self.ev_magic(self.spell_atk(u, ab), ab.attribute, t, cap)

    def ev_use(self, u: Unit, ab: Ability | None, t: Unit) -> float:
        """A1's value of u's weapon attack (``ab`` None) or ability on ``t``, capped at t's HP
        (it does not depend on where u stands).

        Kept for the battle in ``self.values``, keyed on all it reads that can change: t's HP
        and, when t has effects, its 装甲 and whether it sleeps (a sure hit under
        ``sleep_auto_hit``). Everything else it reads (both units' stats, weapons and
        attributes, the ability, the option readings) is fixed for the battle."""
        if self.memo is None:  # outside an answer: nothing is kept
            return self.ev_weapon(u, t, None) if ab is None else self.ev_ability(u, ab, t)
        key = (u.id, ab.id if ab is not None else "", t.id, t.hp,
               (armour(self.t, t), asleep(self.t, t)) if t.effects else None)
        values = self.values
        found = values.get(key)
        if found is None:
            found = values[key] = (self.ev_weapon(u, t, None) if ab is None
                                   else self.ev_ability(u, ab, t))
        return found

    def threat(self, x: Unit) -> float:
        """§16 A3 with §16.4 C4: x's best single-target expected damage against any of its
        opponents over all its uses (affordable abilities and magic, gems included), not
        capped at the victim's HP.

        Kept between requests in ``self.threats`` with what it depends on (x's MP and items,
        the opponents' 回避値, 装甲 and 抵抗; everything else is fixed for the battle), so it
        is recomputed only when one of those changed."""
        return self.cached(("threat", x.id), self._known_threat, x)

    def _known_threat(self, x: Unit) -> float:
        key = (x.mp, tuple(x.items.items()), self.cached(("defences", x.side), self._defences, x))
        known = self.threats.get(x.id)
        if known is not None and known[0] == key:
            return float(known[1])
        value = self._threat(x)
        self.threats[x.id] = (key, value)
        return value

    def _defences(self, x: Unit) -> tuple[tuple[str, int, int, int, bool], ...]:
        tab = self.t
        auto = bool(tab.readings.sleep_auto_hit)  # a sleeper is then hit for sure
        return tuple((t.id, t.eva, armour(tab, t), t.res, auto and asleep(tab, t))
                     for t in self.enemies(x))

    def _threat(self, x: Unit) -> float:
        abilities = [ABILITIES[a] for a in x.abilities]
        usable = [ab for ab in abilities
                  if ab.timing == "MS" and ab.cost <= x.mp and EFFECTS[ab.effect].damaging
                  and not (ab.needs_ranged_weapon and x.wpn.reach < 1)]
        gems = [ITEMS[i] for i, n in x.items.items() if n > 0 and EFFECTS[ITEMS[i].effect].damaging]
        best = 0.0
        for t in self.enemies(x):
            best = max(best, self.ev_weapon(x, t, None, -1))
            for ab in usable:
                best = max(best, self.ev_ability(x, ab, t, -1))
            for gem in gems:
                best = max(best, self.ev_magic(gem.amount, gem.attribute, t, -1))
        return best

    def hostile_engaged(self, u: Unit) -> bool:
        """Whether an awake hostile shares u's area (it would obstruct a move, §6.6.2)."""
        for t in self.occupant_table().get(u.pos, ()):
            if t.side != u.side and not (t.effects and asleep(self.t, t)):
                return True
        return False

    def sleep_value(self, u: Unit, pos: Pos, t: Unit) -> float | None:
        """§16 A3: only the Sleep target (:meth:`sleep_target`), worth P(win) × its threat ×
        the turns denied."""
        if self.cached(("sleep", u.id, pos), self.sleep_target, u, pos) is not t:
            return None
        p = self.sleep_odds(u, t)
        tab = self.t
        guarded = any(c.side == t.side and c is not t and awake_able(tab, c) and c.pos == t.pos
                      for c in tab.state.units)
        turns = 2 if not t.acted and not guarded else 1
        return p * self.threat(t) * turns

    def sleep_odds(self, u: Unit, t: Unit) -> float:
        """P(u wins Sleep's opposed check against ``t``): 2D10 + 魔力 against 2D10 + 抵抗."""
        tie = 1 if self.t.readings.opposed_tie == "active" else 0  # §4.3: ≥ is > with +1
        return odds.opposed(actions.magic_power(self.t, u) + tie, t.res)

    def sleep_target(self, u: Unit, pos: Pos) -> Unit | None:
        """§16 A3 and §12 "cast on the enemy with the highest expected damage if P(win) ≥
        0.5": the awake enemy in Sleep range of ``pos`` with the highest threat among those
        u puts to sleep with P(win) ≥ 0.5, first in deployment order on ties. (Read as a
        filter: an enemy that would likely resist does not stop u from sleeping the next
        one; the reading that the §17 figures were measured with, see the docs' §16.4 note.)"""
        sleep = ABILITIES["sleep"]
        pool = [c for c in self.foes_within(u, pos, actions.reach_of(u, sleep), sleep)
                if not asleep(self.t, c) and self.sleep_odds(u, c) >= 0.5]
        if not pool:
            return None
        threats = [(self.threat(c), -i) for i, c in enumerate(pool)]
        return pool[-max(threats)[1]]
