"""A tiny ruleset that lives in tests only, to exercise the core.

Notation: ``name:hp`` (hp 1..50). Each turn every living side picks ``hit`` or ``guard``
(a decision), then rolls a d6; a hit deals the roll to the other side, halved when it guards.
"""

from __future__ import annotations

from typing import Any, ClassVar

from kassen.core.decisions import Request
from kassen.core.options import Choice, OptionSpec
from kassen.core.problems import Problem
from kassen.core.rng import Rng
from kassen.core.ruleset import Battle, Result, Ruleset, Sample, Setup

TEXT = {
    "ja": {"bad": "書式は 名前:HP です", "event.hit": "{actor}が{target}に{amount}ダメージ",
           "event.turn": "ターン{turn}", "sum.amount": "ダメージ", "sum.roll": "出目",
           "sum.guard": "防御で半分", "step.turn": "ターン開始", "step.action": "攻撃",
           "reason.knockout": "ノックアウト", "reason.draw": "引き分け"},
    "en": {"bad": "write name:hp", "event.hit": "{actor} hits {target} for {amount}",
           "event.turn": "Turn {turn}", "sum.amount": "damage", "sum.roll": "roll",
           "sum.guard": "halved by the guard", "step.turn": "turn start", "step.action": "attack",
           "reason.knockout": "knocked out", "reason.draw": "a draw"},
}


def always_hit(request: Request, rng: Rng) -> Any:
    return "hit"


def coin_flip(request: Request, rng: Rng) -> Any:
    return rng.choice(request.options)


class TinyBattle(Battle):
    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        self.state = {"turn": 0, "hp": [b[1] for b in setup.builds], "winner": None,
                      "over": False}

    @property
    def finished(self) -> bool:
        return self.state["over"]

    @property
    def turn(self) -> int:
        return self.state["turn"]

    def play_turn(self) -> None:
        st = self.state
        st["turn"] += 1
        self.rec.turn = st["turn"]
        self.rec.step("turn", "turn")
        self.rec.emit("turn")
        stances = [self.decider.decide(Request(side, "stance", ("hit", "guard")))
                   for side in (0, 1)]
        for side in (0, 1):
            if stances[side] != "hit":
                continue
            self.rec.step("action", "hit")
            roll = self.rng.die(6)
            other = 1 - side
            guarded = stances[other] == "guard"
            amount = roll // 2 if guarded else roll
            st["hp"][other] -= amount
            terms = [["=", "roll", roll]]
            if guarded:
                terms.append(["//", "guard", 2, "T2"])
            self.rec.emit("hit", f"s{side}", f"s{other}", rule="T1", amount=amount, roll=roll,
                          sums={"amount": terms})
        dead = [h <= 0 for h in st["hp"]]
        if any(dead) or st["turn"] >= self.options["limit"]:
            st["over"] = True
            if dead[0] != dead[1]:
                st["winner"] = 1 if dead[0] else 0

    def result(self) -> Result:
        reason = "knockout" if self.state["winner"] is not None else "draw"
        return Result(self.state["winner"], reason, self.state["turn"])

    def members(self) -> list[dict[str, Any]]:
        return [{"members": [{"id": f"s{i}", "name": b[0], "hp": self.state["hp"][i]}]}
                for i, b in enumerate(self.setup.builds)]

    def view(self) -> dict[str, Any]:
        return {"turn": self.state["turn"], "sides": self.members()}


class TinyRuleset(Ruleset):
    id = "tiny"
    version = "1"
    name_ja = "ちび"
    name_en = "Tiny"
    options = (
        OptionSpec("limit", 30, "ターン上限", "turn limit", "T2", kind="int", minimum=1,
                   maximum=1000),
        OptionSpec("mode", "plain", "方式", "mode", "T3",
                   choices=(Choice("plain", "普通", "plain"), Choice("odd", "変", "odd"))),
    )
    samples = (Sample("Ann", "Ann:20"),)
    policy_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "always": ("いつも攻撃", "always hit"), "coin": ("コイン投げ", "coin flip")}

    def parse(self, text: str, options: dict[str, Any]) -> tuple[Any, list[Problem]]:
        name, sep, hp = text.strip().partition(":")
        if not sep or not name or not hp.isdigit() or not 1 <= int(hp) <= 50:
            column = len(name) + 2 if sep else 1
            return None, [Problem("tiny.bad", 1, column, "T0")]
        return (name, int(hp)), []

    def export(self, build: Any) -> str:
        return f"{build[0]}:{build[1]}"

    def new_battle(self, setup: Setup) -> Battle:
        return TinyBattle(setup, self)

    def policy_names(self) -> tuple[str, ...]:
        return ("always", "coin")

    def policy(self, name: str) -> Any:
        return {"always": always_hit, "coin": coin_flip}[name]

    def text(self) -> dict[str, dict[str, str]]:
        return TEXT

    def random_build(self, rng: Rng) -> str:
        return f"R{rng.below(100)}:{rng.randint(1, 50)}"


RULESET = TinyRuleset()
