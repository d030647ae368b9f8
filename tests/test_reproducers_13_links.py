"""Issue 13 §3, "nothing a user or a link sends may break it", part 2: the command line's
tournament counts and files, links (budget, versions, trailing data), shared builds, workers.
Each asserts the located problem (code) the input now gets; none may answer the ``internal``
problem or exit 70.
"""

from __future__ import annotations

import json

import pytest

from kassen.core import session
from kassen.core.links import battle_link, build_link, encode_payload
from kassen.core.problems import ProblemError
from kassen.core.record import Record
from kassen.web import api, wire
from reproducers import CARD, CARD_B, battle_request, codes, record, tournament

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
    (a 12 v 12 maximum-stat skirmish link with round_cap=100 on a 10×10 grid: 9.4 s CPU and
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
    ("zz:1", "unknown seed algorithm 'zz' (known: xo1, mt1)",
     "方式「zz」はありません（あるもの: xo1, mt1）"),
    ("x" * 257, "seed longer than 256 characters", "256文字より長いです"),
    ("a\ud800", "the seed holds a character that is not text", "文字として読めないもの"),
    ([1], "a seed is text or a whole number", "シードは文字列か整数です"),
], ids=["algorithm", "too_long", "not_text", "not_a_string"])
def test_repro_bad_seed_says_why_in_the_readers_language(capsys, builds_file: str, seed: object,
                                                         en: str, ja: str) -> None:
    """A bad battle seed (`zz:1`, over 256 characters, a lone surrogate) is refused; the
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
        # a master seed is held to 200 characters: its battles' seeds append to it
        assert code == 2 and ja.replace("256", "200") in err


@pytest.mark.parametrize("version", ["0.1", "3", "1.0"])
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
    start_by = time.monotonic() + 300  # a bound on a loaded machine, not a measured time
    while time.monotonic() < start_by:
        time.sleep(0.1)
        children = [int(p) for p in Path(f"/proc/{parent.pid}/task/{parent.pid}/children")
                    .read_text().split()]
        if len(children) >= 2:
            break
    assert len(children) >= 2, "the tournament did not start its workers"
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 300  # the watchers look every 0.5 s; a bound, not a timing
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
