"""The card duel ruleset (魔法学園 playing-card duel, spec ``rules/cardduel.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kassen.core.decisions import Policy
from kassen.core.moments import Moment
from kassen.core.problems import Problem
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Ruleset, Setup
from kassen.rulesets.cardduel import generate, text
from kassen.rulesets.cardduel.ai import POLICIES
from kassen.rulesets.cardduel.catalogue import COSTUMES
from kassen.rulesets.cardduel.engine import CardDuelBattle
from kassen.rulesets.cardduel.generate import random_build
from kassen.rulesets.cardduel.model import SideBuild, Termination
from kassen.rulesets.cardduel.notation import export_side, parse_side
from kassen.rulesets.cardduel.options import OPTIONS
from kassen.rulesets.cardduel.samples import SAMPLES
from kassen.rulesets.cardduel.text import CATALOGUE


class CardDuelRuleset(Ruleset):
    """魔法学園カード対戦: procedures B (default) and A, warriors and mages, 1v1/2v2/2v1;
    with the option ``several_mages`` up to three mages per side (§2.7)."""

    id = "cardduel"
    hidden_information = True  # 手札 hand: private (§1.4)
    order = 20
    cites_lettered_entries = True
    version = "2"
    earlier_defaults: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "1": {"storm_variant": "flags", "storm_pool_scope": "storm_draws",
              "storm_counts_victim_draws": False, "storm_counts_tie_draws": False,
              "storm_warrior_mode": "one_hp_per_step"},
    }
    """Version 1 (before issue 32) played the storm of the RB5 variant by default (§6.2.9);
    version 2 plays the seed's storm (§6.2.1, §6.2.2, §6.2.4, §6.2.5)."""
    name_ja = "魔法学園カード対戦"
    name_en = "Magic-school card duel"
    options = OPTIONS
    policy_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "careful": ("慎重", "careful"),
        "bold": ("大胆", "bold"),
    }
    samples = SAMPLES
    max_turns = 60
    terminations = Termination
    event_moments: ClassVar[Mapping[str, Moment]] = {
        "battle_start": Moment.TURN_START,  # a バトル: the engine's turn
        "match_end": Moment.BATTLE_END,
        "damage": Moment.DAMAGE,  # the last damage check (§4.6)
        "attack_fail": Moment.DAMAGE,  # a failed attack costs 1 HP (§5.6.1)
        "storm_hp": Moment.DAMAGE,  # the Mana Storm's HP loss (§6.2.5)
        "locked": Moment.STATUS_GAINED,  # エンチャント停止
        "exhausted": Moment.STATUS_GAINED,  # 消耗
        "faint": Moment.DEFEAT,  # 気絶 (§2.3)
    }
    """The card duel's event kinds at the moments every ruleset shares: its turn is one
    バトル of the match; there is no healing (HP and MP gains are not HP restored)."""

    def parse(self, text: str, options: dict[str, Any]) -> tuple[Any | None, list[Problem]]:
        return parse_side(text.strip(), bool(options.get("several_mages", False)))

    def export(self, build: Any) -> str:
        assert isinstance(build, SideBuild)
        return export_side(build)

    def new_battle(self, setup: Setup) -> Battle:
        return CardDuelBattle(setup, self)

    def policy_names(self) -> Sequence[str]:
        return tuple(POLICIES)

    def policy(self, name: str) -> Policy | None:
        return POLICIES[name]

    def random_build(self, rng: Rng) -> str:
        return random_build(rng)

    def search_start(self, rng: Rng, options: dict[str, Any]) -> SideBuild:
        """A random legal side (build lab)."""
        return generate.start(self, rng, options)

    def search_move(self, build: SideBuild, rng: Rng, options: dict[str, Any]) -> SideBuild:
        """A stat nudged within its §12.5 range or one part taken from a random legal side
        (build lab)."""
        return generate.move(self, build, rng, options)

    def text(self) -> Mapping[str, Mapping[str, str]]:
        """The ja/en catalogue of :mod:`kassen.rulesets.cardduel.text` (the registry registers
        it)."""
        return CATALOGUE

    def glossary(self) -> dict[str, Any]:
        """Names the board and the decision labels show: costumes by key [Japanese, English]
        and, under ``costume_power``, what each converts into [MP, cards] (§2.4, §12.3)."""
        return {"costume": {c.key: [c.name_ja, c.name_en] for c in COSTUMES.values()},
                "costume_power": {c.key: [c.mp, c.cards] for c in COSTUMES.values()}}

    def render_values(self, event_values: dict[str, Any], lang: str) -> dict[str, Any]:
        return text.render_values(event_values, lang)

    def bench_lineups(self) -> Sequence[tuple[str, ...]]:
        """§12.5's test line-ups, both seatings: ユウ vs アキラ, ユウ+ミナ vs レン+サクラ."""
        one = (self.sample_text("ユウ"), self.sample_text("アキラ"))
        two = (self.sample_text("ユウ+ミナ"), self.sample_text("レン+サクラ"))
        return (one, one[::-1], two, two[::-1])
