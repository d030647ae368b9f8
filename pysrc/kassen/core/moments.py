"""The moments every rule system shares, and how a ruleset's event kinds map onto them.

Each ruleset keeps its own event kinds (they are in every digest and replay file, so they do
not change), and declares in ``Ruleset.event_moments`` which of them are one of the shared
moments below: a viewer, a statistic or a test can then ask "every damage event" or "every
status gained" of any ruleset without knowing its kinds. Each ruleset also names how its
battles end in its own :class:`enum.StrEnum` of terminations (``Ruleset.terminations``), as
python-chess's ``Termination``; ``Result.reason`` is one of its members, or ``aborted``.
"""

from __future__ import annotations

from enum import StrEnum


class Moment(StrEnum):
    """A moment of a battle that every rule system has."""

    BATTLE_START = "battle_start"
    BATTLE_END = "battle_end"
    TURN_START = "turn_start"
    """A turn or round starts (whatever the rules call their unit of play)."""
    DAMAGE = "damage"
    HEALING = "healing"
    STATUS_GAINED = "status_gained"
    STATUS_LOST = "status_lost"
    DEFEAT = "defeat"
    """A member leaves the fight (knocked out, dead, fled)."""


ABORTED = "aborted"
"""The result reason of a battle stopped at a safety cap (:meth:`Battle.abort`), in every
ruleset."""
