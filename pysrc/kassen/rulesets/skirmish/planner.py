"""The planner of the skirmish AI (§12 D1/D2 with §16.2 A1–A3, A7, A9 and §16.4): the value of
every legal (ready step, main step) pair, the distance bands, threat and Sleep estimates.

Mixed into :class:`.ai.SkirmishAI`; it only reads the bound battle ``self.b``.
"""

from __future__ import annotations

from typing import Any

from kassen.rulesets.skirmish import expect, legal
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ATTACK,
    BOLT,
    ITEMS,
    SLEEP,
    Ability,
    N,
)
from kassen.rulesets.skirmish.model import Pos, Unit

BANDS = {"archer": (3, 3), "mage": (2, 5), "healer": (1, 4), "melee": (0, 0)}
"""§16 A2: the distance band to the nearest enemy per role."""


def role_of(u: Unit) -> str:
    """healer (has 《ヒール》), archer (weapon range ≥ 2), mage (ranged spells), melee."""
    if "heal" in u.abilities:
        return "healer"
    if u.wpn.reach >= 2:
        return "archer"
    if any(ABILITIES[a].effect in (BOLT, SLEEP) and ABILITIES[a].reach >= 1
           for a in u.abilities):
        return "mage"
    return "melee"


class Planner:
    """Plan values and positions (§16 A1–A3, A7, A9); expects ``self.b``, the battle."""

    b: Any

    # -- helpers -----------------------------------------------------------------------------
    @property
    def cf(self) -> bool:
        return bool(self.b.options["critFumble"])

    def eva(self, t: Unit) -> int:
        """The total a hit on ``t`` needs (§4.2; ``hitNeedsGreater`` makes it 回避値 + 1)."""
        return t.eva + (1 if self.b.options["hitNeedsGreater"] else 0)

    def aff(self, attribute: str | None, t: Unit) -> int:
        if not self.b.options["attributeAffinity"] or attribute is None:
            return 0
        return (5 if attribute in t.weak else 0) - (5 if attribute in t.resist else 0)

    def enemies(self, u: Unit) -> list[Unit]:
        return [t for t in self.b.state.units if t.able and t.side != u.side]

    def nearest(self, u: Unit, pos: Pos) -> int:
        dists = [self.b.map.distance(pos, t.pos) for t in self.enemies(u)]
        return min(dists) if dists else 0

    def band(self, u: Unit) -> tuple[int, int]:
        role = role_of(u)
        if role in ("mage", "healer"):
            costs = [ABILITIES[a].cost for a in u.abilities
                     if ABILITIES[a].effect in (BOLT, SLEEP) and ABILITIES[a].reach >= 1]
            if not costs or u.mp < min(costs):
                role = "melee"
        low, high = BANDS[role]
        return (low, low) if u.idle_turns >= 1 else (low, high)

    def position_key(self, u: Unit, pos: Pos) -> tuple[int, int, int]:
        """§16 A2: (distance to the band, stay put, closeness to the band's low end)."""
        low, high = self.band(u)
        d = self.nearest(u, pos)
        off = d - high if d > high else (low - d if d < low else 0)
        return (off, 0 if pos == u.pos else 1, abs(d - low))

    def ev_weapon(self, u: Unit, t: Unit, ability: Ability | None) -> float:
        acc = u.acc + (ability.acc_mod if ability else 0)
        atk = u.wpn.atk + (ability.atk_mod if ability else 0)
        return expect.physical(acc, self.eva(t), atk - t.armour, t.hp, self.cf)

    def spell_atk(self, u: Unit, ability: Ability) -> int:
        if ability.magic_art:
            return u.wpn.atk + ability.power
        return legal.magic_power(self.b, u) + ability.power

    def ev_magic(self, atk: int, attribute: str | None, t: Unit) -> float:
        return expect.damage(atk - t.res + self.aff(attribute, t), t.hp)

    def ev_ability(self, u: Unit, ab: Ability, t: Unit) -> float:
        if ab.effect == ATTACK:
            return self.ev_weapon(u, t, ab)
        return self.ev_magic(self.spell_atk(u, ab), ab.attribute, t)

    def threat(self, x: Unit) -> float:
        """§16 A3: x's best single-target expected damage against any of its opponents."""
        best = 0.0
        for t in self.enemies(x):
            best = max(best, self.ev_weapon(x, t, None))
            for a in x.abilities:
                ab = ABILITIES[a]
                if ab.timing == "MS" and ab.cost <= x.mp and ab.effect in (ATTACK, BOLT):
                    best = max(best, self.ev_ability(x, ab, t))
        return best

    def hostile_engaged(self, u: Unit) -> bool:
        return any(t.side != u.side and t.awake_able and t.pos == u.pos
                   for t in self.b.state.units)

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
            return self.ev_weapon(u, t, None) if t.side != u.side else None
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
            pool = legal.candidates(b, u, pos, ab)
            if ab.target != N and args:
                pool = [b.unit(args[0])]
            values = sorted((self.ev_ability(u, ab, t) for t in pool if t.side != u.side),
                            reverse=True)
            if not values:
                return None
            return sum(values[: ab.n if ab.target == N else len(values)])
        if args[0] == "area":
            targets = legal.in_area(b, u, b.map.parse_label(args[1]), ab)
            foes = [t for t in targets if t.side != u.side]
            if len(foes) < 2 or len(foes) != len(targets):  # §16 A9
                return None
            return sum(self.ev_ability(u, ab, t) for t in foes)
        if args[0] == "dir":
            cells = b.map.line(pos, b.map.parse_label(args[1]), legal.reach_of(u, ab))
            total = 0.0
            found = False
            for pool in legal.pierce_targets(b, u, cells, ab):
                foes = [self.ev_ability(u, ab, t) for t in pool if t.side != u.side]
                if foes:
                    found = True
                    total += max(foes)
            return total if found else None
        t = b.unit(args[0])
        return self.ev_ability(u, ab, t) if t.side != u.side else None

    def sleep_value(self, u: Unit, pos: Pos, t: Unit) -> float | None:
        """§16 A3: only the highest-threat awake enemy in range, only if P(win) ≥ 0.5."""
        ab = ABILITIES["sleep"]
        pool = [c for c in legal.candidates(self.b, u, pos, ab)
                if c.side != u.side and not c.asleep]
        if t not in pool:
            return None
        threats = [(self.threat(c), -i) for i, c in enumerate(pool)]
        best = pool[-max(threats)[1]]
        if best is not t:
            return None
        tie = 1 if self.b.options["opposedTie"] == "active" else 0  # §4.3: ≥ is > with +1
        p = expect.opposed(legal.magic_power(self.b, u) + tie, t.res)
        if p < 0.5:
            return None
        guarded = any(c.side == t.side and c is not t and c.awake_able and c.pos == t.pos
                      for c in self.b.state.units)
        turns = 2 if not t.acted and not guarded else 1
        return p * self.threat(t) * turns

    def rs_value(self, u: Unit, rs: str) -> tuple[float, int] | None:
        """(value, MP after) of a ready-step item; None = never considered (§16 A7)."""
        parts = rs.split(":")
        item = ITEMS[parts[1]]
        t = self.b.unit(parts[2])
        if item.effect == "heal":
            if t.side != u.side or t.hp >= 0.4 * t.max_hp:
                return None
            return expect.heal(t.max_hp - t.hp), u.mp
        if item.effect == "mana":
            if u.mp >= u.max_mp:
                return None
            return 0.0, min(u.max_mp, u.mp + item.amount)
        return None

    def plan(self, u: Unit, fixed: bool = False) -> tuple[float, str, str]:
        """The best (value, RS, MS) pair by (value, position key), first on ties (§16 A1).

        With ``fixed`` the ready step is already done and only the main step is planned.
        """
        b = self.b
        far_role = role_of(u) in ("archer", "mage")
        rs_plans: list[tuple[str, Pos, float, int]] = []
        if fixed:
            rs_plans.append((b.state.rs_kind, u.pos, 0.0, u.mp))
            rs_move_possible = b.state.rs_kind == "none" and self.any_rs_move(u)
        else:
            engaged = self.hostile_engaged(u) and b.options["rsMoveObstructable"]
            for rs in legal.rs_options(b, u):
                if rs == "none":
                    rs_plans.append((rs, u.pos, 0.0, u.mp))
                elif rs.startswith("move:"):
                    dest = b.map.parse_label(rs[5:])
                    if engaged or (far_role and self.nearest(u, dest) < 2):
                        continue
                    rs_plans.append((rs, dest, 0.0, u.mp))
                else:
                    got = self.rs_value(u, rs)
                    if got is not None:
                        rs_plans.append((rs, u.pos, got[0], got[1]))
            rs_move_possible = any(r[0].startswith("move:") for r in rs_plans)
        best: tuple[Any, ...] | None = None
        index = 0
        for rs, pos, rs_val, mp in rs_plans:
            if fixed:
                moved, rs_move = bool(b.state.moved_rs), b.state.rs_kind == "move"
            else:
                moved = rs_move = rs.startswith("move:")
            for ms in legal.ms_options(b, u, pos, moved, rs_move, mp):
                final = pos
                if ms.startswith("move:"):
                    if rs_move_possible and not rs.startswith("item"):
                        continue
                    final = b.map.parse_label(ms[5:])
                    if far_role and self.nearest(u, final) < 2:
                        continue
                value = self.ms_value(u, pos, ms)
                if value is None:
                    continue
                key = (-(rs_val + value), *self.position_key(u, final), index)
                index += 1
                if best is None or key < best[0]:
                    best = (key, rs, ms, rs_val + value)
        if best is None:
            return 0.0, "none", "none"
        return best[3], best[1], best[2]

    def any_rs_move(self, u: Unit) -> bool:
        if self.hostile_engaged(u) and self.b.options["rsMoveObstructable"]:
            return False
        far_role = role_of(u) in ("archer", "mage")
        for rs in legal.rs_options(self.b, u):
            if rs.startswith("move:") and not (
                    far_role and self.nearest(u, self.b.map.parse_label(rs[5:])) < 2):
                return True
        return False
