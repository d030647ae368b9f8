"""§9 statuses as condition rows (issue 28): each status of a skirmish character is one
:class:`kassen.core.conditions.Condition` row of :data:`CONDITIONS`, owning its behaviour as
handlers by moment; a new status is one row here.

Moments of the skirmish: a handler is called with the table first (the kernel's rule,
:mod:`kassen.core.conditions`), then the timed effect (:class:`.model.Effect`):

- ``on_armour(t, effect) -> int``: an addend to 装甲 while the effect lasts (§9.5);
- ``on_flight(t, effect) -> int``: a 飛行 rank while it lasts (§9.3, §16 D34; the best counts);
- ``on_asleep(t, effect) -> bool``: whether it keeps its bearer asleep (睡眠, §9.2);
- ``on_wake(t, effect) -> bool``: whether waking ends it (§6.2, §9.2, §10.3; §16 D6).

The rule functions :func:`.rules.statuses.armour`, ``flight``, ``asleep``, ``awake_able`` and
``woken`` ask these moments of a unit's effects (the rows sit below the table in the import
graph, so a handler here types the table as ``object``; these read only the effect).
``down`` and ``escaped`` are the member states shown beside them (the view names them; HP and
the escape flag hold them). :data:`ACTING` holds, per moment, each row's handler by row
index, made once from :meth:`~kassen.core.conditions.Conditions.at`: the rule functions index
it with the effect's ``index`` instead of comparing names.
"""

from __future__ import annotations

from typing import Protocol

from kassen.core.conditions import Condition, Conditions, Handler


class Timed(Protocol):
    """What a handler reads of a timed effect (:class:`.model.Effect`)."""

    remaining: int
    amount: int


def _amount(t: object, e: Timed) -> int:
    """The effect's own amount: ストーンスキン's 装甲 bonus, フライ's 飛行 rank."""
    return e.amount


def _yes(t: object, e: Timed) -> bool:
    return True


CONDITIONS = Conditions((
    Condition("sleep", "睡眠", "sleep", "§9.2", bad=True, on_asleep=_yes, on_wake=_yes),
    Condition("flight", "飛行", "flight", "§9.3", on_flight=_amount),
    Condition("stone_skin", "ストーンスキン", "Stone Skin", "§9.5", on_armour=_amount),
    Condition("down", "戦闘不能", "incapacitated", "§9.4", bad=True),
    Condition("escaped", "離脱", "escaped", "§10.4"),
))
"""The skirmish's statuses, in the order the view lists them."""

SLEEP = CONDITIONS["sleep"]
"""睡眠 (§9.2): the row a Sleep spell grants (§11.3)."""
FLIGHT = CONDITIONS["flight"]
"""飛行 (§9.3): the row the フライ spell grants (§11.3)."""
STONE_SKIN = CONDITIONS["stone_skin"]
"""装甲 bonus (§9.5): the row ストーンスキン grants (§11.3)."""


class Acting:
    """Per moment, each row's handler by row index (None where the row does not act)."""

    __slots__ = ("armour", "asleep", "conditions", "flight", "wake")

    def __init__(self, conditions: Conditions) -> None:
        self.load(conditions)

    def load(self, conditions: Conditions) -> None:
        """Take the handlers of ``conditions`` (a test may load a catalogue with a toy row)."""
        self.conditions = conditions
        self.armour = self._by_index(conditions, "on_armour")
        self.flight = self._by_index(conditions, "on_flight")
        self.asleep = self._by_index(conditions, "on_asleep")
        self.wake = self._by_index(conditions, "on_wake")

    @staticmethod
    def _by_index(conditions: Conditions, moment: str) -> tuple[Handler | None, ...]:
        out: list[Handler | None] = [None] * len(conditions)
        for row, handler in conditions.at(moment):
            out[row.index] = handler
        return tuple(out)


ACTING = Acting(CONDITIONS)
"""The handlers the §9 rules (:mod:`.rules.statuses`) call."""
