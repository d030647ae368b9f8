"""Playing cards, shared by both procedures: the enchant choice (M1), the attack
commitment (W1), its reveal and validity (B5 / A2), scoring (B7 / A2-3) and W2."""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request
from kassen.rulesets.cardduel.catalogue import same_card
from kassen.rulesets.cardduel.rules import FAIL, NONE, OK, effective, score_round
from kassen.rulesets.cardduel.table import ENCHANT_KINDS, Table


class Plays(Table):
    """Decisions and card plays (mixin over :class:`Table`)."""

    # -- enchant (M1) ----------------------------------------------------------------------
    def ask_enchant(self, mage: dict[str, Any], kind: str = "M1") -> dict[str, Any] | None:
        """M1: a hand card, the deck top or pass; the card is set face down (§5.1.1)."""
        warrior = self.warrior_of(mage["side"])
        opts = (*mage["hand"], *(("deck",) if mage["deck"] else ()), "pass")
        answer = self.decider.decide(Request(mage["side"], kind, opts, {
            "member": mage["id"], "threshold": mage["threshold"], "fav": mage["fav_active"],
            "mp": mage["mp"], "hand": list(mage["hand"]), "deck_size": len(mage["deck"]),
            "w_threshold": warrior["threshold"], "w_fav": warrior["fav_active"],
            "w_right": self.holds_right(warrior),
            "field_ranks": sorted(self.field_ranks(mage["side"], []))}))
        if answer == "pass":
            self.rec.emit("enchant_pass", mage["id"], rule="§5.1.1")
            return None
        if answer == "deck":
            card = self.draw(mage)
            source = "deck"
        else:
            mage["hand"].remove(answer)
            card, source = answer, "hand"
        self.state["face_down"].append({"member": mage["id"], "card": card, "source": source})
        self.rec.emit("enchant_set", mage["id"], rule="§5.1.1", source=source)
        return {"member": mage["id"], "card": card, "source": source}

    # -- attack (W1) -----------------------------------------------------------------------
    def holds_right(self, w: dict[str, Any]) -> bool:
        """Whether warrior ``w`` may attack in the current round/engagement."""
        return w["right"] and w["out_until"] < self.state["round"] and not w["fainted"]

    def usable_enchants(self, side: int) -> list[dict[str, Any]]:
        """Field enchantments the warrior of ``side`` may point at (§5.4.1 iii, RB1)."""
        return [f for f in self.state["field"] if f["team"] == side
                and f["kind"] in ENCHANT_KINDS and not f["used"]]

    def attack_context(self, w: dict[str, Any], opp_right: bool) -> dict[str, Any]:
        """What the warrior knows (§10 information model), for W1 and W2."""
        other = self.warrior_of(1 - w["side"])
        return {"member": w["id"], "threshold": w["threshold"], "fav": w["fav_active"],
                "hp": w["hp"], "hand": list(w["hand"]), "deck_size": len(w["deck"]),
                "deck_valid": sum(1 for c in w["deck"] if self.valid_for(w, c)),
                "own": [f["card"] for f in self.usable_enchants(w["side"])],
                "opp_enchants": [f["card"] for f in self.usable_enchants(other["side"])],
                "opp_right": opp_right, "adv": list(self.state["adv"])}

    def ask_attack(self, w: dict[str, Any], opp_right: bool) -> dict[str, Any]:
        """W1: commit a hand card, the deck top, an own-team enchantment, or pass."""
        own = self.usable_enchants(w["side"])
        opts = (*w["hand"], *(("deck",) if w["deck"] else ()),
                *(f"field:{f['card']}" for f in own), "pass")
        answer = self.decider.decide(Request(w["side"], "W1", opts,
                                             self.attack_context(w, opp_right)))
        if answer == "pass":
            self.rec.emit("attack_pass", w["id"], rule="§5.4.1")
            return {"member": w["id"], "card": None, "source": "pass"}
        if answer == "deck":
            card, source = self.draw(w), "deck"
        elif answer.startswith("field:"):
            card, source = answer[6:], "field"
        else:
            w["hand"].remove(answer)
            card, source = answer, "hand"
        self.state["face_down"].append({"member": w["id"], "card": card, "source": source})
        self.rec.emit("attack_set", w["id"], rule="§5.4.1", source=source)
        return {"member": w["id"], "card": card, "source": source}

    def reveal_attacks(self, commits: list[dict[str, Any] | None], rule: str) -> bool:
        """B5 / A2-1: reveal, place the cards (§5.5.4), and tell whether they clash (§5.5.2).

        ``commits[side]`` is None for a warrior without the right. Sets each commit's
        ``outcome`` (OK / FAIL / NONE) and effective ``value``."""
        self.state["face_down"] = []
        for side, c in enumerate(commits):
            w = self.warrior_of(side)
            if c is None or c["card"] is None:
                if c is not None:
                    c["outcome"], c["value"] = NONE, 0
                continue
            card = c["card"]
            if c["source"] == "field":
                for f in self.usable_enchants(side):
                    if f["card"] == card:
                        f["used"] = self.options["enchantConsumedOnUse"]
                        f["attack_by"] = w["id"]
                        break
            else:
                entry = self.to_field(card, w, "attack")
                entry["used"] = True
            valid = self.valid_for(w, card)
            c["outcome"] = OK if valid else FAIL
            c["value"] = effective(card, w["fav_active"])
            self.rec.emit("attack_reveal", w["id"], rule=rule, card=card, source=c["source"],
                          valid=valid, value=c["value"])
        cards = [c["card"] if c else None for c in commits]
        clash = cards[0] is not None and cards[1] is not None and same_card(cards[0], cards[1])
        self.state["played"] = [None if c is None else {
            "member": c["member"], "card": c["card"], "source": c["source"],
            "outcome": c.get("outcome"), "value": c.get("value")} for c in commits]
        if clash:
            self.rec.emit("clash", rule="§5.5.2", card=cards[0])
        return clash

    def apply_fails(self, commits: list[dict[str, Any] | None], rule: str,
                    next_only: bool = False) -> None:
        """B6 / A2-3: each FAIL warrior loses 1 HP and the attack right (§5.6.1)."""
        for side, c in enumerate(commits):
            if c is None or c["outcome"] != FAIL:
                continue
            w = self.warrior_of(side)
            w["hp"] = max(0, w["hp"] - 1)
            if next_only:
                w["out_until"] = self.state["round"] + 1
            else:
                w["right"] = False
            w["failed"] = True
            self.rec.emit("attack_fail", w["id"], rule=rule, hp=w["hp"])
            self.check_faint(w, rule)

    def score(self, commits: list[dict[str, Any] | None], rule: str) -> None:
        """B7 / A2-3: the scoring table (§4.5); a warrior without the right is NONE."""
        outcomes = [NONE if c is None else c["outcome"] for c in commits]
        values = [0 if c is None else c["value"] for c in commits]
        gains, _ = score_round(outcomes, values)
        st = self.state
        for side in (0, 1):
            if gains[side]:
                st["adv"][side] += gains[side]
                st["max_adv"] = max(st["max_adv"], st["adv"][side])
                self.rec.emit("advantage", self.warrior_of(side)["id"], rule=rule,
                              gain=gains[side], total=st["adv"][side],
                              outcomes=outcomes)
        if not any(gains):
            self.rec.emit("no_advantage", rule=rule, outcomes=outcomes, adv=list(st["adv"]))

    def ask_continue(self, w: dict[str, Any], rule: str) -> bool:
        """W2: continue, or withdraw (放棄) for the rest of the battle (§5.8.1)."""
        other = self.warrior_of(1 - w["side"])
        answer = self.decider.decide(Request(w["side"], "W2", ("continue", "withdraw"),
                                             self.attack_context(w, other["right"])))
        if answer == "withdraw":
            w["right"] = False
            w["withdrew"] = True
            self.rec.emit("withdraw", w["id"], rule=rule)
            return False
        self.rec.emit("continue", w["id"], rule=rule)
        return True

    def all_passed(self, commits: list[dict[str, Any] | None]) -> bool:
        """§5.9 / D13: every warrior that held the right passed this round."""
        held = [c for c in commits if c is not None]
        return bool(held) and all(c["card"] is None for c in held)
