"""The サイコロバトル ruleset: sheets, options, samples, battles (issue 5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kassen.core.moments import Moment
from kassen.core.problems import Problem
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Ruleset, Setup
from kassen.rulesets.dice import generate, text
from kassen.rulesets.dice.catalogue import kit
from kassen.rulesets.dice.engine import DiceBattle
from kassen.rulesets.dice.generate import random_text
from kassen.rulesets.dice.model import Sheet, Termination
from kassen.rulesets.dice.notation import export, parse
from kassen.rulesets.dice.options import OPTIONS
from kassen.rulesets.dice.rules.sheet import starting_lp
from kassen.rulesets.dice.samples import SAMPLES
from kassen.rulesets.dice.text import CATALOGUE


class DiceRuleset(Ruleset):
    """サイコロバトル: four coloured dice per turn, LP 6000 plus unused cost.

    Every step of the turn is automatic (the specification leaves the players no choice once
    the sheets are made), so there are no decisions and no AI policies.
    """

    id = "dice"
    order = 30
    version = "2"
    earlier_defaults: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "1": {"based_vp": "each", "zero_damage_digits": "none", "stun_penalty": "delta",
              "cross_extra_hits": "own_first"},
    }
    """Version 1 (before issue 32) gated each ability of a based pair on its own VP (D9) and
    gave a 0-damage hit no digit (§12.5, D18); version 2 follows the seed (§14.2, §12.2) and
    names the readings of A38 and A39 as options (their defaults the former readings)."""
    name_ja = "サイコロバトル"
    name_en = "Saikoro Battle"
    options = OPTIONS
    samples = SAMPLES
    terminations = Termination
    event_moments: ClassVar[Mapping[str, Moment]] = {
        "turn": Moment.TURN_START, "hit": Moment.DAMAGE, "heal": Moment.HEALING,
        "flag_set": Moment.STATUS_GAINED, "stun_start": Moment.STATUS_GAINED,
        "flag_expired": Moment.STATUS_LOST, "flags_removed": Moment.STATUS_LOST,
        "stun_end": Moment.STATUS_LOST, "battle_end": Moment.BATTLE_END,
    }
    """The dice rules' events at the shared moments. No event starts the battle (turn 1's
    ``turn`` does) and a knockout is told by ``battle_end`` alone (§17.1)."""
    max_turns = 1000

    def parse(self, text_: str, options: dict[str, Any]) -> tuple[Sheet | None, list[Problem]]:
        """Parse a sheet; the line value must not exceed the starting LP (§16.3)."""
        sheet, problems = parse(text_)
        if sheet is None:
            return None, problems
        lp = starting_lp(sheet)  # worked out here once; every battle of the sheet reads it
        kit(sheet)  # the same (Sheet.facts)
        if sheet.line is not None and sheet.line[0] > lp:
            return None, [Problem("dice.line_over_lp", 1, 1, "§16.3",
                                  {"value": sheet.line[0], "lp": lp})]
        return sheet, problems

    def export(self, build: Sheet) -> str:
        return export(build)

    def new_battle(self, setup: Setup) -> Battle:
        return DiceBattle(setup, self)

    def random_build(self, rng: Rng) -> str:
        while True:
            candidate = random_text(rng)
            if self.parse(candidate, {})[0] is not None:
                return candidate

    def search_start(self, rng: Rng, options: dict[str, Any]) -> Sheet:
        """A random legal sheet (build lab)."""
        return generate.start(self, rng, options)

    def search_move(self, build: Sheet, rng: Rng, options: dict[str, Any]) -> Sheet:
        """A stat nudged or one part of the sheet taken from a random legal sheet (build lab)."""
        return generate.move(self, build, rng, options)

    def text(self) -> Mapping[str, Mapping[str, str]]:
        """The ja/en catalogue of :mod:`kassen.rulesets.dice.text` (the registry registers
        it)."""
        return CATALOGUE

    def glossary(self) -> dict[str, Any]:
        """The board's catalogue names, and the chart's word for the sides' life (LP)."""
        return {**text.glossary(), "chart": {"life": ["LP", "LP"]}}

    def render_values(self, event_values: dict[str, Any], lang: str) -> dict[str, Any]:
        return text.render_values(event_values, lang)

    def bench_lineups(self) -> Sequence[tuple[str, ...]]:
        """The 20 ordered pairings of the five type samples (バランス … スピード)."""
        types = [s.text for s in self.samples[:5]]
        return tuple((a, b) for a in types for b in types if a is not b)


RULESET = DiceRuleset()
