"""Properties over random legal sides and seeds: no exception, the match ends, the same seed
gives the same events, snapshot/restore at every battle changes nothing; a person's side
raises NeedDecision and the driver goes on once answered; the CLI output of design 4.1."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_kit import replayed_turns
from kassen.cli import main
from kassen.core import registry, session
from kassen.core.decisions import NeedDecision
from kassen.core.driver import Driver
from kassen.core.rng import Rng

OPTION_SETS = [
    {},
    {"procedure": "original"},
    {"jokers": 2, "emotion_table": "v0", "enchant_rank_scope": "enchant_only"},
    {"happening_lock": "none", "enchant_consumed_on_use": False, "hand_refill": "none",
     "discard_returns": False, "storm_counts_victim_draws": True, "storm_counts_tie_draws": True},
    {"procedure": "original", "original_right_loss": "next_only", "surrender": "hopeless",
     "cond_model": "table", "storm_warrior_start": "count_on"},
    {"format": "fixed", "battles": 2, "mana_storm_ends_match": False,
     "storm_pool_scope": "whole_field", "storm_warrior_mode": "absorb_min_hp_pool"},
]
POLICIES = [("careful", "careful"), ("bold", "careful"), ("bold", "bold")]


def events_of(prepared: session.Prepared) -> list[dict]:
    return session.events_json(session.run(prepared).battle)


def valid_count_is_exact(battle) -> None:
    """§10: the kept count of valid deck cards is exact."""
    for m in battle.state.members:
        assert m.deck_valid == sum(1 for c in m.deck if c in m.valid)


def check(seed: int, opt_index: int, pol_index: int) -> None:
    rs = registry.get("cardduel")
    rng = Rng(f"prop-{seed}")
    sides = [rs.random_build(rng), rs.random_build(rng)]
    prepared = session.prepare("cardduel", sides, OPTION_SETS[opt_index], str(seed),
                               policies=list(POLICIES[pol_index]))
    outcome = session.run(prepared)
    result = outcome.result
    assert outcome.battle.finished and result.reason in (
        "knockout", "damage", "draw", "surrender")
    assert 1 <= result.turn <= 50
    assert events_of(prepared) == session.events_json(outcome.battle)
    # the ruleset contract's snapshot check under these options and policies
    battle = rs.new_battle(prepared.setup())
    replayed_turns(battle, valid_count_is_exact)
    assert [e.to_json() for e in battle.rec.events()] == session.events_json(outcome.battle)
    # the record's choices replay without any AI
    replay = session.prepare("cardduel", sides, OPTION_SETS[opt_index], str(seed),
                             choices=outcome.battle.decider.choices, policies=[None, None])
    assert events_of(replay) == session.events_json(outcome.battle)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, len(OPTION_SETS) - 1),
       st.integers(0, len(POLICIES) - 1))
def test_random_sides_and_seeds(seed: int, opt_index: int, pol_index: int) -> None:
    """No exception, the duel ends, determinism, snapshot/restore, replay by choices."""
    check(seed, opt_index, pol_index)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, len(OPTION_SETS) - 1),
       st.integers(0, len(POLICIES) - 1))
def test_random_sides_and_seeds_many(seed: int, opt_index: int, pol_index: int) -> None:
    """The same properties over many more seeds (slow tier)."""
    check(seed, opt_index, pol_index)


@pytest.mark.rule("§10")
def test_person_side_needs_decisions_and_driver_goes_on() -> None:
    """§10: a side played by a person raises NeedDecision with plain JSON options; after each
    answer the driver re-runs the battle and the match ends like the AI's would."""
    sides = [s.text for s in registry.get("cardduel").samples[3:5]]
    ai = session.run(session.prepare("cardduel", sides, {}, "9"))
    prepared = session.prepare("cardduel", sides, {}, "9", policies=[None, "careful"])
    battle = prepared.ruleset.new_battle(prepared.setup())
    driver = Driver(battle)
    answers = 0
    while not driver.done:
        try:
            driver.play_turn()
        except NeedDecision as need:
            req = need.request
            assert req.side == 0 and json.dumps(req.to_json())
            from kassen.rulesets.cardduel.ai import POLICIES as AI

            driver.answer(AI["careful"](req, Rng("x")))
            answers += 1
    assert answers > 0
    assert session.events_json(battle) == session.events_json(ai.battle)


def test_cli_battle_json_4_1(capsys) -> None:
    """design 4.1: members carry hp / mp and costumes left / damage dealt; the reason."""
    code = main(["battle", "cardduel", "--build", registry.get("cardduel").samples[3].text,
                 "--build", registry.get("cardduel").samples[8].text, "--seed", "5",
                 "--option", "round_cap=7", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["result"]["reason"] in ("knockout", "damage", "draw")
    warrior, mage = data["sides"][0]["members"]
    assert {"hp", "max_hp", "damage_dealt", "exited", "statuses"} <= set(warrior)
    assert {"mp", "max_mp", "costumes", "costumes_left"} <= set(mage)
    assert data["events"] and data["link"].startswith("#m=")
    code = main(["battle", "cardduel", "--build", "A:warrior year=1", "--build", "x",
                 "--json"])
    assert code == 2
