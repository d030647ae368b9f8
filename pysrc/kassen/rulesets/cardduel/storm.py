"""The attack happening: マナ・ストーム (Mana Storm), §6.2, step by step.

1. power: everyone draws until a card invalid for them; S = cards drawn (6.2.1);
2. the mage with the highest card is struck first (6.2.2), ties drawn off;
3. a strike blows away the costume with the largest マナ変換力; S −= it (6.2.3);
4. the victim draws and counts n mages clockwise from the left neighbour (6.2.4);
5. with no costume left anywhere, warriors pay HP the same way (6.2.5);
6. 感情の処理: logged only (6.2.6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kassen.core.decisions import Request
from kassen.rulesets.cardduel.catalogue import COSTUMES, is_joker, value_of

LOOP_CAP = 2000
"""Safety bound on storm strikes and tie-break draws (each is finite anyway)."""


def _pool_draw(b: Any, m: dict[str, Any], counts: bool, why: str) -> int:
    """One storm draw onto the field: the card's raw value, or −1 for an empty deck (D7)."""
    card = b.draw(m)
    if card is None:
        b.rec.emit("storm_empty", m["id"], rule="§15 D7", why=why)
        return -1
    b.to_field(card, m, "storm")
    if counts:
        b.state["storm"]["S"] += 1
    b.rec.emit("storm_card", m["id"], rule="§6.2", card=card, why=why,
               pool=b.state["storm"]["S"])
    return value_of(card)


def pick_highest(b: Any, cands: list[dict[str, Any]], high: dict[str, int]) -> dict[str, Any]:
    """The candidate with the highest step-1 card; ties draw one more card each, repeated
    (§6.2.2); an empty deck counts −1 and if all tied decks are empty the first seated wins."""
    best = max(high[m["id"]] for m in cands)
    tied = [m for m in cands if high[m["id"]] == best]
    counts = b.options["stormCountsTieDraws"]
    for _ in range(LOOP_CAP):
        if len(tied) == 1:
            break
        b.rec.emit("storm_tie", rule="§6.2.2", members=[m["id"] for m in tied], value=best)
        drawn = {m["id"]: _pool_draw(b, m, counts, "tie") for m in tied}
        best = max(drawn.values())
        if best < 0:
            break
        tied = [m for m in tied if drawn[m["id"]] == best]
    return tied[0]


def count_on(b: Any, start: dict[str, Any], n: int, role: str,
             eligible: Any) -> dict[str, Any]:
    """Count ``n`` members of ``role`` clockwise from ``start``'s left neighbour as 1,
    skipping ineligible ones; the start may be counted on a wrap (§6.2.4). ``n = 0`` (a
    Joker, D8) is the start itself if eligible, else the next eligible member."""
    seats = b.state["members"]
    i = b.index[start["id"]]
    if n <= 0:
        if start["role"] == role and eligible(start):
            return start
        n = 1
    for _ in range(n * len(seats) + len(seats)):
        i = (i + 1) % len(seats)
        m = seats[i]
        if m["role"] == role and eligible(m):
            n -= 1
            if n == 0:
                return m
    return start


def _count_draw(b: Any, victim: dict[str, Any]) -> int:
    """The victim's counting draw (§6.2.4): n = the value; an empty deck counts 1 (D7)."""
    value = _pool_draw(b, victim, b.options["stormCountsVictimDraws"], "count")
    return 1 if value < 0 else value


def _strike_mage(b: Any, victim: dict[str, Any]) -> None:
    """§6.2.3: the costume with the largest マナ変換力 (変換魔素量) is lost; ties: S1."""
    storm = b.state["storm"]
    top = max(COSTUMES[c].mp for c in victim["costumes"])
    tied = sorted({c for c in victim["costumes"] if COSTUMES[c].mp == top},
                  key=list(COSTUMES).index)
    pick = tied[0] if len(tied) == 1 else b.decider.decide(Request(
        victim["side"], "S1", tuple(tied), {"member": victim["id"],
                                            "costumes": list(victim["costumes"])}))
    victim["costumes"].remove(pick)
    storm["S"] = max(0, storm["S"] - top)
    b.rec.emit("costume_lost", victim["id"], rule="§6.2.3", costume=pick, power=top,
               pool=storm["S"])


def _strike_warrior(b: Any, victim: dict[str, Any]) -> None:
    """§6.2.5: HP in place of a costume: 1 HP per strike, or min(HP, S) (option)."""
    storm = b.state["storm"]
    loss = 1 if b.options["stormWarriorMode"] == "one_hp_per_step" else min(
        victim["hp"], storm["S"])
    victim["hp"] = max(0, victim["hp"] - loss)
    storm["S"] = max(0, storm["S"] - loss)
    b.rec.emit("storm_hp", victim["id"], rule="§6.2.5", loss=loss, hp=victim["hp"],
               pool=storm["S"])
    b.check_faint(victim, "§6.2.7")


def _strike_in_turn(b: Any, victim: dict[str, Any], strike: Callable[[Any, dict[str, Any]], None],
                    group: Callable[[], list[dict[str, Any]]], kind: str,
                    eligible: Callable[[dict[str, Any]], bool], rule: str) -> dict[str, Any]:
    """Strike ``victim``, then count on to the next eligible member of ``group`` and strike
    again, until the storm's power is spent or no one is left (§6.2.4 mages, §6.2.5
    warriors). Returns the last victim."""
    for _ in range(LOOP_CAP):
        strike(b, victim)
        if b.state["storm"]["S"] == 0 or not any(eligible(m) for m in group()):
            break
        n = _count_draw(b, victim)
        victim = count_on(b, victim, n, kind, eligible)
        b.rec.emit("storm_victim", victim["id"], rule=rule, n=n)
    return victim


def run_storm(b: Any) -> None:
    """Resolve one Mana Storm (§6.2). Storm damage is not "damage dealt" (§6.2.7)."""
    st = b.state
    st["storm_now"] = True
    st["storm"] = {"S": 0}
    storm = st["storm"]
    b.rec.step("storm", "storm_power")
    st["step"] = "storm"
    b.rec.emit("storm_start", rule="§6.2")
    high: dict[str, int] = {}
    for m in st["members"]:
        drawn: list[str] = []
        while m["deck"]:
            card = m["deck"].pop(0)
            b.to_field(card, m, "storm")
            drawn.append(card)
            storm["S"] += 1
            if not b.valid_for(m, card) and not is_joker(card):
                break
        high[m["id"]] = max((value_of(c) for c in drawn), default=-1)
        b.rec.emit("storm_draw", m["id"], rule="§6.2.1", cards=drawn, high=high[m["id"]])
    if b.options["stormPoolScope"] == "whole_field":
        storm["S"] = len(st["field"])
    first_pool = storm["S"]
    b.rec.emit("storm_pool", rule="§6.2.1", pool=storm["S"])
    has_costume = lambda m: bool(m["costumes"])  # noqa: E731
    alive = lambda m: m["hp"] > 0  # noqa: E731
    ko_before = sum(1 for w in b.warriors() if w["fainted"])
    victim: dict[str, Any] | None = None
    mages = [m for m in b.mages() if has_costume(m)]
    if storm["S"] > 0 and mages:
        b.rec.step("storm", "storm_mages")
        victim = pick_highest(b, mages, high)
        b.rec.emit("storm_victim", victim["id"], rule="§6.2.2")
        victim = _strike_in_turn(b, victim, _strike_mage, b.mages, "mage", has_costume, "§6.2.4")
    if storm["S"] > 0 and any(alive(w) for w in b.warriors()):
        b.rec.step("storm", "storm_warriors")
        if victim is not None and b.options["stormWarriorStart"] == "count_on":
            n = _count_draw(b, victim)
            victim = count_on(b, victim, n, "warrior", alive)
        else:
            victim = pick_highest(b, [w for w in b.warriors() if alive(w)], high)
        b.rec.emit("storm_victim", victim["id"], rule="§6.2.5")
        _strike_in_turn(b, victim, _strike_warrior, b.warriors, "warrior", alive, "§6.2.5")
    b.rec.step("storm", "storm_end")
    b.rec.emit("storm_end", rule="§6.2.6", pool=storm["S"])
    ko = sum(1 for w in b.warriors() if w["fainted"]) > ko_before
    st["storms"].append({"pool": first_pool, "knockout": ko})
