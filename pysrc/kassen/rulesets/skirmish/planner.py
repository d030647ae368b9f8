"""The planner of the skirmish AI (§12 D1/D2 with §16.2 A1–A3, A7, A9 and §16.4): the value of
every legal (ready step, main step) pair and the distance bands; the estimates it adds up
are in :mod:`.estimates`.

Mixed into :class:`.ai.SkirmishAI`; it only reads the bound battle ``self.b``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.rulesets.skirmish import actions, odds
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ATTACK,
    BOLT,
    ITEMS,
    SLEEP,
    WEAPONS,
    Ability,
    N,
)
from kassen.rulesets.skirmish.estimates import MISSING, Estimates
from kassen.rulesets.skirmish.model import Character, Pos, Unit

if TYPE_CHECKING:
    pass

PLACE_FREE = ("attack:", "item:", "wake:")
"""Main-step options whose value does not depend on where the user stands."""

BANDS = {"archer": (3, 3), "mage": (2, 5), "healer": (1, 4), "melee": (0, 0)}
"""§16 A2: the distance band to the nearest enemy per role."""


def ranged_spells(abilities: tuple[str, ...]) -> list[Ability]:
    """The ranged damage or Sleep spells (range ≥ 1) that make a caster a mage (§16 A2)."""
    return [ABILITIES[a] for a in abilities
            if ABILITIES[a].effect in (BOLT, SLEEP) and ABILITIES[a].reach >= 1]


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


class Planner(Estimates):
    """Plan values and positions (§16 A1, A2, A7, A9); expects ``self.b``, the battle."""

    def band_role(self, u: Unit) -> str:
        """The role whose band ``u`` keeps: a caster out of MP (it cannot pay for any ranged
        spell, nor a healer for 《ヒール》) takes the melee band (§16 A2, §16.4 C5)."""
        return self.cached(("role", u.id), self._band_role, u)

    def _band_role(self, u: Unit) -> str:
        role = role_of(u)
        if role in ("mage", "healer"):
            costs = [ab.cost for ab in ranged_spells(u.abilities)]
            if role == "healer":
                costs.append(ABILITIES["heal"].cost)
            if u.mp < min(costs):
                return "melee"
        return role

    def band(self, u: Unit) -> tuple[int, int]:
        """§16 A2: the band, shrunk to its low end after an idle turn (§16.4 C2)."""
        low, high = BANDS[self.band_role(u)]
        return (low, low) if u.idle_turns >= 1 else (low, high)

    def refused(self, u: Unit, dest: Pos) -> bool:
        """§16.4 C3: an archer or mage (not out of MP, C5) never moves to end closer than 2 to
        an enemy and closer to the nearest enemy than it stands now."""
        if self.band_role(u) not in ("archer", "mage"):
            return False
        after = self.nearest(u, dest)
        return after < 2 and after < self.nearest(u, u.pos)

    def position_key(self, u: Unit, pos: Pos) -> tuple[int, int, int]:
        """§16 A2: (distance to the band, stay put, closeness to the band's low end)."""
        return self.cached(("position", u.id, pos), self._position_key, u, pos)

    def _position_key(self, u: Unit, pos: Pos) -> tuple[int, int, int]:
        low, high = self.band(u)
        d = self.nearest(u, pos)
        off = d - high if d > high else (low - d if d < low else 0)
        return (off, 0 if pos == u.pos else 1, abs(d - low))

    # -- the planner (§16 A1) ------------------------------------------------------------------
    def ms_value(self, u: Unit, pos: Pos, ms: str) -> float | None:
        """Expected value of a main-step option from ``pos``; None = never considered."""
        b = self.b
        parts = ms.split(":")
        head = parts[0]
        if head == "none" or head == "move":
            return 0.0
        if head == "attack":
            t = b.unit(parts[1])
            return self.ev_use(u, None, t) if t.side != u.side else None
        if head == "item":
            item = ITEMS[parts[1]]
            t = b.unit(parts[2])
            if item.effect != "gem" or t.side == u.side:
                return None
            return self.ev_magic(item.amount, item.attribute, t)
        if head == "wake":
            t = b.unit(parts[1])
            return self.threat(t) if t.side == u.side and not t.acted else None
        if head != "skill":
            return None
        ab = ABILITIES[parts[1]]
        if ab.effect in (ATTACK, BOLT):
            return self.damage_value(u, pos, ab, parts[2:])
        if ab.effect == SLEEP:
            return self.sleep_value(u, pos, b.unit(parts[2]))
        return None

    def damage_value(self, u: Unit, pos: Pos, ab: Ability, args: list[str]) -> float | None:
        b = self.b
        if not args or ab.target == N:
            pool = actions.candidates(b, u, pos, ab)
            if ab.target != N and args:
                pool = [b.unit(args[0])]
            values = sorted((self.ev_use(u, ab, t) for t in pool if t.side != u.side),
                            reverse=True)
            if not values:
                return None
            return sum(values[: ab.n if ab.target == N else len(values)])
        if args[0] == "area":
            targets = actions.in_area(b, u, b.map.parse_label(args[1]), ab)
            foes = [t for t in targets if t.side != u.side]
            if len(foes) < 2 or len(foes) != len(targets):  # §16 A9
                return None
            return sum(self.ev_use(u, ab, t) for t in foes)
        if args[0] == "dir":
            cells = b.map.line(pos, b.map.parse_label(args[1]), actions.reach_of(u, ab))
            total = 0.0
            found = False
            for pool in actions.pierce_targets(b, u, cells, ab):
                foes = [self.ev_use(u, ab, t) for t in pool if t.side != u.side]
                if foes:
                    found = True
                    total += max(foes)
            return total if found else None
        t = b.unit(args[0])
        return self.ev_use(u, ab, t) if t.side != u.side else None

    def rs_value(self, u: Unit, rs: str) -> tuple[float, int] | None:
        """(value, MP after) of a ready-step item; None = never considered (§16 A7)."""
        parts = rs.split(":")
        item = ITEMS[parts[1]]
        t = self.b.unit(parts[2])
        if item.effect == "heal":
            if t.side != u.side or t.hp >= 0.4 * t.max_hp:
                return None
            return odds.heal(t.max_hp - t.hp), u.mp
        if item.effect == "mana":
            if u.mp >= u.max_mp:
                return None
            return 0.0, min(u.max_mp, u.mp + item.amount)
        return None

    def rs_choices(self, u: Unit) -> list[str]:
        """The legal ready steps with each item's targets tried self first, then allies in
        deployment order (§16.4 C8)."""
        out: list[str] = []
        for rs in actions.rs_options(self.b, u):
            parts = rs.split(":")
            if parts[0] == "item" and parts[2] == u.id:
                block = f"item:{parts[1]}:"
                at = next((i for i, o in enumerate(out) if o.startswith(block)), len(out))
                out.insert(at, rs)
            else:
                out.append(rs)
        return out

    def sleeper_at(self, u: Unit, pos: Pos) -> Unit | None:
        """The sleeping 未行動 ally in ``pos`` to wake: the highest current 行動値, deployment
        order on ties (§16 A6, §16.4 C7)."""
        asleep = [t for t in self.b.state.units if t.pos == pos and t.side == u.side
                  and t is not u and not t.acted and t.able and t.asleep]
        return max(asleep, key=lambda t: (t.ini, -t.index)) if asleep else None

    def plan(self, u: Unit, fixed: bool = False) -> tuple[float, str, str]:
        """The best (value, RS, MS) pair by (value rounded to 6 places, position key), first
        on ties (§16 A1, §16.4 C8).

        With ``fixed`` the ready step is already done and only the main step is planned.
        """
        b = self.b
        rs_plans: list[tuple[str, Pos, float, int]] = []
        if fixed:
            rs_plans.append((b.state.rs_kind, u.pos, 0.0, u.mp))
            rs_move_possible = b.state.rs_kind == "none" and self.any_rs_move(u)
        else:
            engaged = self.hostile_engaged(u) and b.readings.rs_move_obstructable
            for rs in self.rs_choices(u):
                if rs == "none":
                    rs_plans.append((rs, u.pos, 0.0, u.mp))
                elif rs.startswith("move:"):
                    dest = b.map.parse_label(rs[5:])
                    if engaged or self.refused(u, dest):
                        continue
                    rs_plans.append((rs, dest, 0.0, u.mp))
                else:
                    got = self.rs_value(u, rs)
                    if got is not None:
                        rs_plans.append((rs, u.pos, got[0], got[1]))
            rs_move_possible = any(r[0].startswith("move:") for r in rs_plans)
        best: tuple[Any, ...] | None = None
        shared: dict[str, float | None] = {}  # values of PLACE_FREE options, for every plan
        for rs, pos, rs_val, mp in rs_plans:
            if fixed:
                moved, rs_move = bool(b.state.moved_rs), b.state.rs_kind == "move"
            else:
                moved = rs_move = rs.startswith("move:")
            sleeper = self.sleeper_at(u, pos) if rs.startswith("move:") else None
            if sleeper is not None:
                main = [f"wake:{sleeper.id}"]  # §16.4 C6: the wake is that plan's main step
            else:
                main = actions.ms_options(b, u, pos, moved, rs_move, mp)
            after_item = rs.startswith("item")
            stay: tuple[int, int, int] | None = None
            for ms in main:
                if ms.startswith("move:"):
                    if rs_move_possible and not after_item:
                        continue
                    final = b.map.parse_label(ms[5:])
                    if self.refused(u, final):
                        continue
                    value: float | None = 0.0
                    where = self.position_key(u, final)
                else:
                    if ms == "none":
                        value = 0.0
                    else:
                        value = shared.get(ms, MISSING)  # type: ignore[arg-type]
                        if value is MISSING:
                            value = self.ms_value(u, pos, ms)
                            if ms.startswith(PLACE_FREE):
                                shared[ms] = value
                        if value is None:
                            continue
                    if stay is None:
                        stay = self.position_key(u, pos)
                    where = stay
                key = (-round(rs_val + value, 6), *where)
                if best is None or key < best[0]:  # strictly: the first of equal keys stays
                    best = (key, rs, ms, rs_val + value)
        if best is None:
            return 0.0, "none", "none"
        return best[3], best[1], best[2]

    def any_rs_move(self, u: Unit) -> bool:
        """Whether the planner could RS-move (then it never MS-moves, §16 A1)."""
        if self.hostile_engaged(u) and self.b.readings.rs_move_obstructable:
            return False
        return any(rs.startswith("move:") and not self.refused(u, self.b.map.parse_label(rs[5:]))
                   for rs in actions.rs_options(self.b, u))
