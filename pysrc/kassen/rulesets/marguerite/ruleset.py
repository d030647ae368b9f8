"""The マーガレット2011α ruleset object: notation, options, samples, battles, random builds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from kassen.core.moments import Moment
from kassen.core.problems import Problem
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Ruleset, Setup
from kassen.rulesets.marguerite import generate, notation
from kassen.rulesets.marguerite.catalogue import BY_CODE, ENCHANT_EN, ENCHANT_JA, KIND_EN, KIND_JA
from kassen.rulesets.marguerite.catalogue_conditions import BY_KEY, STATUSES
from kassen.rulesets.marguerite.engine import MargueriteBattle
from kassen.rulesets.marguerite.model import Build
from kassen.rulesets.marguerite.options import OPTIONS
from kassen.rulesets.marguerite.rules.judgement import Termination
from kassen.rulesets.marguerite.samples import SAMPLES
from kassen.rulesets.marguerite.text import CATALOGUE, label


class MargueriteRuleset(Ruleset):
    """マーガレット2011α v1.1.2: deterministic program battle (``random = False``)."""

    id = "marguerite"
    order = 10
    cites_named_entries = True
    cites_lettered_entries = True
    version = "1.0"
    name_ja = "マーガレット2011α"
    name_en = "Marguerite 2011α"
    random = False
    symmetric = True
    """Swapping the sides mirrors every result (a property test checks it; 3,000 random
    pairs measured): a round robin plays each pairing once."""
    options = OPTIONS
    samples = SAMPLES
    first_pairing = (0, 11)  # 九尾 里奈 vs 城壁: walls, taunts and a wipeout in 17 turns
    max_turns = 200
    terminations = Termination
    event_moments: ClassVar[Mapping[str, Moment]] = {
        "judgement": Moment.BATTLE_END,  # §10: every battle ends with its judgement
        "damage": Moment.DAMAGE,  # R8.5
        "poison": Moment.DAMAGE,  # §11 毒
        "heal": Moment.HEALING,  # R15.3
        "hp_up": Moment.HEALING,  # 臥竜剣 (§12.4)
        "status_gain": Moment.STATUS_GAINED,
        "status_lost": Moment.STATUS_LOST,
        "exit": Moment.DEFEAT,  # R9.3: a dead 剣師 leaves the battle
    }
    """No kind marks the battle's or a turn's start alone (a turn opens with the 行動回数決定
    ``phase`` event, as every phase does)."""

    def parse(self, text: str, options: dict[str, Any]) -> tuple[Build | None, list[Problem]]:
        """One entrant (R3.2); located problems, never an exception."""
        return notation.parse(text, options)

    def export(self, build: Build) -> str:
        """The canonical compact form ``HP/攻/防/速/codes/名前``."""
        return notation.export(build)

    def new_battle(self, setup: Setup) -> Battle:
        """A battle at turn 0 (R5.1)."""
        return MargueriteBattle(setup, self)

    def random_build(self, rng: Rng) -> str:
        """A random legal 10-point build (:mod:`.generate`)."""
        return generate.random_build(rng)

    def search_start(self, rng: Rng, options: dict[str, Any]) -> Build:
        """A random build spending the whole point budget (build lab)."""
        return generate.start(rng, options)

    def search_move(self, build: Build, rng: Rng, options: dict[str, Any]) -> Build:
        """One legal move: a point between stats and HP, a sword changed, inserted, deleted
        or swapped, or an unused point spent (build lab)."""
        return generate.move(build, rng, options)

    def text(self) -> Mapping[str, Mapping[str, str]]:
        """The ja/en catalogue of :mod:`kassen.rulesets.marguerite.text` (the registry registers
        it)."""
        return CATALOGUE

    def glossary(self) -> dict[str, Any]:
        """Names the board shows, [Japanese, English]: statuses by event key (§11; those that
        are 悪い状態 again under ``bad``, R4.3), enchantments by key (§13) and sword kinds by
        number (種別, R8.6)."""
        return {"status": {key: [row.ja, row.en] for key, row in BY_KEY.items()},
                "bad": {row.key: [row.ja, row.en] for row in STATUSES if row.bad},
                "enchant": {key: [ja, ENCHANT_EN[key]] for key, ja in ENCHANT_JA.items()},
                "kind": {str(i): [ja, en] for i, (ja, en) in enumerate(zip(KIND_JA, KIND_EN,
                                                                           strict=True))}}

    def render_values(self, event_values: dict[str, Any], lang: str) -> dict[str, Any]:
        """Sword and status names in the text's language (``斬撃剣`` / ``Slash Sword``);
        labels per language."""
        out = dict(event_values)
        ja = lang == "ja"
        code = out.get("sword")
        if isinstance(code, str) and code in BY_CODE:
            d = BY_CODE[code]
            out["sword"] = d.ja if ja else d.en
        status = out.get("status")
        if isinstance(status, str) and status:
            row = BY_KEY.get(status, STATUSES[0])
            out["status"] = row.ja if ja else row.en
        executed = out.get("executed")
        if isinstance(executed, list):
            out["executed"] = _executed(executed, ja)
        for key in ("phase", "why", "stat", "enchant", "reason", "measure", "budget"):
            if key in out:
                out[key] = label(key, str(out[key]), lang)
        if "winner" in out:
            w = out["winner"]
            out["winner"] = label("winner", str(w), lang)
        return out


def _executed(counts: list[Any], ja: bool) -> str:
    """``[[code, n], …]`` of a summary as ``加速剣×5、増殖剣×1`` (English: ``Haste Sword ×5``)."""
    parts = []
    for item in counts:
        if isinstance(item, list) and len(item) == 2 and item[0] in BY_CODE:
            d = BY_CODE[item[0]]
            parts.append(f"{d.ja}×{item[1]}" if ja else f"{d.en} ×{item[1]}")
    if not parts:
        return "—"
    return ("、" if ja else ", ").join(parts)

