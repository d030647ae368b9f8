"""§4 Dice and checks: the opposed check (§4.3) with its critical and fumble reading (§4.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


@implements("§4.3", "§16 D18")
def opposed_wins(t: SkirmishTable, a: list[int], active: int, p: list[int],
                 passive: int) -> bool:
    """Whether the active side wins an opposed check (§4.3: a tie goes to the side named by
    ``opposed_tie``; §16 D18 with crit_on_opposed)."""
    if t.readings.crit_on_opposed:
        a_crit, p_crit = a == [10, 10], p == [10, 10]
        a_fum, p_fum = a == [1, 1], p == [1, 1]
        if a_crit != p_crit:
            return a_crit
        if a_fum != p_fum:
            return p_fum
    if t.readings.opposed_tie == "active":
        return active >= passive
    return active > passive
