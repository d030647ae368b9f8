"""Option ``several_mages`` (§2.7 [designed]): several mages per side, each enchanting
independently for the side's warrior; seating (§2.8) and the Mana Storm count (§6.2) take
every mage in order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import M8, M8B, W8, W8B, events, make, ruleset, stack, start

from contract_kit import replayed_turns
from kassen.core import session
from kassen.core.decisions import NeedDecision
from kassen.core.driver import Driver
from kassen.core.options import defaults
from kassen.core.rng import Rng
from kassen.rulesets.cardduel.ai import POLICIES
from kassen.rulesets.cardduel.constants import MAX_MAGES
from kassen.rulesets.cardduel.generate import random_side
from kassen.rulesets.cardduel.notation import export_side, parse_side

ON = {"several_mages": True}
MC = "MC:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=hat"
MD = "MD:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=cloak"
TEAMS = [f"{W8} + {M8} + {MC}", f"{W8B} + {M8B} + {MD}"]


# -- notation -------------------------------------------------------------------------------
@pytest.mark.rule("§2.7")
def test_second_mage_refused_when_option_off_2_7() -> None:
    """§2.7: with the option off a second mage is a located problem that names the option."""
    text = f"{W8} + {M8} + {MC}"
    build, problems = ruleset().parse(text, defaults(ruleset().options))
    assert build is None and len(problems) == 1
    p = problems[0]
    assert p.code == "cardduel.several_mages_off" and p.rule == "§2.7"
    assert p.column == text.index("MC:") + 1
    ja, en = p.message("ja"), p.message("en")
    assert "several_mages" in ja and "several_mages" in en and ja != en
    assert "複数の術士" in ja and "several mages per side" in en
    # the other too-long sides keep today's problem
    three = " + ".join([W8] * 3)
    assert parse_side(three)[1][0].code == "cardduel.side_size"


@pytest.mark.rule("§2.7")
@pytest.mark.rule("§2.8")
def test_several_mages_parse_export_in_order_of_entry_2_7() -> None:
    """§2.7/§2.8: mages keep their order of entry (the warrior may be written anywhere);
    export gives the warrior first and round-trips; more than MAX_MAGES is refused."""
    build, problems = parse_side(f"{M8} + {W8} + {MC} + {MD}", True)
    assert problems == []
    assert [c.name for c in build.members()] == ["A", "MA", "MC", "MD"]
    text = export_side(build)
    again, problems = parse_side(text, True)
    assert problems == [] and again == build and export_side(again) == text
    too_many = " + ".join([W8] + [M8] * (MAX_MAGES + 1))
    assert parse_side(too_many, True)[1][0].code == "cardduel.side_size_mages"
    no_warrior = parse_side(f"{M8} + {MC}", True)[1][0]
    assert no_warrior.code == "cardduel.side_lineup_mages"
    assert "{" not in no_warrior.message("ja") and "{" not in no_warrior.message("en")
    # the option on changes nothing for the 0/1-mage sides
    one = f"{W8} + {M8}"
    assert parse_side(one, True) == parse_side(one, False)


# -- procedure B with two mages per side ----------------------------------------------------
@pytest.mark.rule("§5.1")
@pytest.mark.rule("§5.3")
@pytest.mark.rule("§5.4.1")
def test_both_mages_enchant_independently_5_1_to_5_3() -> None:
    """B1: every mage sets a card, in seating order (0.1, 0.2, 1.1, 1.2); B2/B3 judge each
    one for itself: valid cards activate for the team, an invalid one costs only its own
    mage 1 MP; the warrior may point at either mage's enchantment (§5.4.1 iii)."""
    b = start(TEAMS, {"0.0": ["S9"], "0.1": ["S2"], "0.2": ["H3"], "1.1": ["D4"],
                      "1.2": ["CK"], "1.0": ["S7"]},
              ["S2", "H3", "D4", "CK", "field:H3", "S7"], {**ON, "voluntary_costume": False,
                                                         "round_cap": 1})
    b.play_turn()
    assert [e.actor for e in events(b, "enchant_set")] == ["0.1", "0.2", "1.1", "1.2"]
    assert [(e.actor, e.values["card"]) for e in events(b, "enchant_on")] == [
        ("0.1", "S2"), ("0.2", "H3"), ("1.1", "D4")]
    assert [(e.actor, e.values["card"]) for e in events(b, "enchant_off")] == [("1.2", "CK")]
    assert [(e.actor, e.values["mp"]) for e in events(b, "mp_loss")] == [("1.2", 2)]
    assert b.member("1.1").mp == 3 and b.member("0.1").mp == 3
    reveal = [(e.actor, e.values["card"], e.values["source"]) for e in events(b, "attack_reveal")]
    assert reveal == [("0.0", "H3", "field"), ("1.0", "S7", "hand")]
    assert events(b, "damage_check")[0].values["adv"] == [0, 1]


@pytest.mark.rule("§5.2.2")
@pytest.mark.rule("§5.3.2")
def test_own_mages_clash_on_rank_both_happen_5_2_2() -> None:
    """§5.2.2: two mages of one side revealing the same rank in one step are both duplicates:
    each has its own Emotion Event, draws its own three cards and is locked (§5.3.2)."""
    b = start(TEAMS, {"0.1": ["S4"], "0.2": ["H4"]},
              ["S4", "H4", "pass", "pass", "pass", "pass"],
              {**ON, "voluntary_costume": False, "round_cap": 1})
    stack(b, "0.1", deck=["C2", "C3", "C5", "C6"])
    stack(b, "0.2", deck=["D2", "D3", "D5", "D6"])
    b.play_turn()
    assert [e.actor for e in events(b, "emotion")] == ["0.1", "0.2"]
    assert [(e.actor, e.values["cards"]) for e in events(b, "happening_draw")] == [
        ("0.1", ["C2", "C3", "C5"]), ("0.2", ["D2", "D3", "D5"])]
    assert [e.actor for e in events(b, "locked")] == ["0.1", "0.2"]


@pytest.mark.rule("§5.1.0")
@pytest.mark.rule("§5.1.1")
@pytest.mark.rule("M0")
def test_requests_per_mage_in_seating_order_5_1_0() -> None:
    """§5.1.0/§5.1.1: M0 then M1 are asked of each mage in turn, in seating order; each
    answer comes from the side's policy like a lone mage's."""
    b = make(TEAMS, ON, policies=(None, None))
    driver = Driver(b)
    asked: list[tuple[str, str]] = []
    while len(asked) < 8:
        try:
            driver.play_turn()
        except NeedDecision as need:
            asked.append((need.request.kind, need.request.context.get("member", "")))
            driver.answer(POLICIES["careful"](need.request, Rng("x")))
    assert asked == [("M0", "0.1"), ("M1", "0.1"), ("M0", "0.2"), ("M1", "0.2"),
                     ("M0", "1.1"), ("M1", "1.1"), ("M0", "1.2"), ("M1", "1.2")]


@pytest.mark.rule("§7 A1")
def test_original_procedure_each_mage_places_and_takes_back_7_a1() -> None:
    """§7 A1: every mage plays one card per step, simultaneously, in seating order; each
    card stays as its own mage's enchant card (A1-d); A2-4 returns each mage's field cards to
    that mage's deck."""
    b = start(TEAMS, {"0.1": ["S2"], "0.2": ["HK"], "1.1": ["D4"], "1.2": ["C5"],
                      "0.0": ["S9"], "1.0": ["S7"]},
              ["S2", "HK", "D4", "C5", "stop", "stop", "stop", "stop", "field:S2", "S7"],
              {**ON, "procedure": "original", "voluntary_costume": False, "round_cap": 1})
    b.play_turn()
    placed = [(e.actor, e.values["card"], e.values["valid"])
              for e in events(b, "enchant_placed")]
    assert placed == [("0.1", "S2", True), ("0.2", "HK", False), ("1.1", "D4", True),
                      ("1.2", "C5", True)]
    assert [(e.actor, e.values["mp"]) for e in events(b, "mp_loss")] == [("0.2", 2)]
    assert [e.actor for e in events(b, "enchant_stop")] == ["0.1", "0.2", "1.1", "1.2"]
    assert [(e.actor, e.values["count"]) for e in events(b, "enchant_return")] == [
        ("0.1", 1), ("0.2", 1), ("1.1", 1), ("1.2", 1)]
    assert events(b, "damage_check")[0].values["adv"] == [0, 1]


# -- the Mana Storm over every mage ---------------------------------------------------------
@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.9")
@pytest.mark.rule("§2.8")
@pytest.mark.rule("§6.2.1")
@pytest.mark.rule("§6.2.2")
@pytest.mark.rule("§6.2.4")
@pytest.mark.rule("§6.2")
def test_storm_counts_every_mage_clockwise_6_2() -> None:
    """§2.8 seating A.warrior, A.mage1, A.mage2, B.warrior, B.mage1, B.mage2; §6.2.1 every
    participant draws in that order; §6.2.2 the first victim is the mage with the highest
    card; §6.2.4 counting runs over all mages clockwise, skipping warriors and mages without
    costumes, wrapping onto the victim itself. Under the storm of RB5 (§6.2.9), whose pool
    is the step-1 draws alone."""
    b = start(TEAMS, {"0.0": ["S5"], "1.0": ["S5"]}, ["pass"] * 4 + ["S5", "S5"],
              {**ON, "voluntary_costume": False, "storm_variant": "rb5"})
    stack(b, "0.0", deck=["S2", "SK"])           # 2 cards, high 13
    stack(b, "0.1", deck=["H9", "S6"])           # 1 card, high 9
    stack(b, "0.2", deck=["S3", "D10", "C3"])    # 2 cards, high 10
    stack(b, "1.0", deck=["D3", "DQ"])           # 2 cards, high 12
    stack(b, "1.1", deck=["C9", "S4", "SA"])     # 1 card, high 9
    stack(b, "1.2", deck=["HJ", "S2"])           # 1 card, high 11
    b.play_turn()
    assert [e.actor for e in events(b, "storm_draw")] == ["0.0", "0.1", "0.2", "1.0", "1.1",
                                                           "1.2"]
    assert events(b, "storm_pool")[0].values["pool"] == 9
    lost = [(e.actor, e.values["costume"], e.values["pool"]) for e in events(b, "costume_lost")]
    # 1.2 (11) loses the cloak: S 7; draws S2 → 0.1, 0.2 → 0.2 loses the hat: S 6; draws C3
    # → 1.1, (1.2 bare) 0.1, (0.2 bare) 1.1 → shoes: S 4; draws S4 → 0.1, 1.1, 0.1, 1.1 →
    # hat: S 3; draws SA → 0.1 → cloak: S 1; draws S6 → 0.1 six times → ribbon: S 0.
    assert lost == [("1.2", "cloak", 7), ("0.2", "hat", 6), ("1.1", "shoes", 4),
                    ("1.1", "hat", 3), ("0.1", "cloak", 1), ("0.1", "ribbon", 0)]
    assert [e.actor for e in events(b, "storm_victim")] == ["1.2", "0.2", "1.1", "1.1", "0.1",
                                                             "0.1"]
    assert b.member("0.0").hp == 10 and b.member("1.0").hp == 10
    assert b.finished and b.state.ended_by == "storm"


# -- members / view / AI --------------------------------------------------------------------
@pytest.mark.rule("§2.7")
def test_members_and_view_list_every_mage_2_7() -> None:
    """members() and view() list the warrior then every mage in order of entry, with MP and
    costumes; the AI plays every mage (each uses the side's policy)."""
    sides = [f"{W8} + {M8} + {MC} + {MD}", f"{W8B} + {M8B}"]
    outcome = session.run(session.prepare("cardduel", sides, ON, "11"))
    b = outcome.battle
    ids = [[m["id"] for m in side["members"]] for side in b.members()]
    assert ids == [["0.0", "0.1", "0.2", "0.3"], ["1.0", "1.1"]]
    names = [m["name"] for m in b.members()[0]["members"]]
    assert names == ["A", "MA", "MC", "MD"]
    for m in b.members()[0]["members"][1:]:
        assert {"mp", "max_mp", "costumes", "costumes_left"} <= set(m)
    view = b.view()
    assert [m["name"] for m in view["sides"][0]["members"]] == names
    acted = {e.actor for e in b.rec.events() if e.kind in ("enchant_set", "enchant_pass")}
    assert {"0.1", "0.2", "0.3", "1.1"} <= acted


# -- properties -----------------------------------------------------------------------------
OPTION_SETS = [ON, {**ON, "procedure": "original"},
               {**ON, "jokers": 1, "emotion_table": "v0", "cond_model": "table",
                "storm_warrior_start": "count_on", "mana_storm_ends_match": False}]


def check(seed: int, opt_index: int) -> None:
    """No exception, the match ends, same seed same events, snapshot/restore at every battle."""
    rng = Rng(f"mages-{seed}")
    sides = [random_side(rng, 1 + rng.below(MAX_MAGES)) for _ in range(2)]
    opts = OPTION_SETS[opt_index]
    prepared = session.prepare("cardduel", sides, opts, str(seed))
    outcome = session.run(prepared)
    assert outcome.battle.finished
    assert outcome.result.reason in ("knockout", "damage", "draw", "surrender")
    first = session.events_json(outcome.battle)
    assert session.events_json(session.run(prepared).battle) == first
    battle = ruleset().new_battle(prepared.setup())
    replayed_turns(battle)  # the ruleset contract's snapshot check, with several mages
    assert [e.to_json() for e in battle.rec.events()] == first


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, len(OPTION_SETS) - 1))
def test_random_sides_with_several_mages(seed: int, opt_index: int) -> None:
    """Random sides with 1–3 mages under the option: the properties hold."""
    check(seed, opt_index)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, len(OPTION_SETS) - 1))
def test_random_sides_with_several_mages_many(seed: int, opt_index: int) -> None:
    """The same properties over many more seeds (slow tier)."""
    check(seed, opt_index)
