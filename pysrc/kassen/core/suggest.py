"""Help for bad build text, the same in every ruleset: the nearest known names for an unknown
one (the characters a name may not hold are named by :func:`kassen.core.text.name_problem`)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_SUGGESTIONS = 3


def nearest(token: str, names: Iterable[str], n: int = MAX_SUGGESTIONS, ignore: str = "",
            cutoff: float = 0.4) -> str:
    """Up to ``n`` known names nearest to ``token`` ("、"-joined; "-" when none is near):
    by similarity first (case-insensitive), then names sharing a character with it
    (characters in ``ignore``, such as the 剣 every sword name ends with, do not count)."""
    known = list(dict.fromkeys(names))
    lowered = {name.lower(): name for name in known}
    found = [lowered[m] for m in difflib.get_close_matches(token.lower(), list(lowered), n=n,
                                                           cutoff=cutoff)]
    telling = {c for c in token if not c.isspace() and c not in ignore}
    if not found:
        found = [name for name in known if telling & set(name)][:n]
    return "、".join(found) or "-"
