"""The build lab as hard to break as a battle (issue 25): every seed checked, numbers refused
with a located message naming their range (never cut, rounded or replaced), values of the
wrong JSON type refused, the champion's field round robin sliced, a call's work bounded, and a
``--scheduler`` that is no address refused. Each test names the issue's class it guards."""

from __future__ import annotations

import json
import math

import pytest

from kassen.cli import main
from kassen.core import registry
from kassen.core.problems import ProblemError
from kassen.core.rng import Rng
from kassen.lab import evaluate
from kassen.lab.search import TASK_BATTLES, Search, Settings
from kassen.tournament.runners import DaskRunner, check_address
from kassen.web import lab

MARGUERITE = registry.get("marguerite")


def field(n: int, seed: str = "field25") -> list[str]:
    rng = Rng(seed)
    return [MARGUERITE.random_build(rng) for _ in range(n)]


@pytest.fixture
def field_file(tmp_path) -> str:
    path = tmp_path / "field.txt"
    path.write_text("\n".join(field(4)) + "\n", encoding="utf-8")
    return str(path)


def _codes(answer: str) -> list[str]:
    data = json.loads(answer)
    assert data["ok"] is False, data
    return [p["code"] for p in data["problems"]]


def _cli(args: list[str], capsys) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err


# -- crashes: seeds, wrong JSON types, scheduler addresses ------------------------------------

@pytest.mark.parametrize("seed", ["zz:1", "a" * 201, "xo2:abc"])
def test_search_seed_is_checked_like_a_tournaments(seed: str, field_file: str, capsys) -> None:
    """Issue 25, crashes: ``search``'s master seed (unknown algorithm, over 200 characters) is
    a located ``core.bad_seed`` problem (exit 2), never an internal error (exit 70), on the
    command line and through the page's API."""
    code, err = _cli(["search", "marguerite", "--field", field_file, "--evaluations", "4",
                      "--seed", seed], capsys)
    assert code == 2 and err.startswith("1:1: seed ") and "Traceback" not in err
    with pytest.raises(ProblemError) as found:
        Search("marguerite", field(3), {}, Settings(evaluations=4, seed=seed))
    assert [p.code for p in found.value.problems] == ["core.bad_seed"]
    assert _codes(lab.lab_start(json.dumps({"ruleset": "marguerite", "field": field(3),
                                            "seed": seed}))) == ["core.bad_seed"]


@pytest.mark.parametrize("seed", ["zz:1", "a" * 201])
def test_tournament_and_battle_seeds_are_checked(seed: str, tmp_path, capsys) -> None:
    """Issue 25, crashes: the other entry points that take a seed refuse the same seeds with
    the same located message (a battle's limit is 256, so only the algorithm there)."""
    path = tmp_path / "builds.txt"
    path.write_text("\n".join(field(3)) + "\n", encoding="utf-8")
    code, err = _cli(["tournament", "marguerite", "--builds", str(path), "--seed", seed],
                     capsys)
    assert code == 2 and err.startswith("1:1: seed ")
    if ":" in seed:
        sample = MARGUERITE.samples[0].text
        code, err = _cli(["battle", "marguerite", "--build", sample, "--build", sample,
                          "--seed", seed], capsys)
        assert code == 2 and "seed 'zz:1' cannot be used" in err


BAD_VALUES = [1, 2.5, [], ["x"], {}, {"a": 1}, True, "x"]


@pytest.mark.parametrize("key", ["options", "seeds", "goal", "seed", "target", "ruleset",
                                 "evaluations"])
@pytest.mark.parametrize("value", BAD_VALUES, ids=repr)
def test_lab_start_refuses_every_wrong_json_type(key: str, value: object) -> None:
    """Issue 25, crashes: a field of the wrong JSON type (numbers, lists, objects, booleans,
    text) is a located problem, never "internal"; null means the field's default."""
    request = {"ruleset": "marguerite", "field": field(3), "evaluations": 4, "seed": "t"}
    request[key] = value
    answer = json.loads(lab.lab_start(json.dumps(request)))
    codes = [p["code"] for p in answer.get("problems", [])]
    assert "internal" not in codes, answer
    fine = [("seed", 1), ("seed", "x"), ("goal", 1), ("options", {}), ("seeds", 1)]
    if (key, value) not in fine and not (key == "evaluations" and value == 1):
        assert answer["ok"] is False and codes, (key, value)
    request[key] = None
    assert json.loads(lab.lab_start(json.dumps(request)))["ok"] is (key not in (
        "ruleset",)), key


@pytest.mark.parametrize("address", ["garbage here!", "", "http://127.0.0.1:8786",
                                     "javascript:alert(1)", "tcp://", "tcp://h:99999",
                                     "tcp://a b:1"])
def test_scheduler_that_is_no_address_is_a_message(address: str, field_file: str,
                                                   capsys) -> None:
    """Issue 25, crashes: a ``--scheduler`` that is not a reachable address (garbage, empty,
    another scheme) is a located ``core.no_scheduler`` message (exit 2), for ``search`` and
    for ``tournament``."""
    with pytest.raises(ProblemError) as found:
        check_address(address)
    assert [p.code for p in found.value.problems] == ["core.no_scheduler"]
    code, err = _cli(["search", "marguerite", "--field", field_file, "--evaluations", "4",
                      "--scheduler", address], capsys)
    assert code == 2 and "Dask scheduler" in err
    code, err = _cli(["tournament", "marguerite", "--builds", field_file, "--scheduler",
                      address], capsys)
    assert code == 2 and "Dask scheduler" in err


def test_address_forms_dask_takes_pass_the_check() -> None:
    """Issue 25, crashes: the check refuses only what Dask cannot use."""
    for address in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://host.example:8786",
                    "tcp://[::1]:8786", "ws://h:1", "scheduler"):
        assert check_address(address) == address


def test_unreachable_scheduler_is_a_message() -> None:
    """Issue 25, crashes: nothing listening there is a message too (a connection error)."""
    pytest.importorskip("dask.distributed")
    with pytest.raises(ProblemError) as found:
        DaskRunner("tcp://127.0.0.1:9", timeout=2)
    assert [p.code for p in found.value.problems] == ["core.no_scheduler"]


# -- unbounded work ----------------------------------------------------------------------------

@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "0", "1e9"])
def test_seconds_nan_inf_negative_refused_naming_the_limit(seconds: str, field_file: str,
                                                           capsys) -> None:
    """Issue 25, unbounded work: ``--seconds nan`` never stopped; NaN, infinities, zero,
    negative and more than a week are refused with the limit named."""
    code, err = _cli(["search", "marguerite", "--field", field_file, f"--seconds={seconds}"],
                     capsys)
    assert code == 2 and "seconds must be a number above 0 and at most 604800" in err


def test_champion_field_round_robin_is_sliced_and_cancellable() -> None:
    """Issue 25, unbounded work: ``lab_start`` with the champion target plays no battle; the
    field's own round robin comes in stages of job ranges (progress in ``field_played`` of
    ``field_total``), each within one call's bound, and the page's search still equals the
    command line's."""
    builds = [s.text for s in registry.get("dice").samples[:4]]
    played: list[int] = []
    real = evaluate.play_job

    def counting(*args):
        played.append(1)
        return real(*args)

    evaluate.play_job = counting
    try:
        answer = json.loads(lab.lab_start(json.dumps(
            {"ruleset": "dice", "field": builds, "evaluations": 3, "seed": "ch", "seeds": 600,
             "target": "champion"})))
        assert answer["ok"], answer
        assert played == []  # lab_start itself plays nothing
    finally:
        evaluate.play_job = real
    total = answer["field_total"]
    assert total == 6 * 600 * 2 and answer["field_played"] == 0
    assert all(t[0] is None and t[2] - t[1] <= TASK_BATTLES for t in answer["tasks"])
    context = json.dumps(answer["context"])
    stages = 0
    while answer["field_played"] < total:
        stages += 1
        answers = json.loads(lab.lab_play(context, json.dumps(answer["tasks"])))["answers"]
        answer = json.loads(lab.lab_answer(json.dumps(answers), "1"))
        assert answer["ok"], answer
    assert stages == -(-total // 2048)
    # a cancel is the page no longer asking: the state is whole, the next call still works
    assert answer["tasks"] and all(isinstance(t[0], str) for t in answer["tasks"])


def test_lab_play_bounds_the_work_of_one_call() -> None:
    """Issue 25, unbounded work: one ``lab_play`` call asked for 480,000 battles; now at most
    ``MAX_PLAY_BATTLES`` (``core.too_much_lab_work``), and the search's own tasks are cut so
    that any one of them fits."""
    builds = [s.text for s in registry.get("dice").samples[:4]]
    answer = json.loads(lab.lab_start(json.dumps({"ruleset": "dice", "field": builds,
                                                   "evaluations": 2, "seeds": 10_000})))
    context = json.dumps(answer["context"])
    per_game = len(builds) * answer["context"]["seatings"]
    assert all((t[2] - t[1]) * per_game <= max(TASK_BATTLES, per_game)
               for t in answer["tasks"])
    text = answer["tasks"][0][0]
    huge = json.dumps([[text, 0, 10_000]] * 6)
    assert _codes(lab.lab_play(context, huge)) == ["core.too_much_lab_work"]
    assert answer["max_battles"] == lab.MAX_PLAY_BATTLES
    assert json.loads(lab.lab_play(context, json.dumps(answer["tasks"][:2])))["ok"]


def test_cut_tasks_give_the_same_search() -> None:
    """Issue 25: cutting a stage's tasks by games changes no result (sums of the same
    battles): a random system's search equals the sum of its pieces, run twice."""
    builds = [s.text for s in registry.get("dice").samples[:2]]
    settings = Settings(evaluations=4, games=40, seed="cut", walkers=2, neighbours=2)
    first = Search("dice", builds, {}, settings).run()
    again = Search("dice", builds, {}, settings).run()
    assert first == again and first["best"][0]["battles"] == 40 * 2 * 2


# -- wrong results -----------------------------------------------------------------------------

@pytest.mark.parametrize(("flag", "value", "field_name"), [
    ("--evaluations", "0", "evaluations"), ("--evaluations", "-3", "evaluations"),
    ("--seeds", "0", "seeds K"), ("--seeds", "-4", "seeds K"), ("--seeds", "10001", "seeds K"),
    ("--top", "0", "top"), ("--top", "-1", "top"), ("--walkers", "0", "walkers")])
def test_counts_out_of_range_are_refused_not_changed(flag: str, value: str, field_name: str,
                                                     field_file: str, capsys) -> None:
    """Issue 25, wrong results: ``--evaluations 0`` ran 1,000, ``--seeds 0``/``-4`` gave
    K = 1, ``--top 0`` printed an empty table: each is refused naming its range."""
    code, err = _cli(["search", "dice" if flag == "--seeds" else "marguerite", "--field",
                      field_file, flag, value], capsys)
    assert code == 2 and f"{field_name} must be a whole number from 1 to" in err, err


@pytest.mark.parametrize("seeds", [0, 10 ** 6, 2.9, "3", True, -1])
def test_page_api_k_is_refused_not_changed(seeds: object) -> None:
    """Issue 25, wrong results: the page's API turned seeds 0 → 20, 10⁶ → 10,000, 2.9 → 2,
    "3" → 3, true → 1; each is refused as ``core.bad_count`` naming 1 to 10,000."""
    data = json.loads(lab.lab_start(json.dumps({"ruleset": "dice", "field": [
        s.text for s in registry.get("dice").samples[:2]], "seeds": seeds})))
    assert not data["ok"]
    assert [p["code"] for p in data["problems"]] == ["core.bad_count"]
    assert "from 1 to 10000" in data["problems"][0]["message"]


@pytest.mark.parametrize("goal", ["nan", "inf", "-inf", "-0.1", "1.5"])
def test_goal_nan_inf_negative_refused(goal: str, field_file: str, capsys) -> None:
    """Issue 25, wrong results: a NaN goal made every score NaN and ``--json`` print NaN; a
    goal is a number from 0 to 1."""
    code, err = _cli(["search", "marguerite", "--field", field_file, "--target", "balance",
                      f"--goal={goal}"], capsys)
    assert code == 2 and "goal must be a number from 0 to 1" in err
    for value in (float(goal), goal):
        with pytest.raises(ProblemError):
            Search("marguerite", field(2), {}, Settings(target="balance",
                                                       goal=value))  # type: ignore[arg-type]


def test_search_json_is_strict_json(field_file: str, capsys) -> None:
    """Issue 25, wrong results: ``search --json`` prints JSON a strict reader takes (no NaN)."""
    assert main(["search", "marguerite", "--field", field_file, "--target", "balance",
                 "--evaluations", "8", "--json"]) == 0

    def refuse(name: str) -> float:
        raise AssertionError(f"not JSON: {name}")

    data = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert all(math.isfinite(row["score"]) for row in data["best"])


# -- what the fuzz tier found (issue 25's fuzzing) --------------------------------------------

@pytest.mark.parametrize("goal", [10 ** 400, -(10 ** 400), 2 ** 1024])
def test_repro_lab_start_goal_too_large_for_a_float(goal: int) -> None:
    """Issue 25, fuzzing (the slow tier, lab_start, at about 5,000 calls): a goal of 10**400
    answered "internal" (OverflowError in the finiteness check)."""
    assert _codes(lab.lab_start(json.dumps({"ruleset": "marguerite", "field": field(3),
                                            "target": "balance", "goal": goal}))) == [
        "core.bad_number"]


@pytest.mark.parametrize("context", [[], {"x": 1}, 5, None])
def test_repro_lab_play_context_not_text(context: object) -> None:
    """Issue 25, fuzzing: ``lab_play`` given a list as its context answered "internal"
    (unhashable type)."""
    assert _codes(lab.lab_play(context, "[]")) == ["core.bad_type"]  # type: ignore[arg-type]


@pytest.mark.parametrize("changes", [{"candidate_side": float("inf")}, {"candidate_side": True},
                                     {"ruleset": True}, {"games": 2.5}, {"seed": 5},
                                     {"options": [[1, 2]]}, {"field": "x"}])
def test_repro_lab_play_context_fields_of_the_wrong_type(changes: dict) -> None:
    """Issue 25, fuzzing: a context whose ``candidate_side`` was infinity answered "internal"
    (OverflowError); every field of the context is checked, never converted."""
    start = json.loads(lab.lab_start(json.dumps({"ruleset": "marguerite", "field": field(3),
                                                 "evaluations": 2})))
    context = json.dumps({**start["context"], **changes})
    assert _codes(lab.lab_play(context, "[]")) == ["core.record_schema"]


def test_k_given_for_a_deterministic_system_is_answered_with_a_note(field_file: str,
                                                                    capsys) -> None:
    """Issue 25, wrong results: a K the user gave is never dropped without a word; a
    deterministic system plays each battle once and says that K is not used."""
    code, err = _cli(["search", "marguerite", "--field", field_file, "--evaluations", "4",
                      "--seeds", "5"], capsys)
    assert code == 0 and "K 5 is not used" in err
    code, err = _cli(["search", "marguerite", "--field", field_file, "--evaluations", "4"],
                     capsys)
    assert code == 0 and "not used" not in err


def test_champion_says_the_field_round_robin_comes_first(field_file: str, capsys) -> None:
    """Issue 25, unbounded work: the champion target's first wait (the field's own round
    robin) is said, with its size, before it is played."""
    code, err = _cli(["search", "marguerite", "--field", field_file, "--evaluations", "4",
                      "--target", "champion"], capsys)
    assert code == 0 and "playing the field's own round robin first (6 battles)" in err
