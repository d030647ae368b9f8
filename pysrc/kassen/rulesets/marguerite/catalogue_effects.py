"""What the swords of マーガレット2011α do besides damage (§12.3-§12.6): one row per effect,
owning its behaviour (issue 28), as the statuses do in :mod:`.catalogue_conditions`.

A sword row (:mod:`.catalogue`) names its effect in its formula column and its rider in its
rider column; each name is one row here with its handlers by moment (each called with the
table first):

- :class:`Effect` (補助, 制御, 追加): ``support`` (a 補助 on each of its targets; answers
  whether the battle stopped), ``control`` (a 制御 on its executor's list, the next sword
  given when the row's ``aims_next``), ``pick`` (the sword an 追加 adds, or None).
- :class:`Rider` (an attack's riders, R8.5.6): ``further`` (さらに, on the receiver of a hit
  of ≥ 1), ``then`` (そして, for 「自分」; answers the 剣師 whose list grew, for the caps), and
  ``after`` (／, after everything else: 舞踏剣).

Rule code looks a sword's rows up once per action by its catalogue index (:data:`EFFECT_OF`,
:data:`RIDER_OF`) and calls them, never branching on a formula or a rider. The rows sit
above the rules' helpers (:mod:`.rules.life`) and below the rule modules that call them; the
columns the fast-forward and the activation check read (``aims_next``, ``additive``,
``gives_reserve``) are data on the sword rows themselves, which the table's modules import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kassen.rulesets.marguerite.catalogue import ATTACK, NULL_SWORD, SUPPORT, SWORDS, SwordDef
from kassen.rulesets.marguerite.catalogue_conditions import BAD_STATUSES, STATUS_EN
from kassen.rulesets.marguerite.constants import MAX_ATK
from kassen.rulesets.marguerite.model import (
    GUARD,
    LIFE,
    MISCARRY,
    POISON,
    PUSH,
    QUICK,
    REFLECT,
    SLEEP,
    SLOW,
    SOUL,
    STUN,
    TAUNT,
    VENOM,
    Fencer,
    Sword,
)
from kassen.rulesets.marguerite.rules.life import give, heal, hp_changed

if TYPE_CHECKING:
    from kassen.rulesets.marguerite.rules.actions import Act, Hit
    from kassen.rulesets.marguerite.table import MargueriteTable

OnSupport = Callable[["MargueriteTable", Fencer, SwordDef, Fencer], bool]
"""``(table, executor, sword row, target) -> stopped``: a 補助 on one of its targets."""
OnControl = Callable[["MargueriteTable", Fencer, SwordDef, "Sword | None"], None]
"""``(table, executor, sword row, next sword)``: a 制御 (the next sword is in the list)."""
OnPick = Callable[["MargueriteTable", "Act", "Sword | None"], "Sword | None"]
"""``(table, act, next sword or None) -> the sword to add``: an 追加 (§12.6, D8)."""
OnHit = Callable[["MargueriteTable", "Hit", SwordDef], None]
Then = Callable[["MargueriteTable", "Hit", SwordDef], "Fencer | None"]
After = Callable[["MargueriteTable", "Act", SwordDef], None]


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect row (the formula column of a 補助, 制御 or 追加 sword)."""

    key: str
    support: OnSupport | None = None
    control: OnControl | None = None
    pick: OnPick | None = None


@dataclass(frozen=True, slots=True)
class Rider:
    """One rider row (the rider column of an attack sword, R8.5.6)."""

    key: str
    further: OnHit | None = None
    then: Then | None = None
    after: After | None = None


# -- 補助 (§12.1, §12.4) ---------------------------------------------------------------------------
def _raise(field: str) -> OnSupport:
    """+1 to one stat (加熱剣, 加護剣, 加速剣)."""
    stat = field.rstrip("_")

    def support(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
        before = getattr(ally, field)
        setattr(ally, field, before + 1)
        t.rec.add("stat", f.id, ally.id, d.rule, {"stat": stat, "before": before,
                                                  "after": before + 1})
        return False
    return support


def _give(status: int) -> OnSupport:
    """One of a good status (盾の剣 ガード, 命の剣 ライフ, 鏡の剣 反射 …)."""
    def support(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
        give(t, ally, status, 1, d.rule, f)
        return False
    return support


def _mp(n: int) -> OnSupport:
    """+n MP (詠唱剣, 祈祷剣, 黙祷剣)."""
    def support(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
        ally.mp += n
        t.rec.add("mp", f.id, ally.id, d.rule, {"amount": n, "mp": ally.mp})
        return False
    return support


def _reserve(n: int) -> OnSupport:
    """+n 予備AP (儀式剣)."""
    def support(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
        ally.reserve += n
        t.rec.add("reserve", f.id, ally.id, d.rule, {"amount": n, "reserve": ally.reserve})
        return False
    return support


def _fullheal(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
    """回復剣: HP to max HP."""
    ally.hp = ally.maxhp
    t.rec.add("hp_set", f.id, ally.id, d.rule, {"hp": ally.hp})
    hp_changed(t, ally, d.rule)
    return False


def _cure(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
    """快癒剣: every bad status goes."""
    for status in BAD_STATUSES:
        n = ally.st[status]
        if n:
            ally.st[status] = 0
            t.rec.add("status_lost", f.id, ally.id, d.rule, {"status": STATUS_EN[status], "n": n,
                                                             "count": 0})
    return False


def _dragon(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
    """臥竜剣: +10 max HP and HP, then one スリープ."""
    rec = t.rec
    ally.maxhp += 10
    rec.add("stat", f.id, ally.id, d.rule, {"stat": "maxhp", "before": ally.maxhp - 10,
                                            "after": ally.maxhp})
    ally.hp += 10
    rec.add("hp_up", f.id, ally.id, d.rule, {"amount": 10, "hp": ally.hp})
    hp_changed(t, ally, d.rule)
    give(t, ally, SLEEP, 1, d.rule, f)
    return False


def _double_atk(t: MargueriteTable, f: Fencer, d: SwordDef, ally: Fencer) -> bool:
    """灼熱剣: 攻撃力 ×2 (past 10^300 the battle stops)."""
    before = ally.atk
    ally.atk = before * 2
    t.rec.add("stat", f.id, ally.id, d.rule, {"stat": "atk", "before": before, "after": ally.atk})
    if abs(ally.atk) > MAX_ATK:
        t.abort("atk>10^300")
        return True
    return False


# -- 制御 (§12.5): on the executor's next sword, or its whole list --------------------------------
def _rearm(t: MargueriteTable, f: Fencer, d: SwordDef, target: Sword | None) -> None:
    """再来剣: every sword of the list unused again."""
    for s in f.swords:
        s.used = False
    f.free = 0
    t.rec.add("rearm", f.id, None, d.rule, {"sword": d.code})


def _resonate(t: MargueriteTable, f: Fencer, d: SwordDef, target: Sword | None) -> None:
    """共鳴剣: every other sword of the list becomes the next one."""
    assert target is not None
    for s in f.swords:
        if s is not target:
            s.become(target)
    t.rec.add("resonate", f.id, None, d.rule, {"sword": SWORDS[target.sid].code})


def _enchant(put: Callable[[Sword], None], kinds: tuple[int, ...] = ()) -> OnControl:
    """An enchantment (§13) on the next sword, if it is of one of ``kinds`` (any when empty)."""
    def control(t: MargueriteTable, f: Fencer, d: SwordDef, target: Sword | None) -> None:
        assert target is not None
        tdef = SWORDS[target.sid]
        if kinds and tdef.kind not in kinds:
            t.rec.add("no_effect", f.id, None, d.rule, {"sword": d.code})
            return
        put(target)
        t.rec.add("enchant", f.id, None, d.rule, {"sword": tdef.code, "enchant": d.formula,
                                                  "index": f.swords.index(target)})
    return control


def _put_limited(s: Sword) -> None:
    s.limited = True


def _put_early(s: Sword) -> None:
    s.shift -= 1


def _put_late(s: Sword) -> None:
    s.shift += 1


def _put_danger(s: Sword) -> None:
    s.danger = True


def _put_stun(s: Sword) -> None:
    s.stun += 1


def _put_poison(s: Sword) -> None:
    s.poison += 1


def _put_whole(s: Sword) -> None:
    s.whole = True


# -- 追加 (§12.6): the sword to add, chosen right before adding (D8) ------------------------------
def _fiction(t: MargueriteTable, act: Act, target: Sword | None) -> Sword | None:
    """虚構剣: a ヌル剣."""
    return Sword(NULL_SWORD.index)


def _replica(t: MargueriteTable, act: Act, target: Sword | None) -> Sword | None:
    """複製剣: a copy of the enemy 先頭's first sword."""
    line = t.state.lines[1 - act.actor.side]
    if line and line[0].swords:
        return line[0].swords[0].copy()
    return None


def _multiply(t: MargueriteTable, act: Act, target: Sword | None) -> Sword | None:
    """増殖剣: a copy of the next sword."""
    return target.copy() if target is not None else None


EFFECTS: tuple[Effect, ...] = (
    Effect("atk+1", support=_raise("atk")),
    Effect("def+1", support=_raise("def_")),
    Effect("spd+1", support=_raise("spd")),
    Effect("guard", support=_give(GUARD)),
    Effect("life", support=_give(LIFE)),
    Effect("reflect", support=_give(REFLECT)),
    Effect("soul", support=_give(SOUL)),
    Effect("push", support=_give(PUSH)),
    Effect("taunt", support=_give(TAUNT)),
    Effect("quick", support=_give(QUICK)),
    Effect("slow", support=_give(SLOW)),
    Effect("fullheal", support=_fullheal),
    Effect("cure", support=_cure),
    Effect("mp+1", support=_mp(1)),
    Effect("mp+2", support=_mp(2)),
    Effect("mp+3", support=_mp(3)),
    Effect("reserve+3", support=_reserve(3)),
    Effect("dragon", support=_dragon),
    Effect("atk*2", support=_double_atk),
    Effect("limited", control=_enchant(_put_limited)),
    Effect("early", control=_enchant(_put_early)),
    Effect("late", control=_enchant(_put_late)),
    Effect("danger", control=_enchant(_put_danger)),
    Effect("stun", control=_enchant(_put_stun, (ATTACK,))),
    Effect("poison", control=_enchant(_put_poison, (ATTACK,))),
    Effect("whole", control=_enchant(_put_whole, (ATTACK, SUPPORT))),
    Effect("rearm", control=_rearm),
    Effect("resonate", control=_resonate),
    Effect("fiction", pick=_fiction),
    Effect("replica", pick=_replica),
    Effect("multiply", pick=_multiply),
)
"""Every effect a 補助, 制御 or 追加 sword names (attacks, 構築 and 環境 have none here)."""
NO_EFFECT = Effect("")


# -- riders of attacks (R8.5.6) ----------------------------------------------------------------
def _status(status: int) -> OnHit:
    """One of a bad status on the receiver (衝撃剣 スタン, 蟲毒剣 毒, 猛毒剣, 堕胎剣)."""
    def further(t: MargueriteTable, hit: Hit, d: SwordDef) -> None:
        give(t, hit.recv, status, 1, d.rule, hit.act.actor)
    return further


def _reset(field: str, base: str) -> OnHit:
    """A stat back to its value at the start (冷却剣, 剥落剣, 減速剣)."""
    stat = field.rstrip("_")

    def further(t: MargueriteTable, hit: Hit, d: SwordDef) -> None:
        recv = hit.recv
        before = getattr(recv, field)
        setattr(recv, field, getattr(recv, base))
        t.rec.add("stat", hit.act.actor.id, recv.id, d.rule, {"stat": stat, "before": before,
                                                              "after": getattr(recv, field)})
    return further


def _destroy(t: MargueriteTable, hit: Hit, d: SwordDef) -> None:
    """破壊剣: the receiver's first sword is gone."""
    recv = hit.recv
    if recv.swords:
        s = recv.swords.pop(0)
        recv.free = 0
        s.gone = True
        t.rec.add("destroy", hit.act.actor.id, recv.id, d.rule, {"sword": SWORDS[s.sid].code})


def _exhaust(t: MargueriteTable, hit: Hit, d: SwordDef) -> None:
    """剣戟剣: the receiver's first unused sword becomes used."""
    recv = hit.recv
    for s in recv.swords:
        if not s.used:
            s.used = True
            t.rec.add("exhaust", hit.act.actor.id, recv.id, d.rule, {"sword": SWORDS[s.sid].code})
            break


def _reverse(t: MargueriteTable, hit: Hit, d: SwordDef) -> None:
    """撹乱剣: the receiver's list in reverse order."""
    recv = hit.recv
    recv.swords.reverse()
    recv.free = 0
    t.rec.add("reverse", hit.act.actor.id, recv.id, d.rule, {})


def _self(t: MargueriteTable, hit: Hit) -> Fencer:
    """「自分」 of a そして rider: the executor (§18.17), or the last reflector (option)."""
    return hit.src if t.readings.rider_reflector else hit.act.actor


def _vampire(t: MargueriteTable, hit: Hit, d: SwordDef) -> Fencer | None:
    """吸血剣: 自分 heals the damage dealt."""
    f = _self(t, hit)
    heal(t, f, hit.amount, d.rule, f, (("=", "damage_dealt", hit.amount, d.rule),))
    return None


def _steal(t: MargueriteTable, hit: Hit, d: SwordDef) -> Fencer | None:
    """強盗剣: 自分 takes the receiver's first sword (the one fixed before a 超同時 set)."""
    f = _self(t, hit)
    recv = hit.recv
    s = hit.stolen if hit.stolen is not None else (recv.swords[0] if recv.swords else None)
    if s is None or s not in recv.swords:  # Sword compares by identity
        return None
    recv.swords.remove(s)
    recv.free = 0
    if not t.readings.steal_keep:
        s.used = False
    f.swords.append(s)
    t.rec.add("steal", f.id, recv.id, d.rule, {"sword": SWORDS[s.sid].code})
    return f


def _dance(t: MargueriteTable, act: Act, d: SwordDef) -> None:
    """舞踏剣: its own instance is unused again, unless destroyed (D7)."""
    sword = act.sword
    if sword is not None and not sword.gone:
        sword.used = False
        act.actor.free = 0
        t.rec.add("rearm_self", act.actor.id, None, d.rule, {"sword": d.code})


RIDERS: tuple[Rider, ...] = (
    Rider("stun", further=_status(STUN)),
    Rider("poison", further=_status(POISON)),
    Rider("venom", further=_status(VENOM)),
    Rider("miscarry", further=_status(MISCARRY)),
    Rider("reset_atk", further=_reset("atk", "atk0")),
    Rider("reset_def", further=_reset("def_", "def0")),
    Rider("reset_spd", further=_reset("spd", "spd0")),
    Rider("destroy", further=_destroy),
    Rider("exhaust", further=_exhaust),
    Rider("reverse", further=_reverse),
    Rider("vampire", then=_vampire),
    Rider("steal", then=_steal),
    Rider("dance", after=_dance),
)
"""Every rider an attack sword names."""
NO_RIDER = Rider("")

_BY_EFFECT = {e.key: e for e in EFFECTS}
_BY_RIDER = {r.key: r for r in RIDERS}
EFFECT_OF: tuple[Effect, ...] = tuple(_BY_EFFECT.get(d.formula, NO_EFFECT) for d in SWORDS)
"""Each sword's effect row, by catalogue index (looked up once per action)."""
RIDER_OF: tuple[Rider, ...] = tuple(_BY_RIDER[d.rider] if d.rider else NO_RIDER for d in SWORDS)
"""Each sword's rider row, by catalogue index."""
