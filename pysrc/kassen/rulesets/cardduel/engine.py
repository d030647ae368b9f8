"""The card duel battle: one ``turn`` = one battle (バトル / 対戦) of the match, so a snapshot
is taken at every battle start and re-simulating costs at most one battle (§3, §5, §7)."""

from __future__ import annotations

from typing import Any

from kassen.core.ruleset import Battle, Result, Ruleset, Setup
from kassen.rulesets.cardduel import original, revised
from kassen.rulesets.cardduel.catalogue import full_deck
from kassen.rulesets.cardduel.model import Character, SideBuild
from kassen.rulesets.cardduel.plays import Plays


def _member(c: Character, side: int, n: int, jokers: int) -> dict[str, Any]:
    """The battle state of one participant at match start (§3.2)."""
    return {
        "id": f"{side}.{n}", "side": side, "name": c.name, "role": c.role,
        "threshold": c.threshold, "fav": list(c.fav),
        "fav_active": [s for s in c.fav if s not in c.unmet],
        "base": c.base, "max_hand": c.max_hand, "weapon": c.weapon, "ornament": c.ornament,
        "hp": c.hp, "max_hp": c.hp, "mp": c.mp, "max_mp": c.mp,
        "costumes": list(c.costumes), "costumes_start": len(c.costumes),
        "deck": full_deck(jokers), "hand": [], "discard": [],
        "right": True, "out_until": 0, "locked": False, "exhausted": False,
        "fainted": False, "failed": False, "withdrew": False,
    }


class CardDuelBattle(Plays, Battle):
    """A match of the card duel between two sides (§2.7)."""

    def __init__(self, setup: Setup, ruleset: Ruleset) -> None:
        super().__init__(setup, ruleset)
        jokers = self.options["jokers"]
        members = []
        for side, build in enumerate(setup.builds):
            assert isinstance(build, SideBuild)
            members.extend(_member(c, side, n, jokers) for n, c in enumerate(build.members()))
        self.index = {m["id"]: i for i, m in enumerate(members)}
        self.state: dict[str, Any] = {
            "battle": 0, "round": 0, "step": "setup", "members": members, "field": [],
            "adv": [0, 0], "dealt": [0, 0], "surrendered": [False, False],
            "over": False, "ended_by": None, "winner": None, "reason": None,
            "played": [], "face_down": [], "happenings": [], "last_damage": None,
            "storm_now": False,
            "storm": None, "storms": [], "battle_ends": [], "rounds_total": 0, "max_adv": 0,
        }
        for m in members:  # §3.2: shuffle, draw 基礎魔力
            self.rng.shuffle(m["deck"])
            m["hand"] = m["deck"][: m["base"]]
            del m["deck"][: m["base"]]

    @property
    def finished(self) -> bool:
        return bool(self.state["over"])

    @property
    def turn(self) -> int:
        return int(self.state["battle"])

    def play_turn(self) -> None:
        """Play one battle of the chosen procedure, then the end checks (§8, D16)."""
        if self.options["procedure"] == "original":
            original.play_duel(self)
        else:
            revised.play_battle(self)
        self.end_checks()

    def result(self) -> Result:
        st = self.state
        return Result(st["winner"], st["reason"] or "draw", st["battle"], {
            "ended_by": st["ended_by"], "defeated": self.defeats(), "dealt": list(st["dealt"])})

    def members(self) -> list[dict[str, Any]]:
        """Per side, members in order of entry with their final values (design 4.1)."""
        sides: list[dict[str, Any]] = [{"members": []}, {"members": []}]
        for m in self.state["members"]:
            out: dict[str, Any] = {"id": m["id"], "name": m["name"], "role": m["role"]}
            if m["role"] == "warrior":
                out.update(hp=m["hp"], max_hp=m["max_hp"],
                           damage_dealt=self.state["dealt"][m["side"]])
            else:
                out.update(mp=m["mp"], max_mp=m["max_mp"], costumes=list(m["costumes"]),
                           costumes_left=len(m["costumes"]))
            out["exited"] = m["fainted"]
            out["statuses"] = self._statuses(m)
            sides[m["side"]]["members"].append(out)
        for side in (0, 1):
            sides[side]["damage_dealt"] = self.state["dealt"][side]
        return sides

    @staticmethod
    def _statuses(m: dict[str, Any]) -> dict[str, int]:
        """Status name (Japanese, as in the rules) → 1."""
        out = {}
        if m["fainted"]:
            out["気絶"] = 1
        if m["exhausted"]:
            out["消耗"] = 1
        if m["role"] == "warrior" and not m["right"]:
            out["アタック権なし"] = 1
        if m["locked"]:
            out["エンチャント停止"] = 1
        return out

    def view(self) -> dict[str, Any]:
        """The table: hands, deck counts, field with owners, HP/MP/costumes, advantages,
        step, round and battle counters, played cards with validity, last damage check,
        happenings (issue 4 table view)."""
        st = self.state
        sides: list[dict[str, Any]] = [{"members": []}, {"members": []}]
        for m in st["members"]:
            out: dict[str, Any] = {
                "id": m["id"], "name": m["name"], "role": m["role"],
                "hand": list(m["hand"]), "hand_count": len(m["hand"]),
                "deck_count": len(m["deck"]), "discard": list(m["discard"]),
                "threshold": m["threshold"], "fav": list(m["fav_active"]),
                "statuses": self._statuses(m)}
            if m["role"] == "warrior":
                out.update(hp=m["hp"], max_hp=m["max_hp"], right=m["right"])
            else:
                out.update(mp=m["mp"], max_mp=m["max_mp"], costumes=list(m["costumes"]),
                           locked=m["locked"], exhausted=m["exhausted"])
            sides[m["side"]]["members"].append(out)
        for side in (0, 1):
            sides[side]["advantage"] = st["adv"][side]
            sides[side]["damage_dealt"] = st["dealt"][side]
        return {
            "turn": st["battle"], "battle": st["battle"], "round": st["round"],
            "phase": st["step"], "procedure": self.options["procedure"], "sides": sides,
            "field": [{"card": f["card"], "owner": f["owner"], "team": f["team"],
                       "kind": f["kind"], "used": f["used"]} for f in st["field"]],
            "face_down": [dict(f) for f in st["face_down"]],
            "played": [dict(p) if p else None for p in st["played"]],
            "last_damage": st["last_damage"], "happenings": list(st["happenings"]),
            "storm": dict(st["storm"]) if st["storm"] else None,
            "over": st["over"], "winner": st["winner"], "reason": st["reason"],
        }
