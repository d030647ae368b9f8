"""The page's API for games between people (issue 30): on one device (hot-seat) and by link.

Every function takes and returns JSON text and never raises (:func:`kassen.web.wire.guard`).
An answer is the battle payload the page's viewer plays (:func:`battle_api.battle_payload`)
plus ``game``: the game's identity, move counter, whose move it is, each side's mode, the
``#g=`` link to send (or, once the game is over, the ordinary ``#m=`` battle link) and the
step to replay the last moves from.
"""

from __future__ import annotations

from typing import Any

from kassen.core import game_link as gl
from kassen.core import registry, session
from kassen.core.problems import Problem, ProblemError
from kassen.web import wire
from kassen.web.battle_api import battle_payload
from kassen.web.wire import bad_field, field_of, guard, pick_lang, read_json


def game_payload(outcome: session.Outcome, game: gl.Game | None, modes: list[gl.Mode],
                 lang: str) -> dict[str, Any]:
    """The battle payload with ``game``: at a person's decision, or finished."""
    payload = battle_payload(outcome)
    record = outcome.record
    info: dict[str, Any] = {
        "id": gl.game_id_of(record), "n": len(record.choices),
        "modes": [m.to_json() for m in modes],
        "persons": [i for i, m in enumerate(modes) if m.by == gl.PERSON],
        "took_over": gl.takeovers(modes),
        "policies": list(outcome.prepared.ruleset.policy_names()),
        "hidden_information": outcome.prepared.ruleset.hidden_information,
    }
    if game is None:
        info.update({"finished": True, "link": gl.final_link(outcome), "to_move": None})
    else:
        info.update({"finished": False, "link": gl.game_link(game), "to_move": game.to_move,
                     "seen": game.seen_steps()})
    payload["game"] = info
    notes = session.record_notes(record)
    if notes:
        payload["notes"] = [p.to_json(lang) for p in notes]
    return payload


def _request(request_json: str) -> dict[str, Any]:
    return read_json(request_json, "request", dict, wire.MAX_REQUEST_CHARS)


def _game(request: dict[str, Any]) -> gl.Game:
    link = request.get("link")
    if not isinstance(link, str):
        raise bad_field("link", "a game link (#g=…)")
    return gl.parse_game_link(link)


def game_start(request_json: str) -> str:
    """Start a game: ``{ruleset, sides, options, seed, policies (null: a person), lang}``;
    the AI sides play until a person must decide. A ruleset without decisions, or a game
    with no person, is refused (the battle view plays those)."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = _request(request_json)
        lang = pick_lang(request.get("lang"))
        ruleset = registry.get(field_of(request, "ruleset", ""))
        if not ruleset.policy_names():
            raise ProblemError([Problem("core.game_no_decisions", args={"ruleset": ruleset.id})])
        policies = request.get("policies")
        if not isinstance(policies, list) or None not in policies:
            raise bad_field("policies", "at least one side played by a person (null)")
        prepared = session.prepare(ruleset.id, field_of(request, "sides", []),
                                   field_of(request, "options", {}), request.get("seed"), [],
                                   policies)
        outcome, game = gl.start(prepared)
        modes = [gl.Mode(gl.PERSON if p is None else gl.AI) for p in prepared.record.policies]
        return game_payload(outcome, game, modes, lang)

    return guard(lambda: lang, work, wire.MAX_ANSWER_CHARS)


def game_decide(request_json: str) -> str:
    """Make the pending decision: ``{link, answer, lang}``; the answer is at the next
    person's decision (or the game's end)."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = _request(request_json)
        lang = pick_lang(request.get("lang"))
        game = _game(request)
        outcome, nxt = gl.decide(game, request.get("answer"))
        return game_payload(outcome, nxt, game.modes if nxt is None else nxt.modes, lang)

    return guard(lambda: lang, work, wire.MAX_ANSWER_CHARS)


def game_take_over(request_json: str) -> str:
    """The AI plays a person's side from now on: ``{link, side, policy, lang}`` (policy:
    the ruleset's first when absent); the record says from which decision."""
    lang = "en"

    def work() -> dict[str, Any]:
        nonlocal lang
        request = _request(request_json)
        lang = pick_lang(request.get("lang"))
        game = _game(request)
        gl.replay(game)  # a bad link is refused with its located problem first
        ruleset = registry.get(game.record.ruleset)
        names = ruleset.policy_names()
        policy = request.get("policy") or names[0]
        side = request.get("side")
        if policy not in names:
            raise bad_field("policy", "/".join(names))
        if not isinstance(side, int) or isinstance(side, bool):
            raise bad_field("side", "a side number")
        outcome, nxt = gl.take_over(game, side, policy)
        modes = list(game.modes)
        modes[side] = gl.Mode(gl.AI, game.n + 1)
        return game_payload(outcome, nxt, modes, lang)

    return guard(lambda: lang, work, wire.MAX_ANSWER_CHARS)


def game_open(fragment: str, lang: str = "en", known_json: str = "{}") -> str:
    """Open a ``#g=`` link: the board at its pending decision. ``known`` is what the page
    has kept of this game (``{"n": newest move counter, "sides": the sides this device
    plays}``); the answer's ``game`` then says ``behind`` (a newer move exists: its
    counter), ``ahead`` and ``yours`` (whether the side to move is played here)."""
    lang = pick_lang(lang)

    def work() -> dict[str, Any]:
        game = gl.parse_game_link(fragment)
        known = read_json(known_json or "{}", "known", dict, 10_000)
        outcome = gl.replay(game, views=True, budget=wire.BUDGET)
        payload = game_payload(outcome, gl.game_of(outcome, game.modes, game.seen_steps()),
                               game.modes, lang)
        info = payload["game"]
        newest = known.get("n")
        if isinstance(newest, int) and not isinstance(newest, bool):
            info["behind"] = newest if newest > game.n else None
            info["ahead"] = newest < game.n
        sides = known.get("sides")
        if isinstance(sides, list) and sides:
            info["yours"] = game.to_move in sides
        # the moves made since the side to move last decided, replayed up to its decision
        info["replay_from"] = min(game.seen_steps()[game.to_move], max(0, len(outcome.steps) - 1))
        return payload

    return guard(lang, work, wire.MAX_ANSWER_CHARS)
