"""The build lab (issue 18): legal moves, racing, reproducible searches, cancel, command line."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.cli import main
from kassen.core import registry
from kassen.core.links import parse_link
from kassen.core.rng import Rng
from kassen.core.session import from_record, run
from kassen.lab.racing import Score, score, stages, survivors
from kassen.lab.search import Search, Settings
from kassen.rulesets.marguerite.notation import cost
from kassen.tournament.runners import ProcessRunner

MARGUERITE = registry.get("marguerite")


def field(n: int, seed: str = "field") -> list[str]:
    rng = Rng(seed)
    return [MARGUERITE.random_build(rng) for _ in range(n)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 9), budget=st.integers(1, 40), hp_step=st.sampled_from("51"))
def test_r3_1_marguerite_moves_always_legal(seed: int, budget: int, hp_step: str) -> None:
    """R3.1: every start build and every move stays within the budget and the HP step, and
    its text parses back to the same build."""
    options = {**{o.key: o.default for o in MARGUERITE.options}, "budget": budget,
               "hp_step": hp_step}
    rng = Rng(seed)
    build = MARGUERITE.search_start(rng, options)
    for _ in range(30):
        text = MARGUERITE.export(build)
        parsed, problems = MARGUERITE.parse(text, options)
        assert problems == [] and parsed == build, (text, problems)
        assert cost(build) <= budget
        build = MARGUERITE.search_move(build, rng, options)


def test_racing_keeps_the_leader_and_every_overlapping_interval() -> None:
    """The leader (best estimate) is never dropped; a candidate is dropped only when its upper
    bound is below the leader's lower bound."""
    scores = [Score(0.5, 0.4, 0.6), Score(0.7, 0.62, 0.78), Score(0.55, 0.45, 0.65),
              Score(0.1, 0.0, 0.2)]
    assert survivors(scores) == [False, True, True, False]
    assert survivors([Score(0.3, 0.3, 0.3), Score(0.3, 0.3, 0.3)]) == [True, True]


@settings(max_examples=80, deadline=None)
@given(rates=st.lists(st.integers(0, 100), min_size=2, max_size=12), games=st.integers(5, 400))
def test_racing_never_drops_the_true_leader_on_exact_cases(rates: list[int],
                                                             games: int) -> None:
    """Constructed cases: each candidate wins exactly its true share of every stage's
    battles; through every racing stage the true leader survives."""
    alive = list(range(len(rates)))
    leader = max(range(len(rates)), key=lambda i: (rates[i], -i))
    for stop in stages(games):
        pool = [score("counter", [[stop, stop * rates[i] // 100, 0]], exact=False)
                for i in alive]
        alive = [i for i, kept in zip(alive, survivors(pool), strict=True) if kept]
        assert leader in alive


def test_racing_keeps_a_clear_leader_under_noise() -> None:
    """A candidate winning 80 % against ones winning 40–55 %, with seeded noise over 200
    different seed sets: the racing stages never drop it."""
    for trial in range(200):
        rng = Rng(f"race/{trial}")
        truth = [0.8, 0.55, 0.5, 0.4]
        wins = [0] * 4
        played = 0
        alive = [0, 1, 2, 3]
        for stop in stages(100):
            for i in alive:
                wins[i] += sum(rng.below(1000) < truth[i] * 1000 for _ in range(stop - played))
            played = stop
            pool = [score("counter", [[played, wins[i], 0]], exact=False) for i in alive]
            alive = [i for i, kept in zip(alive, survivors(pool), strict=True) if kept]
            assert 0 in alive


def small(target: str = "counter", **kw: object) -> Settings:
    given: dict[str, object] = {"evaluations": 64, "seed": "t", "walkers": 4,
                                "neighbours": 4, **kw}
    return Settings(target=target, **given)  # type: ignore[arg-type]


def test_search_finds_a_counter_and_links_replay_its_battles() -> None:
    """Score = wins + draws/2 per battle against every field member (R10: one battle per
    pairing, the system is symmetric); each link replays to the counted result."""
    out = Search("marguerite", field(8), {}, small()).run()
    best = out["best"][0]
    assert out["evaluations"] == 64 and best["battles"] == 8
    assert best["score"] == (best["wins"] + best["draws"] / 2) / 8
    for member in best["members"]:
        _, record = parse_link(member["link"])
        result = run(from_record(record)).result
        assert result is not None
        assert (result.winner == 0) == (member["wins"] == 1)
        assert record.sides[0] == best["text"]


def test_same_seed_same_result_on_one_and_two_processes() -> None:
    """A search is a function of its seed and budget, not of the number of workers."""
    builds = field(6)
    one = Search("marguerite", builds, {}, small()).run()
    with ProcessRunner(2) as runner:
        two = Search("marguerite", builds, {}, small(), runner).run()
    assert one == two
    dice = [s.text for s in registry.get("dice").samples[:2]]
    lone = Search("dice", dice, {}, small(games=4, evaluations=6)).run()
    with ProcessRunner(2) as runner:
        pair = Search("dice", dice, {}, small(games=4, evaluations=6), runner).run()
    assert lone == pair


def test_seconds_budget_reproduced_by_its_evaluation_count() -> None:
    """A timed search stops at a round's end; the same seed with its evaluation count gives
    the same table."""
    builds = field(6)
    timed = Search("marguerite", builds, {}, small(evaluations=None, seconds=0.3)).run()
    again = Search("marguerite", builds, {},
                   small(evaluations=timed["evaluations"])).run()
    assert timed["best"] == again["best"]


def test_cancel_keeps_whole_rounds() -> None:
    """Cancelling (between rounds, or mid-round through ``stop``) returns the best so far of
    the rounds that finished."""
    builds = field(6)
    rounds = []
    out = Search("marguerite", builds, {}, small(evaluations=1000)).run(
        lambda done, total, best: rounds.append(done) or len(rounds) == 2)
    assert out["cancelled"] and out["evaluations"] == 32 and out["best"]
    calls = []
    search = Search("marguerite", builds, {}, small(evaluations=1000))
    search.stop = lambda: calls.append(1) or len(calls) > 5
    out = search.run()
    assert out["cancelled"] and out["evaluations"] == 16 and out["rounds"] == 1


def test_champion_margin_over_the_fields_best() -> None:
    """Champion: the candidate's points rate minus the best field member's in the tournament
    of the field plus the candidate; the field's own best is reported."""
    out = Search("marguerite", field(6), {}, small("champion")).run()
    assert 0 < out["field_best"] <= 1
    best = out["best"][0]
    assert best["score"] <= best["wins"] / best["battles"] - 0.0 + 1e-9


def test_cli_search_json(tmp_path, capsys) -> None:
    """``python -m kassen search`` prints the summary as JSON; --budget is the R3.1 option."""
    path = tmp_path / "field.txt"
    path.write_text("\n".join(field(4)) + "\n", encoding="utf-8")
    code = main(["search", "marguerite", "--field", str(path), "--evaluations", "20",
                 "--budget", "8", "--json", "--seed", "c"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["evaluations"] == 20
    assert all(cost(MARGUERITE.parse(row["text"], {"budget": 8})[0]) <= 8
               for row in out["best"])
    code = main(["search", "dice", "--field", str(path), "--evaluations", "5", "--budget", "3"])
    assert code == 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 9), ruleset_id=st.sampled_from(["dice", "cardduel",
                                                                    "skirmish"]))
def test_random_systems_moves_always_legal(seed: int, ruleset_id: str) -> None:
    """Dice sheets within the cost pool (§2.2), card duel sides inside the §12.5 seed ranges,
    skirmish line-ups of sample enemies (§11.5): every start and move parses back to itself."""
    from kassen.core import options as options_mod

    ruleset = registry.get(ruleset_id)
    options, _ = options_mod.resolve(ruleset.options, {})
    rng = Rng(seed)
    build = ruleset.search_start(rng, options)
    for _ in range(8):
        parsed, problems = ruleset.parse(ruleset.export(build), options)
        assert problems == [] and parsed == build
        build = ruleset.search_move(build, rng, options)


def test_balance_moves_the_party_win_rate_towards_the_goal() -> None:
    """The encounter balancer (§17 encounters, sample party): score = −|party win rate −
    goal|, the enemies on side 1; the best line-up is closer to 50 % than a weak start."""
    skirmish = registry.get("skirmish")
    party = skirmish.samples[0].text
    weak = "@ゴブリン area=5"
    out = Search("skirmish", [party], {}, Settings(
        target="balance", evaluations=24, games=8, seed="b", walkers=3, neighbours=4,
        start=(weak,))).run()
    start = next((row for row in out["best"] if row["text"].count(";") == 0), None)
    best = out["best"][0]
    party_wins = best["battles"] - best["wins"] - best["draws"]
    assert best["score"] == -abs(party_wins / best["battles"] - 0.5)
    assert start is None or best["score"] >= start["score"]
    assert best["score"] > -0.5


def test_page_api_plays_the_command_lines_search() -> None:
    """The page's worker API (kassen.web.lab): stages played from the context alone, in any
    slicing, give the command line's table for the same seed and evaluations."""
    from kassen.web import lab

    builds = field(5)
    answer = json.loads(lab.lab_start(json.dumps(
        {"ruleset": "marguerite", "field": builds, "evaluations": 40, "seed": "w",
         "target": "champion"})))
    assert answer["ok"], answer
    context = json.dumps(answer["context"])
    while not answer["done"]:
        tasks, answers = answer["tasks"], []
        for start in range(0, len(tasks), 3):
            part = json.loads(lab.lab_play(context, json.dumps(tasks[start:start + 3])))
            answers += part["answers"]
        answer = json.loads(lab.lab_answer(json.dumps(answers), "1"))
        assert answer["ok"], answer
    result = json.loads(lab.lab_result())
    result.pop("ok")
    expected = Search("marguerite", builds, {}, Settings(evaluations=40, seed="w",
                                                         target="champion")).run()
    assert result == expected
    bad = json.loads(lab.lab_answer(json.dumps([[[1, 2, 0]]])))
    assert not bad["ok"]
    assert not json.loads(lab.lab_play(context, '[["x", 0, 1]]'))["ok"]
