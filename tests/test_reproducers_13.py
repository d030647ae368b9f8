"""Issue 13 §3, "nothing a user or a link sends may break it": one regression test per
reproducer of the reliability attack, named after it. Each asserts the located problem (code)
the input now gets; none may answer the ``internal`` problem or exit 70.
"""

from __future__ import annotations

import json

import pytest

from kassen.core import session
from kassen.web import api
from reproducers import (
    CARD,
    DICE,
    SKIRMISH,
    ascii_link,
    battle_request,
    codes,
    record,
    tournament,
    validate,
)

# -- non-ASCII digits (², ①, ⁵, ٣) --------------------------------------------------------------

DIGITS = ["1²", "①", "⁵", "٣", "1٣", "１２"]


@pytest.mark.parametrize("digits", DIGITS)
def test_repro_cardduel_non_ascii_digits_in_numbers(digits: str) -> None:
    """`validate cardduel --build "A:warrior … hp=1²"` crashed (exit 70); §2 numbers are ASCII."""
    assert validate("cardduel", CARD.format(hp=digits)) == ["cardduel.bad_number"]
    assert validate("cardduel", CARD.format(hp=12).replace("year=1", f"year={digits}")) \
        == ["cardduel.bad_number"]


@pytest.mark.parametrize("digits", DIGITS)
def test_repro_skirmish_non_ascii_digits_in_stats_items_and_areas(digits: str) -> None:
    """Skirmish §2.4 stats, §11.4 item counts and start areas take ASCII digits only."""
    assert validate("skirmish", SKIRMISH.format(name="A", hp=digits)) == ["skirmish.bad_number"]
    base = SKIRMISH.format(name="A", hp=20)
    assert validate("skirmish", f"{base} it=potion*{digits}") == ["skirmish.bad_count"]
    assert validate("skirmish", f"{base} area={digits}") != []


def test_repro_skirmish_item_count_read_past_three_digits() -> None:
    """`potion*0010` passed the 1..9 check on its first three digits, then gave 10 potions."""
    base = SKIRMISH.format(name="A", hp=20)
    assert validate("skirmish", f"{base} it=potion*0010") == ["skirmish.bad_count"]
    assert json.loads(api.validate("skirmish", f"{base} it=potion*3"))["ok"]


@pytest.mark.parametrize("digits", ["٣", "①", "²"])
def test_repro_dice_other_scripts_digits(digits: str) -> None:
    """Dice §20 stats: `atk: ٣` read as 3 (int accepts Arabic-Indic digits); now refused."""
    assert validate("dice", DICE.format(name="D", atk=digits)) == ["dice.bad_number"]
    assert validate("dice", DICE.format(name="D", atk=8) + f"; slot{digits}: 攻2倍") \
        == ["dice.unknown_key"]


@pytest.mark.parametrize(("ruleset", "key"), [("marguerite", "budget"), ("cardduel", "battles"),
                                              ("dice", "turn_limit"), ("skirmish", "round_cap")])
@pytest.mark.parametrize("value", ["٣", "³", "①"])
def test_repro_integer_options_other_scripts_digits(ruleset: str, key: str, value: str) -> None:
    """`budget="٣"` became 3: integer options take ASCII digits (or a JSON number) only."""
    assert validate(ruleset, "x", json.dumps({key: value}))[:1] == ["core.bad_option_value"]
    opts, problems = session.options_mod.resolve(
        __import__("kassen.core.registry", fromlist=["get"]).get(ruleset).options, {key: "3"})
    assert problems == [] and opts[key] == 3


# -- names that would not show as themselves, lone surrogates, undecodable bytes ---------------

UNSAFE = ["\x00", "\u202e", "\u200b", "\ufeff", "\udcff", "\ud800", "\u2066"]


@pytest.mark.parametrize("char", UNSAFE, ids=lambda c: f"U+{ord(c):04X}")
def test_repro_unsafe_characters_in_names_refused_like_marguerite(char: str) -> None:
    """Card duel, dice and skirmish names accepted NUL, U+202E, zero-width spaces, a BOM and
    lone surrogates (display spoofing; a crash when encoded); all refuse them now with the
    check Marguerite names use."""
    assert validate("cardduel", f"A{char}b:warrior year=1 base=5 max=6 th=10 fav=- hp=12") \
        == ["core.name_chars"]
    assert validate("dice", DICE.format(name=f"D{char}x", atk=8)) == ["core.name_chars"]
    assert validate("skirmish", SKIRMISH.format(name=f"S{char}", hp=20)) == ["core.name_chars"]
    assert validate("marguerite", f"10/1/0/4/振舞星/九{char}")[:1] == ["core.name_chars"]


def test_repro_unsafe_name_problem_is_located() -> None:
    """The problem points at the character and names it."""
    data = json.loads(api.validate("skirmish", "  Ab\u202ec hp=20 ini=10 acc=10 eva=10 arm=2 "
                                   "res=2 wpn=longsword"))
    problem = data["problems"][0]
    assert (problem["line"], problem["column"]) == (1, 5)
    assert "U+202E" in problem["message"] and "right-to-left override" in problem["message"]


def test_repro_share_dice_undecodable_name(capsys) -> None:
    """`share dice --build $'name: \\udcff;…'` failed when the link was encoded (exit 70)."""
    from kassen.cli import main

    assert main(["share", "dice", "--build", "name: \udcff; atk: 8"]) == 2
    assert "name_chars" not in capsys.readouterr().err  # the message, not its code
    assert codes(api.share_build("dice", "name: \udcff; atk: 8")) == ["core.name_chars"]


def test_repro_record_seed_with_lone_surrogate() -> None:
    """A #m= record whose seed holds "a\\ud800" crashed when its link was made."""
    link = ascii_link(record(seed="a\ud800"))
    assert codes(api.open_link(link)) == ["core.bad_seed"]
    assert codes(api.digest(json.dumps(record(seed="a\ud800")))) == ["core.bad_seed"]


def test_repro_elimination_prefix_with_lone_surrogate(tiny) -> None:
    """An elimination round's prefix is made from the master seed: a surrogate is refused."""
    request = json.dumps({"ruleset": "tiny", "builds": ["A:5", "B:6", "C:7"], "seed": "\ud800"})
    assert codes(api.elimination_next(request, "[]")) == ["core.bad_seed"]


# -- api._json and every function sharing it: RecursionError ---------------------------------

DEEP = "[" * 100_000


@pytest.mark.parametrize("call", [
    lambda: api.battle(DEEP), lambda: api.battle("{\"a\":" * 30_000),
    lambda: api.digest(DEEP), lambda: api.digests(DEEP),
    lambda: api.tournament_plan(DEEP), lambda: api.matchup_plan(DEEP),
    lambda: api.tournament_play(DEEP, "{}"), lambda: api.tournament_table(DEEP, "[]"),
    lambda: api.elimination_next(DEEP, "[]"), lambda: api.matchup_table(DEEP, "[]"),
    lambda: api.table_csv(DEEP), lambda: api.validate("dice", "x", "en", DEEP[:19_000]),
    lambda: api.share_build("dice", "x", DEEP[:19_000]),
], ids=["battle", "battle-objects", "digest", "digests", "plan", "matchup_plan", "play",
        "table", "elimination", "matchup_table", "csv", "validate", "share_build"])
def test_repro_json_nested_100000_deep(call) -> None:
    """`api.battle("[" * 100000)` raised RecursionError past the worker's reader (every
    function shares that reader; options are at most 20,000 characters)."""
    assert codes(call()) == ["core.bad_json"]


def test_repro_json_nested_deep_tally(tiny) -> None:
    request = json.dumps({"ruleset": "tiny", "builds": ["A:5", "B:6"]})
    assert codes(api.tournament_table(request, DEEP)) == ["core.bad_json"]


# -- wrong JSON types in the worker API ---------------------------------------------------------


@pytest.mark.parametrize(("changes", "code"), [
    ({"sides": 5}, "core.bad_type"), ({"sides": [1, 2]}, "core.bad_type"),
    ({"sides": "ab"}, "core.bad_type"),
    ({"options": [1]}, "core.bad_type"), ({"options": "x"}, "core.bad_type"),
    ({"options": 5}, "core.bad_type"), ({"choices": 5}, "core.bad_type"),
    ({"choices": {"a": 1}}, "core.bad_type"), ({"policies": 5}, "core.bad_type"),
    ({"policies": [[1], "careful"]}, "core.bad_type"), ({"ruleset": [1]}, "core.unknown_ruleset"),
    ({"ruleset": {"a": 1}}, "core.unknown_ruleset"), ({"seed": [1]}, "core.bad_seed"),
    ({"seed": 10 ** 400}, "core.bad_seed"), ({"seed": True}, "core.bad_seed"),
    ({"lang": [1], "sides": 5}, "core.bad_type"),
    ({"options": {"battles": 10 ** 400}}, "core.bad_option_value"),
])
def test_repro_battle_wrong_json_types(changes: dict, code: str) -> None:
    """`battle` with sides=5, options [1]/"x"/5, choices=5, policies=5 reached .items(),
    int() or iteration; each is now a problem naming the field."""
    assert code in codes(api.battle(battle_request(**changes)))


@pytest.mark.parametrize("request_json", ["null", None, 5, "5", "[]", "\"x\"", ""])
def test_repro_battle_null_request(request_json: object) -> None:
    assert codes(api.battle(request_json))[0] in ("core.bad_type", "core.bad_json")  # type: ignore[arg-type]


def test_repro_huge_numbers_are_not_echoed() -> None:
    """A 400-digit number came back in the message; now its size is said instead."""
    data = json.loads(api.battle(battle_request(options={"battles": 10 ** 400})))
    message = data["problems"][0]["message"]
    assert "about 401 digits" in message and "0000000000" not in message
    data = json.loads(api.validate("cardduel", CARD.format(hp="9" * 400)))
    assert len(data["problems"][0]["message"]) < 120


@pytest.mark.parametrize(("options", "code"), [
    ("not json", "core.bad_json"), ("9" * 5000, "core.bad_json"), (5, "core.bad_type"),
    ("[1]", "core.bad_type"), ("\"x\"", "core.bad_type"), ([1], "core.bad_type"),
])
def test_repro_validate_options_text(options: object, code: str) -> None:
    """`validate` options text that is not JSON, a 5,000-digit integer or not a string."""
    assert validate("cardduel", CARD.format(hp=12), options) == [code]  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", [[1], {"a": 1}, None, 5, ["marguerite"]])
def test_repro_unhashable_ruleset_id(ruleset: object) -> None:
    """An unhashable ruleset id in `validate` / `share_build` raised TypeError."""
    assert codes(api.validate(ruleset, "x")) == ["core.unknown_ruleset"]  # type: ignore[arg-type]
    assert codes(api.share_build(ruleset, "x")) == ["core.unknown_ruleset"]  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, "null", "[]", "{}", "x"])
def test_repro_digest_none(value: object) -> None:
    """`digest(None)` raised TypeError."""
    assert codes(api.digest(value))[0] in ("core.bad_type", "core.bad_json",  # type: ignore[arg-type]
                                           "core.record_schema")


TOURNAMENT_CALLS = {
    "plan": lambda r: api.tournament_plan(r),
    "matchup_plan": lambda r: api.matchup_plan(r),
    "play": lambda r: api.tournament_play(r, json.dumps({"format": "round-robin", "start": 0,
                                                         "stop": 2})),
    "play-matchup": lambda r: api.tournament_play(r, json.dumps({"format": "matchup",
                                                                 "start": 0, "stop": 2})),
    "elimination": lambda r: api.elimination_next(r, "[]"),
    "matchup_table": lambda r: api.matchup_table(r, "[]"),
}


@pytest.mark.usefixtures("tiny")
@pytest.mark.parametrize("call", TOURNAMENT_CALLS.values(), ids=TOURNAMENT_CALLS.keys())
@pytest.mark.parametrize(("changes", "code"), [
    ({"seeds": "abc"}, "core.bad_count"), ({"seeds": float("nan")}, "core.bad_count"),
    ({"seeds": float("inf")}, "core.bad_count"), ({"seeds": [1]}, "core.bad_count"),
    ({"seeds": 2.5}, "core.bad_count"), ({"seeds": 0}, "core.bad_count"),
    ({"seeds": -3}, "core.bad_count"), ({"seeds": 10_001}, "core.bad_count"),
    ({"seeds": 1_000_000_000}, "core.bad_count"), ({"seeds": True}, "core.bad_count"),
    ({"options": [1]}, "core.bad_type"), ({"options": "x"}, "core.bad_type"),
    ({"seed": "zz:1"}, "core.bad_seed"), ({"seed": "x" * 201}, "core.bad_seed"),
    ({"seed": [1]}, "core.bad_seed"), ({"policies": []}, "core.bad_policy_count"),
    ({"policies": 5}, "core.bad_type"), ({"ruleset": [1]}, "core.unknown_ruleset"),
])
def test_repro_tournament_wrong_values(call, changes: dict, code: str) -> None:
    """Tournament `seeds` "abc", NaN, Infinity, [1]; `options` a list or string; a bad master
    seed (`zz:1`, over 200 characters): problems, never an internal error. Match-up K above
    10,000 was cut to 10,000 and K ≤ 0 became 1: both are refused now."""
    request = tournament(**changes)
    if call is TOURNAMENT_CALLS["matchup_plan"] or call is TOURNAMENT_CALLS["play-matchup"]:
        request = json.dumps({**json.loads(request), "builds": ["A:5", "B:6"]})
    assert code in codes(call(request))


@pytest.mark.usefixtures("tiny")
@pytest.mark.parametrize("work", [None, 5, "null", "[]", "x"])
def test_repro_tournament_play_work_none(work: object) -> None:
    """`tournament_play` with work=None raised TypeError."""
    assert codes(api.tournament_play(tournament(), work))[0] in (  # type: ignore[arg-type]
        "core.bad_type", "core.bad_json")


GOOD_ROW = {"rank": 1, "name": "A", "text": "A:5", "played": 2, "wins": 1, "draws": 0,
            "losses": 1, "points": 1, "win_rate": {"rate": 0.5, "low": 0.1, "high": 0.9}}


@pytest.mark.parametrize("table", [
    {}, {"standings": 5}, {"standings": [5], "matrix": [], "names": []},
    {"standings": [GOOD_ROW], "matrix": [[None]], "names": [5]},
    {"standings": [{**GOOD_ROW, "wins": "=1+1"}], "matrix": [[None]], "names": ["A"]},
    {"standings": [{**GOOD_ROW, "points": "=cmd|' /C calc'!A0"}], "matrix": [[None]],
     "names": ["A"]},
    {"standings": [{**GOOD_ROW, "win_rate": {"rate": "=1", "low": 0, "high": 1}}],
     "matrix": [[None]], "names": ["A"]},
    {"standings": [{**GOOD_ROW, "rank": 1e300}], "matrix": [[None]], "names": ["A"]},
    {"standings": [GOOD_ROW], "matrix": [[{"win_rate": {"rate": "@x"}}]], "names": ["A"]},
    {"standings": [GOOD_ROW], "matrix": [[5]], "names": ["A"]},
    {"standings": [GOOD_ROW], "matrix": [5], "names": ["A"]},
    {"standings": [GOOD_ROW], "matrix": [[None, None]], "names": ["A"]},
    {"standings": [{**GOOD_ROW, "name": 5}], "matrix": [[None]], "names": ["A"]},
])
def test_repro_table_csv_malformed_table(table: dict) -> None:
    """`table_csv` on any malformed table raised; numeric fields of a page-sent table were
    written raw (a formula in a number column); both are refused now."""
    assert codes(api.table_csv(json.dumps(table))) == ["core.bad_type"]


def test_table_csv_good_table_still_written() -> None:
    data = json.loads(api.table_csv(json.dumps({"standings": [GOOD_ROW], "matrix": [[None]],
                                                "names": ["A"]})))
    assert data["ok"] and data["standings"].splitlines()[1] == "1,A,2,1,0,1,1.0,0.5,0.1,0.9,A:5"


@pytest.mark.parametrize(("text", "escaped"), [
    ("＝1+1", True), ("＋1", True), ("－1", True), ("＠x", True), ("a|b", True),
    ("%0A=1+1", True), ("x%0a=1", True), ("x\n=1", True), ("x\r\n@SUM(A1)", True),
    ("=1", True), ("ok name", False), ("九尾 里奈", False), ("50%", False),
])
def test_repro_csv_full_width_and_hidden_formulas(text: str, escaped: bool) -> None:
    """CSV: full-width ＝, | and %0A= passed unescaped."""
    from kassen.tournament.export import cell

    assert (cell(text) == "'" + text) is escaped
