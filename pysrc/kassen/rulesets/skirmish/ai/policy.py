"""The specified AI of §12 with the details of §16.2 (A1–A12) and §16.4; deterministic, no dice.

A policy object is bound to its battle when the battle starts (it only reads the table), so
its answers depend on the position alone; the record keeps every answer, so replays need no AI.
Requests come from the rule modules (:mod:`.rounds`, :mod:`.movement`, :mod:`.targeting`,
:mod:`.auto_actions`); answers are the requests' option strings.
The plan values live in :mod:`.planner`; this module holds the priorities and the answers.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from kassen.core.decisions import Request
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle
from kassen.rulesets.skirmish.ai import odds
from kassen.rulesets.skirmish.ai.planner import Planner, round6
from kassen.rulesets.skirmish.catalogue import ABILITIES, PIERCE, N
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS
from kassen.rulesets.skirmish.model import Unit
from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules.statuses import armour

KINDS = ("rs", "ms", "pick", "obstruct", "representative", "guard", "cover")
"""The requests the rule modules raise, each answered by the method ``on_<kind>``."""


class SkirmishAI(Planner):
    """The default policy (§12 heuristics, §16.2 details)."""

    def __init__(self, cover: bool = True) -> None:
        self.t = None  # type: ignore[assignment]  # the table, read while answering
        self.battle_ref: weakref.ref[Battle] | None = None
        self.allow_cover = cover
        self.threats, self.values = {}, {}
        self.planned: tuple[str, int, str, str] | None = None
        self.places, self.placed = {}, ()
        self.kits, self.roles = {}, {}
        self.proxy = None
        self.answers = {kind: getattr(type(self), "on_" + kind) for kind in KINDS}

    def bind(self, battle: Battle) -> None:
        """Attach to the battle whose requests this policy answers; the policy reads only
        its table (``battle.table``, :class:`.table.SkirmishTable`).

        The table holds this policy (its decider), so the policy holds the battle weakly and
        its table strongly only while it answers a request, through a proxy in between. A
        finished battle then has no reference cycle and is freed as soon as it is dropped,
        instead of waiting, with every event it recorded, for the cyclic garbage collector.
        (The core binds a policy before the battle's set-up has built the table, so the
        table is looked up when a request comes.)"""
        self.battle_ref = weakref.ref(battle)
        table = battle.table
        self.proxy = weakref.proxy(table) if table is not None else None
        self.t = self.proxy  # type: ignore[assignment]
        self.threats, self.values = {}, {}
        self.planned = None
        self.places, self.placed = {}, ()
        self.kits, self.roles = {}, {}

    def __call__(self, request: Request, rng: Rng) -> Any:
        options = request.options
        answer = self.answer(self.answers[request.kind], options[0], request)
        return answer if answer in options else options[0]

    def answer(self, handler: Callable[..., str], default: str, *args: Any) -> str:
        """``handler(self, *args)`` with the table bound and a fresh memo (one answer), or
        ``default`` when the battle or its table is gone."""
        battle = self.battle_ref() if self.battle_ref is not None else None
        table = battle.table if battle is not None else None
        if table is None:
            return default
        if self.proxy is None:  # bound before the set-up built the table (made once)
            self.proxy = weakref.proxy(table)
        self.t = table  # type: ignore[assignment]
        self.memo, self.placed_checked = {}, False  # start_request(), on every request
        try:
            return handler(self, *args)
        finally:
            self.memo = None
            self.t = self.proxy  # type: ignore[assignment]

    @property
    def shortcuts(self) -> dict[str, Callable[..., str]]:
        """The answers given without a request (``Decider.shortcut``): ``cover``, the kind
        asked most (every eligible character at every hit, §7.2), by :meth:`cover_shortcut`.
        Made when a decider takes the policy, so the policy keeps no bound method of itself."""
        return {"cover": self.cover_shortcut}

    def cover_shortcut(self, coverer: Unit, protect: Unit, user: Unit, effect: str, acc: int,
                       atk: int, attribute: str | None) -> str:
        """The ``cover`` answer from the values of its context (as ``auto_actions.cover``
        passes them: the units its ids name, then the use's effect, acc, atk and attribute):
        :meth:`choose_cover` as :meth:`on_cover` calls it. Always ``yes`` or ``no``, both
        always offered."""
        return self.answer(SkirmishAI.choose_cover, "yes", coverer, protect, user, effect,
                           acc, atk, attribute)

    # -- priorities (§16 A6) ---------------------------------------------------------------------
    def heal_target(self, u: Unit) -> Unit | None:
        """§16 A6: the ally (or self) below 40 % HP in Heal range with the lowest HP %, then
        the lower current HP, then deployment order (§16.4 C8)."""
        if "heal" not in u.abilities or u.mp < ABILITIES["heal"].cost:
            return None
        hurt = [t for t in actions.candidates(self.t, u, u.pos, ABILITIES["heal"],
                                              self.around(u.pos))
                if t.side == u.side and t.hp < 0.4 * t.max_hp]
        if not hurt:
            return None
        return min(hurt, key=lambda t: (Fraction(t.hp, t.max_hp), t.hp, hurt.index(t)))

    def sleeper(self, u: Unit) -> Unit | None:
        """The sleeping 未行動 ally in u's area that A6 wakes (§16.4 C7)."""
        return self.sleepers(u).get(u.pos) if self.sleeping() else None

    def priority_potion(self, u: Unit, options: tuple[str, ...]) -> str:
        """§16.4 C1: the ready-step potion of a turn whose main step heals, wakes (A6) or
        escapes (A12): the best expected heal on self or a same-area ally below 40 % HP, self
        first on ties (C8); ``none`` when nobody needs one or with option
        ``ai_potion_on_priority_turns`` off."""
        if not self.t.readings.ai_potion_on_priority_turns:
            return "none"
        best, answer = 0.0, "none"
        for rs, item, t in self.rs_items(u, options):
            if rs not in options or EFFECTS[item.effect].restores != "hp":
                continue
            got = self.rs_value(u, item, t)
            if got is not None and round6(got[0]) > best:
                best, answer = round6(got[0]), rs
        return answer

    def toward_edge(self, u: Unit, moves: list[str]) -> str:
        """§16 A12: the move to the reachable area nearest the own edge column, then the
        shortest move, then the lowest (x, y)."""
        edge = actions.edge_x(self.t, u.side)

        def key(option: str) -> tuple[int, int, tuple[int, int]]:
            dest = self.t.map.parse_label(option[5:]) or u.pos
            return abs(dest[0] - edge), self.t.map.distance(u.pos, dest), dest

        return min(moves, key=key)

    def escaping(self, u: Unit) -> bool:
        return bool(self.t.readings.escape) and u.hp <= 0.25 * u.max_hp

    # -- answers -------------------------------------------------------------------------------
    def on_rs(self, req: Request) -> str:
        u = self.t.unit(req.context["actor"])
        if self.escaping(u):
            edge = actions.edge_x(self.t, u.side)
            moves = [o for o in req.options if o.startswith("move:")]
            if u.pos[0] != edge and moves and not self.hostile_engaged(u):
                return self.toward_edge(u, moves)
            # the move or escape comes in MS: the RS still drinks a potion A7 offers (§16.4
            # C1, §16 A12), and the MS is planned again from the new HP
            return self.priority_potion(u, req.options)
        if self.heal_target(u) is not None:
            return self.priority_potion(u, req.options)
        sleeper = self.sleeper(u)
        if sleeper is not None:
            bell = f"item:bell:{sleeper.id}"
            return bell if bell in req.options else self.priority_potion(u, req.options)
        _, rs, ms = self.plan(u, offered=req.options)
        self.planned = (u.id, self.t.state.round, rs, ms)
        return rs

    def replanned(self, u: Unit, planned: tuple[str, int, str, str] | None) -> str | None:
        """The main step of the plan the ready step came from, when planning it again could
        only give the same answer: the ready step did nothing, or moved exactly where the plan
        said (nothing else changed, so every value, option and tie is the same, §16 A1)."""
        if planned is None or planned[:2] != (u.id, self.t.state.round):
            return None
        st = self.t.state
        rs = planned[2]
        if rs == "none" and st.rs_kind == "none":
            return planned[3]
        if rs.startswith("move:") and st.rs_kind == "move" and st.moved_rs \
                and rs[5:] == self.t.map.label(u.pos):
            return planned[3]
        return None

    def on_ms(self, req: Request) -> str:
        tab = self.t
        u = tab.unit(req.context["actor"])
        planned, self.planned = self.planned, None  # only this main step may use it
        if self.escaping(u):
            if "escape" in req.options:
                return "escape"
            moves = [o for o in req.options if o.startswith("move:")]
            if moves:
                return self.toward_edge(u, moves)
        target = self.heal_target(u)
        if target is not None and f"skill:heal:{target.id}" in req.options:
            return f"skill:heal:{target.id}"
        sleeper = self.sleeper(u)
        if sleeper is not None and f"wake:{sleeper.id}" in req.options:
            return f"wake:{sleeper.id}"
        again = self.replanned(u, planned)
        return again if again is not None else self.plan(u, fixed=True)[2]

    def on_pick(self, req: Request) -> str:
        by_id = self.t.by_id()
        u = by_id[req.context["actor"]]
        ab = ABILITIES[req.context["ability"]]
        picked = req.context["picked"]
        pool = [by_id[o] for o in req.options if o != "done"]
        foes = [t for t in pool if t.side != u.side]
        if ab.target == PIERCE:
            cell = pool[0].pos if pool else None
            if any(by_id[p].pos == cell for p in picked) or not foes:
                return "done" if "done" in req.options else req.options[0]
        ranked = sorted(foes, key=lambda t: -self.ev_use(u, ab, t))
        limit = ab.n if ab.target in (N, PIERCE) else len(ranked)
        already = sum(1 for p in picked if by_id[p].pos == (pool[0].pos if pool else None)) \
            if ab.target == PIERCE else len(picked)
        if ranked and already < limit:
            return ranked[0].id
        return "done" if "done" in req.options else req.options[0]

    def on_obstruct(self, req: Request) -> str:
        """§16 A11: obstructing is free, so obstruct every hostile mover; never an ally
        (only asked with ``allies_may_obstruct``, §16 D8)."""
        c = req.context
        by_id = self.t.by_id()
        return "no" if by_id[c["unit"]].side == by_id[c["mover"]].side else "yes"

    def on_representative(self, req: Request) -> str:
        units = [self.t.unit(o) for o in req.options]
        return max(units, key=lambda v: (v.ini, -units.index(v))).id  # §16 A11

    def on_guard(self, req: Request) -> str:
        c = req.context
        return "yes" if odds.damage(c["base"], -1, bool(c["crit"])) > 5 else "no"  # A5

    def on_cover(self, req: Request) -> str:
        """§16 A4 (:meth:`choose_cover`) on the request's context."""
        c = req.context
        by_id = self.t.by_id()
        return self.choose_cover(by_id[c["unit"]], by_id[c["protect"]], by_id[c["user"]],
                                 c["effect"], c["acc"], c["atk"], c["attribute"])

    def choose_cover(self, coverer: Unit, protect: Unit, user: Unit, effect: str, acc: int,
                     atk: int, attribute: str | None) -> str:
        """§16 A4: cover allies against hostile damage when all three conditions hold."""
        tab = self.t
        kind = EFFECTS[effect]
        if not self.allow_cover or not kind.damaging:
            return "no"
        if coverer.side != protect.side or user.side == protect.side:
            return "no"
        physical = kind.physical
        aff = self.aff(attribute, protect)
        base = atk - (armour(tab, protect) if physical else protect.res) + aff
        exp_p = self.hit_value(acc, protect, base, -1) if physical else odds.damage(base, -1)
        if exp_p < 0.3 * protect.max_hp:
            return "no"
        if tab.readings.cover_damage == "target":  # §7.2: the coverer bears the hit on P
            own = odds.damage(base, -1)
        else:
            defence = armour(tab, coverer) if physical else coverer.res
            own = odds.damage(atk - defence + self.aff(attribute, coverer), -1)
        if coverer.hp - own <= 0.5 * coverer.max_hp:
            return "no"
        saved = tab.state.moved_rs, tab.state.rs_kind
        tab.state.moved_rs, tab.state.rs_kind = False, "none"
        try:
            worth = self.plan(coverer)[0]
        finally:
            tab.state.moved_rs, tab.state.rs_kind = saved
        return "yes" if worth < exp_p else "no"


def never_cover() -> SkirmishAI:
    """The default AI that never uses かばう (for the cover ablation of §16 D6)."""
    return SkirmishAI(cover=False)
