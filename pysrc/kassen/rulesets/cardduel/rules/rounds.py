"""A round (ラウンド, procedure B) or engagement (交戦, procedure A), the parts both procedures
share: the loop of rounds itself (:class:`RoundLoop`), opening a round, every warrior holding
the right committing an attack, and the checks after scoring that end the battle's rounds
(§5.8–§5.9, §7 A3, §15 D2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue_conditions import FAILED, FAINTED, RIGHT_LOST
from kassen.rulesets.cardduel.rules.attack import (
    Commits,
    all_passed,
    ask_attack,
    ask_continue,
    holds_right,
)
from kassen.rulesets.cardduel.rules.battle import begin_battle, finish_battle
from kassen.rulesets.cardduel.rules.storm import run_storm

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def begin_round(t: CardDuelTable, number: int, step: str, rule: str) -> None:
    """Open round (engagement) ``number`` at ``step``: both procedures start a round alike."""
    st = t.state
    st.round = number
    st.played = []
    t.rec.step(step, "round_start")
    t.rec.add("round_start", None, None, rule, {"round": number, "battle": st.battle})


def ask_attacks(t: CardDuelTable) -> Commits:
    """Each warrior holding the attack right commits an attack (None for the others)."""
    first, second = t.state.warriors
    holds_first, holds_second = holds_right(t, first), holds_right(t, second)
    return [ask_attack(t, first, holds_second) if holds_first else None,
            ask_attack(t, second, holds_first) if holds_second else None]


def end_why(t: CardDuelTable) -> str:
    """Why the rounds ended with no right left: ``rights`` when a failure took one,
    ``withdrawal`` when every warrior gave the right up (a statistics label)."""
    first, second = t.state.warriors
    return "rights" if first.has(FAILED) or second.has(FAILED) else "withdrawal"


@implements("§15 D2", "§5.9")
def round_over(t: CardDuelTable, commits: Commits, rounds: int, rights_rule: str) -> str | None:
    """The checks both procedures make after scoring a round (knockout §15 D2, stall §5.9,
    no right left, the round cap §5.9): the reason the battle ends, logged, or None."""
    first, second = t.state.warriors
    if first.has(FAINTED) or second.has(FAINTED):
        why, rule = "knockout", "§15 D2"
    elif all_passed(commits):
        first.gain(RIGHT_LOST)
        second.gain(RIGHT_LOST)
        why, rule = "stall", "§5.9"
    elif not (holds_right(t, first) or holds_right(t, second)):
        why, rule = end_why(t), rights_rule
    elif rounds == t.readings.round_cap:
        t.rec.add("battle_over", None, None, "§5.9", {"why": "round_cap", "cap": rounds})
        return "round_cap"
    else:
        return None
    t.rec.add("battle_over", None, None, rule, {"why": why})
    return why


def ask_continues(t: CardDuelTable, rule: str) -> bool:
    """B8 / A3: every warrior still holding the right continues or withdraws (W2); whether
    any goes on."""
    going = False
    for w in t.state.warriors:
        if holds_right(t, w) and ask_continue(t, w, rule):
            going = True
    return going


class RoundLoop:
    """One battle of a procedure: rounds until one ends the loop, then the last damage
    check and the reset. Both procedures run the same loop (open the round, enchant,
    attack, a clash is the Mana Storm, settle failures and scores, the end checks, ask
    whether to go on); a procedure names its steps and rules and fills in the parts that
    differ (a subclass in ``procedure_a`` / ``procedure_b``)."""

    first_step = ""
    """The step that opens a round (B1 / A1)."""
    rule = ""
    """The rule of the round as a whole (§5 / §7)."""
    end_rule = ""
    """The rule that ends the rounds when no warrior goes on (§5.8.2 / §7 A3)."""
    damage: tuple[str, str] = ("", "")
    """(step, rule) of the last damage check."""
    reset: tuple[str, str] = ("", "")
    """(step, rule) of the reset."""

    def enchant_phase(self, t: CardDuelTable) -> None:
        """The mages' enchanting before the attacks."""
        raise NotImplementedError

    def attack(self, t: CardDuelTable) -> tuple[Commits, bool]:
        """The warriors' attacks, committed and revealed: (commits, whether they clash)."""
        raise NotImplementedError

    def settle(self, t: CardDuelTable, commits: Commits) -> None:
        """After a round without a clash: failures and the scoring table."""
        raise NotImplementedError

    def go_on(self, t: CardDuelTable, number: int) -> bool:
        """Whether any warrior still holding the right goes on to round ``number + 1``."""
        raise NotImplementedError

    def play(self, t: CardDuelTable) -> None:
        """One battle: rounds until the loop ends, then the last damage check and reset."""
        begin_battle(t)
        why = "round_cap"
        for number in range(1, t.readings.round_cap + 1):
            begin_round(t, number, self.first_step, self.rule)
            self.enchant_phase(t)
            commits, clash = self.attack(t)
            if clash:
                run_storm(t)
                why = "storm"
                break
            self.settle(t, commits)
            ended = round_over(t, commits, number, self.end_rule)
            if ended:
                why = ended
                break
            if not self.go_on(t, number):
                why = end_why(t)
                t.rec.add("battle_over", None, None, self.end_rule, {"why": why})
                break
        finish_battle(t, why, self.damage, self.reset)
