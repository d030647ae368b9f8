"""The ability catalogue of §18: normal, special, passive, type, demerit, 奥義 and zone entries.

Each entry keeps its Japanese term (``ja``, the name used in sheets and events) beside an
English identifier (``id``) and label (``en``). Effects are interpreted by :mod:`.rules.effects`
through the identifier; the table here holds only data (cost, VP, tag, group). The flags and
stun are condition rows with their behaviour (:mod:`.catalogue_conditions`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """One catalogue entry. ``number`` is the spec's row id (N1, S3, P2, ...)."""

    number: str
    id: str
    ja: str
    en: str
    cost: int = 0
    vp: int = 0
    tag: str = ""
    group: str = ""


# §18.1 normal abilities (通常能力); also usable as star, line and trigger abilities.
NORMAL: tuple[Entry, ...] = (
    Entry("N1", "atk_1_5", "攻1.5倍", "Attack x1.5", 100, 0, "パワー"),
    Entry("N2", "atk_2", "攻2倍", "Attack x2", 200, 0, "パワー"),
    Entry("N3", "atk_3", "攻3倍", "Attack x3", 400, 0, "パワー"),
    Entry("N4", "atk_4", "攻4倍", "Attack x4", 720, 0, "パワー"),
    Entry("N5", "atk_5", "攻5倍", "Attack x5", 1360, 0, "パワー"),
    Entry("N6", "atk_6", "攻6倍", "Attack x6", 2000, 0, "パワー"),
    Entry("N7", "launch", "打ち上げ", "Launch", 0, 0, "パワー"),
    Entry("N8", "slam", "叩き落とし", "Slam down", 0, 0, "パワー"),
    Entry("N9", "pursuit", "追い打ち", "Pursuit", 0, 0, "パワー"),
    Entry("N10", "heavy", "重撃", "Heavy blow", 0, 0, "パワー"),
    Entry("N11", "parry", "攻撃受け", "Parry", 0, 0, "パワー"),
    Entry("N12", "def_1_5", "防1.5倍", "Defence x1.5", 100, 0, "ガード"),
    Entry("N13", "def_2", "防2倍", "Defence x2", 200, 0, "ガード"),
    Entry("N14", "def_3", "防3倍", "Defence x3", 400, 0, "ガード"),
    Entry("N15", "def_4", "防4倍", "Defence x4", 720, 0, "ガード"),
    Entry("N16", "harden", "硬化", "Harden", 0, 0, "ガード"),
    Entry("N17", "accelerate", "加速", "Accelerate", 300, 0, "スピード"),
    Entry("N18", "godspeed", "神速", "Godspeed", 600, 0, "スピード"),
    Entry("N19", "initiative", "先手", "Initiative", 500, 0, "スピード"),
    Entry("N20", "flurry", "乱撃", "Flurry", 250, 0, "スピード"),
    Entry("N21", "combo_up", "連撃強化", "Combo power", 200, 0, "スピード"),
    Entry("N22", "read", "見切り", "Read the blow", 300, 0, "ガード"),
    Entry("N23", "vital", "急所狙い", "Vital strike", 350, 1, "パワー"),
    Entry("N24", "break_guard", "防御崩し", "Guard break", 300, 0, "パワー"),
    Entry("N25", "step_in", "踏み込み", "Step in", 100, 0, "テクニック"),
    Entry("N26", "step_out", "間合い外し", "Step out", 100, 0, "テクニック"),
    Entry("N27", "trade", "相打ち狙い", "Trade blows", 250, 0, "テクニック"),
    Entry("N28", "heal", "回復", "Heal", 300, 1, "ガード"),
    Entry("N29", "charge", "気合溜め", "Charge spirit", 150, 0, "テクニック"),
    Entry("N30", "star_pull", "星寄せ", "Draw a star", 300, 0, "テクニック"),
    Entry("N31", "focus", "集中", "Focus", 100, 0, "テクニック"),
    Entry("N32", "iron_wall", "鉄壁の構え", "Iron wall", 250, 0, "ガード"),
)

# §18.2 special abilities (特殊能力), chosen by the special die.
SPECIAL: tuple[Entry, ...] = (
    Entry("S1", "misfire", "不発の術", "Misfire art", 400, 1),
    Entry("S2", "recover", "復帰", "Recover", 200, 0),
    Entry("S3", "last_stand", "底力", "Last stand", 300, 0),
    Entry("S4", "force_cross", "強制相打ち", "Forced trade", 200, 0),
    Entry("S5", "anticipate", "先読み", "Anticipate", 500, 1),
    Entry("S6", "star_guide", "星の導き", "Star guidance", 250, 0),
    Entry("S7", "purify", "浄化", "Purify", 150, 0),
    Entry("S8", "burst", "瞬発", "Burst", 400, 0),
)

# §18.3 purchasable passives (パッシブ).
PASSIVE: tuple[Entry, ...] = (
    Entry("P1", "demerit_guard", "デメリットガード", "Demerit guard", 300, 1),
    Entry("P2", "stun_flag_guard", "スタンフラグガード", "Stun flag guard", 200, 1),
    Entry("P3", "toughness", "タフネス", "Toughness", 250),
    Entry("P4", "combo_sense", "連撃の心得", "Combo sense", 300),
    Entry("P5", "stardust_collector", "星屑集め", "Stardust collector", 250),
    Entry("P6", "indomitable", "不屈", "Indomitable", 200),
)

# §18.4 types (タイプ) and their free type passive (``en`` of the type, passive in ``group``).
TYPES: tuple[Entry, ...] = (
    Entry("T1", "balance", "バランス", "Balance", group="万能"),
    Entry("T2", "risky", "リスキー", "Risky", group="捨て身"),
    Entry("T3", "power", "パワー", "Power", group="剛力"),
    Entry("T4", "guard", "ガード", "Guard", group="堅牢"),
    Entry("T5", "speed", "スピード", "Speed", group="俊足"),
)

# §18.5 demerit abilities (デメリット能力), groups A/B/C; each also raises a demerit flag.
DEMERIT: tuple[Entry, ...] = (
    Entry("DA1", "whiff", "空振り", "Whiff", group="A"),
    Entry("DA2", "stumble", "躓き", "Stumble", group="A"),
    Entry("DA3", "stiffen", "硬直", "Stiffen", group="A"),
    Entry("DB1", "opening", "隙", "Opening", group="B"),
    Entry("DB2", "defenceless", "無防備", "Defenceless", group="B"),
    Entry("DB3", "shaken", "動揺", "Shaken", group="B"),
    Entry("DC1", "exhaust", "消耗", "Exhaustion", group="C"),
    Entry("DC2", "star_crumble", "星崩れ", "Crumbling stars", group="C"),
    Entry("DC3", "fall_back", "後退", "Fall back", group="C"),
    Entry("DC4", "distracted", "散漫", "Distracted", group="C"),
)

# §18.6 奥義 examples; X = the 奥義星 count.
OUGI: tuple[Entry, ...] = (
    Entry("O1", "meteor", "流星撃", "Meteor strike"),
    Entry("O2", "star_shield", "星界の盾", "Astral shield"),
    Entry("O3", "star_breaker", "星砕き", "Star breaker"),
)

# §18.7 zone passives (ゾーンパッシブ).
ZONE_PASSIVE: tuple[Entry, ...] = (
    Entry("Z1", "fighting_spirit", "闘志", "Fighting spirit", 200),
    Entry("Z2", "steadfast", "堅守", "Steadfast", 200),
    Entry("Z3", "gale", "疾風", "Gale", 200),
    Entry("Z4", "star_reading", "星読み", "Star reading", 200),
)

FLAG_NAMES_EN = {
    "防1.5倍": "Defence x1.5", "被弾軽減": "Damage cut", "浮き": "Airborne", "ダウン": "Down",
}
"""English names of the flags that are not demerit flags (§13), for the board's glossary:
the same as their condition rows' (:mod:`.catalogue_conditions`, a test keeps them equal)."""

DERIVATIONS = ("渡", "開", "単")
"""Derivation suffixes (§2.8): 渡 own attack right −1, 開 own defCorr 0, 単 first hit only."""
DERIVATION_EN = {"渡": "hand", "開": "open", "単": "single"}


def _index(*tables: tuple[Entry, ...]) -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for table in tables:
        for entry in table:
            out[entry.ja] = entry
    return out


NORMAL_BY_JA = _index(NORMAL)
SPECIAL_BY_JA = _index(SPECIAL)
PASSIVE_BY_JA = _index(PASSIVE)
TYPE_BY_JA = _index(TYPES)
DEMERIT_BY_JA = _index(DEMERIT)
OUGI_BY_JA = _index(OUGI)
ZONE_BY_JA = _index(ZONE_PASSIVE)


def aliases(table: tuple[Entry, ...]) -> dict[str, str]:
    """Accepted spellings (Japanese, English id, English label, lower-cased) → Japanese name."""
    out: dict[str, str] = {}
    for entry in table:
        for key in (entry.ja, entry.id, entry.en.lower(), entry.en.lower().replace(" ", "_")):
            out[key.lower()] = entry.ja
    return out


def english(ja: str) -> str:
    """The English label of any catalogue term (the Japanese text itself when unknown)."""
    for table in (NORMAL, SPECIAL, PASSIVE, TYPES, DEMERIT, OUGI, ZONE_PASSIVE):
        for entry in table:
            if entry.ja == ja:
                return entry.en
    return FLAG_NAMES_EN.get(ja, ja)
