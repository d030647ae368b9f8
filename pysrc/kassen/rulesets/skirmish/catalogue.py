"""The designed catalogue of §11: weapons, abilities, magic, items, attributes, statuses.

English identifiers in code; the Japanese term of the rule text sits beside every entry
(``ja``) so a reader can go from code to rule text and back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kassen.core.conditions import Condition
from kassen.rulesets.skirmish.catalogue_conditions import CONDITIONS

# -- §11.1 attributes (属性) and their gems ------------------------------------------------
ATTRIBUTES: dict[str, str] = {
    "fire": "炎", "water": "水", "wind": "風", "earth": "土", "light": "光", "dark": "闇",
}
"""Attribute id → Japanese name, in the seed's order."""


@dataclass(frozen=True)
class Weapon:
    """§11.2 weapon: physical, range 0..``reach`` areas, 攻撃力 ``atk``."""

    id: str
    ja: str
    en: str
    atk: int
    reach: int
    magic_bonus: int = 0


WEAPONS: dict[str, Weapon] = {w.id: w for w in (
    Weapon("longsword", "ロングソード", "long sword", 10, 0),
    Weapon("spear", "スピア", "spear", 9, 1),
    Weapon("mace", "メイス", "mace", 8, 0),
    Weapon("shortbow", "ショートボウ", "short bow", 8, 3),
    Weapon("staff", "スタッフ", "staff", 5, 0, magic_bonus=1),
    Weapon("dagger", "ダガー", "dagger", 7, 0),
    Weapon("fang", "牙", "fang", 6, 0),
    Weapon("claw", "爪", "claw", 6, 0),
    Weapon("club", "こん棒", "club", 12, 0),
    Weapon("bow", "弓", "bow", 6, 3),  # §16 D20: the goblin archer's bow, not the short bow
)}

# Target kinds of §8 (対象).
ONE = "one"            # 1体
N = "n"                # n体
AREA = "area"          # エリア
AREA_ANY = "area_any"  # エリア(任意)
PIERCE = "pierce"      # n体(貫通)
ALL = "all"            # 全体
ANY = "any"            # 任意
TARGET_KINDS = (ONE, N, AREA, AREA_ANY, PIERCE, ALL, ANY)

# Effect kinds: the keys of the rows of :mod:`.catalogue_effects`, which own what they do.
ATTACK = "attack"      # weapon attack with a hit check (§6.3)
BOLT = "bolt"          # magic damage, no hit check (§6.5)
HEAL = "heal"
ARMOR = "armor"        # 装甲 modifier for some rounds (§9.5)
SLEEP = "sleep"        # opposed check → 睡眠 (§9.2)
FLY = "fly"            # 飛行 for some rounds (§9.3)
GUARD = "guard"        # defensive AA (§7.3)
MANA = "mana"          # MP restored (§11.4)
GEM = "gem"            # a gem's magic damage (§11.4)
WAKE = "wake"          # the bell wakes its target (§11.4)


@dataclass(frozen=True)
class Ability:
    """§11.3 ability or magic. ``reach`` -1 means "the weapon's range"."""

    id: str
    ja: str
    en: str
    timing: str            # "MS" or "AA"
    magic: bool
    effect: str
    reach: int
    target: str
    cost: int
    attribute: str | None = None
    magic_art: bool = False   # 種別：魔法技 (usable after an RS move, §6.2)
    n: int = 1
    acc_mod: int = 0
    atk_mod: int = 0
    power: int = 0
    rounds: int = 0
    amount: int = 0
    needs_ranged_weapon: bool = False
    excludes_user: bool = False  # its own text leaves the user out of its エリア (§8)
    uses_weapon: bool = field(default=False, init=False)
    """A weapon attack with the ability's modifiers (§6.2, §6.3), from its effect kind."""
    beneficial: bool = field(default=False, init=False)
    """Whether the effect helps its target (it may then target the user, §16 D11)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "uses_weapon", self.effect == ATTACK)
        object.__setattr__(self, "beneficial", self.effect in (HEAL, ARMOR, FLY))


ABILITIES: dict[str, Ability] = {a.id: a for a in (
    Ability("power_attack", "パワーアタック", "Power Attack", "MS", False, ATTACK, -1, ONE, 2,
            acc_mod=-2, atk_mod=6),
    Ability("double_shot", "ダブルショット", "Double Shot",
            "MS", False, ATTACK, -1, N, 3, n=2, acc_mod=-1,
            needs_ranged_weapon=True),
    Ability("sweep", "なぎ払い", "Sweep", "MS", False, ATTACK, 0, AREA, 3, acc_mod=-2,
            excludes_user=True),
    Ability("guard", "ガード", "Guard", "AA", False, GUARD, 0, ONE, 1, amount=5),
    Ability("fire_bolt", "ファイアボルト", "Fire Bolt",
            "MS", True, BOLT, 2, ONE, 3, "fire", power=6),
    Ability("ice_storm", "アイスストーム", "Ice Storm",
            "MS", True, BOLT, 2, AREA, 6, "water", power=2),
    Ability("wind_cutter", "ウィンドカッター", "Wind Cutter",
            "MS", True, BOLT, 3, PIERCE, 5, "wind", power=3),
    Ability("stone_skin", "ストーンスキン", "Stone Skin",
            "MS", True, ARMOR, 1, ONE, 4, "earth", rounds=2,
            amount=4),
    Ability("heal", "ヒール", "Heal", "MS", True, HEAL, 1, ONE, 4, "light"),
    Ability("holy_light", "ホーリーライト", "Holy Light",
            "MS", True, BOLT, 2, ONE, 3, "light", power=4),
    Ability("sleep", "スリープ", "Sleep", "MS", True, SLEEP, 2, ONE, 4, "dark", rounds=1),
    Ability("fly", "フライ", "Fly", "MS", True, FLY, 1, ONE, 4, "wind", rounds=3, amount=1),
    Ability("magic_blade", "マジックブレード", "Magic Blade", "MS", True, BOLT, 0, ONE, 3, "light",
            magic_art=True, power=2),
    Ability("dark_bolt", "ダークボルト", "Dark Bolt", "MS", True, BOLT, 2, ONE, 3, "dark", power=6),
)}
"""§11.3; the shadow's 闇 bolt (§11.5) is ``dark_bolt``. Magic Blade's ``power`` is added to
the weapon's 攻撃力, not to 魔力."""


@dataclass(frozen=True)
class Item:
    """§11.4 consumable; its timing (RS or MS) is part of the item."""

    id: str
    ja: str
    en: str
    timing: str
    effect: str          # its kind's key: HEAL, MANA, GEM, WAKE
    reach: int
    self_only: bool = False
    attribute: str | None = None
    amount: int = 0
    after_rs_move: bool = True
    """Usable in the main step after an RS move (a gem is magic, §6.2: not then)."""
    sleepers_only: bool = False
    """Offered only on a sleeping target (the bell, §11.4)."""


ITEMS: dict[str, Item] = {i.id: i for i in (
    Item("potion", "ポーション", "potion", "RS", HEAL, 0),
    Item("mana_potion", "マナポーション", "mana potion",
         "RS", MANA, 0, self_only=True, amount=10),
    Item("ruby", "ルビー", "ruby", "MS", GEM, 2, attribute="fire", amount=12,
         after_rs_move=False),
    Item("sapphire", "サファイア", "sapphire", "MS", GEM, 2, attribute="water", amount=12,
         after_rs_move=False),
    Item("emerald", "エメラルド", "emerald", "MS", GEM, 2, attribute="wind", amount=12,
         after_rs_move=False),
    Item("topaz", "トパーズ", "topaz", "MS", GEM, 2, attribute="earth", amount=12,
         after_rs_move=False),
    Item("diamond", "ダイヤモンド", "diamond", "MS", GEM, 2, attribute="light", amount=12,
         after_rs_move=False),
    Item("onyx", "オニキス", "onyx", "MS", GEM, 2, attribute="dark", amount=12,
         after_rs_move=False),
    Item("bell", "気付けの鈴", "waking bell", "RS", WAKE, 0, sleepers_only=True),
)}

NORMAL_ATTACK = ("通常攻撃", "normal attack")
"""The names of the weapon's normal attack (§6.2), which is no catalogue ability."""


# -- §9 statuses: condition rows (catalogue_conditions); Japanese names are the view's keys --
STATUSES: dict[str, Condition] = CONDITIONS.by_key
"""The status rows by key, for the page's names (the rows and their behaviour live in
:mod:`.catalogue_conditions`)."""
PERMANENT = -1
"""``statuses`` count of a permanent trait (the giant bat's 飛行)."""


def weapon_by_name(name: str) -> Weapon | None:
    """A weapon by English id or Japanese name."""
    return WEAPONS.get(name) or next((w for w in WEAPONS.values() if w.ja == name), None)


def ability_by_name(name: str) -> Ability | None:
    """An ability by English id or Japanese name (with or without 《》)."""
    name = name.strip("《》")
    return ABILITIES.get(name) or next((a for a in ABILITIES.values() if a.ja == name), None)


def item_by_name(name: str) -> Item | None:
    """An item by English id or Japanese name."""
    return ITEMS.get(name) or next((i for i in ITEMS.values() if i.ja == name), None)


def attribute_by_name(name: str) -> str | None:
    """An attribute id by English id or Japanese name."""
    if name in ATTRIBUTES:
        return name
    return next((k for k, v in ATTRIBUTES.items() if v == name), None)
