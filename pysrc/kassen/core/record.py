"""Records: a battle as data (design 3). A battle is a pure function of its record.

``{"v": 1, "engine", "ruleset", "rv" (ruleset version), "options", "sides" (canonical build
texts), "seed", "choices", "policies"}``. :func:`Record.from_json` checks every field's type
and size before anything else reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kassen import ENGINE_VERSION
from kassen.core.problems import Problem, ProblemError
from kassen.core.rng import MAX_BATTLE_SEED_LENGTH
from kassen.core.text import encodable

RECORD_VERSION = 1
MAX_SIDES = 8
MAX_SIDE_TEXT = 4000
MAX_CHOICES = 20_000
MAX_OPTIONS = 64
MAX_SEED = 200
"""The longest engine, ruleset and rules-version text (a battle's seed may be longer:
``kassen.core.rng.MAX_BATTLE_SEED_LENGTH``)."""


@dataclass
class Record:
    """Everything needed to replay a battle exactly."""

    ruleset: str
    ruleset_version: str
    sides: list[str]
    options: dict[str, Any]
    seed: str
    choices: list[Any] = field(default_factory=list)
    policies: list[str | None] = field(default_factory=list)
    engine: str = ENGINE_VERSION
    took_over: list[int | None] = field(default_factory=list)
    """Per side, the decision (1-based) from which the AI played a side a person had played
    (issue 30: a player left); empty when no side changed hands."""

    def to_json(self) -> dict[str, Any]:
        """The record as canonical-JSON-ready data (``took_over`` only when a side changed
        hands, so every other record's link is as before)."""
        data = {
            "v": RECORD_VERSION,
            "engine": self.engine,
            "ruleset": self.ruleset,
            "rv": self.ruleset_version,
            "options": self.options,
            "sides": self.sides,
            "seed": self.seed,
            "choices": self.choices,
            "policies": self.policies,
        }
        if any(n is not None for n in self.took_over):
            data["took_over"] = list(self.took_over)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from decoded JSON, or raise ProblemError naming the bad field."""

        def bad(name: str, reason: str) -> ProblemError:
            return ProblemError([Problem("core.record_schema",
                                         args={"field": name, "reason": reason})])

        if not isinstance(data, dict):
            raise bad("record", "not an object")
        if data.get("v") != RECORD_VERSION:
            raise bad("v", f"expected {RECORD_VERSION}")
        for name in ("engine", "ruleset", "rv", "seed"):
            value = data.get(name)
            limit = MAX_BATTLE_SEED_LENGTH if name == "seed" else MAX_SEED
            if not isinstance(value, str) or not value or len(value) > limit \
                    or (name != "seed" and not encodable(value)):
                raise bad(name, "expected a short non-empty string")
        sides = data.get("sides")
        if (not isinstance(sides, list) or not 1 <= len(sides) <= MAX_SIDES
                or not all(isinstance(s, str) and len(s) <= MAX_SIDE_TEXT for s in sides)):
            raise bad("sides", f"expected 1 to {MAX_SIDES} texts of at most {MAX_SIDE_TEXT}")
        options = data.get("options", {})
        if not plain_options(options):
            raise bad("options", "expected an object of plain values")
        choices = data.get("choices", [])
        if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
            raise bad("choices", f"expected a list of at most {MAX_CHOICES}")
        if not all(_plain(c) for c in choices):
            raise bad("choices", "expected plain values")
        policies = data.get("policies", [])
        if (not isinstance(policies, list) or len(policies) > MAX_SIDES
                or not all(p is None or (isinstance(p, str) and len(p) <= 40) for p in policies)):
            raise bad("policies", "expected a list of policy names")
        took_over = data.get("took_over", [])
        if (not isinstance(took_over, list) or len(took_over) > MAX_SIDES
                or not all(n is None or (isinstance(n, int) and not isinstance(n, bool)
                                         and 1 <= n <= MAX_CHOICES + 1) for n in took_over)):
            raise bad("took_over", "expected per side null or a decision number")
        return cls(
            ruleset=data["ruleset"],
            ruleset_version=data["rv"],
            sides=list(sides),
            options=dict(options),
            seed=data["seed"],
            choices=list(choices),
            policies=list(policies),
            engine=data["engine"],
            took_over=list(took_over),
        )


def plain_options(options: Any) -> bool:
    """An options object from a link: at most 64 keys, each a short text, a bool or an int
    of at most 12 digits (the other values no option takes)."""
    return (isinstance(options, dict) and len(options) <= MAX_OPTIONS
            and all(isinstance(k, str) and len(k) <= 60 and (
                (isinstance(v, str) and len(v) <= 200)
                or (isinstance(v, int) and abs(v) < 10 ** 12) or isinstance(v, bool))
                for k, v in options.items()))


def _plain(value: Any, depth: int = 0) -> bool:
    """JSON scalars, or short lists of them (a choice may be a small tuple like a card pair)."""
    if isinstance(value, (str, int, bool)) or value is None:
        return not isinstance(value, str) or (len(value) <= 200 and encodable(value))
    if isinstance(value, list) and depth == 0 and len(value) <= 64:
        return all(_plain(v, 1) for v in value)
    return False
