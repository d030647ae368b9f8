"""§5.3 Initiative: who acts first among equal 行動値 (the tie ladder of §16 D9), also used to
order simultaneous auto actions (§5.1)."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.constants import MAX_TIE_ROLLS
from kassen.rulesets.skirmish.model import Unit

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable

INI = attrgetter("ini")
"""A unit's current 行動値 (what the ladder ranks by first)."""

TIE_STEPS = {"pcEvasionRoll": ("pc", "eva"), "evasionPcRoll": ("eva", "pc")}
"""``initiative_ties``: the ladder's steps before the roll-off (§5.3, §16 D9)."""


@implements("§5.1", "§5.3", "§16 D9")
def ladder(t: SkirmishTable, units: list[Unit], purpose: str) -> Unit:
    """The first of ``units`` by 行動値 (descending; ascending for simultaneous AA with
    ``simultaneous_ascending``, §5.1), then the option's tie ladder (§5.3, §16 D9).

    ``initiative_ties``: PC side → 回避値 (default), 回避値 → PC side, or a roll-off only;
    a roll-off always settles what is left.
    """
    inis = list(map(INI, units))
    ascending = purpose != "initiative" and t.readings.simultaneous_ascending  # §5.1
    best = min(inis) if ascending else max(inis)
    if inis.count(best) == 1:  # no tie: the ladder's steps and roll-offs keep the one there is
        return units[inis.index(best)]
    tied = [u for u in units if u.ini == best]
    for step in TIE_STEPS.get(t.readings.initiative_ties, ()):
        if step == "pc" and len(tied) > 1 and any(u.side == 0 for u in tied):
            tied = [u for u in tied if u.side == 0]
        elif step == "eva":
            best_eva = max(u.eva for u in tied)
            tied = [u for u in tied if u.eva == best_eva]
    for _ in range(MAX_TIE_ROLLS):
        if len(tied) == 1:
            break
        rolls = [t.rng.die(10) for _ in tied]
        t.rec.add("tie_roll", None, None, "§5.3", {"purpose": purpose,
                                                   "units": [u.id for u in tied], "rolls": rolls})
        top = max(rolls)
        tied = [u for u, r in zip(tied, rolls, strict=False) if r == top]
    return tied[0]


@implements("§5", "§5.2")
def pick_initiative(t: SkirmishTable, ready: list[Unit]) -> Unit:
    """IP: the 行動可能 character with the highest current 行動値 (§5, §5.2)."""
    return ladder(t, ready, "initiative")
