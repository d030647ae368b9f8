"""The sum behind a number (issue 16; design 3): every number an engine computes for the board
carries its terms on the event, as language-free data the page shows on demand.

An event explains its numbers in ``values["sums"]``, a mapping from the name of the value it
explains to that value's terms::

    values = {"damage": 7, "sums": {"damage": [["=", "attack", 12], ["-", "defence", 5]]}}

A term is ``[op, label, value]`` or ``[op, label, value, rule]`` (a tuple in memory, so an
engine can share one; the same list in JSON); the terms fold left to right
from nothing (:func:`fold`). ``label`` is a language-free id whose words are the ruleset's
``sum.<label>`` text in every language (the key of the number explained needs
``sum.<key>`` words too: it heads the breakdown); ``rule`` (optional) is the rule id that
adds this term (重撃剣's ×2, ガード's halving), so the page can link it to the rules reference.
``value`` is an ``int``, a ``float`` (a ruleset that computes in binary floats says so by
using them), an exact ratio written ``"n/d"``, a nested term list (a parenthesised part,
folded on its own), or ``None`` for the unary operations.

Operations: ``=`` start with the value; ``+``, ``-``, ``*``; ``/`` exact division; ``//``
floor division and ``ceil/`` ceiling division by the value; ``max`` / ``min`` bound from
below / above by the value (at least 0, at most the HP left); ``floor``, ``ceil`` and
``round`` (half up) round what has been folded so far (no value); ``note`` adds nothing and
says something (a die that was a critical, a hit that was negated), its value shown as is.

Property tests (one per ruleset) fold every sum of every event of random battles and compare
it with the value the event reports (:func:`mismatches`), so a breakdown cannot drift from the
number it explains.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

Number = int | float | Fraction

OPS = ("=", "+", "-", "*", "/", "//", "ceil/", "max", "min", "floor", "ceil", "round", "note")
"""Every operation a term may carry, in the order the page's legend lists them."""
UNARY = frozenset({"floor", "ceil", "round", "note"})
NESTED = (list, tuple)
"""A term's value of these types is a parenthesised part (tuples in memory, lists in JSON)."""


def term(op: str, label: str, value: Any = None, rule: str | None = None) -> list[Any]:
    """One term as the event carries it (``rule`` left off when there is none)."""
    return [op, label, value] if rule is None else [op, label, value, rule]


def _number(value: Any, floats: bool) -> Number:
    if isinstance(value, NESTED):
        return fold(value)
    if isinstance(value, str):
        num, _, den = value.partition("/")
        ratio = Fraction(int(num), int(den or "1"))
        return float(ratio) if floats else ratio
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number in a sum: {value!r}")
    return value


def _uses_floats(terms: Sequence[Any]) -> bool:
    return any(isinstance(t[2], float) for t in _walk(terms))


def fold(terms: Sequence[Sequence[Any]]) -> Number:
    """The number the terms make, folded left to right (exact unless a term is a float)."""
    floats = _uses_floats(terms)
    acc: Number = 0
    for t in terms:
        op = t[0]
        if op == "note":
            continue
        if op in UNARY:
            acc = (math.floor(acc) if op == "floor" else math.ceil(acc) if op == "ceil"
                   else math.floor(acc + Fraction(1, 2) if not floats else acc + 0.5))
            continue
        v = _number(t[2], floats)
        if op == "=":
            acc = v
        elif op == "+":
            acc = acc + v
        elif op == "-":
            acc = acc - v
        elif op == "*":
            acc = acc * v
        elif op == "/":
            acc = acc / v if floats else Fraction(acc) / v
        elif op == "//":
            acc = acc // v
        elif op == "ceil/":
            acc = -(-acc // v)
        elif op == "max":
            acc = max(acc, v)
        elif op == "min":
            acc = min(acc, v)
        else:
            raise ValueError(f"unknown operation in a sum: {op!r}")
    return acc


def _walk(terms: Iterable[Sequence[Any]]) -> Iterator[Sequence[Any]]:
    """Every term, each nested part's terms right after the term that holds it."""
    for t in terms:
        yield t
        if isinstance(t[2], NESTED):
            yield from _walk(t[2])


def labels(terms: Iterable[Sequence[Any]]) -> list[str]:
    """Every label the terms use, nested ones included, in order, each once."""
    return list(dict.fromkeys(t[1] for t in _walk(terms)))


def rules(terms: Iterable[Sequence[Any]]) -> list[str]:
    """The rule ids the terms cite (nested ones included), in order, each once."""
    return list(dict.fromkeys(t[3] for t in _walk(terms) if len(t) > 3 and t[3]))


def event_sums(values: Mapping[str, Any]) -> Mapping[str, Sequence[Any]]:
    """The sums an event's values carry (empty when it explains no number)."""
    sums = values.get("sums")
    return sums if isinstance(sums, Mapping) else {}


def mismatches(events: Iterable[Any]) -> list[str]:
    """Every sum of ``events`` that does not fold to the number its event reports, described
    (empty when every breakdown is exact). Events are :class:`kassen.core.events.Event`."""
    found: list[str] = []
    for e in events:
        for key, terms in event_sums(e.values).items():
            want = e.values.get(key)
            try:
                got = fold(terms)
            except (ValueError, TypeError, ZeroDivisionError, IndexError) as exc:
                found.append(f"event {e.seq} ({e.kind}) {key}: {exc}")
                continue
            if got != want:
                found.append(f"event {e.seq} ({e.kind}) {key}: terms make {got}, event says {want}")
    return found


def used_labels(events: Iterable[Any]) -> list[str]:
    """Every word a sum of the events needs, in order of first use: the name of each number
    explained (its key, the panel's heading) and every term label."""
    return list(dict.fromkeys(word for e in events for key, terms in event_sums(e.values).items()
                              for word in (key, *(t[1] for t in _walk(terms)))))
