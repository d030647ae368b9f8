"""The attack happening: マナ・ストーム (Mana Storm), §6.2, step by step.

1. power: everyone draws until a card invalid for them; S = cards drawn (6.2.1);
2. the mage with the highest card is struck first (6.2.2), ties drawn off;
3. a strike blows away the costume with the largest マナ変換力; S −= it (6.2.3);
4. the victim draws and counts n mages clockwise from the left neighbour (6.2.4);
5. with no costume left anywhere, warriors pay HP the same way (6.2.5);
6. 感情の処理: logged only (6.2.6).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import COSTUMES, is_joker, value_of
from kassen.rulesets.cardduel.catalogue_conditions import FAINTED
from kassen.rulesets.cardduel.constants import STORM_LOOP_CAP
from kassen.rulesets.cardduel.model import Happening, Member, Storm, StormTally
from kassen.rulesets.cardduel.rules.battle import check_faint
from kassen.rulesets.cardduel.rules.checks import CACHE, Terms, hp_terms
from kassen.rulesets.cardduel.rules.resources import held_costumes

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable

Strike = Callable[["CardDuelTable", Storm, Member], None]
Eligible = Callable[[Member], bool]


ONE_HP = (("=", "one_hp_per_strike", 1, "§6.2.5"),)
"""§6.2.5: a warrior loses one HP per strike (``storm_warrior_mode`` default)."""


@functools.lru_cache(maxsize=CACHE)
@implements("§6.2.2", "§6.2.4")
def draw_terms(before: int, counts: bool, why: str) -> Terms:
    """The storm's power after a tie-break or counting draw: +1 only when the option counts
    such draws (§6.2.2 ``storm_counts_tie_draws``, §6.2.4 ``storm_counts_victim_draws``)."""
    rule = "§6.2.2" if why == "tie" else "§6.2.4"
    return (("=", "pool_before", before),
            ("+", "counted_draw", 1, rule) if counts else ("note", "uncounted_draw", 0, rule))


@functools.lru_cache(maxsize=CACHE)
def pool_loss_terms(before: int, label: str, loss: int, rule: str) -> Terms:
    """The storm's power after a strike: what it had minus the strike, at least 0."""
    floor = (("max", "pool_floor", 0, rule),) if loss > before else ()
    return (("=", "pool_before", before), ("-", label, loss, rule), *floor)


@implements("§6.2.1")
def power_terms(drawn: list[int], field: int | None) -> Terms:
    """§6.2.1: the storm's power, the cards each member drew in seating order (plus the
    field's other cards with ``storm_pool_scope = whole_field``)."""
    terms = tuple((("=" if i == 0 else "+"), "member_draws", n, "§6.2.1")
                  for i, n in enumerate(drawn))
    if field is not None:
        terms += (("+", "other_field_cards", field - sum(drawn), "§6.2.1"),)
    return terms


def _pool_draw(t: CardDuelTable, storm: Storm, m: Member, counts: bool, why: str) -> int:
    """One storm draw onto the field: the card's raw value, or −1 for an empty deck (D7)."""
    card = m.take_top()
    if card is None:
        t.rec.add("storm_empty", m.id, None, "§15 D7", {"why": why})
        return -1
    t.state.place(card, m, "storm")
    before = storm.pool
    if counts:
        storm.pool += 1
    t.rec.add("storm_card", m.id, None, "§6.2", {
        "card": card, "why": why, "pool": storm.pool,
        "sums": {"pool": draw_terms(before, counts, why)}})
    return value_of(card)


@implements("§6.2.2")
def pick_highest(t: CardDuelTable, storm: Storm, cands: list[Member],
                 high: dict[str, int]) -> Member:
    """The candidate with the highest step-1 card; ties draw one more card each, repeated
    (§6.2.2); an empty deck counts −1 and if all tied decks are empty the first seated wins."""
    best = max(high[m.id] for m in cands)
    tied = [m for m in cands if high[m.id] == best]
    counts = t.readings.storm_counts_tie_draws
    for _ in range(STORM_LOOP_CAP):
        if len(tied) == 1:
            break
        t.rec.add("storm_tie", None, None, "§6.2.2", {
            "members": [m.id for m in tied], "value": best})
        drawn = {m.id: _pool_draw(t, storm, m, counts, "tie") for m in tied}
        best = max(drawn.values())
        if best < 0:
            break
        tied = [m for m in tied if drawn[m.id] == best]
    return tied[0]


@implements("§6.2.4")
def count_on(t: CardDuelTable, start: Member, n: int, role: str, eligible: Eligible) -> Member:
    """Count ``n`` members of ``role`` clockwise from ``start``'s left neighbour as 1,
    skipping ineligible ones; the start may be counted on a wrap (§6.2.4). ``n = 0`` (a
    Joker, D8) is the start itself if eligible, else the next eligible member."""
    seats = t.state.members
    i = start.seat
    if n <= 0:
        if start.role == role and eligible(start):
            return start
        n = 1
    for _ in range(n * len(seats) + len(seats)):
        i = (i + 1) % len(seats)
        m = seats[i]
        if m.role == role and eligible(m):
            n -= 1
            if n == 0:
                return m
    return start


@implements("§6.2.4")
def _count_draw(t: CardDuelTable, storm: Storm, victim: Member) -> int:
    """The victim's counting draw (§6.2.4): n = the value; an empty deck counts 1 (D7)."""
    value = _pool_draw(t, storm, victim, t.readings.storm_counts_victim_draws, "count")
    return 1 if value < 0 else value


@implements("§6.2.3")
def _strike_mage(t: CardDuelTable, storm: Storm, victim: Member) -> None:
    """§6.2.3: the costume with the largest マナ変換力 (変換魔素量) is lost; ties: S1."""
    top = max(COSTUMES[c].mp for c in victim.costumes)
    tied = [c for c in held_costumes(victim) if COSTUMES[c].mp == top]
    pick = tied[0] if len(tied) == 1 else t.decider.decide(Request(
        victim.side, "S1", tuple(tied), {"member": victim.id,
                                         "costumes": list(victim.costumes)}))
    victim.costumes.remove(pick)
    before = storm.pool
    storm.pool = max(0, before - top)
    t.rec.add("costume_lost", victim.id, None, "§6.2.3", {
        "costume": pick, "power": top, "pool": storm.pool,
        "sums": {"pool": pool_loss_terms(before, "costume_power", top, "§6.2.3")}})


@implements("§6.2.5")
def _strike_warrior(t: CardDuelTable, storm: Storm, victim: Member) -> None:
    """§6.2.5: HP in place of a costume: 1 HP per strike, or min(HP, S) (option)."""
    one = t.readings.storm_warrior_mode == "one_hp_per_step"
    hp, pool = victim.hp, storm.pool
    loss = 1 if one else min(hp, pool)
    victim.hp = max(0, hp - loss)
    storm.pool = max(0, pool - loss)
    t.rec.add("storm_hp", victim.id, None, "§6.2.5", {
        "loss": loss, "hp": victim.hp, "pool": storm.pool, "sums": {
            "loss": ONE_HP if one else (("=", "hp_before", hp),
                                        ("min", "storm_pool", pool, "§6.2.5")),
            "hp": hp_terms(hp, "storm_strike", loss, "§6.2.5"),
            "pool": pool_loss_terms(pool, "storm_strike", loss, "§6.2.5")}})
    check_faint(t, victim, "§6.2.7")


@implements("§6.2.4", "§6.2.5")
def _strike_in_turn(t: CardDuelTable, storm: Storm, victim: Member, strike: Strike,
                    group: list[Member], kind: str, eligible: Eligible, rule: str) -> Member:
    """Strike ``victim``, then count on to the next eligible member of ``group`` and strike
    again, until the storm's power is spent or no one is left (§6.2.4 mages, §6.2.5
    warriors). Returns the last victim."""
    for _ in range(STORM_LOOP_CAP):
        strike(t, storm, victim)
        if storm.pool == 0 or not any(eligible(m) for m in group):
            break
        n = _count_draw(t, storm, victim)
        victim = count_on(t, victim, n, kind, eligible)
        t.rec.add("storm_victim", victim.id, None, rule, {"n": n})
    return victim


def _has_costume(m: Member) -> bool:
    return bool(m.costumes)


def _alive(m: Member) -> bool:
    return m.hp > 0


@implements("§6.2.1")
def storm_power(t: CardDuelTable, storm: Storm) -> tuple[dict[str, int], Terms]:
    """§6.2.1: every member draws onto the field until a card invalid for them (a Joker
    never stops the draw); S = the cards drawn. Returns each member's highest card and the
    terms of S."""
    st = t.state
    high: dict[str, int] = {}
    counts: list[int] = []
    for m in st.members:
        drawn: list[str] = []
        card = m.take_top()
        while card is not None:
            st.place(card, m, "storm")
            drawn.append(card)
            storm.pool += 1
            if card not in m.valid and not is_joker(card):
                break
            card = m.take_top()
        high[m.id] = max((value_of(c) for c in drawn), default=-1)
        counts.append(len(drawn))
        t.rec.add("storm_draw", m.id, None, "§6.2.1", {"cards": drawn, "high": high[m.id]})
    whole = t.readings.storm_pool_scope == "whole_field"
    if whole:
        storm.pool = len(st.field)
    return high, power_terms(counts, storm.pool if whole else None)


@implements("§6.2", "§6.2.7")
def run_storm(t: CardDuelTable) -> None:
    """Resolve one Mana Storm (§6.2), noted for the table view. Storm damage is not
    "damage dealt" (§6.2.7)."""
    st = t.state
    st.happenings.append(Happening("storm"))
    st.storm_now = True
    storm = st.storm = Storm()
    t.rec.step("storm", "storm_power")
    t.rec.add("storm_start", None, None, "§6.2", {})
    high, power = storm_power(t, storm)
    first_pool = storm.pool
    t.rec.add("storm_pool", None, None, "§6.2.1", {"pool": storm.pool, "sums": {"pool": power}})
    ko_before = sum(1 for w in st.warriors if w.has(FAINTED))
    victim: Member | None = None
    mages = [m for m in st.mages if _has_costume(m)]
    if storm.pool > 0 and mages:
        t.rec.step("storm", "storm_mages")
        victim = pick_highest(t, storm, mages, high)
        t.rec.add("storm_victim", victim.id, None, "§6.2.2", {})
        victim = _strike_in_turn(t, storm, victim, _strike_mage, st.mages, "mage",
                                 _has_costume, "§6.2.4")
    if storm.pool > 0 and any(_alive(w) for w in st.warriors):
        t.rec.step("storm", "storm_warriors")
        if victim is not None and t.readings.storm_warrior_start == "count_on":
            n = _count_draw(t, storm, victim)
            victim = count_on(t, victim, n, "warrior", _alive)
        else:
            victim = pick_highest(t, storm, [w for w in st.warriors if _alive(w)], high)
        t.rec.add("storm_victim", victim.id, None, "§6.2.5", {})
        _strike_in_turn(t, storm, victim, _strike_warrior, st.warriors, "warrior", _alive,
                        "§6.2.5")
    t.rec.step("storm", "storm_end")
    t.rec.add("storm_end", None, None, "§6.2.6", {"pool": storm.pool})
    knocked = sum(1 for w in st.warriors if w.has(FAINTED)) - ko_before
    st.storms.append(StormTally(first_pool, knocked))
