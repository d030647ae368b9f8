"""Decisions: requests the engine raises, answered by a policy or by a person (design 3).

An engine calls :meth:`Decider.decide` with a :class:`Request` listing the legal answers.
Recorded answers (a record's ``choices``) are replayed first, in order; past them the side's
policy answers and the answer is appended, so the record always holds every choice and a
replay needs no AI. A side played by a person has no policy: the decider raises
:class:`NeedDecision` and the driver re-runs the turn once the person has answered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.rng import Rng


@dataclass(slots=True)
class Request:
    """A decision a side must make: ``kind`` names it, ``options`` are the legal answers.

    Treat it as read-only. It is not a frozen dataclass because one is made per decision on
    the card duel's and skirmish's hot paths, and a frozen one's ``__init__`` costs three
    times as much (``object.__setattr__`` per field).
    """

    side: int
    kind: str
    options: tuple[Any, ...]
    context: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The request as sent to the page."""
        return {"side": self.side, "kind": self.kind, "options": list(self.options),
                "context": self.context}


Policy = Callable[[Request, Rng], Any]
"""A policy answers a request; it may draw from the stream it is given, which is derived
from the seed and the decision's index, so replays and re-simulation never shift it."""


class NoDraws(Rng):
    """The stream a :func:`deterministic` policy is handed: any draw is a bug, and says so."""

    __slots__ = ()

    def _refuse(self, *args: Any) -> Any:
        raise AssertionError("a policy marked deterministic drew from its stream")

    next_u64 = below = shuffle = derive = getstate = _refuse


NO_DRAWS = NoDraws("xo1:no-draws")
_NONE: Mapping[str, Callable[..., Any]] = MappingProxyType({})
"""No shortcuts."""


def deterministic(policy: Policy) -> Policy:
    """Mark ``policy`` as one that never draws from the stream it is given: the decider then
    skips deriving a stream per decision (a string, an object and a seed text each time, for
    nothing) and hands it :data:`NO_DRAWS`. Its answers are unchanged."""
    policy.draws = False  # type: ignore[attr-defined]
    return policy


class NeedDecision(Exception):
    """A person must answer ``request`` before the battle can go on."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.kind)
        self.request = request


class Decider:
    """Replays recorded answers, then asks each side's policy, recording every answer."""

    def __init__(
        self,
        choices: Sequence[Any],
        policies: Sequence[Policy | None],
        rng: Rng,
        label: str | None = None,
    ) -> None:
        self.choices: list[Any] = list(choices)
        self.recorded = len(self.choices)
        self.policies = policies
        self._parent = rng
        self._label = label
        self._rng: Rng | None = rng if label is None else None
        self.cursor = 0

    @property
    def rng(self) -> Rng:
        """The stream policies' per-decision streams derive from: ``rng`` itself, or with a
        ``label`` ``rng.derive(label)``, derived on first use (most battles never ask a
        drawing policy, and deriving a stream per battle for nothing costs)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = self._parent.derive(self._label or "")
        return rng

    @property
    def policies(self) -> list[Policy | None]:
        """Each side's policy (None: a person). Setting it (tests script a side) also sets
        what :meth:`decide` reads per side."""
        return self._policies

    @policies.setter
    def policies(self, policies: Sequence[Policy | None]) -> None:
        self._policies = list(policies)
        if self._policies.count(None) == len(self._policies):  # no side has a policy
            self._sides = self._shortcuts = ()
            return
        sides: list[tuple[Policy | None, Rng | None]] = []
        shortcuts: list[Mapping[str, Callable[..., Any]]] = []
        for p in self._policies:
            if p is not None and not getattr(p, "draws", True):
                sides.append((p, NO_DRAWS))
                shortcuts.append(getattr(p, "shortcuts", _NONE))
            else:
                sides.append((p, None))
                shortcuts.append(_NONE)
        self._sides = tuple(sides)
        """Per side: the policy and the stream it is handed, :data:`NO_DRAWS` for a
        :func:`deterministic` one and None for one that is given its own per decision."""
        self._shortcuts = tuple(shortcuts)
        """Per side: the :meth:`shortcut` functions of its deterministic policy, by kind."""

    def shortcut(self, side: int, kind: str) -> Callable[..., Any] | None:
        """The function that gives ``side``'s next answer to a request of ``kind`` without
        the request being made, or None when that request must be made.

        A :func:`deterministic` policy may offer, in a ``shortcuts`` dict, a function per
        request kind that takes the values of such a request's context (the ruleset says
        which, in which order) and returns what the policy would answer that request, an
        answer legal whatever the request's options are. The ruleset passes the values,
        records the answer with :meth:`record` and skips building the request, its context
        and the checks. None when the next decision is replayed from the record, or asked
        of a person, or of a policy with no shortcut for ``kind``.
        """
        if self.cursor < len(self.choices):
            return None
        try:
            return self._shortcuts[side].get(kind)
        except IndexError:
            return None

    def record(self, answer: Any) -> Any:
        """Record ``answer``, given by a :meth:`shortcut`, as the next decision's; return it."""
        self.choices.append(answer)
        self.cursor += 1
        return answer

    def decide(self, request: Request) -> Any:
        """The answer to ``request``: recorded if there is one, else from the side's policy."""
        options = request.options
        if not options:
            raise ValueError(f"request {request.kind} has no legal answer")
        cursor = self.cursor
        choices = self.choices
        if cursor < len(choices):
            answer = choices[cursor]
            if answer not in options:
                raise ProblemError([Problem("core.choice_invalid",
                                            args={"index": cursor + 1,
                                                  "answer": str(answer)[:60]})])
            self.cursor = cursor + 1
            return answer
        try:
            policy, stream = self._sides[request.side]
        except IndexError:
            policy = stream = None
        if policy is None:
            raise NeedDecision(request)
        answer = policy(request, (self._rng or self.rng).derive(str(cursor)) if stream is None
                        else stream)
        if answer not in options:
            raise ValueError(f"policy answered {answer!r}, not one of the options")
        choices.append(answer)
        self.cursor = cursor + 1
        return answer

    def getstate(self) -> int:
        """The cursor, for snapshots (a policy's stream depends only on the cursor)."""
        return self.cursor

    def setstate(self, cursor: int) -> None:
        """Restore what :meth:`getstate` took (recorded answers are kept)."""
        self.cursor = cursor
