"""``python -m kassen play LINK``: make your move in a game played by link (issue 30).

The command opens a ``#g=`` link as the page does (every decision replayed through the engine;
a bad link is refused with the located problem), prints the moves made since your last
decision and the board at your decision, asks the decision with the words of the page's
decision panel (:func:`kassen.cli.prompt.offer`; never a raw choice id), and prints the link
to send back (the page's URL in front when the link came as one, or with ``--page``). When the
decision stays with you, it asks again; a finished game prints its ``#m=`` battle link. Off a
terminal it exits 2 saying how to play.
"""

from __future__ import annotations

import argparse
from typing import Any

from kassen.cli import prompt as cli_prompt
from kassen.cli.io import lang_of
from kassen.core import game_link as gl
from kassen.core import session
from kassen.core.problems import Problem, ProblemError
from kassen.core.render import render_event

WORDS = {
    "ja": {"side": "サイド{n}", "moves": "前回の判断からの手:",
           "board": "盤面（この判断の時点）", "yours": "あなた（{side}）の番です · {n}手目",
           "send": "{side}の番です。このリンクを{side}に送ってください:",
           "over": "ゲーム終了。このリンクでゲーム全体を再生できます:",
           "result": "結果: {text}"},
    "en": {"side": "side {n}", "moves": "the moves since your last decision:",
           "board": "the board (at this decision)", "yours": "your move ({side}) · move {n}",
           "send": "it is {side}'s move: send them this link:",
           "over": "the game is over: this link replays the whole game:",
           "result": "result: {text}"},
}
"""The command's own words, the page's (``static/js/i18n.js``, ``game.*``) in a terminal."""


def _w(lang: str, key: str, **values: Any) -> str:
    return WORDS["ja" if lang == "ja" else "en"][key].format(**values)


def add_parser(sub: Any, common: Any) -> None:
    """Register ``play`` on the command line's sub-parsers."""
    p = sub.add_parser("play", help="make your move in a game played by link (#g=…)")
    p.add_argument("link", help="a game link as the page sends it (a URL or #g=…)")
    p.add_argument("--page", metavar="URL",
                   help="the Kassen page to put in front of the link printed back")
    common(p, json_flag=False)
    p.set_defaults(func=run)


def _url(args: argparse.Namespace, fragment: str) -> str:
    """The link to send: the page's URL (the given link's, or ``--page``) and the fragment."""
    base = args.page or (args.link.split("#", 1)[0] if "#" in args.link else "")
    return base.split("#", 1)[0] + fragment


def _lines(outcome: session.Outcome, lang: str, first: int) -> list[str]:
    ruleset = outcome.prepared.ruleset
    names = outcome.battle.names()
    return [render_event(ruleset, e, names, lang)
            for step in outcome.steps[first:] for e in step.events]


def run(args: argparse.Namespace) -> int:
    """Play this side's decisions of the game in the link, then print the link to send."""
    lang = lang_of(args)
    game = gl.parse_game_link(args.link)
    outcome = gl.replay(game, views=True)
    side = game.to_move

    def say(line: str = "") -> None:
        print(line, flush=True)

    if outcome.pending is None:
        say(_w(lang, "over"))
        say(_url(args, gl.final_link(outcome)))
        return 0
    if not cli_prompt.is_terminal():
        raise ProblemError([Problem("core.play_needs_terminal", args={
            "link": _url(args, gl.game_link(game))})])
    first = min(game.seen_steps()[side], len(outcome.steps))
    moves = _lines(outcome, lang, first)
    if moves:
        say(_w(lang, "moves"))
        for line in moves:
            say("  " + line)
    current: gl.Game | None = game
    while current is not None and current.to_move == side:
        request = outcome.pending
        names = outcome.battle.names()
        glossary = outcome.prepared.ruleset.glossary()
        members = cli_prompt.board_at(outcome)
        say(_w(lang, "yours", side=_w(lang, "side", n=side + 1), n=current.n + 1))
        say(_w(lang, "board"))
        for line in cli_prompt.board_lines(members, names, lang, glossary):
            say(line)
        question, choices = cli_prompt.offer(request, outcome.prepared.ruleset.id, names,
                                             glossary, lang)
        default = cli_prompt.suggestion(outcome.prepared, request, choices)
        answer = cli_prompt.ask(question, choices, side, lang, default=default, read=input,
                                write=say)
        last = max(0, len(outcome.steps) - 1)  # the decision's step goes on after the answer
        told = len(_lines(outcome, lang, last))
        outcome, current = gl.decide(current, answer)
        for line in _lines(outcome, lang, last)[told:]:
            say("  " + line)
    if current is None:
        from kassen.core import render

        result = outcome.result.to_json() if outcome.result else None
        say(_w(lang, "result", text=render.result_text(outcome.prepared.ruleset.id, result,
                                                       lang)))
        say(_w(lang, "over"))
        say(_url(args, gl.final_link(outcome)))
        return 0
    say(_w(lang, "send", side=_w(lang, "side", n=current.to_move + 1)))
    say(_url(args, gl.game_link(current)))
    return 0

