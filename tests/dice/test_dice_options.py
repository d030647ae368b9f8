"""Rule options added for the remaining [inferred]/[designed] readings: each test builds a
battle with forced dice where the option changes the outcome, and cites the rule it holds."""

from __future__ import annotations

from dice_helpers import battle, events, one_turn  # noqa: F401

from kassen.rulesets.dice.engine import DiceBattle


def test_zone_bounds_option_a23() -> None:
    """§16.2/A23: LP exactly 4000 / 1000 is 中盤 / 終盤 by default; ``zone_bounds=lower`` puts
    the boundary in the upper zone, which switches red's 中盤 passive 闘志 and its damage."""
    for lp, default, lower in ((4000, "中盤", "序盤"), (1000, "終盤", "中盤")):
        def set_lp(b: DiceBattle, lp: int = lp) -> None:
            b.ch(0)["lp_main"] = lp
        zones, damage = [], []
        for mode in ("upper", "lower"):
            b = one_turn("zone: 中盤 闘志", before=set_lp, faces=(6, 1, 1, 5),
                         zone_bounds=mode)
            zones.append(events(b, "zone", "0.0")[0]["zone"])
            damage.append(events(b, "hit", "0.0")[0]["damage"])
        assert zones == [default, lower]
        assert damage[0] != damage[1]
