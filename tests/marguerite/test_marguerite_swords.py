"""One test per sword of the catalogue (§12): each builds a small battle that shows the effect.

Each case names the sword and the rule it checks (§12.x, with R-numbers where the mechanics
matter). ``A`` is side 0's entrant, ``D`` side 1's (a target dummy with speed 0 unless said).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from marguerite_helpers import after, codes, events, fencer

from kassen.rulesets.marguerite.catalogue import SWORDS
from kassen.rulesets.marguerite.engine import MargueriteBattle
from kassen.rulesets.marguerite.model import (
    GUARD,
    LIFE,
    MISCARRY,
    POISON,
    PUSH,
    QUICK,
    REFLECT,
    SLEEP,
    SLOW,
    SOUL,
    STUN,
    TAUNT,
    VENOM,
)

DUMMY = "50/0/1/0//D"
DUMMY0 = "50/0/0/0//D"


def a_(b: MargueriteBattle) -> Any:
    return fencer(b, 0)


def d_(b: MargueriteBattle) -> Any:
    return fencer(b, 1)


Check = Callable[[MargueriteBattle], bool]
# (sword, rule, build A, build D, play through turn, check)
CASES: list[tuple[str, str, str, str, int, Check]] = [
    ("斬撃剣", "§12.1 R4.2", "10/3/0/1/斬/A", DUMMY, 1, lambda b: d_(b).hp == 48),
    ("高速剣", "§12.1 R4.4", "10/3/0/1/高/A", DUMMY0, 0,
     lambda b: d_(b).hp == 47 and a_(b).swords == []),
    ("重撃剣", "§12.1", "10/3/0/1/重/A", DUMMY, 4, lambda b: d_(b).hp == 45),
    ("衝撃剣", "§12.1", "10/3/0/1/衝/A", DUMMY, 2,
     lambda b: d_(b).hp == 48 and d_(b).st[STUN] == 1),
    ("蟲毒剣", "§12.1 R6.2", "10/3/0/1/毒/A", DUMMY, 2,
     lambda b: d_(b).st[POISON] == 1 and d_(b).hp == 47 and a_(b).swords == []),
    ("絶対剣", "§12.1", "10/3/0/1/絶/A", "50/0/5/0//D", 3, lambda b: d_(b).hp == 47),
    ("魔法剣", "§12.1", "10/3/0/1/魔/A", "45/0/9/0//D", 2, lambda b: d_(b).hp == 22),
    ("デス剣", "§12.1 R10.2", "10/3/0/1/死/A", "99/0/9/0//D", 6,
     lambda b: d_(b).exited and b.result().reason == "wipeout" and b.result().turn == 6),
    ("加熱剣", "§12.1", "10/3/0/1/熱/A", DUMMY, 1, lambda b: a_(b).atk == 4),
    ("加護剣", "§12.1", "10/3/0/1/護/A", DUMMY, 2, lambda b: a_(b).def_ == 2),
    ("加速剣", "§12.1", "10/3/0/1/速/A", DUMMY, 1, lambda b: a_(b).spd == 2),
    ("盾の剣", "§12.1", "10/3/0/1/盾/A", DUMMY, 1, lambda b: a_(b).st[GUARD] == 1),
    ("命の剣", "§12.1", "10/3/0/1/命/A", DUMMY, 1,
     lambda b: a_(b).st[LIFE] == 1 and a_(b).swords == []),
    ("鏡の剣", "§12.1", "10/3/0/1/鏡/A", DUMMY, 2, lambda b: a_(b).st[REFLECT] == 1),
    ("回復剣", "§12.2 R4.3 R15.3", "10/0/0/1/回/A", "20/6/0/1/斬/E", 2,
     lambda b: a_(b).hp == 4 and len(events(b, "hp_set")) == 1 and a_(b).swords == []),
    ("ヌル剣", "§12.3 R8.5", "10/3/0/1/ヌ/A", "50/0/0/1/盾/D", 1,
     lambda b: d_(b).hp == 50 and d_(b).st[GUARD] == 0 and len(events(b, "guard")) == 1),
    ("咲火剣", "§12.3", "10/3/0/1/咲/A", "50/0/5/0//D", 1, lambda b: d_(b).hp == 49),
    ("滅奏剣", "§12.3 R4.3", "10/0/0/1/滅/A", "20/6/0/2/斬/E", 1, lambda b: d_(b).hp == 18),
    ("激怒剣", "§12.3 R4.3", "10/0/0/1/怒/A", "20/6/0/2/斬/E", 1, lambda b: d_(b).hp == 14),
    ("音速剣", "§12.3", "10/10/0/1/音/A", DUMMY0, 0, lambda b: d_(b).hp == 30),
    ("光速剣", "§12.3", "10/20/0/1/光/A", "300/0/0/0//D", 0, lambda b: d_(b).hp == 100),
    ("確実剣", "§12.3", "10/5/0/1/確/A", "50/0/9/0//D", 1, lambda b: d_(b).hp == 48),
    ("牙撃剣", "§12.3", "10/3/0/1/牙/A", DUMMY, 2, lambda b: d_(b).hp == 45),
    ("二撃剣", "§12.3", "10/3/0/1/二/A", DUMMY, 2, lambda b: d_(b).hp == 46),
    ("三撃剣", "§12.3", "10/3/0/1/三/A", DUMMY, 3, lambda b: d_(b).hp == 44),
    ("四撃剣", "§12.3", "10/3/0/1/四/A", DUMMY, 4, lambda b: d_(b).hp == 42),
    ("五撃剣", "§12.3", "10/3/0/1/五/A", DUMMY, 5, lambda b: d_(b).hp == 40),
    ("六撃剣", "§12.3", "10/3/0/1/六/A", DUMMY, 6, lambda b: d_(b).hp == 38),
    ("七撃剣", "§12.3", "10/3/0/1/七/A", DUMMY, 7, lambda b: d_(b).hp == 36),
    ("舞踏剣", "§12.3 R6.3", "10/3/0/3/舞/A", DUMMY, 3,
     lambda b: d_(b).hp == 44 and len(events(b, "rearm_self")) == 3),
    ("全体剣", "§12.3 R8.4 R14.4", "10/3/0/1/全/A", "20/0/1/1/泡/E", 2,
     lambda b: fencer(b, 1, 1).hp == 2 and fencer(b, 1, 0).hp == 18),
    ("猛毒剣", "§12.3 D17", "10/3/0/1/猛/A", DUMMY, 3,
     lambda b: d_(b).st[VENOM] == 1 and d_(b).st[POISON] == 1 and d_(b).hp == 47),
    ("堕胎剣", "§12.3 R14.7", "10/3/0/2/堕/A", "20/0/1/1/遅泡/E", 1,
     lambda b: len(b.state.members[1]) == 1 and d_(b).st[MISCARRY] == 0
     and len(events(b, "build_failed")) == 1),
    ("冷却剣", "§12.3 R8.6", "10/3/0/1/冷/A", "50/0/1/1/熱/D", 2, lambda b: d_(b).atk == 0),
    ("剥落剣", "§12.3", "10/5/0/1/剥/A", "50/0/1/1/護/D", 2, lambda b: d_(b).def_ == 1),
    ("減速剣", "§12.3", "10/3/0/1/減/A", "50/0/1/1/速/D", 2, lambda b: d_(b).spd == 1),
    ("破壊剣", "§12.3", "10/3/0/1/壊/A", "50/0/1/0/斬護/D", 1, lambda b: codes(d_(b)) == "護"),
    ("剣戟剣", "§12.3", "10/3/0/1/戟/A", "50/0/1/0/斬護/D", 2,
     lambda b: d_(b).swords[0].used and not d_(b).swords[1].used),
    ("撹乱剣", "§12.3", "10/3/0/1/撹/A", "50/0/1/0/斬護/D", 1, lambda b: codes(d_(b)) == "護斬"),
    ("吸血剣", "§12.3 R15.3 D13", "10/3/0/1/吸/A", "20/4/1/2/斬/E", 1,
     lambda b: a_(b).hp == 8 and d_(b).hp == 18),
    ("強盗剣", "§12.3 D14", "10/3/0/1/盗/A", "50/0/1/0/斬護/D", 2,
     lambda b: codes(d_(b)) == "護" and codes(a_(b)) == "斬" and not a_(b).swords[0].used),
    ("闇黒剣", "§12.3", "10/3/0/1/闇/A", "50/0/1/1/盾/D", 2,
     lambda b: d_(b).hp == 48 and d_(b).st[GUARD] == 2),
    ("魔封剣", "§12.3 D4", "10/3/0/1/封/A", DUMMY, 1, lambda b: d_(b).mp == -2 and d_(b).hp == 50),
    ("魂の剣", "§12.4", "10/3/0/1/魂/A", DUMMY, 3, lambda b: a_(b).st[SOUL] == 1),
    ("押分剣", "§12.4", "10/3/0/1/押/A", DUMMY, 0, lambda b: a_(b).st[PUSH] == 1),
    ("誘引剣", "§12.4 §11", "10/3/0/2/誘誘/A", DUMMY, 0, lambda b: a_(b).st[TAUNT] == 1),
    ("先行剣", "§12.4", "10/3/0/1/先/A", DUMMY, 0, lambda b: a_(b).st[QUICK] == 1),
    ("後続剣", "§12.4", "10/3/0/1/後/A", DUMMY, 0, lambda b: a_(b).st[SLOW] == 1),
    ("快癒剣", "§12.4 R4.3", "10/0/0/1/癒/A", "20/3/0/2/毒/E", 1,
     lambda b: a_(b).st[POISON] == 0 and len(events(b, "status_lost")) == 1),
    ("詠唱剣", "§12.4", "10/3/0/1/詠/A", DUMMY, 1, lambda b: a_(b).mp == 2),
    ("祈祷剣", "§12.4", "10/3/0/1/祈/A", DUMMY, 0, lambda b: a_(b).mp == 2 and not a_(b).swords),
    ("黙祷剣", "§12.4", "10/3/0/1/黙/A", DUMMY, 1, lambda b: a_(b).mp == 3),
    ("儀式剣", "§12.4 R7.1 D16", "10/3/0/1/儀斬斬/A", DUMMY, 1,
     lambda b: d_(b).hp == 46 and a_(b).reserve == 2),
    ("臥竜剣", "§12.4 D3", "10/3/0/1/臥/A", DUMMY, 0,
     lambda b: a_(b).maxhp == 20 and a_(b).hp == 20 and a_(b).st[SLEEP] == 1),
    ("灼熱剣", "§12.4", "10/3/0/1/灼/A", DUMMY, 3, lambda b: a_(b).atk == 6),
    ("限定剣", "§12.5 §13", "10/3/0/2/限斬/A", DUMMY, 1,
     lambda b: d_(b).hp == 48 and a_(b).swords == []),
    ("導来剣", "§12.5 §13 R4.2", "10/3/0/2/導斬/A", DUMMY, 0, lambda b: d_(b).hp == 48),
    ("遅滞剣", "§12.5 §13 R4.2", "10/3/0/1/遅斬/A", DUMMY, 1, lambda b: d_(b).hp == 50),
    ("危殆剣", "§12.5 §13 R4.3", "10/3/0/2/危斬/A", DUMMY, 3, lambda b: d_(b).hp == 50),
    ("振動剣", "§12.5 §13", "10/3/0/2/振斬/A", DUMMY, 1, lambda b: d_(b).st[STUN] == 1),
    ("毒薬剣", "§12.5 §13", "10/3/0/2/薬斬/A", DUMMY, 1, lambda b: d_(b).st[POISON] == 1),
    ("拡散剣", "§12.5 §13", "10/3/0/2/散斬/A", "20/0/1/1/泡/E", 1,
     lambda b: fencer(b, 1, 1).hp == 2 and fencer(b, 1, 0).hp == 18),
    ("再来剣", "§12.5", "10/3/0/3/斬再/A", DUMMY, 3, lambda b: d_(b).hp == 42),
    ("共鳴剣", "§12.5 R15.4 D18", "10/3/0/2/鳴熱護/A", DUMMY, 4,
     lambda b: codes(a_(b)) == "熱熱" and a_(b).atk == 7),
    ("虚構剣", "§12.6", "10/3/0/1/虚/A", DUMMY, 1, lambda b: codes(a_(b)) == "虚ヌ"),
    ("複製剣", "§12.6 D8", "10/3/0/1/複/A", "50/0/1/0/斬護/D", 1, lambda b: codes(a_(b)) == "斬"),
    ("増殖剣", "§12.6", "10/3/0/1/増熱/A", DUMMY, 1, lambda b: codes(a_(b)) == "増熱熱"),
    ("星霜剣", "§12.7 D1", "10/3/0/1/星/A", DUMMY, 1, lambda b: b.state.turn == 2),
]

BUILT = [("造泡剣", "バブル", 5, 0), ("造柵剣", "フェンス", 20, 0), ("造門剣", "ゲート", 35, 0),
         ("造壁剣", "ウォール", 50, 0), ("造氷剣", "アイシア", 10, 1),
         ("造霧剣", "ミスティア", 15, 2), ("造涙剣", "ウンディーネ", 20, 3)]


@pytest.mark.parametrize(("sword", "rule", "a", "d", "turn", "check"), CASES,
                         ids=[f"{c[0]} {c[1]}" for c in CASES])
def test_sword(sword: str, rule: str, a: str, d: str, turn: int, check: Check) -> None:
    """Every sword does what its catalogue row says (rule given in the test id)."""
    battle = after(a, d, turn)
    assert check(battle), (sword, rule, battle.view())


@pytest.mark.rule("§12.8")
@pytest.mark.rule("§14")
@pytest.mark.rule("R14.1")
@pytest.mark.parametrize(("sword", "name", "hp", "spd"), BUILT, ids=[b[0] for b in BUILT])
def test_construct_sword_builds_at_the_front(sword: str, name: str, hp: int, spd: int) -> None:
    """§12.8, §14 R14.1-R14.2: the built 剣師 stands at the front with its stats and swords."""
    from kassen.rulesets.marguerite.catalogue import BY_NAME

    code = BY_NAME[sword].code
    battle = after(f"10/0/0/1/{code}/A", DUMMY, 0)
    new = fencer(battle, 0, 1)
    assert (new.name, new.maxhp, new.spd, new.built) == (name, hp, spd, True)
    assert battle.state.lines[0][0] is new
    assert [SWORDS[s.sid].ja for s in new.swords] == list(BY_NAME[sword].build[5])


@pytest.mark.rule("§12")
def test_every_sword_has_a_test() -> None:
    """§12: the 75 swords are all covered by the cases above."""
    covered = {c[0] for c in CASES} | {b[0] for b in BUILT}
    assert covered == {s.ja for s in SWORDS}
