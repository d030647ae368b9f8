"""Helpers for rulesets' build-lab moves (``Ruleset.search_move``): change one part of a frozen
build and keep the result only when the ruleset's own validator accepts its text.

A part is a path of attribute names (``("warrior", "base")``). A *nudge* moves an integer part
by one within bounds; a *graft* copies a part (or one element of a tuple part) from a donor
build, typically a random legal one, so every value a move can produce is one the ruleset's
random builds already make. Legality is never guessed: :func:`legal` parses the exported text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from kassen.core.rng import Rng

Path = tuple[str, ...]
TRIES = 48


def get(build: Any, path: Path) -> Any:
    """The part of ``build`` at ``path`` (None below an absent part)."""
    for name in path:
        if build is None:
            return None
        build = getattr(build, name)
    return build


def put(build: Any, path: Path, value: Any) -> Any:
    """``build`` with the part at ``path`` replaced by ``value``."""
    if len(path) == 1:
        return replace(build, **{path[0]: value})
    return replace(build, **{path[0]: put(getattr(build, path[0]), path[1:], value)})


def legal(ruleset: Any, build: Any, options: dict[str, Any]) -> Any | None:
    """The build as its text parses back under ``options``, or None when it is not legal."""
    try:
        text = ruleset.export(build)
    except (AttributeError, TypeError, ValueError, KeyError):
        return None
    parsed, _ = ruleset.parse(text, options)
    return parsed


def graft(build: Any, donor: Any, path: Path, rng: Rng) -> Any:
    """``build`` with the donor's part at ``path`` (one element of it, half the time, when
    both are tuples of the same length)."""
    if len(path) > 1 and (get(build, path[:-1]) is None or get(donor, path[:-1]) is None):
        return build
    mine, theirs = get(build, path), get(donor, path)
    if (isinstance(mine, tuple) and isinstance(theirs, tuple) and mine
            and len(mine) == len(theirs) and rng.below(2)):
        i = rng.below(len(mine))
        theirs = (*mine[:i], theirs[i], *mine[i + 1:])
    return put(build, path, theirs)


def nudge(build: Any, path: Path, low: int, high: int, rng: Rng) -> Any:
    """``build`` with the integer at ``path`` one up or down, kept within ``low``–``high``."""
    value = get(build, path) + (1 if rng.below(2) else -1)
    return put(build, path, max(low, min(high, value)))


def move(ruleset: Any, build: Any, rng: Rng, options: dict[str, Any],
         donor: Callable[[Rng], Any], grafts: Sequence[Path],
         nudges: Sequence[tuple[Path, int, int]] = ()) -> Any:
    """A legal build one nudge or graft away from ``build`` (``build`` itself when none of
    :data:`TRIES` attempts is legal and different)."""
    for _ in range(TRIES):
        if nudges and rng.below(2):
            path, low, high = nudges[rng.below(len(nudges))]
            if get(build, path) is None:
                continue
            candidate = nudge(build, path, low, high, rng)
        else:
            candidate = graft(build, donor(rng), grafts[rng.below(len(grafts))], rng)
        found = legal(ruleset, candidate, options)
        if found is not None and found != build:
            return found
    return build
