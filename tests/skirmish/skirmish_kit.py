"""Shared helpers of the skirmish tests: battles with forced dice and scripted decisions."""

from __future__ import annotations

from typing import Any

from kassen.core import options as options_mod
from kassen.core.decisions import Request
from kassen.core.rng import Rng, ScriptedRng
from kassen.core.ruleset import Setup
from kassen.rulesets.skirmish import RULESET
from kassen.rulesets.skirmish.ai import SkirmishAI
from kassen.rulesets.skirmish.engine import SkirmishBattle


class Scripted(SkirmishAI):
    """Answers from a script of (kind, who, answer) first, then like the default AI.

    ``who`` matches the request's ``actor`` or ``unit`` (or is None for any).
    """

    def __init__(self, script: list[tuple[str, str | None, str]]) -> None:
        super().__init__()
        self.script = script
        self.asked: list[Request] = []

    def __call__(self, request: Request, rng: Rng) -> Any:
        self.asked.append(request)
        who = request.context.get("actor") or request.context.get("unit")
        for i, (kind, unit, answer) in enumerate(self.script):
            if kind == request.kind and unit in (None, who):
                del self.script[i]
                assert answer in request.options, (answer, request.options)
                return answer
        return super().__call__(request, rng)


def make(sides: list[str], dice: list[int] | None = None,
         script: list[tuple[str, str | None, str]] | None = None,
         **options: Any) -> tuple[SkirmishBattle, Scripted]:
    """A battle of the side texts with forced d10 faces and a shared scripted policy."""
    opts, problems = options_mod.resolve(RULESET.options, options)
    assert not problems, problems
    builds = []
    for text in sides:
        build, found = RULESET.parse(text, opts)
        assert not found, [p.located() for p in found]
        builds.append(build)
    battle = SkirmishBattle(Setup(builds, opts, "xo1:test", [], ["default", "default"]),
                            RULESET)
    policy = Scripted(list(script or []))
    policy.bind(battle)
    battle.decider.policies = [policy, policy]
    battle.rng = battle.table.rng = ScriptedRng.faces(dice or [])
    return battle, policy


def kinds(battle: SkirmishBattle) -> list[str]:
    """Every event kind so far."""
    return [e.kind for e in battle.rec.events()]


def events(battle: SkirmishBattle, kind: str) -> list[Any]:
    """Every event of ``kind`` so far."""
    return [e for e in battle.rec.events() if e.kind == kind]


def fighter(name: str = "A", **stats: Any) -> str:
    """A plain member text: defaults are a mid-range fighter (overridable)."""
    base = {"hp": 40, "mp": 10, "ini": 8, "acc": 6, "eva": 15, "mag": 5, "arm": 4, "res": 4,
            "wpn": "longsword"}
    base.update(stats)
    return name + " " + " ".join(f"{k}={v}" for k, v in base.items())
