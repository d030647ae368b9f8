"""Issue 13 §3, "nothing a user or a link sends may break it": one regression test per
reproducer of the reliability attack, named after it. Each asserts the located problem (code)
the input now gets; none may answer the ``internal`` problem or exit 70.
"""

from __future__ import annotations

import json

import pytest

from kassen.core import session
from kassen.core.links import battle_link, build_link, encode_payload
from kassen.core.problems import ProblemError
from kassen.core.record import Record
from kassen.web import api, wire

CARD = "A:warrior year=1 base=5 max=6 th=10 fav=- hp={hp}"
CARD_B = "B:warrior year=1 base=5 max=6 th=10 fav=- hp=12"
SKIRMISH = "{name} hp={hp} ini=10 acc=10 eva=10 arm=2 res=2 wpn=longsword"
DICE = "name: {name}; atk: {atk}; def: 8; agi: 10"


def codes(answer: str) -> list[str]:
    """The problem codes of a worker answer (asserting it is a clean refusal)."""
    data = json.loads(answer)
    assert data["ok"] is False, data
    found = [p["code"] for p in data["problems"]]
    assert "internal" not in found and all(p["message"] for p in data["problems"]), data
    return found


def validate(ruleset: str, text: str, options: str = "{}") -> list[str]:
    return codes(api.validate(ruleset, text, "en", options))


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
                                              ("dice", "turn_limit"), ("skirmish", "roundCap")])
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


def record(**changes: object) -> dict:
    base = Record("cardduel", "1", [CARD.format(hp=12), CARD_B], {}, "xo1:s",
                  [], ["careful", "careful"]).to_json()
    return {**base, **changes}


def ascii_link(data: dict) -> str:
    """A #m= link whose JSON may hold escaped lone surrogates (as an attacker writes it)."""
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(json.dumps(data).encode()) + packer.flush()
    return "#m=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")


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

def battle_request(**changes: object) -> str:
    base = {"ruleset": "cardduel", "sides": [CARD.format(hp=12), CARD_B], "seed": "s"}
    return json.dumps({**base, **changes})


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


def tournament(**changes: object) -> str:
    base = {"ruleset": "tiny", "builds": ["A:5", "B:6", "C:7"], "seeds": 2, "seed": "t"}
    return json.dumps({**base, **changes}, allow_nan=True)


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
    from kassen.core.export import cell

    assert (cell(text) == "'" + text) is escaped


# -- tournament master seeds and K on the command line ---------------------------------------

def cli(capsys, *argv: str) -> tuple[int, str]:
    from kassen.cli import main

    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.fixture
def builds_file(tmp_path, tiny):
    path = tmp_path / "builds.txt"
    path.write_text("A:5\nB:6\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("extra", "needle"), [
    (["--seed", "zz:1"], "unknown seed algorithm"), (["--seed", "x" * 201], "longer than 200"),
    (["--seeds", "100000"], "seeds K must be a whole number from 1 to 10000"),
    (["--seeds", "0"], "seeds K"), (["--seeds", "-5"], "seeds K"),
    (["--format", "matchup", "--seeds", "10001"], "seeds K"),
    (["--format", "matchup", "--seeds", "0"], "seeds K"),
    (["--format", "elimination", "--seeds", "1000000000", "--workers", "2"], "seeds K"),
    (["--workers", "24"], "--workers must be a whole number from 1"),
    (["--workers", "0"], "--workers"),
])
def test_repro_tournament_cli_bounds(capsys, builds_file: str, extra: list[str],
                                     needle: str) -> None:
    """A bad master seed was an internal error (exit 70); K and --workers are bounded with a
    message (K = 10^9 used to queue ~7.8 million tasks; --workers 24 started 24 processes)."""
    code, err = cli(capsys, "tournament", "tiny", "--builds", builds_file, *extra)
    assert code == 2 and needle in err and "internal" not in err


def test_repro_cli_counts_take_ascii_digits(capsys, builds_file: str) -> None:
    with pytest.raises(SystemExit):
        cli(capsys, "tournament", "tiny", "--builds", builds_file, "--seeds", "٣")


def test_repro_cli_count_of_400_digits_is_too_large_not_a_non_number(capsys,
                                                                     builds_file: str) -> None:
    """`--seeds 999…9` (400 digits) said "not a whole number: '9999999999999999999…'"."""
    with pytest.raises(SystemExit):
        cli(capsys, "tournament", "tiny", "--builds", builds_file, "--seeds", "9" * 400)
    err = capsys.readouterr().err
    assert "argument --seeds: too large: a number of 400 digits" in err
    assert "not a whole number" not in err


def test_repro_too_many_builds_message(capsys, tmp_path, tiny) -> None:
    """1,000 builds said "input too long (1000 characters, limit 256)"."""
    path = tmp_path / "many.txt"
    path.write_text("".join(f"N{i}:5\n" for i in range(1000)), encoding="utf-8")
    code, err = cli(capsys, "tournament", "tiny", "--builds", str(path))
    assert code == 2 and err.strip() == "1:1: too many builds (1000; at most 256)"


def test_repro_too_many_battles_message(tiny) -> None:
    """Too many battles say so, with the number of battles (not "input too long")."""
    request = tournament(builds=[f"N{i}:5" for i in range(256)], seeds=10_000)
    data = json.loads(api.tournament_plan(request))
    assert data["problems"][0]["code"] == "core.too_many_battles"
    assert "652,800,000" in data["problems"][0]["message"]


def test_repro_tournament_problem_names_the_file_line(capsys, tmp_path, tiny) -> None:
    """A bad build in a --builds file said "build 3: 1:1" instead of the file's line."""
    path = tmp_path / "b.txt"
    path.write_text("# entrants\nA:5\n\nB:6\nC\n", encoding="utf-8")
    code, err = cli(capsys, "tournament", "tiny", "--builds", str(path))
    assert code == 2 and err.strip() == "5:1: write name:hp [T0]"


SHEET_A = "name: Alpha\natk: 8\ndef: 8\nagi: 10"
SHEET_B = "name: Beta\natk: 9\ndef: 8\nagi: 9"


def test_repro_builds_file_with_dice_sheets_separated_by_dashes(capsys, tmp_path) -> None:
    """`--builds` refused the `---`-separated multi-line dice sheets the page accepts."""
    path = tmp_path / "sheets.txt"
    path.write_text(f"{SHEET_A}\n---\n\n{SHEET_B}\n  ---  \n", encoding="utf-8")
    code, _ = cli(capsys, "tournament", "dice", "--builds", str(path), "--seeds", "2",
                  "--json")
    assert code == 0
    path.write_text(f"{SHEET_A}\n---\nname: Bad\natk: 99\n", encoding="utf-8")
    code, err = cli(capsys, "tournament", "dice", "--builds", str(path), "--seeds", "2")
    assert code == 2 and err.startswith("7:") and "atk" in err  # line 7 of the file


def test_repro_file_starting_with_bom(capsys, tmp_path, tiny) -> None:
    """A --file that starts with a BOM misparsed its first line."""
    path = tmp_path / "bom.txt"
    path.write_text("\ufeffAnn:20\nBob:7\n", encoding="utf-8")
    from kassen.cli import main

    assert main(["validate", "tiny", "--file", str(path)]) == 0
    assert capsys.readouterr().out.split() == ["Ann:20", "Bob:7"]


# -- links: budget, versions, trailing data ---------------------------------------------------

def test_repro_open_link_bounded_work(monkeypatch) -> None:
    """`api.open_link` bounded neither work nor answer (an 838-character skirmish link took
    15 s and answered 44 MB): a link past the budget of steps/events says so."""
    link = session.battle_json(session.run(session.prepare(
        "cardduel", [CARD.format(hp=12), CARD_B], {}, "s")))["link"]
    assert json.loads(api.open_link(link))["ok"]
    monkeypatch.setattr(wire, "BUDGET", session.Budget(steps=20, events=10_000))
    assert codes(api.open_link(link)) == ["core.too_much_work"]
    monkeypatch.setattr(wire, "BUDGET", session.Budget(steps=10_000, events=30))
    assert codes(api.open_link(link)) == ["core.too_much_work"]
    assert codes(api.battle(battle_request())) == ["core.too_much_work"]


def test_repro_open_link_bounded_answer(monkeypatch) -> None:
    """A 612-character Marguerite free-budget link answered 52 MB: answers past the limit are
    refused with their size."""
    link = session.battle_json(session.run(session.prepare(
        "marguerite", ["10/1/0/4/振舞星/A", "10/1/0/4/振舞星/B"], {}, "s")))["link"]
    monkeypatch.setattr(wire, "MAX_ANSWER_CHARS", 10_000)
    data = json.loads(api.open_link(link))
    assert [p["code"] for p in data["problems"]] == ["core.answer_too_large"]
    assert "MB" in data["problems"][0]["message"]


def test_repro_heavy_free_budget_marguerite_link_within_budget() -> None:
    """A free-budget battle that grows to a safety cap still answers, within the budget."""
    sides = ["5/0/0/1/速速儀速速速増再/R", "5/0/0/1/速速儀速速速増再/R"]
    link = session.battle_json(session.run(session.prepare(
        "marguerite", sides, {"budget": 0}, "x")))["link"]
    answer = api.open_link(link)
    assert json.loads(answer)["ok"] and len(answer) < api.MAX_ANSWER_CHARS


def test_repro_open_link_stops_once_its_views_pass_the_answer_limit(monkeypatch) -> None:
    """A link whose answer would pass the limit used to be played and built in full first
    (a 12 v 12 maximum-stat skirmish link with roundCap=100 on a 10×10 grid: 9.4 s CPU and
    748 MB to answer "84.6 MB, too large"); it now stops at the step its views pass it."""
    link = session.battle_json(session.run(session.prepare(
        "cardduel", [CARD.format(hp=12), CARD_B], {}, "s")))["link"]
    total = len(json.loads(api.open_link(link))["steps"])
    monkeypatch.setattr(wire, "BUDGET", session.Budget(view_chars=20_000))
    data = json.loads(api.open_link(link))
    assert [p["code"] for p in data["problems"]] == ["core.answer_too_large_at"]
    assert 1 < data["problems"][0]["args"]["steps"] < total
    assert "at step" in data["problems"][0]["message"]
    assert "ステップ目で上限" in json.loads(api.open_link(link, "ja"))["problems"][0]["message"]
    assert codes(api.battle(battle_request())) == ["core.answer_too_large_at"]


def test_repro_digests_bounded() -> None:
    """`api.digests` accepted 1,000 heavy records in one call (~48 s)."""
    one = record()
    assert json.loads(api.digests(json.dumps([one] * 2)))["ok"]
    assert codes(api.digests(json.dumps([one] * 1000))) == ["core.bad_count"]


def test_repro_digests_past_the_call_budget_say_so_for_the_batch(monkeypatch) -> None:
    """`api.digests` past its budget said "this battle needs more work than allowed (more than
    773 steps)": what was left when one record began, as if that battle were too big. It now
    names the whole call's limit and how many records were played."""
    one = record()
    steps = len(session.run(session.from_record(Record.from_json(one))).battle.rec.steps)
    monkeypatch.setattr(wire, "BUDGET", session.Budget(steps=steps, events=10 ** 6))
    data = json.loads(api.digests(json.dumps([one] * 8)))
    assert [p["code"] for p in data["problems"]] == ["core.too_much_work_records"]
    assert data["problems"][0]["message"] == (
        f"these records need more work than one call allows (more than {steps * 5} steps in "
        "all; 5 of 8 records played)")
    assert json.loads(api.digests(json.dumps([one] * 5)))["ok"]


def test_repro_too_much_work_names_its_unit_in_the_readers_language(monkeypatch) -> None:
    """The work limit's unit ("steps", "events") was English inside the Japanese message."""
    monkeypatch.setattr(wire, "BUDGET", session.Budget(steps=3))
    link = battle_link(Record.from_json(record()))
    assert json.loads(api.open_link(link, "ja"))["problems"][0]["message"] \
        == "この戦闘は作業量の上限を超えます（ステップが3を超えます）"
    assert "more than 3 steps" in json.loads(api.open_link(link))["problems"][0]["message"]


@pytest.mark.parametrize(("seed", "en", "ja"), [
    ("zz:1", "unknown seed algorithm 'zz' (known: xo1)", "方式「zz」はありません（あるもの: xo1）"),
    ("x" * 201, "seed longer than 200 characters", "200文字より長いです"),
    ("a\ud800", "the seed holds a character that is not text", "文字として読めないもの"),
    ([1], "a seed is text or a whole number", "シードは文字列か整数です"),
], ids=["algorithm", "too_long", "not_text", "not_a_string"])
def test_repro_bad_seed_says_why_in_the_readers_language(capsys, builds_file: str, seed: object,
                                                         en: str, ja: str) -> None:
    """A bad master seed (`--seed zz:1`, over 200 characters, a lone surrogate) is refused; the
    reason was English prose inside the Japanese message. It is a message of its own now."""
    for lang, text in (("en", en), ("ja", ja)):
        data = json.loads(api.battle(battle_request(seed=seed, lang=lang)))
        assert [p["code"] for p in data["problems"]] == ["core.bad_seed"]
        assert text in data["problems"][0]["message"]
    assert "unknown" not in json.loads(api.battle(battle_request(seed="zz:1", lang="ja"))
                                       )["problems"][0]["message"]
    if isinstance(seed, str) and "\ud800" not in seed:
        code, err = cli(capsys, "tournament", "tiny", "--builds", builds_file, "--seed", seed,
                        "--lang", "ja")
        assert code == 2 and ja in err


@pytest.mark.parametrize("version", ["0.1", "2", "1.0"])
def test_repro_record_of_another_rules_version(version: str) -> None:
    """A record with rv "0.1" replayed silently and claimed the current version; it is now
    refused, because no other card-duel version plays the same rules."""
    link = "#m=" + encode_payload(record(rv=version))
    assert codes(api.open_link(link)) == ["core.record_rules_differ"]
    with pytest.raises(ProblemError):
        session.from_record(Record.from_json(record(rv=version)))


def test_repro_record_of_another_rules_version_with_the_same_rules(monkeypatch) -> None:
    """Where a ruleset lists a version as playing the same rules, it replays with a note."""
    from kassen.core import registry

    monkeypatch.setattr(type(registry.get("cardduel")), "same_rules", ("0.9",))
    data = json.loads(api.open_link("#m=" + encode_payload(record(rv="0.9"))))
    assert data["ok"] and [n["code"] for n in data["notes"]] == ["core.record_ruleset_version"]


def test_repro_record_of_another_engine_version(capsys) -> None:
    """A record made by engine "99.0" replayed silently; it replays (the rules are the same)
    and says so."""
    link = "#m=" + encode_payload(record(engine="99.0"))
    data = json.loads(api.open_link(link))
    assert data["ok"] and [n["code"] for n in data["notes"]] == ["core.record_engine"]
    assert "99.0" in data["notes"][0]["message"]
    code, err = cli(capsys, "replay", link)
    assert code == 0 and "made by engine 99.0" in err
    same = json.loads(api.open_link("#m=" + encode_payload(record())))
    assert same["ok"] and "notes" not in same


@pytest.mark.parametrize("tail", ["AAAA", "x", "#m=1", "&x=1", " trailing", "?q"])
def test_repro_trailing_garbage_after_a_valid_link(tail: str) -> None:
    """Trailing garbage after a valid link was accepted."""
    link = battle_link(Record.from_json(record()))
    assert json.loads(api.open_link(link))["ok"]
    assert codes(api.open_link(link + tail))[0] in ("core.link_trailing", "core.link_base64",
                                                    "core.link_trailing_data")


def test_repro_trailing_deflate_data_after_a_valid_link() -> None:
    import base64
    import zlib

    raw = json.dumps(record()).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(raw) + packer.flush() + b"garbage"
    link = "#m=1" + base64.urlsafe_b64encode(body).decode().rstrip("=")
    assert codes(api.open_link(link)) == ["core.link_trailing_data"]
    assert json.loads(api.open_link(link))["problems"][0]["message"] \
        == "the link has 7 byte(s) of extra data after its end"
    assert json.loads(api.open_link(link, "ja"))["problems"][0]["message"] \
        == "リンクの終わりの後ろに余計なデータが7バイトあります"


def test_repro_share_build_honours_options() -> None:
    """`share_build` ignored options, so a build legal only under budget=0 could not be
    shared from the page; the link now carries the options and opens under them."""
    text = "20/5/5/5/限/A"
    assert codes(api.share_build("marguerite", text)) != []
    data = json.loads(api.share_build("marguerite", text, json.dumps({"budget": 0})))
    assert data["ok"]
    opened = json.loads(api.open_link(data["link"]))
    assert opened["options"] == {"budget": 0} and opened["text"] == text
    assert build_link("marguerite", text) != data["link"]


def test_repro_share_build_link_replays_on_the_command_line(capsys) -> None:
    from kassen.cli import main

    link = json.loads(api.share_build("marguerite", "20/5/5/5/限/A",
                                      json.dumps({"budget": 0})))["link"]
    assert main(["replay", link]) == 0 and "20/5/5/5" in capsys.readouterr().out


@pytest.mark.parametrize("policies", [[], ["careful"], ["careful", "careful", "careful"]])
def test_repro_policies_list_of_the_wrong_length(policies: list) -> None:
    """A policies list of the wrong length was accepted (an empty one made both sides
    person-played)."""
    assert codes(api.battle(battle_request(policies=policies))) == ["core.bad_policy_count"]
    link = "#m=" + encode_payload(record(policies=policies))
    assert codes(api.open_link(link)) == ["core.bad_policy_count"]


def test_repro_workers_end_with_their_parent(tmp_path) -> None:
    """`--workers N` left its processes running when the parent was killed: each worker
    watches its parent and ends when it is gone."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from kassen.rulesets.dice.samples import SAMPLES  # type: ignore[attr-defined]

    path = tmp_path / "sheets.txt"
    path.write_text("\n---\n".join(s.text for s in SAMPLES[:4]), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "pysrc")}
    parent = subprocess.Popen([sys.executable, "-m", "kassen", "tournament", "dice", "--builds",
                               str(path), "--seeds", "10000", "--workers", "2", "--json"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: list[int] = []
    for _ in range(100):
        time.sleep(0.1)
        children = [int(p) for p in Path(f"/proc/{parent.pid}/task/{parent.pid}/children")
                    .read_text().split()]
        if len(children) >= 2:
            break
    assert len(children) >= 2, "the tournament did not start its workers"
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    alive = children
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [c for c in alive if Path(f"/proc/{c}").exists()
                 and "Z" not in Path(f"/proc/{c}/stat").read_text().split()[2]]
    assert alive == []


def test_repro_battle_problems_in_the_requested_language() -> None:
    """A battle request's own `lang` picks the problems' language (it was read too late)."""
    data = json.loads(api.battle(battle_request(sides=5, lang="ja")))
    assert "形が違います" in data["problems"][0]["message"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_repro_non_finite_numbers_never_reach_the_page(value: float) -> None:
    """A NaN echoed back would make the answer unreadable to the page's JSON.parse."""
    text = api.battle(battle_request(choices=[value, value]))
    json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in the answer"))
