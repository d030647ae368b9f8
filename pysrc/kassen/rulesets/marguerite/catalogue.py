"""The catalogue of マーガレット2011α: 75 swords (§12), 13 statuses (§11, their rows in
catalogue_conditions.py), 7 enchantments (§13).

Every entry keeps its Japanese name beside the English identifier, so a reader can go from
code to rule text and back. Swords are rows of a table; the engine reads their columns
(``kind``, ``act``, ``aims_next``, ``additive`` …) instead of branching on names, an attack
calls its row's ``damage`` handler (the formula column names one of :data:`DAMAGE`) instead
of branching on the formula, and every other effect and rider is a row with its handlers in
:mod:`.catalogue_effects`, which the formula and rider columns name.
"""

from __future__ import annotations

from collections.abc import Callable

# -- kinds (種別) and their priority in a simultaneous group (R8.6): lower runs first -----------
SKIP = 0       # スキップ
SUPPORT = 1    # 補助 <補>
CONTROL = 2    # 制御 <制>
ADD = 3        # 追加 <追>
ATTACK = 4     # 攻撃 <攻>
CONSTRUCT = 5  # 構築 <構>
ENV = 6        # 環境 <環>

KIND_JA = ("スキップ", "補助", "制御", "追加", "攻撃", "構築", "環境")
KIND_EN = ("skip", "support", "control", "add", "attack", "construct", "environment")

# -- enchantments (エンチャント, §13) ------------------------------------------------------------
ENCHANT_JA = {"stun": "スタン与え", "poison": "毒与え", "whole": "全体化", "limited": "リミテッド",
              "early": "早期起動", "late": "遅滞起動", "danger": "危殆起動"}
ENCHANT_EN = {"stun": "Stun Giving", "poison": "Poison Giving", "whole": "Whole-Making",
              "limited": "Limited", "early": "Early Start", "late": "Late Start",
              "danger": "Peril Start"}
"""Short literal English glosses of the enchantments (keys as in event values)."""


Terms = tuple[tuple[object, ...], ...]
Damage = Callable[[int, int, int, int, int, int, str], tuple[int, Terms]]
"""A sword's damage formula (R8.5 1): ``(attack, target's defence, target's HP, own HP, own
max HP, turn, rule) -> (damage, its terms for core.sums)``, before ガード."""
NOT_BELOW_ZERO_HP = ("max", "not_below_zero", 0)
"""魔法剣 and デス剣 on H ≤ 0 deal 0."""


def _ad(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
        rule: str) -> tuple[int, Terms]:
    """A − D."""
    return atk - rdef, (("=", "attack", atk), ("-", "defence", rdef))


def _2ad(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
         rule: str) -> tuple[int, Terms]:
    """2A − D."""
    return 2 * atk - rdef, (("=", "attack", atk), ("*", "double", 2, rule),
                            ("-", "defence", rdef))


def _a(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
       rule: str) -> tuple[int, Terms]:
    """A (絶対剣: defence ignored)."""
    return atk, (("=", "attack", atk, rule),)


def _a5d(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
         rule: str) -> tuple[int, Terms]:
    """floor(A/5) − D."""
    return atk // 5 - rdef, (("=", "attack", atk), ("//", "fifth", 5, rule),
                             ("-", "defence", rdef))


def _a10d(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
          rule: str) -> tuple[int, Terms]:
    """floor(A/10) − D."""
    return atk // 10 - rdef, (("=", "attack", atk), ("//", "tenth", 10, rule),
                              ("-", "defence", rdef))


def _a2(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
        rule: str) -> tuple[int, Terms]:
    """floor(A/2)."""
    return atk // 2, (("=", "attack", atk), ("//", "half", 2, rule))


def _halfh(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
           rule: str) -> tuple[int, Terms]:
    """ceil(H/2) of the target's HP (0 on H ≤ 0)."""
    if rhp > 0:
        return -(-rhp // 2), (("=", "target_hp", rhp), ("ceil/", "half", 2, rule))
    return 0, (("=", "target_hp", rhp), NOT_BELOW_ZERO_HP)


def _h(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
       rule: str) -> tuple[int, Terms]:
    """H, the target's HP (0 on H ≤ 0)."""
    if rhp > 0:
        return rhp, (("=", "target_hp", rhp, rule),)
    return 0, (("=", "target_hp", rhp, rule), NOT_BELOW_ZERO_HP)


def _one(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
         rule: str) -> tuple[int, Terms]:
    """1."""
    return 1, (("=", "fixed", 1, rule),)


def _pow(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
         rule: str) -> tuple[int, Terms]:
    """2^ターン数 (the turn kept within 0..1000)."""
    amount = 2 ** max(0, min(now, 1000))
    return amount, (("note", "turn", now), ("=", "two_to_the_turn", amount, rule))


def _rage(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
          rule: str) -> tuple[int, Terms]:
    """Own max HP − own HP."""
    return own_max - own_hp, (("=", "own_maxhp", own_max, rule), ("-", "own_hp", own_hp))


def _zero(atk: int, rdef: int, rhp: int, own_hp: int, own_max: int, now: int,
          rule: str) -> tuple[int, Terms]:
    """0 (ヌル剣, and any sword that deals no damage)."""
    return 0, (("=", "fixed", 0, rule),)


DAMAGE: dict[str, Damage] = {"ad": _ad, "2ad": _2ad, "a": _a, "a5d": _a5d, "a10d": _a10d,
                             "a2": _a2, "halfh": _halfh, "h": _h, "one": _one, "pow": _pow,
                             "rage": _rage, "zero": _zero}
"""The damage formulas the rows below name in their formula column (read once, by
:func:`_make`, to give each row its ``damage`` handler)."""
READS_HP = ("halfh", "h", "rage")
"""Formulas that read HP, which changes between the hits of one sword (a hit's ``steady``)."""
AIMS_NEXT = ("limited", "early", "late", "danger", "stun", "poison", "whole", "resonate",
             "multiply")
"""Effects that act on "the next sword" (D18); their rows are in catalogue_effects.py."""
ADDITIVE = ("atk+1", "def+1", "spd+1", "guard", "mp+1", "mp+2", "mp+3", "reserve+3")
"""補助 effects that add a constant to one counter of each target (rules/runs.py)."""
READS_TURN = ("pow", "year", "early", "late")
"""Effects that make a turn read its number when executed (rules/repeat.py): 滅奏剣 deals
2^ターン数, 星霜剣 moves the counter (§12.7), 導来剣 and 遅滞剣 move a start (R4.2)."""
GIVES_RESERVE = ("reserve+3",)
"""補助 effects that give 予備AP (so a target without AP may still take 行動権)."""


class SwordDef:
    """One catalogue row (immutable by convention)."""

    __slots__ = ("act", "additive", "aims", "aims_next", "build", "code", "damage", "danger", "en",
                 "formula", "gives_reserve", "index", "ja", "kind", "limited", "pierce",
                 "reads_hp", "reads_turn", "reps", "rider", "rule", "single", "steals", "symptom",
                 "to_mp", "whole")

    def __init__(self, index: int, code: str, ja: str, en: str, kind: int, act: int,
                 limited: bool, cond: str = "", formula: str = "", reps: int = 1,
                 rider: str = "", whole: bool = False, pierce: bool = False,
                 to_mp: bool = False, build: tuple | None = None) -> None:
        self.index = index
        self.code = code
        self.ja = ja
        self.en = en
        self.kind = kind
        self.act = act
        self.limited = limited
        self.danger = cond == "danger"
        self.symptom = cond == "symptom"
        self.formula = formula
        self.damage: Damage = DAMAGE.get(formula, _zero)
        """What an attack with this sword deals (R8.5 1), from the row's formula."""
        self.reads_hp = formula in READS_HP
        """Whether its damage reads HP (so later hits of the sword may differ)."""
        self.reads_turn = formula in READS_TURN
        """Whether executing it reads or moves the turn number (a turn is then not replayed)."""
        self.aims_next = formula in AIMS_NEXT
        """Whether it acts on the next sword of its executor's list (D18), fixed at aiming."""
        self.aims = kind in (ATTACK, CONSTRUCT) or self.aims_next
        """Whether its act fixes a target when aimed (rules/processing.aim: an attack's
        single target, a 構築's place, the next sword)."""
        self.additive = kind == SUPPORT and formula in ADDITIVE
        """Whether it is a 補助 adding a constant to a counter (the fast-forward batches it)."""
        self.gives_reserve = formula in GIVES_RESERVE
        """Whether it gives 予備AP to its targets."""
        self.reps = reps
        self.rider = rider
        self.steals = rider == "steal"
        """Whether its hits take a sword (fixed with the hit in a 超同時 set, Q8)."""
        self.whole = whole
        self.single = kind == ATTACK and not whole and not rider
        """Whether it attacks one target without riders (the common 行動処理, unless its
        instance is enchanted: rules/processing.process_one)."""
        self.pierce = pierce
        self.to_mp = to_mp
        self.build = build
        self.rule = ""            # the catalogue rule id, e.g. "§12.3 吸血剣" (set by _make)


# (code, 日本語名, English, kind, activation turn, リミ, condition, formula/effect, reps, rider,
#  flags). formula names: ad = A−D, 2ad = 2A−D, a = A, halfh = ceil(H/2), h = H, zero, one,
#  pow = 2^ターン数, rage = own maxHP−HP, a5d = floor(A/5)−D, a10d = floor(A/10)−D, a2 = floor(A/2).
_ROWS: tuple[tuple, ...] = (
    # §12.1 base swords, unchanged
    ("斬", "斬撃剣", "Slash Sword", ATTACK, 1, False, "", "ad", 1, ""),
    ("高", "高速剣", "Swift Sword", ATTACK, 0, True, "", "ad", 1, ""),
    ("重", "重撃剣", "Heavy Sword", ATTACK, 4, False, "", "2ad", 1, ""),
    ("衝", "衝撃剣", "Shock Sword", ATTACK, 2, False, "", "ad", 1, "stun"),
    ("毒", "蟲毒剣", "Bug Poison Sword", ATTACK, 1, True, "", "ad", 1, "poison"),
    ("絶", "絶対剣", "Absolute Sword", ATTACK, 3, False, "", "a", 1, ""),
    ("魔", "魔法剣", "Magic Sword", ATTACK, 2, True, "", "halfh", 1, ""),
    ("死", "デス剣", "Death Sword", ATTACK, 6, True, "", "h", 1, ""),
    ("熱", "加熱剣", "Heating Sword", SUPPORT, 1, False, "", "atk+1", 1, ""),
    ("護", "加護剣", "Protection Sword", SUPPORT, 1, False, "", "def+1", 1, ""),
    ("速", "加速剣", "Acceleration Sword", SUPPORT, 1, False, "", "spd+1", 1, ""),
    ("盾", "盾の剣", "Shield Sword", SUPPORT, 1, False, "", "guard", 1, ""),
    ("命", "命の剣", "Life Sword", SUPPORT, 1, True, "", "life", 1, ""),
    ("鏡", "鏡の剣", "Mirror Sword", SUPPORT, 2, True, "", "reflect", 1, ""),
    # §12.2 base sword, changed
    ("回", "回復剣", "Recovery Sword", SUPPORT, 1, True, "danger", "fullheal", 1, ""),
    # §12.3 new attack swords
    ("ヌ", "ヌル剣", "Null Sword", ATTACK, 0, False, "", "zero", 1, ""),
    ("咲", "咲火剣", "Bloom Fire Sword", ATTACK, 1, False, "", "one", 1, ""),
    ("滅", "滅奏剣", "Ruin Tune Sword", ATTACK, 1, True, "danger", "pow", 1, ""),
    ("怒", "激怒剣", "Fury Sword", ATTACK, 1, True, "danger", "rage", 1, ""),
    ("音", "音速剣", "Sonic Sword", ATTACK, 0, True, "", "a5d", 10, ""),
    ("光", "光速剣", "Light-Speed Sword", ATTACK, 0, True, "", "a10d", 100, ""),
    ("確", "確実剣", "Sure Sword", ATTACK, 1, False, "", "a2", 1, ""),
    ("牙", "牙撃剣", "Fang Strike Sword", ATTACK, 2, False, "", "2ad", 1, ""),
    ("二", "二撃剣", "Two-Strike Sword", ATTACK, 2, False, "", "ad", 2, ""),
    ("三", "三撃剣", "Three-Strike Sword", ATTACK, 3, False, "", "ad", 3, ""),
    ("四", "四撃剣", "Four-Strike Sword", ATTACK, 4, False, "", "ad", 4, ""),
    ("五", "五撃剣", "Five-Strike Sword", ATTACK, 5, False, "", "ad", 5, ""),
    ("六", "六撃剣", "Six-Strike Sword", ATTACK, 6, False, "", "ad", 6, ""),
    ("七", "七撃剣", "Seven-Strike Sword", ATTACK, 7, False, "", "ad", 7, ""),
    ("舞", "舞踏剣", "Dance Sword", ATTACK, 3, False, "", "ad", 1, "dance"),
    ("全", "全体剣", "Whole Sword", ATTACK, 2, False, "", "ad", 1, "", "whole"),
    ("猛", "猛毒剣", "Deadly Poison Sword", ATTACK, 2, True, "", "ad", 1, "venom"),
    ("堕", "堕胎剣", "Abortion Sword", ATTACK, 1, True, "", "ad", 1, "miscarry"),
    ("冷", "冷却剣", "Cooling Sword", ATTACK, 2, False, "", "ad", 1, "reset_atk"),
    ("剥", "剥落剣", "Peeling Sword", ATTACK, 2, False, "", "ad", 1, "reset_def"),
    ("減", "減速剣", "Slowing Sword", ATTACK, 2, False, "", "ad", 1, "reset_spd"),
    ("壊", "破壊剣", "Destruction Sword", ATTACK, 1, True, "", "ad", 1, "destroy"),
    ("戟", "剣戟剣", "Clash Sword", ATTACK, 2, False, "", "ad", 1, "exhaust"),
    ("撹", "撹乱剣", "Confusion Sword", ATTACK, 1, True, "", "ad", 1, "reverse"),
    ("吸", "吸血剣", "Bloodsucking Sword", ATTACK, 1, True, "", "ad", 1, "vampire"),
    ("盗", "強盗剣", "Robbery Sword", ATTACK, 2, True, "", "ad", 1, "steal"),
    ("闇", "闇黒剣", "Darkness Sword", ATTACK, 2, False, "", "ad", 1, "", "pierce"),
    ("封", "魔封剣", "Magic Seal Sword", ATTACK, 1, True, "", "ad", 1, "", "to_mp"),
    # §12.4 new support swords
    ("魂", "魂の剣", "Soul Sword", SUPPORT, 3, True, "", "soul", 1, ""),
    ("押", "押分剣", "Push Sword", SUPPORT, 0, True, "", "push", 1, ""),
    ("誘", "誘引剣", "Lure Sword", SUPPORT, 0, True, "", "taunt", 1, ""),
    ("先", "先行剣", "Going-Ahead Sword", SUPPORT, 0, True, "", "quick", 1, ""),
    ("後", "後続剣", "Following Sword", SUPPORT, 0, True, "", "slow", 1, ""),
    ("癒", "快癒剣", "Cure Sword", SUPPORT, 1, True, "symptom", "cure", 1, ""),
    ("詠", "詠唱剣", "Chant Sword", SUPPORT, 0, False, "", "mp+1", 1, ""),
    ("祈", "祈祷剣", "Prayer Sword", SUPPORT, 0, True, "", "mp+2", 1, ""),
    ("黙", "黙祷剣", "Silent Prayer Sword", SUPPORT, 1, True, "", "mp+3", 1, ""),
    ("儀", "儀式剣", "Ritual Sword", SUPPORT, 0, True, "", "reserve+3", 1, ""),
    ("臥", "臥竜剣", "Sleeping Dragon Sword", SUPPORT, 0, True, "", "dragon", 1, ""),
    ("灼", "灼熱剣", "Scorching Sword", SUPPORT, 3, True, "", "atk*2", 1, ""),
    # §12.5 new control swords
    ("限", "限定剣", "Limit Sword", CONTROL, 0, True, "", "limited", 1, ""),
    ("導", "導来剣", "Guiding Sword", CONTROL, 0, True, "", "early", 1, ""),
    ("遅", "遅滞剣", "Delay Sword", CONTROL, 0, True, "", "late", 1, ""),
    ("危", "危殆剣", "Peril Sword", CONTROL, 0, True, "", "danger", 1, ""),
    ("振", "振動剣", "Vibration Sword", CONTROL, 1, True, "", "stun", 1, ""),
    ("薬", "毒薬剣", "Poison Drug Sword", CONTROL, 1, True, "", "poison", 1, ""),
    ("散", "拡散剣", "Diffusion Sword", CONTROL, 1, True, "", "whole", 1, ""),
    ("再", "再来剣", "Return Sword", CONTROL, 3, True, "", "rearm", 1, ""),
    ("鳴", "共鳴剣", "Resonance Sword", CONTROL, 4, True, "", "resonate", 1, ""),
    # §12.6 new add swords
    ("虚", "虚構剣", "Fiction Sword", ADD, 1, False, "", "fiction", 1, ""),
    ("複", "複製剣", "Copy Sword", ADD, 1, True, "", "replica", 1, ""),
    ("増", "増殖剣", "Multiplying Sword", ADD, 1, False, "", "multiply", 1, ""),
    # §12.7 environment
    ("星", "星霜剣", "Years Sword", ENV, 1, False, "", "year", 1, ""),
)

# §12.8 construct swords: (code, name, English, built 剣師 (name, HP, atk, def, spd, sword names))
_BUILDS: tuple[tuple, ...] = (
    ("泡", "造泡剣", "Bubble-Making Sword", ("バブル", 5, 0, 0, 0, ())),
    ("柵", "造柵剣", "Fence-Making Sword", ("フェンス", 20, 0, 0, 0, ())),
    ("門", "造門剣", "Gate-Making Sword", ("ゲート", 35, 0, 0, 0, ())),
    ("壁", "造壁剣", "Wall-Making Sword", ("ウォール", 50, 0, 0, 0, ())),
    ("氷", "造氷剣", "Ice-Making Sword", ("アイシア", 10, 0, 0, 1, ("鏡の剣",))),
    ("霧", "造霧剣", "Mist-Making Sword", ("ミスティア", 15, 0, 0, 2, ("拡散剣", "鏡の剣"))),
    ("涙", "造涙剣", "Tear-Making Sword",
     ("ウンディーネ", 20, 0, 0, 3, ("魂の剣", "拡散剣", "鏡の剣"))),
)


def _make() -> tuple[SwordDef, ...]:
    out: list[SwordDef] = []
    for row in _ROWS:
        code, ja, en, kind, act, limited, cond, formula, reps, rider = row[:10]
        flags = row[10:]
        out.append(SwordDef(len(out), code, ja, en, kind, act, limited, cond, formula, reps,
                            rider, whole="whole" in flags, pierce="pierce" in flags,
                            to_mp="to_mp" in flags))
    for code, ja, en, build in _BUILDS:
        out.append(SwordDef(len(out), code, ja, en, CONSTRUCT, 0, True, "", "build", 1, "",
                            build=build))
    sections = ((14, "§12.1"), (15, "§12.2"), (43, "§12.3"), (55, "§12.4"), (64, "§12.5"),
                (67, "§12.6"), (68, "§12.7"), (75, "§12.8"))
    for sword in out:
        section = next(name for end, name in sections if sword.index < end)
        sword.rule = f"{section} {sword.ja}"
    return tuple(out)


SWORDS: tuple[SwordDef, ...] = _make()
BY_CODE: dict[str, SwordDef] = {s.code: s for s in SWORDS}
BY_NAME: dict[str, SwordDef] = {s.ja: s for s in SWORDS}
BUILT_WITH: dict[int, tuple[int, ...]] = {
    s.index: tuple(BY_NAME[name].index for name in s.build[5])
    for s in SWORDS if s.build is not None}
"""Per 構築 row, the rows of the swords its new 剣師 holds (§12.8), in order."""
NULL_SWORD = BY_NAME["ヌル剣"]
NAMES_LONGEST_FIRST: tuple[str, ...] = tuple(sorted(BY_NAME, key=lambda n: (-len(n), n)))

_UNTAGGED_AT_0: tuple[SwordDef, ...] = ()


def swords_for_start(untagged: str) -> tuple[SwordDef, ...]:
    """The catalogue as the activation check reads it (R4.2, §18.9): ``"1"`` is the
    catalogue itself; ``"0"`` a copy in which untagged swords (act. 1: no 高速/遅延 tag, the
    seed has no <遅延1>) start in turn 0. Built once, shared by every battle."""
    global _UNTAGGED_AT_0
    if untagged != "0":
        return SWORDS
    if not _UNTAGGED_AT_0:
        table = []
        for d in SWORDS:
            if d.act == 1:
                twin = object.__new__(SwordDef)
                for slot in SwordDef.__slots__:
                    setattr(twin, slot, getattr(d, slot))
                twin.act = 0
                d = twin
            table.append(d)
        _UNTAGGED_AT_0 = tuple(table)
    return _UNTAGGED_AT_0


assert len(SWORDS) == 75, len(SWORDS)
assert len(BY_CODE) == 75 and len(BY_NAME) == 75
