"""Sample sheets of §23 (one per type) plus the spec's §19 worked-example characters."""

from __future__ import annotations

from kassen.core.ruleset import Sample

BALANCER = """name: Balancer
type: バランス
special: G
selected: 自
atk: 8
def: 8
agi: 10
cross: 3
fav: 3
slot10: 攻2倍
slot11: 防2倍
slot9: 攻1.5倍
slot12: 硬化
slot8: 打ち上げ
slot13: 叩き落とし
slot7: 追い打ち
slot14: 加速
slot6: 重撃 ougi=流星撃/5 based
special1: 浄化
special3: 底力
special6: 復帰
zone: 終盤 闘志
line: 1500 回復"""

FORTRESS = """name: Fortress
type: ガード
special: Y
selected: 自
atk: 10
def: 15
agi: 10
cross: 4
fav: 4
slot10: 防3倍
slot11: 防2倍
slot9: 攻撃受け
slot12: 硬化
slot8: 見切り
slot13: 鉄壁の構え
slot14: 攻1.5倍 ougi=星界の盾/4
special2: 浄化
zone: 中盤 堅守
line: 2500 回復
slot3: 躓き
slot18: 無防備
slot17: 星崩れ"""

BRAWLER = """name: Brawler
type: パワー
special: G
selected: 自
atk: 15
def: 5
agi: 6
cross: 2
fav: 1
slot10: 攻2倍
slot11: 攻2倍・単
slot9: 重撃
slot12: 防御崩し
slot8: 攻1.5倍
slot13: 攻1.5倍 star=攻3倍/1/1
slot7: 追い打ち ougi=星砕き/6 based
slot14: 踏み込み
special4: 底力
special6: 復帰
passive: スタンフラグガード
slot3: 硬直
slot18: 動揺
slot4: 散漫"""

GAMBLER = """name: Gambler
type: リスキー
special: Y
selected: 敵
atk: 12
def: 4
agi: 7
cross: 1
fav: 2
slot10: 攻3倍
slot11: 攻2倍
slot9: 急所狙い
slot12: 攻1.5倍 star=攻4倍/2/2
special2: 強制相打ち
passive: デメリットガード
trigger: 隙 攻2倍"""

STRIKER = """name: Striker
type: スピード
special: G
selected: G
atk: 10
def: 4
agi: 10
cross: 0
fav: 3
slot10: 神速
slot12: 加速
slot8: 先手
slot13: 攻1.5倍
special3: 瞬発
zone: 序盤 疾風"""

EXAMPLE_RED = """name: Example Red
special: G
selected: 自
atk: 5
def: 5
agi: 5
cross: 2
fav: 2
slot10: 攻2倍"""

EXAMPLE_BLUE = """name: Example Blue
special: Y
selected: Y
atk: 3
def: 8
agi: 8
cross: 4
fav: 5
slot14: 防1.5倍"""

TYPED = (("Balancer", BALANCER, "バランス"), ("Fortress", FORTRESS, "ガード"),
         ("Brawler", BRAWLER, "パワー"), ("Gambler", GAMBLER, "リスキー"),
         ("Striker", STRIKER, "スピード"))

SAMPLES: tuple[Sample, ...] = (
    *(Sample(name, text, f"§23 見本（{kind}タイプ）", f"§23 sample ({kind} type)")
      for name, text, kind in TYPED),
    Sample("Example Red", EXAMPLE_RED, "§19 計算例の赤", "§19 worked example, red"),
    Sample("Example Blue", EXAMPLE_BLUE, "§19 計算例の青", "§19 worked example, blue"),
)
