"""``python -m kassen play LINK`` (issue 30): a game played by link from a terminal — the
board at the decision, the question in the page's words, the link to send back; off a
terminal exit 2 saying how to play; a tampered link refused with its located message."""

from __future__ import annotations

import pytest

from kassen import cli
from kassen.core import game_link as gl
from kassen.core import registry, session
from kassen.core.links import encode_payload, parse_link

PAGE = "https://example.org/kassen/"


def game(moves: int = 1) -> tuple[session.Outcome, gl.Game]:
    texts = [s.text for s in registry.get("cardduel").samples[:2]]
    prepared = session.prepare("cardduel", texts, {"format": "fixed", "battles": 1}, "xo1:cli",
                               [], [None, None])
    outcome, current = gl.start(prepared)
    for _ in range(moves):
        assert current is not None
        outcome, current = gl.decide(current, outcome.pending.options[0])
    assert current is not None
    return outcome, current


def play(monkeypatch, capsys, link: str, answers: list[str], *extra: str) -> tuple[int, str, str]:
    feed = iter(answers)
    monkeypatch.setenv("KASSEN_TTY", "1")
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    code = cli.main(["play", link, "--lang", "en", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_terminal_player_moves_and_gets_the_link_to_send_back(monkeypatch, capsys) -> None:
    _, current = game(1)
    side = current.to_move
    code, out, _ = play(monkeypatch, capsys, PAGE + gl.game_link(current), ["1"] * 10)
    assert code == 0
    assert f"your move (side {side + 1})" in out
    assert "choose the attack card" in out  # the page's words, not the request's kind
    assert "W1" not in out and "['" not in out
    sent = out.strip().splitlines()[-1]
    assert sent.startswith(PAGE + "#g=")
    back = gl.parse_game_link(sent)
    assert back.game_id == current.game_id and back.n > current.n
    assert back.to_move != side and f"side {back.to_move + 1}'s move" in out
    gl.replay(back)


def test_off_a_terminal_it_exits_2_and_says_how_to_play(monkeypatch, capsys) -> None:
    _, current = game(1)
    monkeypatch.delenv("KASSEN_TTY", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    code = cli.main(["play", gl.game_link(current), "--lang", "en", "--page", PAGE])
    err = capsys.readouterr().err
    assert code == 2 and "terminal" in err and PAGE + "#g=" in err


def test_a_tampered_link_is_refused_with_the_located_decision(monkeypatch, capsys) -> None:
    _, current = game(3)
    data = current.to_json()
    data["record"]["choices"][1] = "S99"
    code, _, err = play(monkeypatch, capsys, gl.PREFIX + encode_payload(data), [])
    assert code == 2 and "decision 2" in err and "S99" in err


def test_the_last_move_prints_the_finished_games_battle_link(monkeypatch, capsys) -> None:
    outcome, current = game(1)
    while True:  # play to the last decision
        nxt_outcome, nxt = gl.decide(current, outcome.pending.options[0])
        if nxt is None:
            break
        outcome, current = nxt_outcome, nxt
    code, out, _ = play(monkeypatch, capsys, gl.game_link(current), ["1"] * 50)
    assert code == 0 and "the game is over" in out
    kind, record = parse_link(out.strip().splitlines()[-1])
    assert kind == "battle" and session.run(session.from_record(record)).result is not None


@pytest.mark.parametrize("lang,word", [("ja", "番です"), ("en", "your move")])
def test_both_languages(monkeypatch, capsys, lang: str, word: str) -> None:
    _, current = game(1)
    feed = iter(["1"] * 10)
    monkeypatch.setenv("KASSEN_TTY", "1")
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    assert cli.main(["play", gl.game_link(current), "--lang", lang]) == 0
    assert word in capsys.readouterr().out
