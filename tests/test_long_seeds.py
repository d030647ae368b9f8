"""The longest seeds anyone may give still play (design 4.3: a seed is any text naming its
algorithm): the streams the engine derives from a seed (``seed/label``: each AI decision,
a tournament's battles, the build lab's proposals) are never refused for their length.

Before, a battle seed of 196 characters or more stopped the card duel at its first AI
decision, and a tournament or lab seed near 200 characters stopped every battle, with an
internal error: the derived seed went through the same length check as a given one.
"""

from __future__ import annotations

import json

import pytest

from kassen.core import session
from kassen.core.links import parse_link
from kassen.core.rng import MAX_BATTLE_SEED_LENGTH, MAX_SEED_LENGTH, Rng
from kassen.lab.search import Search, Settings
from kassen.tournament import formats as tournament
from kassen.web import api

CARD = "A:warrior year=1 base=5 max=6 th=10 fav=- hp=12"
CARD_B = "B:warrior year=1 base=5 max=6 th=10 fav=- hp=11"


def longest(limit: int, fill: str = "x") -> str:
    """A seed of exactly ``limit`` characters, prefix included."""
    return "xo1:" + fill * (limit - 4)


def test_derived_streams_of_a_longest_seed_draw() -> None:
    """A derived stream is as long as it needs to be, and independent of its parent."""
    parent = Rng(longest(MAX_BATTLE_SEED_LENGTH))
    child = parent.derive("policy").derive("123456")
    assert len(child.seed) == MAX_BATTLE_SEED_LENGTH + len("/policy/123456")
    draws = [child.below(1 << 30) for _ in range(5)]
    assert draws == [Rng(child.seed).below(1 << 30) for _ in range(1)] + draws[1:]
    assert draws != [parent.below(1 << 30) for _ in range(5)]
    assert Rng(parent.seed + "/a b").seed == parent.seed + "/a b"


def test_battle_at_the_longest_battle_seed_plays_its_ai_decisions() -> None:
    """A card duel (every turn an AI decision, each with its own derived stream) plays to its
    result under a seed of the longest length a battle takes; one character more is refused
    with the limit named."""
    seed = longest(MAX_BATTLE_SEED_LENGTH)
    outcome = session.run(session.prepare("cardduel", [CARD, CARD_B], {}, seed))
    assert outcome.result is not None and outcome.battle.decider.cursor > 0
    data = json.loads(api.battle(json.dumps({"ruleset": "cardduel", "sides": [CARD, CARD_B],
                                             "seed": seed + "x"})))
    assert [p["code"] for p in data["problems"]] == ["core.bad_seed"]
    assert f"longer than {MAX_BATTLE_SEED_LENGTH} characters" in data["problems"][0]["message"]


def test_tournament_at_the_longest_master_seed_plays_and_its_links_replay() -> None:
    """A tournament's battle seeds append ``/left v right / game`` to the master seed: at the
    longest master seed every battle plays, and a cell's link opens that same battle."""
    table = tournament.round_robin(tournament.load_entrants("cardduel", [CARD, CARD_B]), 2,
                                   longest(MAX_SEED_LENGTH))
    _, record = parse_link(table["matrix"][0][1]["link"])
    assert len(record.seed) > MAX_SEED_LENGTH
    outcome = session.run(session.from_record(record))
    assert outcome.result is not None


@pytest.mark.parametrize("target", ["counter", "champion"])
def test_build_lab_at_the_longest_seed(target: str) -> None:
    """The lab's proposals (``seed/r…/w…/m…``) and its champion round robin (``seed/rr``) are
    derived from a seed of the longest length the lab takes."""
    field = ["5/0/0/0/護", "5/1/0/0/速"]
    settings = Settings(target=target, games=1, evaluations=4, seed=longest(MAX_SEED_LENGTH))
    summary = Search("marguerite", field, {}, settings).run()
    assert summary["best"], summary
