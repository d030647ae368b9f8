"""The Mana Storm (§6.2) step by step with stacked decks, and its options."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import M8, M8B, W8, W8B, events, stack, start

TEAMS = [f"{W8} + {M8}", f"{W8B} + {M8B}"]
RB5 = {"storm_variant": "rb5"}
"""§6.2.9: the storm of Kassen's balance variant (the defaults of rules version 1)."""


def clash(sides, options=None, choices=()):
    """Both warriors play S5 (same suit and rank, §5.5.2)."""
    b = start(sides, {"0.0": ["S5"], "1.0": ["S5"]}, [*list(choices), "S5", "S5"],
              {"voluntary_costume": False, **(options or {})})
    return b


@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.9")
@pytest.mark.rule("§6.2")
def test_storm_on_mages_step_by_step_rb5_6_2_9() -> None:
    """Under the RB5 variant (6.2.9): power = cards drawn until each one's failure; 6.2.2
    first victim = the mage with the highest card; 6.2.3 the largest マナ変換力 costume is
    lost and S shrinks by it; 6.2.4 the victim draws n and counts mages clockwise from the
    left neighbour (skipping mages without costumes); the storm stops at S = 0; 5.6.2 the
    match ends after B9."""
    b = clash(TEAMS, RB5, choices=["pass", "pass"])
    stack(b, "0.0", deck=["S2", "SK"])            # 2 cards, high 13
    stack(b, "0.1", deck=["H9", "S2", "SA"])      # 1 card (H9 fails at 発現値 8), high 9
    stack(b, "1.0", deck=["D3", "DQ"])            # 2 cards, high 12
    stack(b, "1.1", deck=["C10", "S3"])           # 1 card, high 10
    b.play_turn()
    assert [e.values["cards"] for e in events(b, "storm_draw")] == [
        ["S2", "SK"], ["H9"], ["D3", "DQ"], ["C10"]]
    assert events(b, "storm_pool")[0].values["pool"] == 6
    lost = [(e.actor, e.values["costume"], e.values["pool"]) for e in events(b, "costume_lost")]
    # 1.1 (high 10) loses the shoes (2): S 4; draws S3 → counts 0.1, 1.1, 0.1 → 0.1 loses the
    # cloak (2): S 2; draws S2 → 1.1, 0.1 → 0.1 loses the ribbon (1): S 1; draws SA → 1.1
    # (0.1 has nothing left) loses the hat (1): S 0.
    assert lost == [("1.1", "shoes", 4), ("0.1", "cloak", 2), ("0.1", "ribbon", 1),
                    ("1.1", "hat", 0)]
    assert b.member("0.0").hp == 10 and b.member("1.0").hp == 10
    assert b.finished and b.state.ended_by == "storm"
    assert b.result().reason == "draw" and b.state.dealt == [0, 0]  # §6.2.7


@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.9")
def test_storm_on_warriors_one_hp_per_strike_rb5_6_2_9() -> None:
    """RB5 (6.2.9): with no mage, warriors pay 1 HP per strike, the first being the one with
    the highest step-1 card; each victim draws and counts warriors clockwise."""
    b = clash([W8, W8B], RB5)
    stack(b, "0.0", deck=["SQ", "HA"])              # 1 card, high 12
    stack(b, "1.0", deck=["S3", "S2", "SK", "H2", "H3"])  # 3 cards, high 13
    b.play_turn()
    assert events(b, "storm_pool")[0].values["pool"] == 4
    hits = [(e.actor, e.values["hp"], e.values["pool"]) for e in events(b, "storm_hp")]
    # 1.0 first (13); H2 → 0.0, 1.0 → 1.0; H3 → 0.0, 1.0, 0.0 → 0.0; HA → 1.0
    assert hits == [("1.0", 9, 3), ("1.0", 8, 2), ("0.0", 9, 1), ("1.0", 7, 0)]
    assert b.state.dealt == [0, 0]


@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.5")
def test_storm_absorb_min_hp_pool_with_the_rb5_pool_6_2_5() -> None:
    """6.2.5 ``absorb_min_hp_pool`` over the RB5 pool (the step-1 draws): the first victim
    absorbs min(HP, S)."""
    b = clash([W8, W8B], {"storm_pool_scope": "storm_draws"})
    stack(b, "0.0", deck=["SQ"])
    stack(b, "1.0", deck=["S3", "S2", "SK"])
    b.play_turn()
    assert [(e.actor, e.values["loss"]) for e in events(b, "storm_hp")] == [("1.0", 4)]


@pytest.mark.rule("§6.2.2")
@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.9")
def test_storm_tie_break_draws_rb5_6_2_9() -> None:
    """6.2.2 under RB5 (6.2.9): tied mages draw one more card each; the draws go to the
    field, not to S."""
    b = clash(TEAMS, RB5, choices=["pass", "pass"])
    stack(b, "0.0", deck=["SK"])
    stack(b, "0.1", deck=["H10", "S2", "S3"])
    stack(b, "1.0", deck=["DK"])
    stack(b, "1.1", deck=["C10", "S4", "SA"])
    b.play_turn()
    assert events(b, "storm_tie")[0].values["members"] == ["0.1", "1.1"]
    assert events(b, "costume_lost")[0].actor == "1.1"  # S4 beats S2
    assert events(b, "storm_pool")[0].values["pool"] == 4


@pytest.mark.rule("§5.6.2")
def test_storm_continues_match_option_5_6_2() -> None:
    """5.6.2 option ``mana_storm_ends_match = false``: the match goes on after B9."""
    b = clash([W8, W8B], {"mana_storm_ends_match": False})
    stack(b, "0.0", deck=["SQ"])
    stack(b, "1.0", deck=["SK"])
    b.play_turn()
    assert "storm_start" in [e.kind for e in b.rec.events()] and not b.finished
