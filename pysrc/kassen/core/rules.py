"""The marker a rule function carries for the rule index (issue 28: ``rules --where ID`` lists
the code that implements a rule, not only the option that governs it).

``@implements("R8.5")`` above a function says "this is where rule R8.5 is carried out"; the
rule index reads it from the source with ``ast`` (:mod:`kassen.rulesindex.code`), so the
decorator itself does nothing at run time: it returns the function unchanged, costs one call
at import and none per battle. The ids are written as events carry them (``R8.5``,
``§5.3.2a``, ``§7 A1-b``, ``§11 スタン``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as implementing ``rule_ids``; the function comes back unchanged."""

    def mark(func: F) -> F:
        return func

    return mark
