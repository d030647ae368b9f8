"""Test helpers for the card duel: battles from texts, stacked decks, scripted choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kassen.core import options as options_mod
from kassen.core import registry
from kassen.core.ruleset import Setup

W8 = "A:warrior year=1 base=3 max=6 th=8 fav=- hp=10"
W8B = "B:warrior year=1 base=3 max=6 th=8 fav=- hp=10"
M8 = "MA:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=cloak,ribbon"
M8B = "MB:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=shoes,hat"


def ruleset() -> Any:
    """The registered card duel ruleset."""
    return registry.get("cardduel")


def make(sides: Sequence[str], options: dict[str, Any] | None = None,
         choices: Sequence[Any] = (), policies: Sequence[str | None] = ("careful", "careful"),
         seed: str = "xo1:test") -> Any:
    """A battle at its start; ``choices`` are answered first, in request order."""
    rs = ruleset()
    opts, problems = options_mod.resolve(rs.options, options or {})
    assert not problems, problems
    builds = []
    for text in sides:
        build, found = rs.parse(text, opts)
        assert not found, found
        builds.append(build)
    return rs.new_battle(Setup(builds, opts, seed, list(choices), list(policies)))


def stack(battle: Any, mid: str, deck: Sequence[str] | None = None,
          hand: Sequence[str] | None = None) -> None:
    """Set a member's deck (top first) and/or hand directly."""
    m = battle.member(mid)
    if hand is not None:
        pool = m.deck + m.hand
        m.hand = list(hand)
        m.set_deck([c for c in pool if c not in hand])
    if deck is not None:
        m.set_deck(list(deck))


def start(sides: Sequence[str], hands: dict[str, Sequence[str]], choices: Sequence[Any],
          options: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A battle whose members hold the given hands (the rest of each deck stays shuffled)."""
    b = make(sides, options, choices, **kw)
    for mid, hand in hands.items():
        stack(b, mid, hand=hand)
    return b


def kinds(battle: Any) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in battle.rec.events()]


def events(battle: Any, kind: str) -> list[Any]:
    """Events of one kind."""
    return [e for e in battle.rec.events() if e.kind == kind]
