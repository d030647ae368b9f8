"""The skirmish ruleset (issue 6): TRPG area combat of 「戦闘の進行」 (skirmish.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kassen.core.decisions import deterministic
from kassen.core.moments import Moment
from kassen.core.problems import Problem
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Ruleset, Setup
from kassen.rulesets.skirmish import text
from kassen.rulesets.skirmish.ai import SkirmishAI
from kassen.rulesets.skirmish.constants import MAX_TURNS
from kassen.rulesets.skirmish.engine import SkirmishBattle
from kassen.rulesets.skirmish.generate import move_lineup, random_side, start_lineup
from kassen.rulesets.skirmish.notation import export_side, parse_side
from kassen.rulesets.skirmish.options import OPTIONS
from kassen.rulesets.skirmish.rules.victory import Termination
from kassen.rulesets.skirmish.samples import SAMPLES


class SkirmishRuleset(Ruleset):
    """Side 0 is the player party (PC side: wins initiative ties, §5.3), side 1 the enemies."""

    id = "skirmish"
    order = 40
    version = "2"
    earlier_defaults: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "1": {"cover_damage": "coverer", "area_includes_user": False,
              "flight_bonus_for_obstructer": False, "column_only_row": "first"},
    }
    """Version 1 (before issue 32's seed rulings): かばう recomputed against the coverer, エリア
    never hitting its user, and a column-only placement on the grid's first row. Its records
    carry every option they had, and every decision (so the AI's later fixes, §16.4 C1/A12 and
    A1 under ``sleep_auto_hit``, never reach them)."""
    name_ja = "戦闘の進行（エリア戦闘）"
    name_en = "Area skirmish"
    options = OPTIONS
    policy_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "default": ("標準 (§12)", "standard (§12)"),
        "nocover": ("かばわない", "no covering"),
    }
    samples = SAMPLES
    max_turns = MAX_TURNS
    terminations = Termination
    event_moments: ClassVar[Mapping[str, Moment]] = {
        "round": Moment.TURN_START,       # SP of a round (§5.1)
        "end": Moment.BATTLE_END,         # §10
        "damage": Moment.DAMAGE,          # §6.4
        "heal": Moment.HEALING,           # ヒール, potions (§11.3, §11.4)
        "status": Moment.STATUS_GAINED,   # a timed effect (§9)
        "expire": Moment.STATUS_LOST,     # its duration ran out (§9.1)
        "wake": Moment.STATUS_LOST,       # 睡眠 ended by waking (§6.2, §9.2)
        "deadlock": Moment.STATUS_LOST,   # every sleeper wakes (§10.3)
        "down": Moment.DEFEAT,            # 戦闘不能 (§9.4)
        "escape": Moment.DEFEAT,          # 離脱: left the battlefield (§10.4)
    }
    """The skirmish's event kinds at the shared moments; it has no battle-start event (the
    first round's SP opens the combat)."""

    def parse(self, text: str, options: dict[str, Any]) -> tuple[Any | None, list[Problem]]:
        return parse_side(text, options)

    def export(self, build: Any) -> str:
        return export_side(build)

    def new_battle(self, setup: Setup) -> Battle:
        return SkirmishBattle(setup, self)

    def policy_names(self) -> tuple[str, ...]:
        return ("default", "nocover")

    def policy(self, name: str) -> Any:
        # the §12 AI reads only the table and never draws: no stream is derived per decision
        if name == "default":
            return deterministic(SkirmishAI())
        if name == "nocover":
            return deterministic(SkirmishAI(cover=False))
        return None

    def random_build(self, rng: Rng) -> str:
        return export_side(random_side(rng))

    def search_start(self, rng: Rng, options: dict[str, Any]) -> Any:
        """A random line-up of sample enemies (build lab: the encounter balancer)."""
        return start_lineup(self, rng, options)

    def search_move(self, build: Any, rng: Rng, options: dict[str, Any]) -> Any:
        """An enemy added, removed, replaced or moved to the other area (build lab)."""
        return move_lineup(self, build, rng, options)

    def glossary(self) -> dict[str, Any]:
        return text.glossary()

    def render_values(self, event_values: dict[str, Any], lang: str) -> dict[str, Any]:
        return text.render_values(event_values, lang)

    def text(self) -> Mapping[str, Mapping[str, str]]:
        """The ja/en catalogue of :mod:`kassen.rulesets.skirmish.text` (the registry registers
        it)."""
        return text.CATALOGUE

    def bench_lineups(self) -> Sequence[tuple[str, ...]]:
        """The §11.5 party against each §17 encounter R1–R3."""
        party = self.sample_text("party")
        return tuple((party, self.sample_text(name))
                     for name in ("R1 warband", "R2 ogre pack", "R3 shadow cult"))
