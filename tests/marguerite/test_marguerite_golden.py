"""Golden logs: a handful of battles, checked by hand once against the rules, then pinned
(event digest plus a few key lines). A change to any of these is a change of behaviour.

Hand check of 毒使い vs 鏡の騎士 (R6.2, §11, R8.5): turn 1 蟲毒剣 1 damage + 毒; turn 2 毒 ticks
1, 猛毒剣 1 halved by ガード to ceil(1/2) = 1, 衝撃剣 stuns, the stunned knight skips once then
uses 鏡の剣; turn 3 猛毒 adds a 毒 (2 damage), 衝撃剣 is reflected onto its own wielder
(2 − 0 = 2, スタン too); turn 4 three 毒 leave the knight at 1 and 衝撃剣 kills it.
"""

from __future__ import annotations

import pytest

from kassen.core import session

GOLDEN = [
    ("10/1/0/4/振舞星/九尾 里奈", "5/1/0/2/壁泡斬誘/城壁", (0, "wipeout", 17), 282,
     "965b504ea429f8b9e274eaf809f2f00babe54d1e696905c4d20eabfeb7e347f9",
     ["城壁が造壁剣でウォールをビルド！先頭に立った（HP 50）",
      "九尾 里奈の舞踏剣：城壁に1ダメージ（HP 4）",
      "城壁はスキップ×1（スタン）AP 1・予備AP 0"]),
    ("10/2/0/3/猛毒衝/毒使い", "10/2/1/2/鏡盾斬/鏡の騎士", (0, "wipeout", 4), 53,
     "94b4a856e11eb902c55c62f0bbe2650a1faeec9f016dd20ed655707d5af36ceb",
     ["鏡の騎士のガード！ダメージ1→1（残りガード0）",
      "鏡の騎士の反射！攻撃が毒使いに向かう（残り反射0）",
      "毒使いの衝撃剣：毒使いに2ダメージ（HP 6）",
      "鏡の騎士は毒で3ダメージ（HP 1）"]),
    ("10/3/0/2/斬斬/X", "10/1/1/2/斬護/Y", (1, "wipeout", 10), 94,
     "d1f7ae9d4eaa8aee8b4a527730d61d2d71c44cd9e09e2e5693f44ea7e282a37e",
     ["Yの防御力が1→2", "Xが退場した（HP 0、オーバーキル0）"]),
    ("15/1/1/1/回盾斬/癒し手", "クオリナ:10/1/1/2/斬撃剣、加護剣、盾の剣、斬撃剣",
     (0, "overturn", 20), 165,
     "10341c66e7ab9affde959de458b40eee60a7352a5dfb5c409c2dc63db1c9d708", []),
    ("5/2/0/1/霧全吸/霧", "10/1/0/3/泡高散斬/泡", (0, "wipeout", 5), 68,
     "21f56ec32b54f2a14243643498737b3e3151b14a5bfaa4cab4faa31689790343", []),
]


@pytest.mark.rule("§11")
@pytest.mark.rule("§14")
@pytest.mark.parametrize(("a", "b", "result", "count", "digest", "lines"), GOLDEN,
                         ids=[g[0] for g in GOLDEN])
def test_golden(a: str, b: str, result: tuple, count: int, digest: str,
                lines: list[str]) -> None:
    """Pinned battles (R6-R10, §11-§14): result, event count, digest and key ja lines."""
    outcome = session.run(session.prepare("marguerite", [a, b]))
    r = outcome.result
    assert (r.winner, r.reason, r.turn) == result
    assert outcome.battle.rec.event_count == count
    log = session.log_lines(outcome, "ja")
    for line in lines:
        assert line in log
    assert session.event_digest(outcome.battle) == digest
