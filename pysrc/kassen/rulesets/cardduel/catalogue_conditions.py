"""The card duel's member states, one :class:`~kassen.core.conditions.Condition` row each.

A member holds its conditions in ``Member.conds``, an integer per row indexed by
``row.index`` (0 = not held; ``sitting_out`` holds the last round sat out). Rule code gains
and loses a row it holds (``m.gain(LOCKED)``, ``m.has(FAINTED)``) and reaches what the states
*do* only through these moments, run in the rows' order:

- ``on_reset(t, m)``: the battle's reset (B9 / A5, §5.10.2) clears the state;
- ``on_attack_bar(t, m) -> bool``: the state keeps a warrior from attacking now (§5.4.1);
  a state not held (0) never does, so a member holding none skips the moment;
- ``on_defeat(t, m) -> bool``: the state counts the member as defeated (§8.2.1);
- ``on_view(t, m) -> bool``: the page shows the state, by its Japanese term.

A new state is one row here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.conditions import Condition, Conditions

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.model import Member
    from kassen.rulesets.cardduel.table import CardDuelTable


def _fainted(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_FAINTED] > 0


def _exhausted(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_EXHAUSTED] > 0


def _exhausted_defeats(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_EXHAUSTED] > 0 and t.readings.exhausted_mage_counts_defeated


def _right_lost(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_RIGHT_LOST] > 0


def _right_lost_shown(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_RIGHT_LOST] > 0 and not m.is_mage


def _sitting_out(t: CardDuelTable, m: Member) -> bool:
    last = m.conds[_SITTING_OUT]
    return last > 0 and last >= t.state.round


def _locked(t: CardDuelTable, m: Member) -> bool:
    return m.conds[_LOCKED] > 0


def _clear_right_lost(t: CardDuelTable, m: Member) -> None:
    m.conds[_RIGHT_LOST] = 0


def _clear_locked(t: CardDuelTable, m: Member) -> None:
    m.conds[_LOCKED] = 0


def _clear_sitting_out(t: CardDuelTable, m: Member) -> None:
    m.conds[_SITTING_OUT] = 0


def _clear_failed(t: CardDuelTable, m: Member) -> None:
    m.conds[_FAILED] = 0


def _clear_withdrew(t: CardDuelTable, m: Member) -> None:
    m.conds[_WITHDREW] = 0


FAINTED = Condition(
    "fainted", "気絶", "fainted", "§2.3", bad=True, order=0,
    on_attack_bar=_fainted, on_defeat=_fainted, on_view=_fainted)
"""気絶: a warrior at 0 HP, defeated for the rest of the match (§2.3, §8.2.1)."""
EXHAUSTED = Condition(
    "exhausted", "消耗", "exhausted", "§5.3.3", bad=True, order=1,
    on_defeat=_exhausted_defeats, on_view=_exhausted)
"""消耗: a mage with no MP and no costume left; enchants no more; defeated only with
``exhausted_mage_counts_defeated`` (§5.3.3, §8.2.1)."""
RIGHT_LOST = Condition(
    "right_lost", "アタック権なし", "attack right lost", "§5.6.1", bad=True, order=2,
    on_reset=_clear_right_lost, on_attack_bar=_right_lost, on_view=_right_lost_shown)
"""アタック権なし: the warrior lost the attack right for the rest of the battle by a failed
attack (§5.6.1), by withdrawing (§5.8.1) or by a stall (§5.9); back at the reset."""
LOCKED = Condition(
    "locked", "エンチャント停止", "enchanting stopped", "§5.3.2d", bad=True, order=3,
    on_reset=_clear_locked, on_view=_locked)
"""エンチャント停止: the mage enchants no more this battle (a happening §5.3.2d; in
procedure A a pass, a happening or M2 "stop" until its cards return, A1, A2-4)."""
SITTING_OUT = Condition(
    "sitting_out", "次の交戦を休む", "sitting out", "§7 A2-3", bad=True, order=4,
    on_reset=_clear_sitting_out, on_attack_bar=_sitting_out)
"""次の交戦を休む: procedure A with ``original_right_loss = next_only``: a failed warrior sits
out the next engagement; the value is the last round sat out (§7 A2-3)."""
FAILED = Condition(
    "failed", "アタック失敗", "attack failed", "§5.6.1", order=5, on_reset=_clear_failed)
"""アタック失敗: the warrior failed an attack this battle (labels why the rounds ended, §16)."""
WITHDREW = Condition(
    "withdrew", "放棄", "withdrew", "§5.8.1", order=6, on_reset=_clear_withdrew)
"""放棄: the warrior withdrew for the rest of the battle (W2, §5.8.1)."""

CONDITIONS = Conditions([FAINTED, EXHAUSTED, RIGHT_LOST, LOCKED, SITTING_OUT, FAILED, WITHDREW])
"""Every member state of the card duel, in catalogue order."""

_FAINTED = FAINTED.index
_EXHAUSTED = EXHAUSTED.index
_RIGHT_LOST = RIGHT_LOST.index
_LOCKED = LOCKED.index
_SITTING_OUT = SITTING_OUT.index
_FAILED = FAILED.index
_WITHDREW = WITHDREW.index

AT_RESET = CONDITIONS.at("on_reset")
ATTACK_BARS = CONDITIONS.at("on_attack_bar")
DEFEATS = CONDITIONS.at("on_defeat")
SHOWN = CONDITIONS.at("on_view")
"""The (row, handler) pairs of each moment, in order, made once."""
