"""The statuses (状態, §11) of マーガレット2011α: one row each, owning its behaviour.

As in Showdown's ``data/conditions.ts``, a row holds a status's names, rule and good/bad, and
the handlers for the moments it reacts to: ``on_ap_phase`` (行動回数決定), ``on_status_phase``
(状態効果フェイズ, run in ``order``), ``on_action`` (an action it replaces), ``on_hit_taken``
(an attack reaching its bearer), ``on_build`` (a 構築 by its bearer), ``on_death`` (its bearer
dying) and ``on_judge`` (what it counts at the judgement). A 剣師 keeps its counts in a list
indexed by the row's ``index`` (``f.st[STUN]``), so the hot paths test an integer slot and
call a handler only when the status is there. クイック/スロー are read by 行動権
(initiative.py) and 挑発 by the choice of a single target (processing.py) directly: they are
a key and a filter, not a moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.actions import Act
    from kassen.rulesets.marguerite.engine import MargueriteBattle as B
    from kassen.rulesets.marguerite.model import Fencer

STUN, SLEEP, VENOM, POISON, MISCARRY, REFLECT, GUARD, SOUL, LIFE, PUSH, QUICK, SLOW, TAUNT = (
    range(13))

Handler = Callable[..., Any]


class StatusDef:
    """One status row: index, event key, Japanese name, English gloss, rule, 悪い状態 or not,
    and its handlers (None where it does not react)."""

    __slots__ = ("bad", "gloss", "index", "ja", "key", "on_action", "on_ap_phase", "on_build",
                 "on_death", "on_hit_taken", "on_judge", "on_status_phase", "order", "rule")

    def __init__(self, index: int, key: str, ja: str, gloss: str, bad: bool, *,
                 order: int = 0, **handlers: Handler) -> None:
        self.index = index
        self.key = key
        self.ja = ja
        self.gloss = gloss
        self.rule = f"§11 {ja}"
        self.bad = bad
        self.order = order
        for moment in ("on_action", "on_ap_phase", "on_build", "on_death", "on_hit_taken",
                       "on_judge", "on_status_phase"):
            setattr(self, moment, handlers.pop(moment, None))
        assert not handlers, handlers


# -- handlers ------------------------------------------------------------------------------------
def _stun_on_action(b: B, f: Fencer, passed: int) -> None:
    """The action becomes a skip and one スタン is used; the sword passed over (index
    ``passed``, the one it would have executed, or -1) stays unused, or becomes used (option
    ``stun_sword``)."""
    f.st[STUN] -= 1
    if b.readings.stun_marks and passed >= 0:
        f.swords[passed].used = True
    b.rec.add("skip", f.id, None, "§11 スタン", {"why": "stun", "status": "stun", "ap": f.ap,
                                              "reserve": f.reserve, "count": f.st[STUN],
                                              "times": 1})


def _sleep_on_ap_phase(b: B, f: Fencer) -> None:
    """One スリープ is used: no AP and no 予備AP this turn."""
    f.st[SLEEP] -= 1
    f.ap = 0
    f.reserve = 0
    b.rec.emit("sleep", f.id, rule="§11 スリープ", status="sleep", count=f.st[SLEEP])


def _venom_on_status_phase(b: B, fencers: list[Fencer], hurt: list[Fencer]) -> None:
    """猛毒 adds its count to 毒, before any 毒 acts (D17)."""
    for f in fencers:
        n = f.st[VENOM]
        if n:
            f.st[POISON] += n
            b.rec.emit("status_gain", f.id, f.id, rule="§11 猛毒", status="poison", n=n,
                       count=f.st[POISON])


def _poison_on_status_phase(b: B, fencers: list[Fencer], hurt: list[Fencer]) -> None:
    """Every 毒 takes its count of HP at once; deaths follow for all of them (R6.2.4)."""
    for f in fencers:
        n = f.st[POISON]
        if n:
            f.hp -= n
            b.rec.emit("poison", f.id, f.id, rule="§11 毒", amount=n, hp=f.hp,
                       sums={"amount": (("=", "poison", n, "§11 毒"),)})
            hurt.append(f)


def _miscarry_on_build(b: B, act: Act) -> None:
    """The 構築 fails and one 流産 is used; the sword is spent, or stays where it stood
    (option ``miscarriage``, §18.18)."""
    f = act.actor
    d = act.def_
    assert d is not None
    rec = b.rec
    f.st[MISCARRY] -= 1
    rec.emit("build_failed", f.id, rule="§11 流産", sword=d.code, status="miscarriage",
             count=f.st[MISCARRY])
    sword = act.sword
    if b.readings.miscarriage_kept and sword is not None and sword.gone:
        # §18.18 alternative: the 構築 sword is not spent (AP and MP stay paid)
        sword.gone = False
        sword.used = False
        at = min(act.target if isinstance(act.target, int) else 0, len(f.swords))
        f.swords.insert(at, sword)
        f.free = 0
        rec.emit("sword_kept", f.id, rule="§11 流産", sword=d.code, index=at)


def _reflect_on_hit_taken(b: B, attacker: Fencer, target: Fencer) -> tuple[Fencer, Fencer, int]:
    """The hit turns back; a receiver with 反射 turns it again, and so on. Gives the final
    receiver, the 反射元 it finally came from, and how many 反射 turned it."""
    rec = b.rec
    other = target
    recv = attacker
    target.st[REFLECT] -= 1
    rec.emit("reflect", target.id, attacker.id, rule="§11 反射", status="reflect",
             count=target.st[REFLECT])
    turned = 1
    while recv.st[REFLECT]:
        recv.st[REFLECT] -= 1
        rec.emit("reflect", recv.id, other.id, rule="§11 反射", status="reflect",
                 count=recv.st[REFLECT])
        recv, other = other, recv
        turned += 1
    return recv, other, turned


def _guard_on_hit_taken(b: B, recv: Fencer, attacker: Fencer, amount: int) -> int:
    """One ガード halves the damage, rounded up."""
    recv.st[GUARD] -= 1
    halved = -(-amount // 2)
    b.rec.emit("guard", recv.id, attacker.id, rule="§11 ガード", status="guard", before=amount,
               amount=halved, count=recv.st[GUARD],
               sums={"amount": (("=", "damage", amount), ("ceil/", "guard", 2, "§11 ガード"))})
    return halved


def _soul_on_death(b: B, f: Fencer) -> bool:
    """One ソウル: HP to maxHP. True when the death is dealt with: revived, or a failed ソウル
    ends it (D2) unless it falls through to ライフ (option ``revival``)."""
    f.st[SOUL] -= 1
    f.hp = f.maxhp
    b.rec.emit("status_lost", f.id, f.id, rule="§11 ソウル", status="soul", n=1,
               count=f.st[SOUL])
    if f.hp >= 1:
        f.dead = False
        b.rec.emit("revive", f.id, rule="§11 ソウル", hp=f.hp, status="soul")
        return True
    return not (b.readings.revival_fallthrough and f.st[LIFE])


def _life_on_death(b: B, f: Fencer) -> bool:
    """One ライフ: alive again at HP 1."""
    f.st[LIFE] -= 1
    f.hp = 1
    f.dead = False
    b.rec.emit("status_lost", f.id, f.id, rule="§11 ライフ", status="life", n=1,
               count=f.st[LIFE])
    b.rec.emit("revive", f.id, rule="§11 ライフ", hp=f.hp, status="life")
    return True


def _push_on_judge(f: Fencer) -> int:
    """Each プッシュ counts one at the judgement (R10.3)."""
    return f.st[PUSH]


# -- the table -----------------------------------------------------------------------------------
STATUSES: tuple[StatusDef, ...] = (
    StatusDef(STUN, "stun", "スタン", "Stun", True, on_action=_stun_on_action),
    StatusDef(SLEEP, "sleep", "スリープ", "Sleep", True, on_ap_phase=_sleep_on_ap_phase),
    StatusDef(VENOM, "venom", "猛毒", "Deadly Poison", True, order=1,
              on_status_phase=_venom_on_status_phase),
    StatusDef(POISON, "poison", "毒", "Poison", True, order=2,
              on_status_phase=_poison_on_status_phase),
    StatusDef(MISCARRY, "miscarriage", "流産", "Miscarriage", True, on_build=_miscarry_on_build),
    StatusDef(REFLECT, "reflect", "反射", "Reflect", False, on_hit_taken=_reflect_on_hit_taken),
    StatusDef(GUARD, "guard", "ガード", "Guard", False, on_hit_taken=_guard_on_hit_taken),
    StatusDef(SOUL, "soul", "ソウル", "Soul", False, on_death=_soul_on_death),
    StatusDef(LIFE, "life", "ライフ", "Life", False, on_death=_life_on_death),
    StatusDef(PUSH, "push", "プッシュ", "Push", False, on_judge=_push_on_judge),
    StatusDef(QUICK, "quick", "クイック", "Quick", False),
    StatusDef(SLOW, "slow", "スロー", "Slow", False),
    StatusDef(TAUNT, "taunt", "挑発", "Taunt", False),
)
assert all(row.index == i for i, row in enumerate(STATUSES))

STATUS_JA = tuple(row.ja for row in STATUSES)
STATUS_EN = tuple(row.key for row in STATUSES)
"""The statuses' keys in event values (language-free)."""
STATUS_GLOSS = tuple(row.gloss for row in STATUSES)
"""Short literal English glosses, shown beside the Japanese name in English text."""
STATUS_COUNT = len(STATUSES)
BAD_STATUSES = tuple(row.index for row in STATUSES if row.bad)
"""悪い状態 (R4.3 <対症>, 快癒剣)."""
BY_KEY: dict[str, StatusDef] = {row.key: row for row in STATUSES}
BY_KEY["miscarry"] = STATUSES[MISCARRY]  # the rider's name (堕胎剣)

STATUS_PHASE = tuple(sorted((row for row in STATUSES if row.on_status_phase),
                            key=lambda row: row.order))
"""The statuses that act in the 状態効果フェイズ, in their order (猛毒 before 毒, D17)."""
ON_DEATH = tuple(row for row in STATUSES if row.on_death)
"""The 蘇生 statuses in the order a death tries them (ソウル before ライフ, D2)."""
