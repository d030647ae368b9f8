"""A round (ラウンド, procedure B) or engagement (交戦, procedure A), the parts both procedures
share: the loop of rounds itself (:class:`RoundLoop`), opening a round, every warrior holding
the right committing an attack, and the checks after scoring that end the battle's rounds
(§5.8–§5.9, §7 A3, §15 D2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.cardduel.attack import (
    Commits,
    all_passed,
    ask_attack,
    ask_continue,
    holds_right,
)
from kassen.rulesets.cardduel.storm import run_storm
from kassen.rulesets.cardduel.table import begin_battle, finish_battle

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.engine import CardDuelBattle


def begin_round(b: CardDuelBattle, number: int, step: str, rule: str) -> None:
    """Open round (engagement) ``number`` at ``step``: both procedures start a round alike."""
    st = b.state
    st.round = number
    st.played = []
    b.begin_step(step, "round_start")
    b.rec.add("round_start", None, None, rule, {"round": number, "battle": st.battle})


def ask_attacks(b: CardDuelBattle) -> Commits:
    """Each warrior holding the attack right commits an attack (None for the others)."""
    first, second = b.state.warriors
    holds_first, holds_second = holds_right(b, first), holds_right(b, second)
    return [ask_attack(b, first, holds_second) if holds_first else None,
            ask_attack(b, second, holds_first) if holds_second else None]


def end_why(b: CardDuelBattle) -> str:
    """Why the rounds ended with no right left: ``rights`` when a failure took one,
    ``withdrawal`` when every warrior gave the right up (a statistics label)."""
    first, second = b.state.warriors
    return "rights" if first.failed or second.failed else "withdrawal"


def round_over(b: CardDuelBattle, commits: Commits, rounds: int, rights_rule: str) -> str | None:
    """The checks both procedures make after scoring a round (knockout §15 D2, stall §5.9,
    no right left, the round cap §5.9): the reason the battle ends, logged, or None."""
    first, second = b.state.warriors
    if first.fainted or second.fainted:
        why, rule = "knockout", "§15 D2"
    elif all_passed(commits):
        first.right = second.right = False
        why, rule = "stall", "§5.9"
    elif not (holds_right(b, first) or holds_right(b, second)):
        why, rule = end_why(b), rights_rule
    elif rounds == b.readings.round_cap:
        b.rec.add("battle_over", None, None, "§5.9", {"why": "round_cap", "cap": rounds})
        return "round_cap"
    else:
        return None
    b.rec.add("battle_over", None, None, rule, {"why": why})
    return why


def ask_continues(b: CardDuelBattle, rule: str) -> bool:
    """B8 / A3: every warrior still holding the right continues or withdraws (W2); whether
    any goes on."""
    going = False
    for w in b.state.warriors:
        if holds_right(b, w) and ask_continue(b, w, rule):
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

    def enchant_phase(self, b: CardDuelBattle) -> None:
        """The mages' enchanting before the attacks."""
        raise NotImplementedError

    def attack(self, b: CardDuelBattle) -> tuple[Commits, bool]:
        """The warriors' attacks, committed and revealed: (commits, whether they clash)."""
        raise NotImplementedError

    def settle(self, b: CardDuelBattle, commits: Commits) -> None:
        """After a round without a clash: failures and the scoring table."""
        raise NotImplementedError

    def go_on(self, b: CardDuelBattle, number: int) -> bool:
        """Whether any warrior still holding the right goes on to round ``number + 1``."""
        raise NotImplementedError

    def play(self, b: CardDuelBattle) -> None:
        """One battle: rounds until the loop ends, then the last damage check and reset."""
        begin_battle(b)
        why = "round_cap"
        for number in range(1, b.readings.round_cap + 1):
            begin_round(b, number, self.first_step, self.rule)
            self.enchant_phase(b)
            commits, clash = self.attack(b)
            if clash:
                run_storm(b)
                why = "storm"
                break
            self.settle(b, commits)
            ended = round_over(b, commits, number, self.end_rule)
            if ended:
                why = ended
                break
            if not self.go_on(b, number):
                why = end_why(b)
                b.rec.add("battle_over", None, None, self.end_rule, {"why": why})
                break
        finish_battle(b, why, self.damage, self.reset)
