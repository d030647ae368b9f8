"""Resolving one use (§6.2–§6.5, §11.3, §11.4): attacks, abilities, magic and items; hit
checks, damage, healing and the statuses they give. Covers and 《ガード》 are in
:mod:`.auto_actions`, targets in :mod:`.targeting`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import ATTACK, ITEMS, Ability
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS
from kassen.rulesets.skirmish.model import Instance, Unit, Use
from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules import breakdowns as bd
from kassen.rulesets.skirmish.rules.auto_actions import (
    GUARD_ROW,
    affinity,
    cover,
    defender,
    offer_guard,
)
from kassen.rulesets.skirmish.rules.statuses import armour, asleep, wake
from kassen.rulesets.skirmish.rules.targeting import targets_for

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


@implements("§6.2", "§6.3")
def use_attack(t: SkirmishTable, u: Unit, ability: Ability | None,
               targets: list[Unit]) -> None:
    """A normal attack (通常攻撃) or physical ability (§6.2, §6.3)."""
    acc = u.acc + (ability.acc_mod if ability else 0)
    atk = u.wpn.atk + (ability.atk_mod if ability else 0)
    use = Use(u, ability.id if ability else "attack", ATTACK, acc=acc, atk=atk,
              acc_parts=bd.accuracy_parts(u, ability), atk_parts=bd.weapon_parts(u, ability),
              physical=True)
    if ability is None:
        t.rec.add("use", u.id, None, "§6.2", {"ability": "attack", "cost": 0, "mp": u.mp,
                                              "targets": [o.id for o in targets]})
    resolve(t, use, targets, "§6.3")


@implements("§11.3")
def use_ability(t: SkirmishTable, u: Unit, ability: Ability, args: list[str]) -> None:
    """An ability or magic (§11.3): pay MP, choose targets, resolve."""
    targets = targets_for(t, u, ability, args)
    u.mp -= ability.cost
    rule = "§6.5" if ability.magic else "§6.2"
    t.rec.add("use", u.id, None, rule, {
        "ability": ability.id, "cost": ability.cost, "mp": u.mp,
        "targets": [o.id for o in targets],
        "sums": bd.cost_sums(u.mp + ability.cost, ability.cost, "§11.3")})
    if ability.uses_weapon:
        use_attack(t, u, ability, targets)
        return
    power = actions.magic_power(t, u)
    if ability.magic_art:
        power = u.wpn.atk
    use = Use(u, ability.id, ability.effect, atk=power + ability.power,
              attribute=ability.attribute, rounds=ability.rounds, amount=ability.amount,
              atk_parts=bd.spell_parts(t, u, ability))
    cast = EFFECTS[ability.effect].on_cast
    if cast is not None:
        cast(t, use, power)
    resolve(t, use, targets, "§11.3")


@implements("§11.4")
def use_item(t: SkirmishTable, u: Unit, item_id: str, target: Unit) -> None:
    """An item by its timing (§11.4)."""
    item = ITEMS[item_id]
    u.items[item_id] -= 1
    t.rec.emit("item", u.id, target.id, rule="§11.4", item=item_id, left=u.items[item_id])
    use = EFFECTS[item.effect].on_item(t, u, item, target)  # type: ignore[misc]
    if use is not None:  # the bell wakes by itself, no use (§11.4)
        resolve(t, use, [target], "§11.4")


@implements("§6.3", "§6.5", "§7.2")
def resolve(t: SkirmishTable, use: Use, targets: list[Unit], rule: str) -> None:
    """Covers, then the effect on every instance (§6.3–§6.5, §7.2): damage for a damaging
    kind, else the kind row's ``on_apply`` (:mod:`..catalogue_effects`)."""
    instances = [cover(t, use, o) for o in targets]
    kind = EFFECTS[use.effect]
    if kind.damaging:
        strike(t, use, instances)
        return
    apply = kind.on_apply
    for inst in instances:
        apply(t, use, inst)  # type: ignore[misc]


@implements("§6.3", "§6.4")
def strike(t: SkirmishTable, use: Use, instances: list[Instance]) -> None:
    """Hit checks (physical), 《ガード》, damage roll(s) and damage (§6.3, §6.4)."""
    for inst in instances:
        if use.physical:
            hit_check(t, use, inst)
        else:
            t.rec.add("magic_hit", use.user.id, inst.victim.id, "§6.5", {})
    for inst in instances:
        if inst.hit:
            offer_guard(t, use, inst)
    hits = [i for i in instances if i.hit]
    if not hits:
        return
    die = t.rng.die
    shared: list[int] = []
    if not t.readings.damage_roll_per_target:
        shared = [die(10), die(10)]
    rolls = []
    for inst in hits:
        dice = list(shared) if shared else [die(10), die(10)]
        rolls.append(dice)
        if not shared and inst.crit:
            dice.append(die(10))
    if shared:
        own = t.readings.crit_own_damage_roll and len(hits) > 1  # §16 D4
        for inst, dice in zip(hits, rolls, strict=False):
            if inst.crit and own:
                dice[:] = [die(10) for _ in range(3)]
            elif inst.crit:
                dice.append(die(10))
    for inst, dice in zip(hits, rolls, strict=False):
        damage(t, use, inst, dice)


@implements("§4.2", "§6.3", "§4.4")
def hit_check(t: SkirmishTable, use: Use, inst: Instance) -> None:
    """2D10 + 命中値 ≥ 回避値 (§4.2, §6.3; > with ``hit_needs_greater``); 10+10 critical,
    1+1 fumble (§4.4)."""
    r = t.readings
    victim = inst.victim
    if inst.covered and r.cover_rolls_for_crit:
        dice = [t.rng.die(10), t.rng.die(10)]  # 「その達成値に関わらず…命中」
        inst.hit = True
        inst.crit = r.crit_fumble and dice == [10, 10]
        eva = defender(t, inst).eva
        t.rec.emit("hit_check", use.user.id, victim.id, rule="§7.2", dice=dice,
                   bonus=use.acc, total=sum(dice) + use.acc, need=eva, hit=True,
                   crit=inst.crit, fumble=False,
                   sums=bd.hit_sums(use.acc_parts, dice, eva, eva, inst.crit,
                                    False, "cover_auto_hit"))
        return
    if inst.covered or (r.sleep_auto_hit and asleep(t, victim)):
        inst.hit = True
        t.rec.emit("auto_hit", use.user.id, victim.id,
                   rule="§7.2" if inst.covered else "§9.2", covered=inst.covered)
        return
    dice = [t.rng.die(10), t.rng.die(10)]
    total = sum(dice) + use.acc
    crit = r.crit_fumble and dice == [10, 10]
    fumble = r.crit_fumble and dice == [1, 1]
    inst.crit = crit
    need = victim.eva + (1 if r.hit_needs_greater else 0)  # §4.2 ≥ or >
    inst.hit = crit or (not fumble and total >= need)
    t.rec.add("hit_check", use.user.id, victim.id, "§6.3", {
        "dice": dice, "bonus": use.acc, "total": total, "need": need, "hit": inst.hit,
        "crit": crit, "fumble": fumble,
        "sums": bd.hit_sums(use.acc_parts, dice, need, victim.eva, crit, fumble)})


@implements("§6.4", "§7.2")
def damage(t: SkirmishTable, use: Use, inst: Instance, dice: list[int]) -> None:
    """威力 = 攻撃力 + 2D10 (+1D10 critical); − 装甲 or 抵抗, floored at 0 (§6.4); the
    :func:`defender`'s values, the victim's HP (a cover moves only the result, §7.2)."""
    v = inst.victim
    d = defender(t, inst)
    power = use.atk + sum(dice)
    defence = armour(t, d) if use.physical else d.res
    aff = affinity(t, use, d)
    after_floor = t.readings.affinity_after_floor  # §16 D17, the other order
    raw = power - defence
    amount = max(0, max(0, raw) + aff) if after_floor else max(0, raw + aff)
    guard = GUARD_ROW.amount if inst.guarded else 0
    amount = max(0, amount - guard)
    before = v.hp
    v.hp = max(0, v.hp - amount)
    t.rec.add("damage", use.user.id, v.id, "§6.4", {
        "dice": dice, "atk": use.atk, "power": power, "defence": defence,
        "physical": use.physical, "amount": amount, "guarded": inst.guarded, "hp": v.hp,
        "sums": bd.damage_sums(use.atk_parts, dice, d, use.physical, defence, aff, after_floor,
                               guard, before, amount, covered=d is not v)})
    if amount > 0 and t.readings.damage_wakes and asleep(t, v):
        wake(t, v, v, "§9.2")
    if v.hp == 0:
        t.rec.emit("down", v.id, rule="§9.4")
