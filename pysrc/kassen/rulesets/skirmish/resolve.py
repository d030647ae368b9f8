"""Resolving one use (§6.3–§6.5, §7.2, §8, §9): targets, かばう, hit checks, 《ガード》,
damage, healing, statuses, items. Mixed into the battle class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kassen.rulesets.skirmish import legal
from kassen.rulesets.skirmish.catalogue import (
    ABILITIES,
    ALL,
    ANY,
    AREA,
    AREA_ANY,
    ARMOR,
    ATTACK,
    BOLT,
    FLY,
    HEAL,
    ITEMS,
    ONE,
    SLEEP,
    Ability,
    N,
)
from kassen.rulesets.skirmish.model import Effect, Unit

MAX_PICKS = 40


@dataclass
class Use:
    """One use of an attack, ability or item: what it does and with which numbers."""

    user: Unit
    source: str          # "attack", an ability id or an item id
    effect: str          # ATTACK, BOLT, HEAL, ARMOR, SLEEP, FLY, "mana"
    acc: int = 0
    atk: int = 0
    attribute: str | None = None
    rounds: int = 0
    amount: int = 0

    @property
    def physical(self) -> bool:
        """Physical (装甲, hit check) or magic (抵抗, no hit check)."""
        return self.effect == ATTACK

    def context(self) -> dict[str, Any]:
        """Plain JSON for requests raised during the use."""
        return {"user": self.user.id, "source": self.source, "effect": self.effect,
                "acc": self.acc, "atk": self.atk, "attribute": self.attribute}


@dataclass
class Instance:
    """The use as it lands on one character (a covered target's instance hits the coverer)."""

    victim: Unit
    original: Unit
    covered: bool = False
    hit: bool = True
    crit: bool = False
    guarded: bool = False


class Resolver:
    """Use resolution; expects the battle attributes ``state``, ``rng``, ``rec``, ``map``."""

    state: Any
    rng: Any
    rec: Any
    map: Any
    options: dict[str, Any]

    # -- choosing targets (§8) -----------------------------------------------------------
    def pick(self, u: Unit, ability: Ability, pool: list[Unit], limit: int, picked: list[Unit],
             scope: str, may_skip: bool) -> list[Unit]:
        """D3: choose up to ``limit`` of ``pool`` one at a time (``done`` ends the choice)."""
        chosen: list[Unit] = []
        for _ in range(min(limit, MAX_PICKS)):
            left = [t for t in pool if t not in chosen]
            if not left:
                break
            options = [t.id for t in left]
            if chosen or picked or may_skip:
                options.append("done")
            answer = self.ask(u.side, "pick", options, actor=u.id, ability=ability.id,
                              scope=scope, picked=[t.id for t in picked + chosen])
            if answer == "done":
                break
            chosen.append(self.unit(answer))
        return chosen

    def targets_for(self, u: Unit, ability: Ability, args: list[str]) -> list[Unit]:
        """The targets of an ability use from the MS answer's arguments (§8)."""
        if ability.target == ONE:
            return [self.unit(args[0])]
        if ability.target in (N, ANY):
            pool = legal.candidates(self, u, u.pos, ability)
            limit = ability.n if ability.target == N else len(pool)
            return self.pick(u, ability, pool, limit, [], "any", False)
        if ability.target == ALL:
            return legal.candidates(self, u, u.pos, ability)
        if ability.target in (AREA, AREA_ANY):
            area = self.map.parse_label(args[1])
            pool = legal.in_area(self, u, area, ability)
            if ability.target == AREA:
                return pool
            return self.pick(u, ability, pool, len(pool), [], args[1], False)
        aim = self.map.parse_label(args[1])
        cells = self.map.line(u.pos, aim, legal.reach_of(u, ability))
        pools = legal.pierce_targets(self, u, cells, ability)
        chosen: list[Unit] = []
        for index, (cell, pool) in enumerate(zip(cells, pools, strict=False)):
            rest = any(pools[index + 1:])
            chosen += self.pick(u, ability, pool, ability.n, chosen, self.map.label(cell), rest)
        return chosen

    # -- uses ----------------------------------------------------------------------------
    def use_attack(self, u: Unit, ability: Ability | None, targets: list[Unit]) -> None:
        """A normal attack (通常攻撃) or physical ability (§6.2, §6.3)."""
        acc = u.acc + (ability.acc_mod if ability else 0)
        atk = u.wpn.atk + (ability.atk_mod if ability else 0)
        use = Use(u, ability.id if ability else "attack", ATTACK, acc=acc, atk=atk)
        if ability is None:
            self.rec.emit("use", u.id, rule="§6.2", ability="attack", cost=0, mp=u.mp,
                          targets=[t.id for t in targets])
        self.resolve(use, targets, "§6.3")

    def use_ability(self, u: Unit, ability: Ability, args: list[str]) -> None:
        """An ability or magic (§11.3): pay MP, choose targets, resolve."""
        targets = self.targets_for(u, ability, args)
        u.mp -= ability.cost
        self.rec.emit("use", u.id, rule="§6.5" if ability.magic else "§6.2",
                      ability=ability.id, cost=ability.cost, mp=u.mp,
                      targets=[t.id for t in targets])
        if ability.effect == ATTACK:
            self.use_attack(u, ability, targets)
            return
        power = legal.magic_power(self, u)
        if ability.magic_art:
            power = u.wpn.atk
        use = Use(u, ability.id, ability.effect, atk=power + ability.power,
                  attribute=ability.attribute, rounds=ability.rounds, amount=ability.amount)
        if ability.effect == SLEEP:
            use.rounds = self.options["sleepRounds"]
        if ability.effect == HEAL:
            use.amount = power
        self.resolve(use, targets, "§11.3")

    def use_item(self, u: Unit, item_id: str, target: Unit) -> None:
        """An item by its timing (§11.4)."""
        item = ITEMS[item_id]
        u.items[item_id] -= 1
        self.rec.emit("item", u.id, target.id, rule="§11.4", item=item_id,
                      left=u.items[item_id])
        if item.effect == "wake":
            self.wake(u, target, "§11.4")
            return
        effect = {"heal": HEAL, "mana": "mana", "gem": BOLT}[item.effect]
        use = Use(u, item_id, effect, atk=item.amount, attribute=item.attribute,
                  amount=item.amount if item.effect == "mana" else 0)
        self.resolve(use, [target], "§11.4")

    def wake(self, u: Unit, target: Unit, rule: str) -> None:
        """Remove 睡眠 from one character in the same area (§6.2; not an effect, §16 D6)."""
        target.effects = [e for e in target.effects if e.name != "sleep"]
        self.rec.emit("wake", u.id, target.id, rule=rule)

    # -- resolution ------------------------------------------------------------------------
    def resolve(self, use: Use, targets: list[Unit], rule: str) -> None:
        """Covers, then the effect on every instance (§6.3–§6.5, §7.2)."""
        instances = [self.cover(use, t) for t in targets]
        if use.effect in (ATTACK, BOLT):
            self.strike(use, instances)
            return
        for inst in instances:
            self.apply_effect(use, inst)

    def cover(self, use: Use, target: Unit) -> Instance:
        """かばう (§7.2): 未行動, able, awake characters in the target's area may cover (§16 D6;
        only the target's allies with ``coverAlliesOnly``)."""
        eligible = [c for c in self.state.units
                    if c is not target and c is not use.user and c.pos == target.pos
                    and c.awake_able and not c.acted
                    and (c.side == target.side or not self.options["coverAlliesOnly"])]
        willing = [c for c in eligible
                   if self.ask(c.side, "cover", ["yes", "no"], unit=c.id, protect=target.id,
                               **use.context()) == "yes"]
        if not willing:
            return Instance(target, target)
        coverer = willing[0] if len(willing) == 1 else self.ladder(willing, "cover")
        coverer.acted = True
        self.rec.emit("cover", coverer.id, target.id, rule="§7.2", source=use.source)
        return Instance(coverer, target, covered=True)

    def strike(self, use: Use, instances: list[Instance]) -> None:
        """Hit checks (physical), 《ガード》, damage roll(s) and damage (§6.3, §6.4)."""
        for inst in instances:
            if use.physical:
                self.hit_check(use, inst)
            else:
                self.rec.emit("magic_hit", use.user.id, inst.victim.id, rule="§6.5")
        for inst in instances:
            if inst.hit:
                self.offer_guard(use, inst)
        hits = [i for i in instances if i.hit]
        if not hits:
            return
        shared: list[int] = []
        if not self.options["damageRollPerTarget"]:
            shared = [self.rng.die(10), self.rng.die(10)]
        rolls = []
        for inst in hits:
            dice = list(shared) if shared else [self.rng.die(10), self.rng.die(10)]
            rolls.append(dice)
            if not shared and inst.crit:
                dice.append(self.rng.die(10))
        if shared:
            own = self.options["critOwnDamageRoll"] and len(hits) > 1  # §16 D4
            for inst, dice in zip(hits, rolls, strict=False):
                if inst.crit and own:
                    dice[:] = [self.rng.die(10) for _ in range(3)]
                elif inst.crit:
                    dice.append(self.rng.die(10))
        for inst, dice in zip(hits, rolls, strict=False):
            self.damage(use, inst, dice)

    def hit_check(self, use: Use, inst: Instance) -> None:
        """2D10 + 命中値 ≥ 回避値 (§4.2, §6.3; > with ``hitNeedsGreater``); 10+10 critical,
        1+1 fumble (§4.4)."""
        victim = inst.victim
        if inst.covered and self.options["coverRollsForCrit"]:
            dice = [self.rng.die(10), self.rng.die(10)]  # 「その達成値に関わらず…命中」
            inst.hit = True
            inst.crit = self.options["critFumble"] and dice == [10, 10]
            self.rec.emit("hit_check", use.user.id, victim.id, rule="§7.2", dice=dice,
                          bonus=use.acc, total=sum(dice) + use.acc, need=victim.eva, hit=True,
                          crit=inst.crit, fumble=False)
            return
        if inst.covered or (self.options["sleepAutoHit"] and victim.asleep):
            inst.hit = True
            self.rec.emit("auto_hit", use.user.id, victim.id, rule="§7.2" if inst.covered
                          else "§9.2", covered=inst.covered)
            return
        dice = [self.rng.die(10), self.rng.die(10)]
        total = sum(dice) + use.acc
        crit = self.options["critFumble"] and dice == [10, 10]
        fumble = self.options["critFumble"] and dice == [1, 1]
        inst.crit = crit
        need = victim.eva + (1 if self.options["hitNeedsGreater"] else 0)  # §4.2 ≥ or >
        inst.hit = crit or (not fumble and total >= need)
        self.rec.emit("hit_check", use.user.id, victim.id, rule="§6.3", dice=dice,
                      bonus=use.acc, total=total, need=need, hit=inst.hit, crit=crit,
                      fumble=fumble)

    def offer_guard(self, use: Use, inst: Instance) -> None:
        """D7: 《ガード》 after the hit is decided (§6.3.3, §11.3; magic per §16 D2)."""
        v = inst.victim
        if "guard" not in v.abilities or v.guard_used or v.mp < ABILITIES["guard"].cost:
            return
        if not v.awake_able or (not use.physical and not self.options["guardVsMagic"]):
            return
        if inst.covered and not self.options["coverersMayGuard"]:
            return
        defence = v.armour if use.physical else v.res
        answer = self.ask(v.side, "guard", ["yes", "no"], unit=v.id, crit=inst.crit,
                          base=use.atk - defence + self.affinity(use, v), **use.context())
        if answer == "yes":
            v.mp -= ABILITIES["guard"].cost
            v.guard_used = True
            inst.guarded = True
            self.rec.emit("guard", v.id, rule="§11.3", mp=v.mp)

    def affinity(self, use: Use, v: Unit) -> int:
        """弱点 +5 / 耐性 −5 with option attributeAffinity (§11.1, §16 D17)."""
        if not self.options["attributeAffinity"] or use.attribute is None:
            return 0
        return (5 if use.attribute in v.weak else 0) - (5 if use.attribute in v.resist else 0)

    def damage(self, use: Use, inst: Instance, dice: list[int]) -> None:
        """威力 = 攻撃力 + 2D10 (+1D10 critical); − 装甲 or 抵抗, floored at 0 (§6.4)."""
        v = inst.victim
        power = use.atk + sum(dice)
        defence = v.armour if use.physical else v.res
        if self.options["affinityAfterFloor"]:  # §16 D17, the other order
            amount = max(0, max(0, power - defence) + self.affinity(use, v))
        else:
            amount = max(0, power - defence + self.affinity(use, v))
        if inst.guarded:
            amount = max(0, amount - ABILITIES["guard"].amount)
        v.hp = max(0, v.hp - amount)
        self.rec.emit("damage", use.user.id, v.id, rule="§6.4", dice=dice, atk=use.atk,
                      power=power, defence=defence, physical=use.physical, amount=amount,
                      guarded=inst.guarded, hp=v.hp)
        if amount > 0 and self.options["damageWakes"] and v.asleep:
            self.wake(v, v, "§9.2")
        if v.hp == 0:
            self.rec.emit("down", v.id, rule="§9.4")

    def apply_effect(self, use: Use, inst: Instance) -> None:
        """Non-damage effects: heal, 装甲+, 飛行, 睡眠, MP (§9, §11.3, §11.4)."""
        v = inst.victim
        if use.effect == HEAL:
            dice = [self.rng.die(10), self.rng.die(10)]
            amount = sum(dice) + use.amount
            before = v.hp
            v.hp = min(v.max_hp, v.hp + amount)
            self.rec.emit("heal", use.user.id, v.id, rule="§16 D19", dice=dice,
                          amount=v.hp - before, hp=v.hp)
        elif use.effect == "mana":
            before = v.mp
            v.mp = min(v.max_mp, v.mp + use.amount)
            self.rec.emit("mana", use.user.id, v.id, rule="§11.4", amount=v.mp - before,
                          mp=v.mp)
        elif use.effect == ARMOR:
            self.add_effect(v, "stone_skin", use.rounds, use.amount)
        elif use.effect == FLY:
            self.add_effect(v, "flight", use.rounds, use.amount)
        elif use.effect == SLEEP:
            if inst.covered and self.options["coveredSleepAutoSucceeds"]:
                self.rec.emit("auto_hit", use.user.id, v.id, rule="§7.2", covered=True)
                self.add_effect(v, "sleep", use.rounds, 0)
                return
            a = [self.rng.die(10), self.rng.die(10)]
            p = [self.rng.die(10), self.rng.die(10)]
            caster = sum(a) + legal.magic_power(self, use.user)
            resist = sum(p) + v.res
            won = self.opposed_wins(a, caster, p, resist)
            self.rec.emit("sleep_check", use.user.id, v.id, rule="§11.3", active_dice=a,
                          active=caster, passive_dice=p, passive=resist, success=won)
            if won:
                self.add_effect(v, "sleep", use.rounds, 0)

    def add_effect(self, v: Unit, name: str, rounds: int, amount: int) -> None:
        """A timed effect; the same name refreshes instead of stacking (§9.5; stacks with
        ``sameEffectStacks``)."""
        found = None if self.options["sameEffectStacks"] else v.effect(name)
        if found is not None:
            found.remaining = rounds
            found.amount = max(found.amount, amount)
        else:
            v.effects.append(Effect(name, rounds, amount))
        self.rec.emit("status", v.id, rule="§9", status=name, rounds=rounds, amount=amount)

    # provided by the battle class
    def ask(self, side: int, kind: str, options: list[str], **context: Any) -> str:
        raise NotImplementedError

    def unit(self, uid: str) -> Unit:
        raise NotImplementedError

    def ladder(self, units: list[Unit], purpose: str) -> Unit:
        raise NotImplementedError

    def opposed_wins(self, a: list[int], active: int, p: list[int], passive: int) -> bool:
        raise NotImplementedError
