"""Work bounds for fuzz tests that count calls, not seconds: the same on a busy machine and an
idle one, so a test can say "this input is refused after little work" without a clock."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Work:
    """Function calls (Python and built-in) made inside a ``with counted()`` block."""

    calls: int = 0


@contextmanager
def counted() -> Iterator[Work]:
    """Count every call the block makes through ``sys.setprofile`` (Python functions and
    built-ins such as a regex match alike). Deterministic: a pathological input shows up as a
    count far above the bound whatever the machine's load."""
    work = Work()
    previous = sys.getprofile()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" or event == "c_call":
            work.calls += 1

    sys.setprofile(profile)
    try:
        yield work
    finally:
        sys.setprofile(previous)


MAX_CALLS = 500_000
"""The most calls one parse of a build or a link may make: about ten times the worst input
the fuzz tiers have drawn (a 100,000-character build text, a 16,000-character link: 11,000
and 40,000 calls), and far below what a quadratic or exponential path would make."""
