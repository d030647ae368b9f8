"""The statuses (状態, §11) of マーガレット2011α: one :class:`kassen.core.conditions.Condition`
row each, owning its behaviour, in the ruleset's one catalogue :data:`CONDITIONS`.

As in Showdown's ``data/conditions.ts``, a row holds a status's names, rule and good/bad, and
the handlers for the moments it reacts to (each called with the table first):
``on_ap_phase`` (行動回数決定: its bearer's AP), ``on_status_phase`` (状態効果フェイズ, run in
``order``), ``on_action`` (an action it replaces), ``on_hit_taken`` (an attack reaching its
bearer: it may turn the hit back), ``on_damage_taken`` (the damage its bearer takes: it may
change it), ``on_build`` (a 構築 by its bearer), ``on_death`` (its bearer dying: tried in
``order``) and ``on_judge`` (what it counts at the judgement). A 剣師 keeps its counts in a
list indexed by the row's ``index`` (``f.st[i]``, the slots of :data:`.model.STATUS_KEYS`);
rule code learns which rows act at a moment from :meth:`Conditions.at` once, at import
(:func:`slots`, or :func:`sole` where the rules let one status act), so the hot paths test an
integer slot and call a handler only when the status is there. クイック/スロー are read by
行動権 (initiative.py) and 挑発 by the choice of a single target (processing.py) as counts:
they are a key and a filter, not a moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.conditions import Condition, Conditions, Handler
from kassen.rulesets.marguerite.model import (
    GUARD,
    LIFE,
    MISCARRY,
    POISON,
    PUSH,
    REFLECT,
    SLEEP,
    SOUL,
    STATUS_KEYS,
    STUN,
    VENOM,
)

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.model import Fencer
    from kassen.rulesets.marguerite.rules.actions import Act
    from kassen.rulesets.marguerite.table import MargueriteTable


# -- handlers ------------------------------------------------------------------------------------
def _stun_on_action(t: MargueriteTable, f: Fencer, passed: int) -> None:
    """The action becomes a skip and one スタン is used; the sword passed over (index
    ``passed``, the one it would have executed, or -1) stays unused, or becomes used (option
    ``stun_sword``)."""
    f.st[STUN] -= 1
    if t.readings.stun_marks and passed >= 0:
        f.swords[passed].used = True
    t.rec.add("skip", f.id, None, "§11 スタン", {"why": "stun", "status": "stun", "ap": f.ap,
                                              "reserve": f.reserve, "count": f.st[STUN],
                                              "times": 1})


def _sleep_on_ap_phase(t: MargueriteTable, f: Fencer) -> None:
    """One スリープ is used: no AP and no 予備AP this turn."""
    f.st[SLEEP] -= 1
    f.ap = 0
    f.reserve = 0
    t.rec.add("sleep", f.id, None, "§11 スリープ", {"status": "sleep", "count": f.st[SLEEP]})


def _venom_on_status_phase(t: MargueriteTable, fencers: list[Fencer], hurt: list[Fencer]) -> None:
    """猛毒 adds its count to 毒, before any 毒 acts (D17)."""
    for f in fencers:
        n = f.st[VENOM]
        if n:
            f.st[POISON] += n
            t.rec.add("status_gain", f.id, f.id, "§11 猛毒", {"status": "poison", "n": n,
                                                            "count": f.st[POISON]})


def _poison_on_status_phase(t: MargueriteTable, fencers: list[Fencer], hurt: list[Fencer]) -> None:
    """Every 毒 takes its count of HP at once; deaths follow for all of them (R6.2.4)."""
    for f in fencers:
        n = f.st[POISON]
        if n:
            f.hp -= n
            sums = {"amount": (("=", "poison", n, "§11 毒"),)}
            t.rec.add("poison", f.id, f.id, "§11 毒", {"amount": n, "hp": f.hp, "sums": sums})
            hurt.append(f)


def _miscarry_on_build(t: MargueriteTable, act: Act) -> None:
    """The 構築 fails and one 流産 is used; the sword is spent, or stays where it stood
    (option ``miscarriage``, §18.18)."""
    f = act.actor
    d = act.def_
    assert d is not None
    rec = t.rec
    f.st[MISCARRY] -= 1
    rec.emit("build_failed", f.id, rule="§11 流産", sword=d.code, status="miscarriage",
             count=f.st[MISCARRY])
    sword = act.sword
    if t.readings.miscarriage_kept and sword is not None and sword.gone:
        # §18.18 alternative: the 構築 sword is not spent (AP and MP stay paid)
        sword.gone = False
        sword.used = False
        at = min(act.target if isinstance(act.target, int) else 0, len(f.swords))
        f.swords.insert(at, sword)
        f.free = 0
        rec.emit("sword_kept", f.id, rule="§11 流産", sword=d.code, index=at)


def _reflect_on_hit_taken(t: MargueriteTable, attacker: Fencer,
                          target: Fencer) -> tuple[Fencer, Fencer, int]:
    """The hit turns back; a receiver with 反射 turns it again, and so on. Gives the final
    receiver, the 反射元 it finally came from, and how many 反射 turned it."""
    rec = t.rec
    other = target
    recv = attacker
    target.st[REFLECT] -= 1
    rec.add("reflect", target.id, attacker.id, "§11 反射", {"status": "reflect",
                                                          "count": target.st[REFLECT]})
    turned = 1
    while recv.st[REFLECT]:
        recv.st[REFLECT] -= 1
        rec.add("reflect", recv.id, other.id, "§11 反射", {"status": "reflect",
                                                         "count": recv.st[REFLECT]})
        recv, other = other, recv
        turned += 1
    return recv, other, turned


def _guard_on_damage_taken(t: MargueriteTable, recv: Fencer, attacker: Fencer, amount: int) -> int:
    """One ガード halves the damage, rounded up."""
    recv.st[GUARD] -= 1
    halved = -(-amount // 2)
    sums = {"amount": (("=", "damage", amount), ("ceil/", "guard", 2, "§11 ガード"))}
    t.rec.add("guard", recv.id, attacker.id, "§11 ガード", {
        "status": "guard", "before": amount, "amount": halved, "count": recv.st[GUARD],
        "sums": sums})
    return halved


def _soul_on_death(t: MargueriteTable, f: Fencer) -> bool:
    """One ソウル: HP to maxHP. True when the death is dealt with: revived, or a failed ソウル
    ends it (D2) unless it falls through to ライフ (option ``revival``)."""
    f.st[SOUL] -= 1
    f.hp = f.maxhp
    t.rec.emit("status_lost", f.id, f.id, rule="§11 ソウル", status="soul", n=1,
               count=f.st[SOUL])
    if f.hp >= 1:
        f.dead = False
        t.rec.emit("revive", f.id, rule="§11 ソウル", hp=f.hp, status="soul")
        return True
    return not (t.readings.revival_fallthrough and f.st[LIFE])


def _life_on_death(t: MargueriteTable, f: Fencer) -> bool:
    """One ライフ: alive again at HP 1."""
    f.st[LIFE] -= 1
    f.hp = 1
    f.dead = False
    t.rec.emit("status_lost", f.id, f.id, rule="§11 ライフ", status="life", n=1,
               count=f.st[LIFE])
    t.rec.emit("revive", f.id, rule="§11 ライフ", hp=f.hp, status="life")
    return True


def _push_on_judge(t: MargueriteTable, f: Fencer) -> int:
    """Each プッシュ counts one at the judgement (R10.3)."""
    return f.st[PUSH]


# -- the catalogue -------------------------------------------------------------------------------
CONDITIONS = Conditions((
    Condition("stun", "スタン", "Stun", "§11 スタン", bad=True, on_action=_stun_on_action),
    Condition("sleep", "スリープ", "Sleep", "§11 スリープ", bad=True,
              on_ap_phase=_sleep_on_ap_phase),
    Condition("venom", "猛毒", "Deadly Poison", "§11 猛毒", bad=True, order=1,
              on_status_phase=_venom_on_status_phase),
    Condition("poison", "毒", "Poison", "§11 毒", bad=True, order=2,
              on_status_phase=_poison_on_status_phase),
    Condition("miscarriage", "流産", "Miscarriage", "§11 流産", bad=True,
              on_build=_miscarry_on_build),
    Condition("reflect", "反射", "Reflect", "§11 反射", on_hit_taken=_reflect_on_hit_taken),
    Condition("guard", "ガード", "Guard", "§11 ガード", on_damage_taken=_guard_on_damage_taken),
    Condition("soul", "ソウル", "Soul", "§11 ソウル", order=1, on_death=_soul_on_death),
    Condition("life", "ライフ", "Life", "§11 ライフ", order=2, on_death=_life_on_death),
    Condition("push", "プッシュ", "Push", "§11 プッシュ", on_judge=_push_on_judge),
    Condition("quick", "クイック", "Quick", "§11 クイック"),
    Condition("slow", "スロー", "Slow", "§11 スロー"),
    Condition("taunt", "挑発", "Taunt", "§11 挑発"),
))
"""The statuses in the order of the 剣師's count slots (checked below)."""
STATUSES = CONDITIONS.rows
if tuple(row.key for row in STATUSES) != STATUS_KEYS:
    raise ValueError("statuses.CONDITIONS and model.STATUS_KEYS list the statuses differently")


def slots(moment: str) -> tuple[tuple[int, Handler], ...]:
    """The (count slot, handler) pairs of the rows acting at ``moment``, in their order."""
    return tuple((row.index, handler) for row, handler in CONDITIONS.at(moment))


def sole(moment: str) -> tuple[int, Handler]:
    """The count slot and handler of the one row acting at ``moment``, for the moments where
    the rules let a single status act (a second row there needs a rule for how they combine,
    so it stops the import with this message instead of being silently skipped)."""
    found = slots(moment)
    if len(found) != 1:
        raise ValueError(f"{len(found)} statuses act at {moment}; the rules expect one")
    return found[0]


STATUS_JA = tuple(row.ja for row in STATUSES)
STATUS_EN = tuple(row.key for row in STATUSES)
"""The statuses' keys in event values (language-free)."""
STATUS_GLOSS = tuple(row.en for row in STATUSES)
"""Short literal English glosses, shown beside the Japanese name in English text."""
BAD_STATUSES = tuple(row.index for row in STATUSES if row.bad)
"""悪い状態 (R4.3 <対症>, 快癒剣)."""
BY_KEY: dict[str, Condition] = {**CONDITIONS.by_key, "miscarry": STATUSES[MISCARRY]}
"""Rows by event key, and by the rider's name (堕胎剣) for 流産: names for the text only."""
