"""Procedure A (option ``procedure = original``): 対戦判定 + 魔法強化 (§7).

One call plays one 対戦 (duel): engagements 交戦 (A1 enchant, A2 engagement, A3 continue?)
until the duel ends, then A4 damage and A5 reset."""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request
from kassen.rulesets.cardduel.revised import ask_attacks, begin_round, end_why, round_over
from kassen.rulesets.cardduel.storm import run_storm

ENCHANT_STEP_CAP = 16
"""Safety bound on A1 enchant steps per engagement [designed] (decks bound them anyway)."""


def enchant_phase(b: Any) -> None:
    """A1: each enchanting mage plays one card per step, simultaneously (A1-a, D10); a
    duplicate rank is a happening (A1-b); an invalid card costs MP (A1-c, D9); every card
    stays on the field as the mage's enchant card (A1-d); then keep going or stop (M2)."""
    st = b.state
    active = [m for m in b.mages() if not m["exhausted"]]
    if not active:
        return
    b.rec.step("A1", "enchant_setup")
    st["step"] = "A1"
    for m in active:
        b.voluntary_conversions(m, "§15 D10")
    for _ in range(ENCHANT_STEP_CAP):
        active = [m for m in active if not m["exhausted"]]
        if not active:
            return
        b.rec.step("A1", "enchant_step")
        sets = []
        for m in active:
            chosen = b.ask_enchant(m)
            if chosen is not None:
                sets.append(chosen)
            else:
                m["locked"] = True
        if not sets:
            return
        st["face_down"] = []
        results = []
        for s in sets:
            m = b.member(s["member"])
            others = [(b.member(o["member"])["side"], o["card"]) for o in sets if o is not s]
            dup = (not s["card"].startswith("X")
                   and s["card"][1:] in b.field_ranks(m["side"], others))
            results.append((m, s["card"], dup, b.valid_for(m, s["card"])))
        for m, card, dup, valid in results:
            b.to_field(card, m, "enchant")
            b.rec.emit("enchant_placed", m["id"], rule="§7 A1-d", card=card, duplicate=dup,
                       valid=valid)
            if dup:
                st["happenings"].append({"kind": "emotion", "member": m["id"], "card": card})
                b.emotion_event(m, card, "§7 A1-b")
                b.happening_draw(m, "§7 A1-b")
                m["locked"] = True
                b.rec.emit("locked", m["id"], rule="§7 A1-b")
            if not valid:
                b.lose_mp(m, 1, "§7 A1-c")
        for m in active:
            if m["locked"] or m["exhausted"]:
                continue
            usable = [f for f in b.usable_enchants(m["side"])
                      if b.valid_for(b.warrior_of(m["side"]), f["card"])]
            played = sum(1 for f in st["field"] if f["owner"] == m["id"]
                         and f["kind"] == "enchant")
            answer = b.decider.decide(Request(m["side"], "M2", ("continue", "stop"), {
                "member": m["id"], "usable": len(usable), "played": played, "mp": m["mp"],
                "hand_size": len(m["hand"]), "deck_size": len(m["deck"])}))
            if answer == "stop":
                m["locked"] = True
                b.rec.emit("enchant_stop", m["id"], rule="§7 A1-e")
        active = [m for m in active if not m["locked"]]


def return_mage_cards(b: Any) -> None:
    """A2-4: all of each mage's field cards, used or not, go back to its deck; shuffle."""
    st = b.state
    for m in b.mages():
        back = [f for f in st["field"] if f["owner"] == m["id"]]
        if not back:
            m["locked"] = False
            continue
        st["field"] = [f for f in st["field"] if f["owner"] != m["id"]]
        m["deck"].extend(f["card"] for f in back)
        b.rng.shuffle(m["deck"])
        m["locked"] = False
        b.rec.emit("enchant_return", m["id"], rule="§7 A2-4", count=len(back))


def play_duel(b: Any) -> None:
    """One 対戦 of procedure A (§7)."""
    st = b.state
    o = b.options
    next_only = o["originalRightLoss"] == "next_only"
    b.begin_battle()
    why = "round_cap"
    for eng in range(1, o["roundCap"] + 1):
        begin_round(b, eng, "A1", "§7")
        enchant_phase(b)
        b.rec.step("A2", "engagement")
        st["step"] = "A2"
        commits = ask_attacks(b)
        b.rec.step("A2", "engagement_check")
        clash = b.reveal_attacks(commits, "§7 A2-1")
        if clash:
            st["happenings"].append({"kind": "storm"})
            run_storm(b)
            why = "storm"
            break
        b.apply_fails(commits, "§7 A2-3", next_only=next_only)
        b.score(commits, "§7 A2-3")
        return_mage_cards(b)
        ended = round_over(b, commits, eng, "§7 A3")
        if ended:
            why = ended
            break
        b.rec.step("A3", "continue_check")
        st["step"] = "A3"
        st["round"] = eng + 1
        going = [b.ask_continue(w, "§7 A3") for w in b.warriors() if b.holds_right(w)]
        st["round"] = eng
        if not any(going):
            why = end_why(b)
            b.rec.emit("battle_over", rule="§7 A3", why=why)
            break
    st["battle_ends"].append(why)
    st["rounds_total"] += st["round"]
    b.damage_step("A4", "§7 A4")
    b.reset_table("A5", "§7 A5")
