"""Attacks, shared by both procedures: the attack commitment W1 (§5.4.1), its reveal and
validity (B5 / A2-1, §5.5), failures (B6 / A2-3, §5.6.1), the scoring table (B7 / A2-3,
§4.5) and continue-or-withdraw W2 (§5.8.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kassen.core.decisions import Request
from kassen.core.rules import implements
from kassen.rulesets.cardduel.catalogue import same_card
from kassen.rulesets.cardduel.catalogue_conditions import (
    ATTACK_BARS,
    FAILED,
    RIGHT_LOST,
    SITTING_OUT,
    WITHDREW,
)
from kassen.rulesets.cardduel.model import Commit, FieldCard, Member
from kassen.rulesets.cardduel.rules.battle import check_faint, set_face_down
from kassen.rulesets.cardduel.rules.checks import (
    FAIL,
    GAIN_LABELS,
    NONE,
    OK,
    gain_terms,
    hp_terms,
    score_round,
    total_terms,
)

if TYPE_CHECKING:
    from kassen.rulesets.cardduel.table import CardDuelTable

Commits = list[Commit | None]
"""One round's attacks, per side; None for a warrior without the attack right."""


def holds_right(t: CardDuelTable, w: Member) -> bool:
    """Whether warrior ``w`` may attack in the current round/engagement."""
    if not any(w.conds):
        return True
    for _row, bars in ATTACK_BARS:  # noqa: SIM110 (no generator on this hot path)
        if bars(t, w):
            return False
    return True


@implements("§5.4.1")
def usable_enchants(t: CardDuelTable, side: int) -> list[FieldCard]:
    """Field enchantments the warrior of ``side`` may point at (§5.4.1 iii, RB1): the
    team's list itself (``State.enchants``), to read, not to change."""
    return t.state.enchants[side]


@implements("§10")
def attack_context(t: CardDuelTable, w: Member, opp_right: bool) -> dict[str, Any]:
    """What the warrior knows (§10 information model), for W1 and W2."""
    st = t.state
    own, opp = st.enchants[w.side], st.enchants[1 - w.side]
    return {"member": w.id, "threshold": w.threshold, "fav": w.checks.fav,
            "hp": w.hp, "hand": w.hand[:], "deck_size": len(w.deck),
            "deck_valid": w.deck_valid,
            "own": [f.card for f in own] if own else [],
            "opp_enchants": [f.card for f in opp] if opp else [],
            "opp_right": opp_right, "adv": st.adv[:]}


def attack_values(t: CardDuelTable, w: Member, opp_right: bool) -> tuple[Any, ...]:
    """The values of :func:`attack_context` a W1/W2 shortcut takes (``Decider.shortcut``),
    in its order: threshold, fav, hp, hand, deck_size, deck_valid, own, opp_enchants,
    opp_right (the hand itself, not a copy: the shortcut answers before anything moves)."""
    st = t.state
    own, opp = st.enchants[w.side], st.enchants[1 - w.side]
    return (w.threshold, w.checks.fav, w.hp, w.hand, len(w.deck), w.deck_valid,
            [f.card for f in own] if own else (), [f.card for f in opp] if opp else (),
            opp_right)


def ask_attack(t: CardDuelTable, w: Member, opp_right: bool) -> Commit:
    """W1: commit a hand card, the deck top, an own-team enchantment, or pass."""
    shortcut = t.decider.shortcut(w.side, "W1")
    if shortcut is not None:
        answer = t.decider.record(shortcut(*attack_values(t, w, opp_right)))
    else:
        own = t.state.enchants[w.side]
        opts = (*w.hand, *(("deck",) if w.deck else ()),
                *(["field:" + f.card for f in own] if own else ()), "pass")
        answer = t.decider.decide(Request(w.side, "W1", opts,
                                          attack_context(t, w, opp_right)))
    if answer == "pass":
        t.rec.add("attack_pass", w.id, None, "§5.4.1", {})
        return Commit(w, None, "pass")
    return set_face_down(t, w, answer, "attack_set", "§5.4.1")


@implements("§5.5.4", "§5.5.2")
def reveal_attacks(t: CardDuelTable, commits: Commits, rule: str) -> bool:
    """B5 / A2-1: reveal, place the cards (§5.5.4), and tell whether they clash (§5.5.2).

    ``commits[side]`` is None for a warrior without the right. Sets each commit's
    ``outcome`` (OK / FAIL / NONE) and effective ``value``."""
    st = t.state
    st.face_down = []
    for side, c in enumerate(commits):
        if c is None:
            continue
        card = c.card
        if card is None:
            c.outcome, c.value = NONE, 0
            continue
        w = c.member
        source = c.source
        if source == "field":
            st.point_at(side, card, w.id, t.readings.enchant_consumed_on_use)
        else:
            st.place(card, w, "attack").used = True
        checks = w.checks
        valid = card in checks.valid
        c.outcome = OK if valid else FAIL
        c.value = value = checks.value[card]
        t.rec.add("attack_reveal", w.id, None, rule, {
            "card": card, "source": source, "valid": valid, "value": value,
            "sums": {"value": checks.value_sums[card]}})
    first, second = commits
    a = None if first is None else first.card
    d = None if second is None else second.card
    clash = a is not None and a == d and same_card(a, d)
    st.played = commits
    if clash:
        t.rec.add("clash", None, None, "§5.5.2", {"card": a})
    return clash


@implements("§5.6.1")
def apply_fails(t: CardDuelTable, commits: Commits, rule: str, next_only: bool = False) -> None:
    """B6 / A2-3: each FAIL warrior loses 1 HP and the attack right (§5.6.1)."""
    for side, c in enumerate(commits):
        if c is None or c.outcome != FAIL:
            continue
        w = t.state.warriors[side]
        before = w.hp
        w.hp = max(0, before - 1)
        if next_only:
            w.gain(SITTING_OUT, t.state.round + 1)
        else:
            w.gain(RIGHT_LOST)
        w.gain(FAILED)
        t.rec.add("attack_fail", w.id, None, rule, {
            "hp": w.hp, "sums": {"hp": hp_terms(before, "failed_attack", 1, rule)}})
        check_faint(t, w, rule)


@implements("§4.5")
def score(t: CardDuelTable, commits: Commits, rule: str) -> None:
    """B7 / A2-3: the scoring table (§4.5); a warrior without the right is NONE."""
    first, second = commits
    outcomes = (NONE if first is None else first.outcome,
                NONE if second is None else second.outcome)
    values = (0 if first is None else first.value, 0 if second is None else second.value)
    gains = score_round(outcomes, values)[0]  # type: ignore[arg-type]
    st = t.state
    adv = st.adv
    if not (gains[0] or gains[1]):
        t.rec.add("no_advantage", None, None, rule, {"outcomes": outcomes, "adv": adv[:]})
        return
    for side in (0, 1):
        gain = gains[side]
        if gain:
            before = adv[side]
            adv[side] = total = before + gain
            if total > st.max_adv:
                st.max_adv = total
            other = outcomes[1 - side]
            t.rec.add("advantage", st.warriors[side].id, None, rule, {
                "gain": gain, "total": total, "outcomes": outcomes, "sums": {
                    "gain": gain_terms(other, values[side], values[1 - side]),
                    "total": total_terms(before, GAIN_LABELS[other], gain, "§4.5")}})


@implements("§5.8.1")
def ask_continue(t: CardDuelTable, w: Member, rule: str) -> bool:
    """W2: continue, or withdraw (放棄) for the rest of the battle (§5.8.1)."""
    opp_right = not t.state.warriors[1 - w.side].has(RIGHT_LOST)
    shortcut = t.decider.shortcut(w.side, "W2")
    if shortcut is not None:
        answer = t.decider.record(shortcut(*attack_values(t, w, opp_right)))
    else:
        answer = t.decider.decide(Request(w.side, "W2", ("continue", "withdraw"),
                                          attack_context(t, w, opp_right)))
    if answer == "withdraw":
        w.gain(RIGHT_LOST)
        w.gain(WITHDREW)
        t.rec.add("withdraw", w.id, None, rule, {})
        return False
    t.rec.add("continue", w.id, None, rule, {})
    return True


@implements("§5.9")
def all_passed(commits: Commits) -> bool:
    """§5.9 / D13: every warrior that held the right passed this round."""
    first, second = commits
    if first is None:
        return second is not None and second.card is None
    return first.card is None and (second is None or second.card is None)
