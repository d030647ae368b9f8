"""The effect kinds of §11.3–§11.4 as catalogue rows that own their behaviour (issue 28).

An ability (:class:`.catalogue.Ability`) and an item (:class:`.catalogue.Item`) name their
kind by key (``effect``); the kind is one :class:`EffectKind` row of :data:`EFFECTS`, with
what it does as handlers by moment (as Showdown's ``data/conditions.ts``), so a new kind is
one row here and the rule code dispatches through the row, never on the key. The moments:

- ``on_cast(t, use, power)``: an ability of the kind sets up its use (§11.3): ヒール heals
  by 魔力, スリープ lasts the rounds the options read;
- ``on_apply(t, use, instance)``: a kind that deals no damage acts on one instance (§9,
  §11.3, §11.4); damaging kinds go through the hit checks and damage of :mod:`.rules.uses`;
- ``on_item(t, user, item, target) -> Use | None``: an item of the kind is used (§11.4): the
  use to resolve through covers, or None when it acted itself (the bell wakes, §6.2).

Row data: ``damaging`` (resolved by hit checks and damage, §6.3–§6.5), ``physical`` (装甲 and
a hit check, else 抵抗), ``grants`` (the condition row it gives), ``restores`` (``hp`` or
``mp``, which the AI reads for ready-step items). The rows sit above the rule modules in the
import graph: they call the rules; :mod:`.rules.uses` and the AI read them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kassen.core.conditions import Condition
from kassen.core.rules import implements
from kassen.rulesets.skirmish import catalogue as cat
from kassen.rulesets.skirmish.catalogue import Item
from kassen.rulesets.skirmish.catalogue_conditions import FLIGHT, SLEEP, STONE_SKIN
from kassen.rulesets.skirmish.model import Instance, Unit, Use
from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules import breakdowns as bd
from kassen.rulesets.skirmish.rules.auto_actions import defender
from kassen.rulesets.skirmish.rules.checks import opposed_wins
from kassen.rulesets.skirmish.rules.statuses import add_effect, wake

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable

Cast = Callable[["SkirmishTable", Use, int], None]
Apply = Callable[["SkirmishTable", Use, Instance], None]
ItemUse = Callable[["SkirmishTable", Unit, Item, Unit], "Use | None"]


@dataclass(frozen=True)
class EffectKind:
    """One effect kind: its data and its handlers by moment (module docstring)."""

    id: str
    ja: str
    en: str
    damaging: bool = False
    physical: bool = False
    grants: Condition | None = None
    restores: str = ""
    on_cast: Cast | None = None
    on_apply: Apply | None = None
    on_item: ItemUse | None = None


# -- on_cast --------------------------------------------------------------------------------
def _heal_by_power(t: SkirmishTable, use: Use, power: int) -> None:
    """ヒール heals 2D10 + 魔力 (§11.3)."""
    use.amount = power


def _sleep_rounds(t: SkirmishTable, use: Use, power: int) -> None:
    """スリープ's 睡眠 lasts the rounds option ``sleep_rounds`` reads (§9.2)."""
    use.rounds = t.readings.sleep_rounds


# -- on_apply -------------------------------------------------------------------------------
@implements("§11.3", "§11.4")
def _heal(t: SkirmishTable, use: Use, inst: Instance) -> None:
    """HP += 2D10 + the use's amount, up to 最大HP (§11.3, §11.4, §16 D19)."""
    v = inst.victim
    dice = [t.rng.die(10), t.rng.die(10)]
    amount = sum(dice) + use.amount
    before = v.hp
    v.hp = min(v.max_hp, v.hp + amount)
    t.rec.emit("heal", use.user.id, v.id, rule="§16 D19", dice=dice,
               healed=v.hp - before, hp=v.hp,
               sums=bd.heal_sums(use.atk_parts, dice, v, before, v.hp - before))


@implements("§11.4")
def _mana(t: SkirmishTable, use: Use, inst: Instance) -> None:
    """MP += the use's amount, up to 最大MP (§11.4)."""
    v = inst.victim
    before = v.mp
    v.mp = min(v.max_mp, v.mp + use.amount)
    t.rec.emit("mana", use.user.id, v.id, rule="§11.4", restored=v.mp - before, mp=v.mp,
               sums=bd.mana_sums(use.amount, v, before, v.mp - before))


def _grant(row: Condition) -> Apply:
    """The handler that gives ``row`` for the use's rounds and amount (§9.3, §9.5)."""
    def apply(t: SkirmishTable, use: Use, inst: Instance) -> None:
        add_effect(t, inst.victim, row, use.rounds, use.amount)
    return apply


@implements("§9", "§11.3")
def _sleep(t: SkirmishTable, use: Use, inst: Instance) -> None:
    """Opposed check 2D10 + 魔力 against 2D10 + 抵抗; the winner puts the target to sleep
    (§11.3, §9.2); a covered Sleep is checked against the coverer's 抵抗 (§7.2)."""
    v = inst.victim
    if inst.covered and t.readings.covered_sleep_auto_succeeds:
        t.rec.emit("auto_hit", use.user.id, v.id, rule="§7.2", covered=True)
        add_effect(t, v, SLEEP, use.rounds, 0)
        return
    d = defender(t, inst)
    a = [t.rng.die(10), t.rng.die(10)]
    p = [t.rng.die(10), t.rng.die(10)]
    caster = sum(a) + actions.magic_power(t, use.user)
    resist = sum(p) + d.res
    won = opposed_wins(t, a, caster, p, resist)
    crit = t.readings.crit_on_opposed
    t.rec.emit("sleep_check", use.user.id, v.id, rule="§11.3", active_dice=a,
               active=caster, passive_dice=p, passive=resist, success=won,
               sums={"active": bd.opposed_terms(a, bd.magic_parts(t, use.user), crit),
                     "passive": bd.covered_terms(
                         bd.opposed_terms(p, (("resistance", d.res, None),), crit),
                         d is not v)})
    if won:
        add_effect(t, v, SLEEP, use.rounds, 0)


# -- on_item --------------------------------------------------------------------------------
def _potion(t: SkirmishTable, u: Unit, item: Item, target: Unit) -> Use:
    """A potion heals 2D10 (§11.4)."""
    return Use(u, item.id, cat.HEAL, atk=item.amount, attribute=item.attribute)


def _mana_potion(t: SkirmishTable, u: Unit, item: Item, target: Unit) -> Use:
    """A mana potion restores its amount of MP (§11.4)."""
    return Use(u, item.id, cat.MANA, atk=item.amount, attribute=item.attribute,
               amount=item.amount)


def _gem(t: SkirmishTable, u: Unit, item: Item, target: Unit) -> Use:
    """A gem is magic damage of its attribute with its own 攻撃力 (§11.4)."""
    return Use(u, item.id, cat.BOLT, atk=item.amount, attribute=item.attribute,
               atk_parts=(("gem_attack", item.amount, "§11.4"),))


def _bell(t: SkirmishTable, u: Unit, item: Item, target: Unit) -> None:
    """The waking bell wakes its target; no use, no cover (§11.4, §6.2)."""
    wake(t, u, target, "§11.4")


EFFECTS: dict[str, EffectKind] = {e.id: e for e in (
    EffectKind(cat.ATTACK, "武器攻撃", "weapon attack", damaging=True, physical=True),
    EffectKind(cat.BOLT, "魔法ダメージ", "magic damage", damaging=True),
    EffectKind(cat.HEAL, "回復", "healing", restores="hp", on_cast=_heal_by_power,
               on_apply=_heal, on_item=_potion),
    EffectKind(cat.ARMOR, "装甲修正", "armour bonus", grants=STONE_SKIN,
               on_apply=_grant(STONE_SKIN)),
    EffectKind(cat.SLEEP, "睡眠", "sleep", grants=SLEEP, on_cast=_sleep_rounds,
               on_apply=_sleep),
    EffectKind(cat.FLY, "飛行", "flight", grants=FLIGHT, on_apply=_grant(FLIGHT)),
    EffectKind(cat.GUARD, "ガード", "guard"),
    EffectKind(cat.MANA, "MP回復", "MP restored", restores="mp", on_apply=_mana,
               on_item=_mana_potion),
    EffectKind(cat.GEM, "宝石", "gem", damaging=True, on_item=_gem),
    EffectKind(cat.WAKE, "気付け", "waking", on_item=_bell),
)}
"""Every effect kind by key (the ``effect`` of every ability and item has a row)."""
