"""A mage's resources (§2.4, §5.3, §9): costumes converted into MP or hand cards, MP loss,
the forced conversion at MP 0 (M3) and exhaustion (消耗)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import COSTUME_ORDER, COSTUMES
from kassen.rulesets.cardduel.catalogue_conditions import EXHAUSTED
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.rules.checks import CACHE, Terms

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


def costume_kinds(costumes: Iterable[str]) -> list[str]:
    """The kinds among ``costumes``, each once, in catalogue order."""
    return sorted(set(costumes), key=COSTUME_ORDER.index)


def held_costumes(m: Member) -> list[str]:
    """The kinds of costume ``m`` still wears, in catalogue order."""
    return costume_kinds(m.costumes)


@functools.lru_cache(maxsize=256)
@implements("§5.1.0")
def conversion_options(costumes: tuple[str, ...]) -> tuple[str, ...]:
    """M0's answers for a mage wearing ``costumes``: pass, or a kind of costume into MP or
    hand cards, kinds in catalogue order (§5.1.0)."""
    return ("pass", *(f"{c}:{into}" for c in costume_kinds(costumes) for into in ("mp", "hand")))


@functools.lru_cache(maxsize=CACHE)
@implements("§2.4")
def mp_gain_terms(before: int, label: str, gain: int, rule: str, max_mp: int) -> Terms:
    """MP after a gain: what the mage had plus the gain, never capped inside a match (a
    costume may take MP above MaxMP, §2.4; noted when it does)."""
    above = (("note", "above_max_mp", max_mp, "§2.4"),) if before + gain > max_mp else ()
    return (("=", "mp_before", before), ("+", label, gain, rule), *above)


@functools.lru_cache(maxsize=CACHE)
@implements("§5.3.3")
def mp_loss_terms(before: int, loss: int, rule: str, label: str = "invalid_enchant") -> Terms:
    """MP after a loss labelled ``label`` (an invalid enchant, or the row of an effect that
    costs MP): what the mage had minus the loss, at least 0 (§5.3.3)."""
    floor = (("max", "mp_floor", 0, "§5.3.3"),) if loss > before else ()
    return (("=", "mp_before", before), ("-", label, loss, rule), *floor)


@implements("§2.4")
def convert(t: CardDuelTable, m: Member, costume: str, into: str, rule: str) -> None:
    """Consume one costume into MP (MaxMP may be exceeded) or hand cards (§2.4)."""
    m.costumes.remove(costume)
    c = COSTUMES[costume]
    if into == "mp":
        before = m.mp
        m.mp += c.mp
        t.rec.add("convert_mp", m.id, None, rule, {
            "costume": costume, "gain": c.mp, "mp": m.mp,
            "sums": {"mp": mp_gain_terms(before, "costume_mp", c.mp, "§2.4", m.max_mp)}})
    else:
        got = m.draw_to_hand(c.cards)
        t.rec.add("convert_hand", m.id, None, rule, {
            "costume": costume, "drawn": len(got), "hand": len(m.hand)})


@implements("§5.3.1", "§5.3.3")
def lose_mp(t: CardDuelTable, m: Member, amount: int, rule: str,
            label: str = "invalid_enchant") -> None:
    """MP −amount; at 0 a costume must be converted into MP at once (§5.3.1, M3), or
    the mage is exhausted when none is left (§5.3.3). ``label`` names the loss in the
    event's sums (an invalid enchant, or the row of the effect that costs the MP)."""
    before = m.mp
    m.mp = max(0, before - amount)
    t.rec.add("mp_loss", m.id, None, rule, {
        "amount": amount, "mp": m.mp, "sums": {"mp": mp_loss_terms(before, amount, rule, label)}})
    if m.mp > 0:
        return
    if m.costumes:
        pick = t.decider.decide(Request(m.side, "M3", tuple(held_costumes(m)), {
            "member": m.id, "costumes": list(m.costumes)}))
        m.costumes.remove(pick)
        m.mp = COSTUMES[pick].mp
        t.rec.add("convert_forced", m.id, None, "§5.3.1", {
            "costume": pick, "mp": m.mp,
            "sums": {"mp": mp_gain_terms(0, "costume_mp", m.mp, "§5.3.1", m.max_mp)}})
    elif not m.has(EXHAUSTED):
        m.gain(EXHAUSTED)
        t.rec.add("exhausted", m.id, None, "§5.3.3", {})


@implements("§5.1.0")
def voluntary_conversions(t: CardDuelTable, m: Member, rule: str) -> None:
    """M0: before enchanting, convert any number of costumes (§5.1.0, D10)."""
    if not t.readings.voluntary_costume:
        return
    for _ in range(len(m.costumes)):
        if not m.costumes:
            return
        shortcut = t.decider.shortcut(m.side, "M0")
        if shortcut is not None:  # the M0 context's values (the costumes themselves)
            answer = t.decider.record(shortcut(m.mp, m.costumes, len(m.hand), len(m.deck)))
        else:
            answer = t.decider.decide(Request(
                m.side, "M0", conversion_options(tuple(m.costumes)), {
                    "member": m.id, "mp": m.mp, "hand_size": len(m.hand),
                    "max_hand": m.max_hand, "deck_size": len(m.deck),
                    "costumes": list(m.costumes)}))
        if answer == "pass":
            return
        costume, _, into = answer.partition(":")
        convert(t, m, costume, into, rule)
