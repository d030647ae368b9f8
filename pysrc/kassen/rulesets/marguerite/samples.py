"""Sample builds (R3.1, R3.2, §17): 10-point entrants from the rule texts and the examples."""

from __future__ import annotations

from kassen.core.ruleset import Sample

SAMPLES: tuple[Sample, ...] = (
    Sample("九尾 里奈", "10/1/0/4/振舞星/九尾 里奈",
           "2011αシミュレータ説明書の例 (途心10)", "example of the 2011α simulator manual"),
    Sample("癒し手", "15/1/1/1/回盾斬/癒し手", "危殆で全回復する回復剣 (途心9)",
           "回復剣 refills HP when at half (9 points)"),
    Sample("クオリナ", "クオリナ:10/1/1/2/斬撃剣、加護剣、盾の剣、斬撃剣",
           "基本ルールの例 (HP2/攻1/防1/速2/剣技4)",
           "base rule example (HP2/atk1/def1/spd2/4 swords)"),
    Sample("ミスティア", "ミスティア:15/0/0/2/拡散剣、鏡の剣", "造霧剣で生まれる剣師 (§12.8)",
           "the 剣師 built by 造霧剣 (§12.8)"),
    Sample("ウンディーネ", "ウンディーネ:20/0/0/3/魂の剣、拡散剣、鏡の剣",
           "造涙剣で生まれる剣師 (§12.8)", "the 剣師 built by 造涙剣 (§12.8)"),
    Sample("E1 X", "10/3/0/2/斬斬/X", "§17 E1 の X", "X of §17 E1"),
    Sample("E1 Y", "10/1/1/2/斬護/Y", "§17 E1 の Y", "Y of §17 E1"),
    Sample("E2 X", "5/5/0/1/高斬/X", "§17 E2 の X (途心9)", "X of §17 E2 (9 points)"),
    Sample("E2 Y", "10/1/0/1/斬/Y", "§17 E2 の Y", "Y of §17 E2"),
    Sample("E3 Z", "10/2/0/3/斬/Z", "§17 E3 の Z", "Z of §17 E3"),
    Sample("E3 W", "15/0/0/0//W", "§17 E3 の W (剣なし)", "W of §17 E3 (no swords)"),
    Sample("城壁", "5/1/0/2/壁泡斬誘/城壁", "造壁剣で壁を立てて挑発", "builds a wall, taunts"),
    Sample("毒使い", "10/2/0/3/猛毒衝/毒使い", "猛毒と衝撃", "deadly venom and shock"),
    Sample("鏡の騎士", "10/2/1/2/鏡盾斬/鏡の騎士", "反射とガード", "reflect and guard"),
)
