"""The card table shared by both procedures: decks, hands, field with owners, discard,
costumes and MP, happenings, the damage step, the reset, the end checks and victory.

``Table`` is a mixin of the battle class; every mutable value lives in ``self.state``.
"""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request
from kassen.core.events import Recorder
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.catalogue import (
    COSTUMES,
    is_joker,
    rank_of,
    suit_of,
    value_of,
)
from kassen.rulesets.cardduel.rules import final_damage, is_valid

ENCHANT_KINDS = ("enchant", "happening")
"""Field kinds that are activated enchantments (発動したエンチャント)."""


class Table:
    """Card and resource handling (mixin; expects ``state``, ``rng``, ``rec``, ``options``,
    ``decider`` from :class:`kassen.core.ruleset.Battle`)."""

    state: dict[str, Any]
    rng: Rng
    rec: Recorder
    options: dict[str, Any]
    index: dict[str, int]

    # -- members ---------------------------------------------------------------------------
    def member(self, mid: str) -> dict[str, Any]:
        """The state of member ``mid``."""
        return self.state["members"][self.index[mid]]

    def warriors(self) -> list[dict[str, Any]]:
        """The warriors, side 0 first."""
        return [m for m in self.state["members"] if m["role"] == "warrior"]

    def mages(self) -> list[dict[str, Any]]:
        """The mages in seating order."""
        return [m for m in self.state["members"] if m["role"] == "mage"]

    def warrior_of(self, side: int) -> dict[str, Any]:
        """The warrior of ``side``."""
        return self.state["members"][self.index[f"{side}.0"]]

    def mage_of(self, side: int) -> dict[str, Any] | None:
        """The (first) mage of ``side``, if any; with ``severalMages`` the others are seated
        after it (§2.8) and reached through :meth:`mages`."""
        i = self.index.get(f"{side}.1")
        return None if i is None else self.state["members"][i]

    @staticmethod
    def valid_for(m: dict[str, Any], card: str) -> bool:
        """§4.1/§4.3: validity against the character who uses the card."""
        return is_valid(card, m["threshold"], m["fav_active"])

    # -- cards -----------------------------------------------------------------------------
    def draw(self, m: dict[str, Any]) -> str | None:
        """The top card of ``m``'s deck (§1.6), or None when the deck is empty (§9.2)."""
        return m["deck"].pop(0) if m["deck"] else None

    def to_field(self, card: str, m: dict[str, Any], kind: str) -> dict[str, Any]:
        """Put ``card`` face up on the field, tagged with its owner (§1.4)."""
        entry = {"card": card, "owner": m["id"], "team": m["side"], "kind": kind,
                 "used": False, "battle_round": self.state["round"]}
        self.state["field"].append(entry)
        return entry

    def field_ranks(self, side: int, extra: list[tuple[int, str]]) -> set[str]:
        """Ranks that make an enchant card a duplicate (§5.2.2 ``enchantRankScope``).

        ``extra`` are (team, card) of the other enchant cards revealed in the same step."""
        scope = self.options["enchantRankScope"]
        ranks = set()
        for f in self.state["field"]:
            if is_joker(f["card"]):
                continue
            if scope == "all_field" or (f["kind"] in ENCHANT_KINDS and (
                    scope == "enchant_only" or f["team"] == side)):
                ranks.add(rank_of(f["card"]))
        for team, card in extra:
            if not is_joker(card) and (scope != "own_team" or team == side):
                ranks.add(rank_of(card))
        return ranks

    def draw_to_hand(self, m: dict[str, Any], count: int) -> list[str]:
        """Draw up to ``count`` cards into the hand, stopping at 上限魔力 (§5.1.0, D14)."""
        got: list[str] = []
        while len(got) < count and len(m["hand"]) < m["max_hand"] and m["deck"]:
            card = m["deck"].pop(0)
            m["hand"].append(card)
            got.append(card)
        return got

    # -- mage resources --------------------------------------------------------------------
    def convert(self, m: dict[str, Any], costume: str, into: str, rule: str) -> None:
        """Consume one costume into MP (MaxMP may be exceeded) or hand cards (§2.4)."""
        m["costumes"].remove(costume)
        c = COSTUMES[costume]
        if into == "mp":
            m["mp"] += c.mp
            self.rec.emit("convert_mp", m["id"], rule=rule, costume=costume, gain=c.mp,
                          mp=m["mp"])
        else:
            got = self.draw_to_hand(m, c.cards)
            self.rec.emit("convert_hand", m["id"], rule=rule, costume=costume,
                          drawn=len(got), hand=len(m["hand"]))

    def lose_mp(self, m: dict[str, Any], amount: int, rule: str) -> None:
        """MP −amount; at 0 a costume must be converted into MP at once (§5.3.1, M3), or
        the mage is exhausted when none is left (§5.3.3)."""
        m["mp"] = max(0, m["mp"] - amount)
        self.rec.emit("mp_loss", m["id"], rule=rule, amount=amount, mp=m["mp"])
        if m["mp"] > 0:
            return
        if m["costumes"]:
            held = sorted(set(m["costumes"]), key=list(COSTUMES).index)
            pick = self.decider.decide(Request(m["side"], "M3", tuple(held), {
                "member": m["id"], "costumes": list(m["costumes"])}))
            m["costumes"].remove(pick)
            m["mp"] = COSTUMES[pick].mp
            self.rec.emit("convert_forced", m["id"], rule="§5.3.1", costume=pick, mp=m["mp"])
        elif not m["exhausted"]:
            m["exhausted"] = True
            self.rec.emit("exhausted", m["id"], rule="§5.3.3")

    def voluntary_conversions(self, m: dict[str, Any], rule: str) -> None:
        """M0: before enchanting, convert any number of costumes (§5.1.0, D10)."""
        if not self.options["voluntaryCostume"]:
            return
        for _ in range(len(m["costumes"])):
            if not m["costumes"]:
                return
            held = sorted(set(m["costumes"]), key=list(COSTUMES).index)
            opts = ("pass", *(f"{c}:{into}" for c in held for into in ("mp", "hand")))
            answer = self.decider.decide(Request(m["side"], "M0", opts, {
                "member": m["id"], "mp": m["mp"], "hand_size": len(m["hand"]),
                "max_hand": m["max_hand"], "deck_size": len(m["deck"]),
                "costumes": list(m["costumes"])}))
            if answer == "pass":
                return
            costume, _, into = answer.partition(":")
            self.convert(m, costume, into, rule)

    # -- happenings ------------------------------------------------------------------------
    def emotion_event(self, mage: dict[str, Any], card: str, rule: str) -> None:
        """§6.1: log the Emotion Event; with ``emotionTable = v0`` apply §12.2."""
        suit = suit_of(card)
        k = 2 if value_of(card) >= 11 else 1
        table = self.options["emotionTable"] == "v0"
        effect = {"H": "elation", "D": "vanity", "S": "rivalry", "C": "agitation"}[suit]
        self.rec.emit("emotion", mage["id"], rule=rule, card=card, team=mage["side"],
                      effect=effect if table else "narrative", k=k)
        if not table:
            return
        if suit == "H":
            mage["mp"] += k
            self.rec.emit("mp_gain", mage["id"], rule="§12.2", amount=k, mp=mage["mp"])
        elif suit == "D":
            got = self.draw_to_hand(mage, k)
            self.rec.emit("hand_draw", mage["id"], rule="§12.2", drawn=len(got),
                          hand=len(mage["hand"]))
        elif suit == "S":
            self.state["adv"][mage["side"]] += k
            self.rec.emit("advantage", self.warrior_of(mage["side"])["id"], rule="§12.2",
                          gain=k, total=self.state["adv"][mage["side"]])
        else:
            self.lose_mp(mage, k, "§12.2")

    def happening_draw(self, mage: dict[str, Any], rule: str) -> None:
        """§5.3.2b / A1-b: three deck cards straight onto the field as activated enchantments."""
        cards = []
        for _ in range(3):
            card = self.draw(mage)
            if card is None:
                break
            self.to_field(card, mage, "happening")
            cards.append(card)
        self.rec.emit("happening_draw", mage["id"], rule=rule, cards=cards)

    # -- battle edges ----------------------------------------------------------------------
    def begin_battle(self) -> None:
        """Start a battle: counters, hand refill (§2.6), favoured-suit conditions (D15)."""
        st = self.state
        st["battle"] += 1
        st["round"] = 0
        st["happenings"] = []
        st["last_damage"] = None
        st["storm_now"] = False
        self.rec.turn = st["battle"]
        self.rec.step("start", "battle_start")
        st["step"] = "start"
        self.rec.emit("battle_start", rule="§5", battle=st["battle"])
        if st["battle"] > 1 and self.options["handRefill"] == "battle":
            for m in st["members"]:
                need = m["base"] - len(m["hand"])
                if need > 0:
                    got = self.draw_to_hand(m, need)
                    self.rec.emit("refill", m["id"], rule="§2.6", drawn=len(got),
                                  hand=len(m["hand"]))
        if self.options["condModel"] == "table":
            for m in st["members"]:
                m["fav_active"] = [s for s in m["fav"] if self.condition(m, s)]

    def condition(self, m: dict[str, Any], suit: str) -> bool:
        """§12.1 simulator test of a favoured suit's usage condition."""
        if suit == "S":
            return m["weapon"] in ("sword", "both")
        if suit == "C":
            return m["weapon"] in ("staff", "both")
        if suit == "H":
            return self.mage_of(m["side"]) is not None
        if m["role"] == "mage":
            return bool(m["costumes"])
        return bool(m["ornament"])

    def damage_step(self, phase: str, rule: str) -> None:
        """B9 / A4: the final damage formula (§4.6); HP floors at 0; fainting (§2.3)."""
        st = self.state
        self.rec.step(phase, "last_damage")
        st["step"] = phase
        a, b = st["adv"]
        dealt = final_damage(a, b)
        st["last_damage"] = {"adv": [a, b], "damage": list(dealt)}
        self.rec.emit("damage_check", rule=rule, adv=[a, b], damage=list(dealt))
        for side in (0, 1):
            amount = dealt[side]
            st["dealt"][side] += amount
            target = self.warrior_of(1 - side)
            if amount:
                target["hp"] = max(0, target["hp"] - amount)
                self.rec.emit("damage", self.warrior_of(side)["id"], target["id"], rule=rule,
                              amount=amount, hp=target["hp"])
        for w in self.warriors():
            self.check_faint(w, rule)

    def check_faint(self, w: dict[str, Any], rule: str) -> None:
        """HP 0 → 気絶 (fainted, defeated) (§2.3)."""
        if w["hp"] <= 0 and not w["fainted"]:
            w["fainted"] = True
            self.rec.emit("faint", w["id"], rule=rule)

    def reset_table(self, phase: str, rule: str) -> None:
        """B9 / A5: advantages 0, rights back, field and discards to the owners' decks,
        every participant shuffles (§5.10.2–3)."""
        st = self.state
        self.rec.step(phase, "reset")
        st["step"] = phase
        st["adv"] = [0, 0]
        for m in st["members"]:
            m["right"] = True
            m["locked"] = False
            m["out_until"] = 0
            m["failed"] = False
            m["withdrew"] = False
        for f in st["field"]:
            self.member(f["owner"])["deck"].append(f["card"])
        st["field"] = []
        returns = self.options["discardReturns"]
        for m in st["members"]:
            if returns:
                m["deck"].extend(m["discard"])
                m["discard"] = []
            self.rng.shuffle(m["deck"])
        self.rec.emit("reset", rule=rule, decks=[len(m["deck"]) for m in st["members"]])

    # -- end of the match --------------------------------------------------------------------
    def end_checks(self) -> None:
        """D16: storm, knockout, battle count, cap; then surrender (W3/M4) if it goes on."""
        st = self.state
        o = self.options
        ended = None
        if st["storm_now"] and o["manaStormEndsMatch"]:
            ended = "storm"
        elif any(w["fainted"] for w in self.warriors()):
            ended = "knockout"
        elif o["format"] == "fixed" and st["battle"] >= o["battles"]:
            ended = "battles"
        elif o["format"] == "until_knockout" and st["battle"] >= o["battleCap"]:
            ended = "cap"
        elif o["surrender"] == "hopeless":
            for side in (0, 1):
                answer = self.decider.decide(Request(side, "W3", ("continue", "surrender"), {
                    "hp": self.warrior_of(side)["hp"],
                    "opp_hp": self.warrior_of(1 - side)["hp"], "battle": st["battle"]}))
                if answer == "surrender":
                    st["surrendered"][side] = True
                    self.rec.emit("surrender", self.warrior_of(side)["id"], rule="§8.1b",
                                  side=side)
            if any(st["surrendered"]):
                ended = "surrender"
        if ended is None:
            return
        st["over"] = True
        st["ended_by"] = ended
        winner, reason = self.decide_winner()
        st["winner"] = winner
        st["reason"] = reason
        self.rec.step("end", "match_end")
        st["step"] = "end"
        self.rec.emit("match_end", rule="§8", ended_by=ended, winner=winner, reason=reason,
                      defeated=self.defeats(), dealt=list(st["dealt"]))

    def defeats(self) -> list[int]:
        """Per side, how many opponents it defeated (fainted warriors; optionally exhausted
        mages, ``exhaustedMageCountsDefeated``) (§8.2.1)."""
        counts = [0, 0]
        for m in self.state["members"]:
            down = m["fainted"] or (m["exhausted"] and self.options["exhaustedMageCountsDefeated"])
            if down:
                counts[1 - m["side"]] += 1
        return counts

    def decide_winner(self) -> tuple[int | None, str]:
        """§8.2: defeats, then damage dealt, then a draw; a lone surrender loses."""
        st = self.state
        s = st["surrendered"]
        if any(s):
            return (None, "surrender") if all(s) else (0 if s[1] else 1, "surrender")
        dealt = st["dealt"]
        damage_only = (self.options["procedure"] == "original"
                       and self.options["format"] == "fixed" and self.options["battles"] == 1)
        if not damage_only:
            d = self.defeats()
            if d[0] != d[1]:
                return (0 if d[0] > d[1] else 1), "knockout"
        if dealt[0] != dealt[1]:
            return (0 if dealt[0] > dealt[1] else 1), "damage"
        return None, "draw"
