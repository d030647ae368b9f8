"""The Mana Storm as the seed writes it (issue 32): the whole field is the pool (§6.2.1), tie-break
and victim draws feed it (§6.2.2, §6.2.4), a warrior spends HP as a mage spends a costume
(§6.2.5); the former readings together are the variant RB5 (§6.2.9).

Each test also plays its battle under the former reading, so it shows that it fails there.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from cardduel_helpers import M8, M8B, W8, W8B, events, stack, start

from kassen.core import session
from kassen.rulesets.cardduel.options import OPTIONS

TEAMS = [f"{W8} + {M8}", f"{W8B} + {M8B}"]
RB5_FLAGS = {"storm_pool_scope": "storm_draws", "storm_counts_tie_draws": False,
             "storm_counts_victim_draws": False, "storm_warrior_mode": "one_hp_per_step"}
"""The four storm options at the readings of the RB5 variant (§6.2.9)."""


def warriors(options: dict[str, Any] | None = None) -> Any:
    """Two lone warriors clash (both play S5, §5.5.2) and the storm draws 1 and 3 cards."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["S5"]}, ["S5", "S5"],
              {"voluntary_costume": False, **(options or {})})
    stack(b, "0.0", deck=["SQ", "HA"])                    # 1 card, high 12
    stack(b, "1.0", deck=["S3", "S2", "SK", "H2", "H3"])  # 3 cards, high 13
    b.play_turn()
    return b


def mages(options: dict[str, Any] | None = None) -> Any:
    """Warrior + mage teams clash; the two mages tie on 10 and draw S2 / S4 (§6.2.2)."""
    b = start(TEAMS, {"0.0": ["S5"], "1.0": ["S5"]}, ["pass", "pass", "S5", "S5"],
              {"voluntary_costume": False, **(options or {})})
    stack(b, "0.0", deck=["SK"])
    stack(b, "0.1", deck=["H10", "S2", "S3"])
    stack(b, "1.0", deck=["DK"])
    stack(b, "1.1", deck=["C10", "S4", "SA"])
    b.play_turn()
    return b


def pools(b: Any, why: str) -> list[int]:
    """The pool after each storm draw of one kind (``tie`` or ``count``)."""
    return [e.values["pool"] for e in events(b, "storm_card") if e.values["why"] == why]


def test_the_seeds_storm_is_the_default() -> None:
    """The four storm options default to the seed's readings, the variant to none."""
    found = {spec.key: spec.default for spec in OPTIONS}
    assert found["storm_variant"] == "flags"
    assert {key: found[key] for key in RB5_FLAGS} == {
        "storm_pool_scope": "whole_field", "storm_counts_tie_draws": True,
        "storm_counts_victim_draws": True, "storm_warrior_mode": "absorb_min_hp_pool"}


@pytest.mark.rule("D19")
@pytest.mark.rule("§6.2.1")
def test_the_whole_field_is_the_pool_6_2_1() -> None:
    """「場札が無くなるまで繰り返す」: S counts every field card, the two clashing S5 (D19)
    beside the storm's four draws: 6; under ``storm_pool_scope = storm_draws`` only the 4."""
    assert events(warriors(), "storm_pool")[0].values["pool"] == 6
    assert events(warriors({"storm_pool_scope": "storm_draws"}),
                  "storm_pool")[0].values["pool"] == 4


@pytest.mark.rule("§6.2.2")
def test_tie_break_draws_feed_the_pool_6_2_2() -> None:
    """「そこで引いた札も場札になる」: each tie-break card adds 1 to S (6, then 7 and 8);
    under ``storm_counts_tie_draws = false`` the pool stays 6."""
    b = mages()
    assert events(b, "storm_pool")[0].values["pool"] == 6
    assert pools(b, "tie")[:2] == [7, 8]
    assert pools(mages({"storm_counts_tie_draws": False}), "tie")[:2] == [6, 6]


@pytest.mark.rule("§6.2.4")
def test_a_victims_draw_feeds_the_pool_6_2_4() -> None:
    """「引いたカードは場札になる」: the first victim (1.1) loses its shoes (S 8 → 6) and
    draws SA: S 7; under ``storm_counts_victim_draws = false`` S stays 6."""
    b = mages()
    assert [e.values["pool"] for e in events(b, "costume_lost")][:1] == [6]
    assert pools(b, "count")[:1] == [7]
    assert pools(mages({"storm_counts_victim_draws": False}), "count")[:1] == [6]


@pytest.mark.rule("§6.2.5")
def test_a_warrior_absorbs_min_hp_and_pool_6_2_5() -> None:
    """「そのHPを使って同様に処理する」: the warrior with the highest card (1.0, 13) spends
    min(HP 10, S 6) = 6 HP as a mage spends a costume, and the storm is spent; under
    ``storm_warrior_mode = one_hp_per_step`` it loses 1 HP and the pool spreads."""
    b = warriors()
    assert [(e.actor, e.values["loss"], e.values["hp"], e.values["pool"])
            for e in events(b, "storm_hp")] == [("1.0", 6, 4, 0)]
    old = warriors({"storm_warrior_mode": "one_hp_per_step"})
    assert [e.values["loss"] for e in events(old, "storm_hp")][:2] == [1, 1]


@pytest.mark.rule("§6.2.5")
def test_a_warrior_knocked_out_passes_the_rest_on_6_2_5() -> None:
    """A warrior whose HP is below the pool faints and the rest goes on: 1.0 at 3 HP loses
    3 (S 6 → 3), draws H2 (S 4) and counts on to 0.0, who absorbs the 4."""
    b = start([W8, W8B], {"0.0": ["S5"], "1.0": ["S5"]}, ["S5", "S5"],
              {"voluntary_costume": False})
    b.member("1.0").hp = 3
    stack(b, "0.0", deck=["SQ", "HA"])
    stack(b, "1.0", deck=["S3", "S2", "SK", "H2", "H3"])
    b.play_turn()
    assert [(e.actor, e.values["loss"], e.values["pool"]) for e in events(b, "storm_hp")] == [
        ("1.0", 3, 3), ("0.0", 4, 0)]
    assert b.member("1.0").hp == 0 and b.member("0.0").hp == 6


@pytest.mark.rule("RB5")
@pytest.mark.rule("§6.2.9")
def test_the_rb5_variant_sets_the_four_readings_together_6_2_9() -> None:
    """``storm_variant = rb5`` plays exactly as the four options set to RB5 one by one, and
    overrides them: a 2v2 sample battle with a storm on the warriors."""
    sides = ["ユウ:warrior year=2 base=4 max=7 th=9 fav=S hp=12 weapon=sword + ミナ:mage year=2 "
             "base=4 max=8 th=9 fav=H mp=4 costumes=ribbon,hat,shoes,cloak",
             "レン:warrior year=3 base=3 max=6 th=8 fav=SC hp=12 weapon=both + サクラ:mage year=3 "
             "base=3 max=7 th=8 fav=HD mp=5 costumes=ribbon,gloves,hat,cloak"]

    def digest(options: dict[str, Any]) -> str:
        return session.event_digest(session.run(session.prepare(
            "cardduel", sides, options, "xo1:storm-3")).battle)

    rb5 = digest({"storm_variant": "rb5"})
    assert rb5 == digest(RB5_FLAGS)
    assert rb5 == digest({"storm_variant": "rb5", "storm_pool_scope": "whole_field"})
    assert rb5 != digest({})
    b = warriors({"storm_variant": "rb5"})
    assert events(b, "storm_pool")[0].values["pool"] == 4
    assert [e.values["loss"] for e in events(b, "storm_hp")] == [1, 1, 1, 1]
