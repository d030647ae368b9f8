"""The AI policies of §10 (RB6): ``careful`` (t = 0.70, g = 3) and ``bold`` (t = 0.60,
g = 1). Both are deterministic and draw nothing from any random stream; they read only the
request's options and context (the §10 information model)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from typing import Any

from kassen.core.decisions import Request, deterministic
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.catalogue import (
    CARD_RANKS,
    CARD_VALUES,
    COSTUMES,
    SUIT_ORDER,
    is_joker,
    valid_cards,
)
from kassen.rulesets.cardduel.rules.checks import effective

SURRENDER_HP = 1
SURRENDER_OPP_HP = 8


def _suit_index(card: str) -> int:
    return SUIT_ORDER[card[0]]


class AttackOrder:
    """How W1 ranks the cards of one character (its 発現値 and active favoured suits): the
    valid cards, and per card its rank in the weakest-first and in the strongest-first
    order, ties in suit order (§10). A rank is one integer, effective value × 8 + suit
    index (negated value for the strongest-first order), so comparing two is one integer
    comparison. Made once per character profile."""

    __slots__ = ("strongest", "valid", "weakest")

    def __init__(self, threshold: int, fav: tuple[str, ...]) -> None:
        self.valid = valid_cards(threshold, fav)
        self.weakest = {c: effective(c, fav) * 8 + _suit_index(c) for c in CARD_VALUES}
        self.strongest = {c: -effective(c, fav) * 8 + _suit_index(c) for c in CARD_VALUES}


@functools.lru_cache(maxsize=256)
def attack_order(threshold: int, fav: tuple[str, ...]) -> AttackOrder:
    """The shared :class:`AttackOrder` of a 発現値 and favoured suits."""
    return AttackOrder(threshold, fav)


def _pick(cards: list[str], ok: frozenset[str], danger: Any, rank: dict[str, int]) -> str | None:
    """The first of the valid ``cards`` by ``rank`` (the earliest on a tie), avoiding
    ``danger`` where it can (a Joker is never in danger: it never clashes, §12.4). One pass,
    no temporary lists: W1 and W2 call it for every decision."""
    best = safe = None
    best_rank = safe_rank = 0
    for c in cards:
        if c not in ok:
            continue
        r = rank[c]
        if best is None or r < best_rank:
            best, best_rank = c, r
        if danger and (safe is None or r < safe_rank) and (c not in danger or is_joker(c)):
            safe, safe_rank = c, r
    return best if safe is None else safe


def choose_attack(t: float, g: int, threshold: int, fav: tuple[str, ...], hp: int,
                  hand: list[str], deck_size: int, deck_valid: int, own: Sequence[str],
                  opp_enchants: Sequence[str], opp_right: bool) -> str:
    """W1 (§10) with blind-play threshold ``t`` and HP guard ``g``, from the values of the
    W1/W2 context (``attack.attack_context``): enchantments first, then hand cards, then
    the deck if deckOK, else pass. Every answer is legal: an own enchantment, a hand card,
    the deck only when it holds a card, or pass."""
    order = attack_order(threshold, fav)
    ok = order.valid
    # a card the opponent could clash with is avoided while the opponent may attack
    danger = opp_enchants if opp_right else ()
    # the strongest card against an attacker, the weakest that scores otherwise
    rank = order.strongest if opp_right else order.weakest
    if own:
        card = _pick(own, ok, danger, rank)
        if card is not None:
            return "field:" + card
    card = _pick(hand, ok, danger, rank)
    if card is not None:
        return card
    if deck_size > 0 and hp > g and deck_valid / deck_size >= t:
        return "deck"
    return "pass"


def choose_continue(t: float, g: int, threshold: int, fav: tuple[str, ...], hp: int,
                    hand: list[str], deck_size: int, deck_valid: int, own: Sequence[str],
                    opp_enchants: Sequence[str], opp_right: bool) -> str:
    """W2 (§10): continue while W1 would attack with something, else withdraw."""
    attack = choose_attack(t, g, threshold, fav, hp, hand, deck_size, deck_valid, own,
                           opp_enchants, opp_right)
    return "continue" if attack != "pass" else "withdraw"


def attack_choice(ctx: dict[str, Any], t: float, g: int) -> str:
    """W1 (§10) from the request's context."""
    return choose_attack(t, g, ctx["threshold"], tuple(ctx["fav"]), ctx["hp"], ctx["hand"],
                         ctx["deck_size"], ctx["deck_valid"], ctx["own"],
                         ctx["opp_enchants"], ctx["opp_right"])


def choose_enchant(threshold: int, fav: tuple[str, ...], mp: int, hand: list[str],
                   deck_size: int, w_threshold: int, w_fav: tuple[str, ...], w_right: bool,
                   field_ranks: Collection[str]) -> str:
    """M1 (§10) from the values of the M1 context (as ``enchant.ask_enchant`` passes them;
    ``field_ranks`` only read for membership): fish for a
    happening, else a safe valid card, else the deck if MP ≥ 2. Every answer is legal: a
    hand card, the deck only when it holds a card, or pass."""
    if not w_right:
        return "pass"
    ranks = field_ranks
    ok = valid_cards(threshold, fav)
    warrior = attack_order(w_threshold, w_fav)
    weakest = warrior.weakest
    # a Joker's rank is "" and never among the field's ranks
    fish = [c for c in hand if CARD_RANKS[c] in ranks]
    if fish and deck_size >= 3:
        return min(fish, key=lambda c: (c in ok, weakest[c]))
    w_ok = warrior.valid
    safe = [c for c in hand if c in ok and c in w_ok and CARD_RANKS[c] not in ranks]
    if safe:
        return min(safe, key=weakest.__getitem__)
    if mp >= 2 and deck_size > 0:
        return "deck"
    return "pass"


def enchant_choice(ctx: dict[str, Any]) -> str:
    """M1 (§10) from the request's context."""
    return choose_enchant(ctx["threshold"], ctx["fav"], ctx["mp"], ctx["hand"],
                          ctx["deck_size"], ctx["w_threshold"], tuple(ctx["w_fav"]),
                          ctx["w_right"], set(ctx["field_ranks"]))


def _thrifty(costumes: list[str], into: str) -> str:
    """Smallest 変換魔素量 first; for MP give up the fewest cards, for hand take the most."""
    sign = 1 if into == "mp" else -1
    order = list(COSTUMES)
    return min(set(costumes), key=lambda c: (COSTUMES[c].mp, sign * COSTUMES[c].cards,
                                             order.index(c)))


def costume_choice(request: Request) -> str:
    """M0 / M3 / S1 with the thrifty order (§10, D20)."""
    ctx = request.context
    if request.kind == "M3":
        return _thrifty(list(request.options), "mp")
    if request.kind == "S1":
        order = list(COSTUMES)
        return min(request.options, key=lambda c: (COSTUMES[c].cards, order.index(c)))
    if ctx["mp"] == 1:
        return _thrifty(ctx["costumes"], "mp") + ":mp"
    if ctx["hand_size"] == 0 and ctx["deck_size"] > 0:
        return _thrifty(ctx["costumes"], "hand") + ":hand"
    return "pass"


def make_policy(t: float, g: int) -> Callable[[Request, Rng], Any]:
    """A §10 policy with blind-play threshold ``t`` and HP guard ``g``."""

    def policy(request: Request, rng: Rng) -> Any:
        kind, ctx = request.kind, request.context
        if kind == "W1":
            return attack_choice(ctx, t, g)
        if kind == "W2":
            return "continue" if attack_choice(ctx, t, g) != "pass" else "withdraw"
        if kind == "M1":
            return enchant_choice(ctx)
        if kind == "M2":
            return "continue" if ctx["usable"] == 0 and ctx["played"] < 3 else "stop"
        if kind in ("M0", "M3", "S1"):
            return costume_choice(request)
        if kind == "W3":
            hopeless = ctx["hp"] <= SURRENDER_HP and ctx["opp_hp"] >= SURRENDER_OPP_HP
            return "surrender" if hopeless else "continue"
        return request.options[0]

    # W1, W2 and M1 answered from the context's values, without a request (Decider.shortcut)
    policy.shortcuts = {  # type: ignore[attr-defined]
        "W1": functools.partial(choose_attack, t, g),
        "W2": functools.partial(choose_continue, t, g), "M1": choose_enchant}
    return policy


POLICIES: dict[str, Callable[[Request, Rng], Any]] = {
    "careful": deterministic(make_policy(0.70, 3)),
    "bold": deterministic(make_policy(0.60, 1)),
}
"""Policy name → policy; ``careful`` is the default (the first)."""
