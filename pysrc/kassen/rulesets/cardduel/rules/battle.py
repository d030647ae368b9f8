"""The battle steps both procedures share: a battle's start (§2.6 refill, §12.1 usage
conditions), the last damage check (B9 / A4, §4.6), fainting (§2.3) and the reset (B9 / A5,
§5.10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue_conditions import AT_RESET, FAINTED
from kassen.rulesets.cardduel.catalogue_suits import SUIT_ROWS
from kassen.rulesets.cardduel.model import Commit, DamageCheck, Member
from kassen.rulesets.cardduel.rules.checks import damage_terms, final_damage, hp_terms

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable


@implements("§5.10.3", "§2.6", "§12.1")
def begin_battle(t: CardDuelTable) -> None:
    """Start a battle: the shuffle the last reset left due (§5.10.3), counters, hand
    refill (§2.6), favoured-suit conditions (D15: with ``cond_model = table`` each
    favoured suit's row tests its §12.1 usage condition)."""
    st = t.state
    if st.shuffle_due:
        for m in st.members:
            t.rng.shuffle(m.deck)
        st.shuffle_due = False
    st.battle += 1
    st.round = 0
    st.happenings = []
    st.last_damage = None
    st.storm_now = False
    t.rec.turn = st.battle
    t.rec.step("start", "battle_start")
    t.rec.add("battle_start", None, None, "§5", {"battle": st.battle})
    if st.battle > 1 and t.readings.hand_refill == "battle":
        for m in st.members:
            need = m.base - len(m.hand)
            if need > 0:
                got = m.draw_to_hand(need)
                t.rec.add("refill", m.id, None, "§2.6", {"drawn": len(got), "hand": len(m.hand)})
    if t.readings.cond_model == "table":
        for m in st.members:
            m.activate([s for s in m.fav if SUIT_ROWS[s].usage(t, m)])


@implements("§5.1.1", "§5.4.1")
def set_face_down(t: CardDuelTable, m: Member, answer: str, event: str, rule: str) -> Commit:
    """Set the chosen card face down (M1 §5.1.1, W1 §5.4.1): ``deck`` (its top card),
    ``field:CARD`` (an own-team enchantment, W1 only) or a hand card."""
    card: str | None
    if answer == "deck":
        card, source = m.take_top(), "deck"
    elif answer.startswith("field:"):
        card, source = answer[6:], "field"
    else:
        m.hand.remove(answer)
        card, source = answer, "hand"
    commit = Commit(m, card, source)
    t.state.face_down.append(commit)
    t.rec.add(event, m.id, None, rule, {"source": source})
    return commit


@implements("§16")
def finish_battle(t: CardDuelTable, why: str, damage: tuple[str, str],
                  reset: tuple[str, str]) -> None:
    """After the last round: count how it ended (§16 statistics), then the last damage
    check and the reset, each at its (step, rule)."""
    st = t.state
    st.battle_ends.append(why)
    st.rounds_total += st.round
    damage_step(t, *damage)
    reset_table(t, *reset)


@implements("§4.6", "§2.3")
def damage_step(t: CardDuelTable, phase: str, rule: str) -> None:
    """B9 / A4: the final damage formula (§4.6); HP floors at 0; fainting (§2.3)."""
    st = t.state
    t.rec.step(phase, "last_damage")
    a, c = st.adv
    dealt = final_damage(a, c)
    st.last_damage = DamageCheck([a, c], list(dealt))
    t.rec.add("damage_check", None, None, rule, {"adv": [a, c], "damage": list(dealt)})
    for side in (0, 1):
        amount = dealt[side]
        st.dealt[side] += amount
        target = st.warriors[1 - side]
        if amount:
            before = target.hp
            target.hp = max(0, before - amount)
            t.rec.add("damage", st.warriors[side].id, target.id, rule, {
                "amount": amount, "hp": target.hp, "sums": {
                    "amount": damage_terms(st.adv[side], st.adv[1 - side]),
                    "hp": hp_terms(before, "damage", amount, "§4.6")}})
    for w in st.warriors:
        check_faint(t, w, rule)


@implements("§2.3")
def check_faint(t: CardDuelTable, w: Member, rule: str) -> None:
    """HP 0 → 気絶 (fainted, defeated) (§2.3)."""
    if w.hp <= 0 and not w.has(FAINTED):
        w.gain(FAINTED)
        t.rec.add("faint", w.id, None, rule, {})


@implements("§5.10.2")
def reset_table(t: CardDuelTable, phase: str, rule: str) -> None:
    """B9 / A5: advantages 0, rights back, field and discards to the owners' decks,
    every participant shuffles (§5.10.2–3).

    The shuffle is made when the next battle starts (``begin_battle``), before anyone
    draws: nothing draws from the main stream in between (decisions have their own), so
    the events are the same, and a match's last reset shuffles nothing."""
    st = t.state
    t.rec.step(phase, "reset")
    st.adv = [0, 0]
    for m in st.members:
        for _row, clear in AT_RESET:
            clear(t, m)
    piles: list[list[str]] = [[] for _ in st.members]
    for f in st.clear_field():
        piles[f.owner.seat].append(f.card)
    for m, pile in zip(st.members, piles, strict=True):
        if pile:
            m.to_deck(pile)
    returns = t.readings.discard_returns
    for m in st.members:
        if returns:
            m.to_deck(m.discard)
            m.discard = []
    st.shuffle_due = True
    t.rec.add("reset", None, None, rule, {"decks": [len(m.deck) for m in st.members]})
