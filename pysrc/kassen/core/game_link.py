"""Games in progress between people (issue 30): the ``#g=`` link and its replay.

A game in progress is a battle record whose decisions end at a decision a person must make,
plus what a correspondence game needs besides: whose move it is, a move counter (the number
of decisions made, so an older link of the same game is known to be behind a newer one), how
each side is played (a person, the AI, or the AI from decision *n* on, after a player left)
and the format version. ``{"v": 1, "record": {…}, "n": 12, "to_move": 1, "modes": [{"by":
"person"}, {"by": "ai", "from": 7}]}``, carried like the other links (version character,
base64url of raw-deflated canonical JSON).

Decoding is defensive like :mod:`kassen.core.links`: the length first, bounded inflation,
every field's type, limits on the number of decisions and their size, then the decisions are
replayed through the engine; a decision that is not legal at its point is refused with a
message naming it (its number, its side, what was asked). A finished game's link is an
ordinary ``#m=`` battle link that replays the whole game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from kassen.core import session
from kassen.core.canonical import digest
from kassen.core.decisions import Request
from kassen.core.links import (
    MAX_LINK_CHARS,
    battle_link,
    decode_payload,
    encode_payload,
    link_fragment,
)
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import MAX_SIDES, Record
from kassen.core.text import clip

GAME_VERSION = 1
MAX_GAME_DECISIONS = 4000
"""The most decisions a game link may carry (a whole card duel between people takes a few
hundred; the record's own limit is 20,000)."""
PREFIX = "#g="
PERSON = "person"
AI = "ai"


def _fail(code: str, **args: Any) -> ProblemError:
    return ProblemError([Problem(f"core.{code}", args=args)])


@dataclass(frozen=True)
class Mode:
    """How one side is played: by a person, or by the AI (``since``: the decision number,
    1-based, from which the AI took the side over when its player left; None: from the
    start)."""

    by: str
    since: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"by": …}`` (with ``from`` when the AI took over)."""
        return {"by": self.by} if self.since is None else {"by": self.by, "from": self.since}


@dataclass
class Game:
    """A game in progress: its record (decisions up to the pending one), whose move it is,
    the move counter and each side's mode."""

    record: Record
    to_move: int
    modes: list[Mode]
    seen: list[int] | None = None
    """Per side, the step the board showed at that side's last decision (0 before any), so
    the page can replay the moves made since (display only: it changes no outcome)."""

    @property
    def n(self) -> int:
        """The move counter: how many decisions have been made."""
        return len(self.record.choices)

    @property
    def game_id(self) -> str:
        """The same for every link of one game: a digest of what it started from."""
        return game_id_of(self.record)

    def to_json(self) -> dict[str, Any]:
        """The link's payload."""
        return {"v": GAME_VERSION, "record": self.record.to_json(), "n": self.n,
                "to_move": self.to_move, "modes": [m.to_json() for m in self.modes],
                "seen": self.seen_steps()}

    def seen_steps(self) -> list[int]:
        """:attr:`seen`, one entry per side."""
        seen = list(self.seen or [])
        return (seen + [0] * len(self.modes))[: len(self.modes)]

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """A game from decoded JSON (shape only; :func:`replay` checks it against the
        engine), or raise ProblemError naming the bad field."""

        def bad(name: str, reason: str) -> ProblemError:
            return ProblemError([Problem("core.record_schema",
                                         args={"field": name, "reason": reason})])

        if not isinstance(data, dict):
            raise bad("game", "not an object")
        version = data.get("v")
        if isinstance(version, int) and not isinstance(version, bool) and version > GAME_VERSION:
            raise _fail("game_version_future", version=version, known=GAME_VERSION)
        if version != GAME_VERSION:
            raise bad("v", f"expected {GAME_VERSION}")
        record = Record.from_json(data.get("record"))
        if len(record.choices) > MAX_GAME_DECISIONS:
            raise _fail("game_too_many_decisions", count=len(record.choices),
                        limit=MAX_GAME_DECISIONS)
        n, to_move, modes = data.get("n"), data.get("to_move"), data.get("modes")
        if not _int(n) or n != len(record.choices):
            raise bad("n", "expected the number of decisions in the record")
        if not _int(to_move) or not 0 <= to_move < len(record.sides):
            raise bad("to_move", "expected a side number")
        if not isinstance(modes, list) or len(modes) != len(record.sides) or len(modes) > MAX_SIDES:
            raise bad("modes", "expected one mode per side")
        parsed = []
        for side, mode in enumerate(modes):
            if not isinstance(mode, dict) or mode.get("by") not in (PERSON, AI) \
                    or not set(mode) <= {"by", "from"}:
                raise bad("modes", "expected {\"by\": \"person\" or \"ai\"}")
            since = mode.get("from")
            if since is not None and (mode["by"] != AI or not _int(since)
                                      or not 1 <= since <= len(record.choices) + 1):
                raise bad("modes", "expected the decision number the AI took over from")
            policy = record.policies[side] if side < len(record.policies) else None
            if (mode["by"] == PERSON) != (policy is None):
                raise bad("modes", "a person's side has no AI policy, an AI's side has one")
            took = record.took_over[side] if side < len(record.took_over) else None
            if took != since:
                raise bad("modes", "the decision the AI took over from is the record's")
            parsed.append(Mode(mode["by"], since))
        if parsed[to_move].by != PERSON:
            raise bad("to_move", "the side to move is played by a person")
        seen = data.get("seen", [])
        if (not isinstance(seen, list) or len(seen) > len(parsed)
                or not all(_int(k) and 0 <= k <= 1_000_000 for k in seen)):
            raise bad("seen", "expected a step number per side")
        return cls(record, to_move, parsed, list(seen))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def game_id_of(record: Record) -> str:
    """A game's identity: a short digest of its ruleset, rules version, options, builds and
    seed (the same for every move of it)."""
    return digest([record.ruleset, record.ruleset_version, record.options, record.sides,
                   record.seed])[:16]


def game_link(game: Game) -> str:
    """The fragment ``#g=…`` of a game in progress; a problem when it would be longer than a
    link may be."""
    payload = encode_payload(game.to_json())
    if len(payload) > MAX_LINK_CHARS:
        raise _fail("link_too_long", length=len(payload), limit=MAX_LINK_CHARS)
    return PREFIX + payload


def parse_game_link(link: str) -> Game:
    """The game a ``#g=`` link (URL or fragment) holds, its shape checked (not replayed)."""
    fragment = link_fragment(link)
    if not fragment.startswith("g="):
        raise _fail("link_prefix")
    return Game.from_json(decode_payload(fragment[2:]))


def is_game_link(link: Any) -> bool:
    """Whether ``link`` (a URL or fragment) is a game link (``#g=``)."""
    return isinstance(link, str) and ("#g=" in link or link.strip().startswith("g="))


def replay(game: Game, *, views: bool = False,
           budget: session.Budget | None = None) -> session.Outcome:
    """Play the game's decisions through the engine up to the pending one (or to the end).
    A decision not legal at its point is refused with ``core.game_bad_decision`` naming it;
    a game that does not stop at a decision of the side ``to_move`` says so."""
    prepared = session.from_record(game.record)
    try:
        outcome = session.run(prepared, views=views, budget=budget or session.Budget())
    except ProblemError as err:
        first = err.problems[0]
        if first.code != "core.choice_invalid":
            raise
        raise ProblemError([located(game.record, first.args["index"])]) from None
    if outcome.pending is None:
        if outcome.result is not None and len(outcome.record.choices) == game.n:
            return outcome  # the last decision ended the game
        raise _fail("game_not_at_decision", n=game.n)
    if len(outcome.record.choices) != game.n:
        raise _fail("game_not_at_decision", n=game.n)
    if outcome.pending.side != game.to_move:
        raise _fail("game_wrong_side", side=game.to_move + 1, actual=outcome.pending.side + 1)
    return outcome


def located(record: Record, index: int) -> Problem:
    """The problem of decision ``index`` (1-based): its side, what was asked, the answer."""
    answer = record.choices[index - 1]
    cut = Record(record.ruleset, record.ruleset_version, record.sides, record.options,
                 record.seed, record.choices[: index - 1], [None] * len(record.sides),
                 record.engine)
    outcome = session.run(session.from_record(cut), budget=session.Budget())
    request = outcome.pending
    if request is None:  # the game had ended before this decision
        return Problem("core.game_extra_decision", args={"index": index,
                                                         "answer": clip(str(answer), 40)})
    names = outcome.battle.names()
    return Problem("core.game_bad_decision", args={
        "index": index, "side": request.side + 1,
        "question": {lang: question(request, record.ruleset, names, lang) for lang in ("ja", "en")},
        "answer": clip(str(answer), 40)})


def question(request: Request, ruleset_id: str, names: dict[str, str], lang: str) -> str:
    """What ``request`` asks, in the words of the system's prompts (its kind without them)."""
    try:
        words = importlib.import_module(f"kassen.rulesets.{ruleset_id}.prompts")
    except ImportError:
        return str(request.kind)
    from kassen.core import registry

    glossary = registry.get(ruleset_id).glossary()
    return str(words.question(request, dict(names), dict(glossary), lang))


def start(prepared: session.Prepared) -> tuple[session.Outcome, Game | None]:
    """Play a new game to its first person's decision: the outcome and the game (None when
    no person has to decide: the AI played it to the end)."""
    outcome = session.run(prepared, views=True, budget=session.Budget())
    return outcome, game_of(outcome, [Mode(PERSON if p is None else AI)
                                      for p in prepared.record.policies])


def game_of(outcome: session.Outcome, modes: list[Mode],
            seen: list[int] | None = None) -> Game | None:
    """The game an outcome stands at (None once it is over)."""
    if outcome.pending is None:
        return None
    return Game(outcome.record, outcome.pending.side, list(modes), list(seen or []))


def decide(game: Game, answer: Any) -> tuple[session.Outcome, Game | None]:
    """Answer the pending decision: the outcome at the next person's decision (or the end)
    and the game there (None when it has ended). The game is replayed first (a bad link is
    refused with its located problem), and an answer not legal here is refused."""
    record = game.record
    choices = [*record.choices, answer]
    if len(choices) > MAX_GAME_DECISIONS:
        raise _fail("game_too_many_decisions", count=len(choices), limit=MAX_GAME_DECISIONS)
    now = replay(game)
    if now.pending is None or answer not in now.pending.options:
        raise ProblemError([Problem("core.choice_invalid", args={
            "index": len(choices), "answer": clip(str(answer), 60)})])
    seen = game.seen_steps()
    seen[game.to_move] = max(0, len(now.steps) - 1)
    return _advance(Game(_with(record, choices=choices), game.to_move, game.modes, seen))


def take_over(game: Game, side: int, policy: str) -> tuple[session.Outcome, Game | None]:
    """The AI (``policy``) plays ``side`` from the pending decision on; the record says from
    which decision. Returns the outcome at the next person's decision (or the end)."""
    if not 0 <= side < len(game.modes) or game.modes[side].by != PERSON:
        raise _fail("game_not_person", side=side + 1)
    policies = list(game.record.policies)
    policies[side] = policy
    modes = list(game.modes)
    modes[side] = Mode(AI, game.n + 1)
    took_over = [m.since for m in modes]
    return _advance(Game(_with(game.record, policies=policies, took_over=took_over),
                         game.to_move, modes, game.seen_steps()))


def _advance(game: Game) -> tuple[session.Outcome, Game | None]:
    prepared = session.from_record(game.record)
    outcome = session.run(prepared, views=True, budget=session.Budget())
    return outcome, game_of(outcome, game.modes, game.seen_steps())


def _with(record: Record, **changes: Any) -> Record:
    data = {"ruleset": record.ruleset, "ruleset_version": record.ruleset_version,
            "sides": list(record.sides), "options": dict(record.options), "seed": record.seed,
            "choices": list(record.choices), "policies": list(record.policies),
            "engine": record.engine, "took_over": list(record.took_over)}
    data.update(changes)
    return Record(**data)


def final_link(outcome: session.Outcome) -> str:
    """The ordinary ``#m=`` battle link of a finished game (it replays the whole game)."""
    return battle_link(outcome.record)


def takeovers(modes: list[Mode]) -> list[dict[str, int]]:
    """Which sides the AI took over and from which decision: ``[{"side", "from"}]``
    (1-based)."""
    return [{"side": i + 1, "from": m.since} for i, m in enumerate(modes) if m.since is not None]
