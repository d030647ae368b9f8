"""The page's game API (issue 30): start a game between people, decide, send the link,
open it (whose move, behind, ahead, the moves to replay), the AI taking a side over, and
bad links answered with their located problem — all as JSON, never an exception."""

from __future__ import annotations

import json
from typing import Any

from kassen.core import registry
from kassen.core.links import encode_payload
from kassen.web import api


def start(ruleset: str = "cardduel", policies: list[str | None] | None = None) -> dict:
    texts = [s.text for s in registry.get(ruleset).samples[:2]]
    answer = json.loads(api.game_start(json.dumps({
        "ruleset": ruleset, "sides": texts, "seed": "xo1:page", "lang": "en",
        "policies": policies or [None, None]})))
    assert answer["ok"], answer
    return answer


def decide(answer: dict, pick: int = 0) -> dict:
    option = answer["pending"]["options"][pick]
    nxt = json.loads(api.game_decide(json.dumps({"link": answer["game"]["link"],
                                                 "answer": option, "lang": "en"})))
    assert nxt["ok"], nxt
    return nxt


def open_game(link: str, known: dict[str, Any] | None = None, lang: str = "en") -> dict:
    return json.loads(api.game_open(link, lang, json.dumps(known or {})))


def test_a_game_starts_at_the_first_persons_decision_and_its_link_opens_there() -> None:
    answer = start()
    game = answer["game"]
    assert game["link"].startswith("#g=") and game["n"] == 0 and not game["finished"]
    assert answer["pending"]["side"] == game["to_move"] and game["persons"] == [0, 1]
    opened = open_game(game["link"])
    assert opened["ok"] and opened["game"]["id"] == game["id"]
    assert opened["pending"] == answer["pending"]
    assert len(opened["steps"]) == len(answer["steps"])


def test_deciding_moves_the_counter_and_marks_where_the_decider_saw_the_board() -> None:
    answer = start()
    side = answer["pending"]["side"]
    at = len(answer["steps"]) - 1
    nxt = decide(answer)
    assert nxt["game"]["n"] >= 1 and nxt["game"]["id"] == answer["game"]["id"]
    assert nxt["game"]["seen"][side] == at
    later = nxt
    while later["game"]["to_move"] != side:
        later = decide(later)
    opened = open_game(later["game"]["link"])
    # the side to move sees the moves made since its last decision replayed from there
    assert opened["game"]["replay_from"] == later["game"]["seen"][side]
    assert 0 < opened["game"]["replay_from"] < len(opened["steps"])


def test_whose_move_behind_and_ahead_from_what_the_page_kept() -> None:
    first = start()
    second = decide(first)
    mover = second["game"]["to_move"]
    other = 1 - mover
    opened = open_game(second["game"]["link"], {"n": second["game"]["n"], "sides": [other]})
    assert opened["game"]["yours"] is False and opened["game"]["behind"] is None
    old = open_game(first["game"]["link"], {"n": second["game"]["n"], "sides": [0, 1]})
    assert old["ok"] and old["game"]["behind"] == second["game"]["n"]
    new = open_game(second["game"]["link"], {"n": first["game"]["n"], "sides": [mover]})
    assert new["game"]["ahead"] is True and new["game"]["yours"] is True


def test_a_tampered_link_is_answered_with_the_located_decision() -> None:
    answer = decide(decide(start()))
    from kassen.core.game_link import parse_game_link

    data = parse_game_link(answer["game"]["link"]).to_json()
    data["record"]["choices"][1] = "S99"
    for lang, words in (("en", "decision 2"), ("ja", "判断2番目")):
        bad = open_game("#g=" + encode_payload(data), lang=lang)
        assert not bad["ok"] and bad["problems"][0]["code"] == "core.game_bad_decision"
        assert words in bad["problems"][0]["message"]


def test_an_answer_that_is_not_an_option_is_refused() -> None:
    answer = start()
    bad = json.loads(api.game_decide(json.dumps({"link": answer["game"]["link"],
                                                 "answer": "S99"})))
    assert not bad["ok"] and bad["problems"][0]["code"] == "core.choice_invalid"
    bad = json.loads(api.game_decide(json.dumps({"link": 5, "answer": "S99"})))
    assert not bad["ok"] and bad["problems"][0]["code"] == "core.record_schema"


def test_the_ai_takes_over_and_the_finished_game_is_a_battle_link_that_says_so() -> None:
    answer = decide(start())
    side = answer["game"]["to_move"]
    n = answer["game"]["n"]
    one = json.loads(api.game_take_over(json.dumps({"link": answer["game"]["link"],
                                                   "side": 1 - side})))
    assert one["ok"] and one["game"]["took_over"] == [{"side": 2 - side, "from": n + 1}]
    done = json.loads(api.game_take_over(json.dumps({"link": one["game"]["link"],
                                                    "side": one["game"]["to_move"]})))
    assert done["ok"] and done["game"]["finished"] and done["result"]
    link = done["game"]["link"]
    assert link.startswith("#m=")
    replayed = json.loads(api.open_link(link, "en"))
    assert replayed["ok"] and replayed["digest"] == done["digest"]
    assert sum(n["code"] == "core.record_took_over" for n in replayed["notes"]) == 2


def test_systems_without_decisions_and_games_without_people_are_refused() -> None:
    texts = [s.text for s in registry.get("dice").samples[:2]]
    answer = json.loads(api.game_start(json.dumps({"ruleset": "dice", "sides": texts,
                                                   "policies": [None, None]})))
    assert not answer["ok"] and answer["problems"][0]["code"] == "core.game_no_decisions"
    texts = [s.text for s in registry.get("cardduel").samples[:2]]
    answer = json.loads(api.game_start(json.dumps({"ruleset": "cardduel", "sides": texts,
                                                   "policies": ["careful", "bold"]})))
    assert not answer["ok"] and answer["problems"][0]["args"]["field"] == "policies"


def test_a_person_plays_the_skirmish_gm_against_the_ai_party() -> None:
    answer = start("skirmish", ["default", None])
    assert answer["pending"]["side"] == 1 and answer["game"]["persons"] == [1]
    nxt = decide(answer)
    assert nxt["game"]["to_move"] in (1, None)


def test_bad_input_is_an_answer_never_an_exception() -> None:
    for text in ("", "#g=", "#g=1AAAA", "#m=1", "x" * 50_000, "#g=" + encode_payload([1])):
        answer = json.loads(api.game_open(text, "en", "{}"))
        assert not answer["ok"] and answer["problems"][0]["message"]
    assert not json.loads(api.game_open("#g=1", "en", "[1]"))["ok"]
    for call in (api.game_start, api.game_decide, api.game_take_over):
        assert not json.loads(call("not json"))["ok"]


def test_the_ruleset_says_whether_a_link_game_hides_a_hand() -> None:
    """Card duel §1.4: 手札 hand is private, so the page says that a link carries the hands;
    the skirmish has no hidden hand. The page reads this from the answer, not a ruleset id."""
    assert start("cardduel")["game"]["hidden_information"] is True
    assert start("skirmish")["game"]["hidden_information"] is False
