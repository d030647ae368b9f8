"""The card duel battle: one ``turn`` = one battle (バトル / 対戦) of the match, so a snapshot
is taken at every battle start and re-simulating costs at most one battle (§3, §5, §7).

The engine sets the match up (§3.2) and plays its battles; the rules themselves live in
``rules/``, one module per section of the specification, and every rule function takes the
:class:`CardDuelTable` (``table.py``), never this battle."""

from __future__ import annotations

from typing import Any

from kassen.core.options import read
from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.cardduel import view
from kassen.rulesets.cardduel.catalogue_conditions import CONDITIONS
from kassen.rulesets.cardduel.model import Member, SideBuild, State, Termination
from kassen.rulesets.cardduel.options import Readings
from kassen.rulesets.cardduel.rules import procedure_a, procedure_b
from kassen.rulesets.cardduel.rules.victory import defeats, end_checks
from kassen.rulesets.cardduel.table import CardDuelTable


class CardDuelBattle(Battle):
    """A match of the card duel between two sides (§2.7)."""

    state: State
    table: CardDuelTable

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        self.readings = read(Readings, self.options)
        members: list[Member] = []
        for side, build in enumerate(setup.builds):
            assert isinstance(build, SideBuild)
            for n, c in enumerate(build.members()):
                members.append(Member.enter(c, side, n, len(members), self.readings.jokers,
                                            len(CONDITIONS)))
        self.state = State.seat(members)
        self.table = CardDuelTable(self.state, self.rec, self.rng, self.readings, self.decider)
        for m in members:  # §3.2: shuffle, draw 基礎魔力
            self.rng.shuffle(m.deck)
            m.hand = m.deck[: m.base]
            m.set_deck(m.deck[m.base:])

    def member(self, mid: str) -> Member:
        """The state of member ``mid`` (``"side.n"``)."""
        return self.table.member(mid)

    @property
    def finished(self) -> bool:
        return self.state.over

    @property
    def turn(self) -> int:
        return self.state.battle

    def play_turn(self) -> None:
        """Play one battle of the chosen procedure, then the end checks (§8, D16)."""
        if self.readings.procedure == "original":
            procedure_a.play_duel(self.table)
        else:
            procedure_b.play_battle(self.table)
        end_checks(self.table)

    def result(self) -> Result:
        st = self.state
        return Result(st.winner, st.reason or Termination.DRAW, st.battle, {
            "ended_by": st.ended_by, "defeated": defeats(self.table), "dealt": list(st.dealt)})

    def members(self) -> list[dict[str, Any]]:
        """Per side, members in order of entry with their final values (design 4.1)."""
        return view.members(self.table)

    def view(self) -> dict[str, Any]:
        """The table view the page draws (see ``view.py``)."""
        return view.table_view(self.table)
