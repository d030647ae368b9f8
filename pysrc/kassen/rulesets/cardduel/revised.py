"""Procedure B (default): the バトル loop, steps B1–B9 (§5).

One call plays one battle: rounds of B1–B8, then B9 once."""

from __future__ import annotations

from typing import Any

from kassen.rulesets.cardduel.storm import run_storm


def enchant_phase(b: Any) -> None:
    """B1 エンチャントセットアップ, B2 エンチャントチェック, B3 エンチャントダメージチェック."""
    st = b.state
    mages = [m for m in b.mages() if not m["exhausted"] and not m["locked"]]
    if not mages:
        return
    b.rec.step("B1", "enchant_setup")
    st["step"] = "B1"
    sets = []
    for m in mages:
        b.voluntary_conversions(m, "§5.1.0")
        chosen = b.ask_enchant(m)
        if chosen is not None:
            sets.append(chosen)
    if not sets:
        return
    b.rec.step("B2", "enchant_check")
    st["step"] = "B2"
    st["face_down"] = []
    results = []
    for s in sets:
        m = b.member(s["member"])
        others = [(b.member(o["member"])["side"], o["card"]) for o in sets if o is not s]
        dup = (not s["card"].startswith("X")
               and s["card"][1:] in b.field_ranks(m["side"], others))
        valid = b.valid_for(m, s["card"])
        results.append((m, s["card"], dup, valid))
    for m, card, dup, valid in results:
        if not dup and valid:
            b.to_field(card, m, "enchant")
            b.rec.emit("enchant_on", m["id"], rule="§5.2.3", card=card)
        else:
            m["discard"].append(card)
            b.rec.emit("enchant_off", m["id"], rule="§5.2.4", card=card, duplicate=dup,
                       valid=valid)
    b.rec.step("B3", "enchant_damage")
    st["step"] = "B3"
    for m, card, dup, valid in results:
        if dup:
            st["happenings"].append({"kind": "emotion", "member": m["id"], "card": card})
            b.emotion_event(m, card, "§5.3.2a")
            b.happening_draw(m, "§5.3.2b")
            if b.options["happeningLock"] == "battle":
                m["locked"] = True
                b.rec.emit("locked", m["id"], rule="§5.3.2d")
            if not valid and b.options["dupAlsoCostsMP"]:
                b.lose_mp(m, 1, "§5.3.2c")
        elif not valid:
            b.lose_mp(m, 1, "§5.3.1")


def end_why(b: Any) -> str:
    """Why the rounds ended with no right left: ``rights`` when a failure took one,
    ``withdrawal`` when every warrior gave the right up (a statistics label)."""
    return "rights" if any(w["failed"] for w in b.warriors()) else "withdrawal"


def round_over(b: Any, commits: Any, rounds: int, rights_rule: str) -> str | None:
    """The checks both procedures make after scoring a round (knockout §15 D2, stall §5.9,
    no right left, the round cap §5.9): the reason the battle ends, logged, or None."""
    if any(w["fainted"] for w in b.warriors()):
        why, rule = "knockout", "§15 D2"
    elif b.all_passed(commits):
        for w in b.warriors():
            w["right"] = False
        why, rule = "stall", "§5.9"
    elif not any(b.holds_right(w) for w in b.warriors()):
        why, rule = end_why(b), rights_rule
    elif rounds == b.options["roundCap"]:
        b.rec.emit("battle_over", rule="§5.9", why="round_cap", cap=rounds)
        return "round_cap"
    else:
        return None
    b.rec.emit("battle_over", rule=rule, why=why)
    return why


def begin_round(b: Any, number: int, step: str, rule: str) -> None:
    """Open round (engagement) ``number`` at ``step``: both procedures start a round alike."""
    st = b.state
    st["round"] = number
    st["played"] = []
    b.rec.step(step, "round_start")
    st["step"] = step
    b.rec.emit("round_start", rule=rule, round=number, battle=st["battle"])


def ask_attacks(b: Any) -> list[dict[str, Any] | None]:
    """Each warrior holding the attack right commits an attack (None for the others)."""
    holders = [b.holds_right(w) for w in b.warriors()]
    return [b.ask_attack(w, holders[1 - w["side"]]) if holders[w["side"]] else None
            for w in b.warriors()]


def play_battle(b: Any) -> None:
    """One battle of procedure B (§5): rounds of B1–B8 until the loop ends, then B9."""
    st = b.state
    o = b.options
    b.begin_battle()
    why = "round_cap"
    for rnd in range(1, o["roundCap"] + 1):
        begin_round(b, rnd, "B1", "§5")
        enchant_phase(b)
        # B4 アタックセットアップ
        b.rec.step("B4", "attack_setup")
        st["step"] = "B4"
        commits = ask_attacks(b)
        # B5 アタックチェック
        b.rec.step("B5", "attack_check")
        st["step"] = "B5"
        clash = b.reveal_attacks(commits, "§5.5")
        # B6 アタックダメージチェック
        b.rec.step("B6", "attack_damage")
        st["step"] = "B6"
        if clash:
            st["happenings"].append({"kind": "storm"})
            run_storm(b)
            why = "storm"
            break
        b.apply_fails(commits, "§5.6.1")
        # B7 アドバンテージチェック
        b.rec.step("B7", "advantage_check")
        st["step"] = "B7"
        b.score(commits, "§5.7")
        ended = round_over(b, commits, rnd, "§5.8.2")
        if ended:
            why = ended
            break
        # B8 ネクストラウンドチェック
        b.rec.step("B8", "next_round")
        st["step"] = "B8"
        going = [b.ask_continue(w, "§5.8.1") for w in b.warriors() if b.holds_right(w)]
        if not any(going):
            why = end_why(b)
            b.rec.emit("battle_over", rule="§5.8.2", why=why)
            break
    st["battle_ends"].append(why)
    st["rounds_total"] += st["round"]
    b.damage_step("B9", "§5.10.1")
    b.reset_table("B9", "§5.10.3")
