"""Rule options that hold the remaining [inferred]/[designed] readings (§13, §16).

Each test forces the dice and the decisions so that the option alone changes the outcome.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, make


def _first_actor(**options: object) -> list[str]:
    b, _ = make([fighter("A", ini=9, eva=14, area=0), fighter("C", ini=9, eva=17, area=6)],
                dice=[3, 7], **options)
    b.play_turn()
    return [e.actor for e in events(b, "initiative")]


def test_initiative_ties_option_orders_tied_units_section5_3_d9() -> None:
    """§5.3 / §13: PC side → 回避値 (default), 回避値 → PC side, or a roll-off only."""
    assert _first_actor() == ["0.0", "1.0"]                                   # PC side first
    assert _first_actor(initiativeTies="evasionPcRoll") == ["1.0", "0.0"]     # 回避値 17 > 14
    b, _ = make([fighter("A", ini=9, eva=14, area=0), fighter("C", ini=9, eva=17, area=6)],
                dice=[3, 7], initiativeTies="roll")
    b.play_turn()
    assert events(b, "tie_roll")[0].values["units"] == ["0.0", "1.0"]
    assert [e.actor for e in events(b, "initiative")] == ["1.0", "0.0"]       # 7 beats 3
