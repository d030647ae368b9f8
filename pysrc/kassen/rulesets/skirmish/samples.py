"""Sample characters of §11.5 and the sample sides and encounters of §17."""

from __future__ import annotations

from kassen.core.ruleset import Sample
from kassen.rulesets.skirmish.model import Character

_LOADOUT = (("potion", 2), ("ruby", 1))  # §11.4 default loadout, §16 D21 gem = ruby

CHARACTERS: dict[str, Character] = {
    # PCs (§11.5)
    "アルス": Character("アルス", 52, 10, 9, 7, 15, 2, 7, 3, "longsword",
                        ("power_attack", "guard"), _LOADOUT),
    "リーネ": Character("リーネ", 40, 12, 12, 8, 17, 3, 4, 4, "shortbow",
                        ("double_shot", "guard"), _LOADOUT),
    "セラ": Character("セラ", 34, 30, 8, 4, 14, 9, 2, 8, "staff",
                      ("fire_bolt", "ice_storm", "wind_cutter", "sleep", "fly"), _LOADOUT),
    "ノエル": Character("ノエル", 44, 24, 7, 5, 14, 7, 6, 7, "mace",
                        ("heal", "holy_light", "stone_skin", "magic_blade"), _LOADOUT),
    # enemies (§11.5); enemies carry no items (§16 D21)
    "ゴブリン": Character("ゴブリン", 26, 0, 7, 5, 14, 0, 3, 2, "dagger"),
    "ゴブリンアーチャー": Character("ゴブリンアーチャー", 22, 0, 8, 5, 14, 0, 2, 2, "bow"),
    "大コウモリ": Character("大コウモリ", 20, 0, 13, 6, 17, 0, 1, 3, "fang", fly=1),
    "オーガ": Character("オーガ", 70, 6, 5, 6, 12, 0, 6, 3, "club", ("sweep",)),
    "シャドウ": Character("シャドウ", 30, 20, 10, 4, 15, 7, 2, 7, "claw",
                          ("dark_bolt", "sleep"), weak=("light",)),
}
"""Sample characters by Japanese name (write ``@アルス`` in a side's text)."""

ALIASES: dict[str, str] = {
    "arus": "アルス", "rine": "リーネ", "sera": "セラ", "noel": "ノエル",
    "goblin": "ゴブリン", "goblin_archer": "ゴブリンアーチャー", "giant_bat": "大コウモリ",
    "ogre": "オーガ", "shadow": "シャドウ",
}
"""English aliases of the sample characters (``@arus``)."""

PARTY = "@アルス area=1; @リーネ area=0; @セラ area=0; @ノエル area=1"
"""The four sample PCs, deployed as in §16 D22."""

ENCOUNTERS: dict[str, str] = {
    "R1": ("@ゴブリン area=5; @ゴブリン area=5; @ゴブリン area=5; @ゴブリンアーチャー area=6; "
           "@ゴブリンアーチャー area=6; @大コウモリ area=5; @オーガ area=5; @オーガ area=5"),
    "R2": "@オーガ area=5; @オーガ area=5; @オーガ area=5; @オーガ area=5",
    "R3": ("@オーガ area=5; @オーガ area=5; @シャドウ area=6; @シャドウ area=6; "
           "@ゴブリンアーチャー area=6"),
    "test": ("@ゴブリン area=5; @ゴブリン area=5; @ゴブリンアーチャー area=6; @大コウモリ area=5; "
             "@オーガ area=5"),
}
"""Enemy sides: the §17 encounters R1–R3 and the §11.5 test encounter."""

SAMPLES: tuple[Sample, ...] = (
    Sample("party", PARTY, "サンプルPC4人（§11.5）", "the four sample PCs (§11.5)"),
    Sample("R1 warband", ENCOUNTERS["R1"], "遭遇R1 ゴブリンの一団（§17）",
           "encounter R1, goblin warband (§17)"),
    Sample("R2 ogre pack", ENCOUNTERS["R2"], "遭遇R2 オーガの群れ（§17）",
           "encounter R2, ogre pack (§17)"),
    Sample("R3 shadow cult", ENCOUNTERS["R3"], "遭遇R3 影の教団（§17）",
           "encounter R3, shadow cult (§17)"),
    Sample("test encounter", ENCOUNTERS["test"], "§11.5のテスト遭遇（PC側が圧勝）",
           "the §11.5 test encounter (the party nearly always wins)"),
)
