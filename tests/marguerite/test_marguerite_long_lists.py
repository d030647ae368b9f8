"""Long sword lists in the page's view (issue 13 §2, constants.LOG_SWORDS): past the log budget
a list is drawn as runs of alike swords, so a reset=cycle battle whose list reaches 41,110
swords still answers the page, well under the answer limit; shorter lists are drawn sword by
sword exactly as before."""

from __future__ import annotations

import json

import pytest

from kassen.core import session
from kassen.rulesets.marguerite.catalogue import BY_CODE
from kassen.rulesets.marguerite.constants import LOG_SWORDS
from kassen.rulesets.marguerite.model import Fencer, Sword
from kassen.rulesets.marguerite.view import member_view, sword_chip
from kassen.web import api, wire


def swords(codes: str) -> list[Sword]:
    return [Sword(BY_CODE[c].index) for c in codes]


def fencer(listed: list[Sword]) -> Fencer:
    return Fencer("0.0", 0, "A", 10, 1, 1, 1, listed)


def test_a_list_within_the_log_budget_is_drawn_sword_by_sword() -> None:
    """LOG_SWORDS alike swords: one chip each, no ``count`` (views of battles within the log
    budget are byte-identical to before)."""
    listed = swords("怒" * LOG_SWORDS)
    chips = member_view(fencer(listed), None)["swords"]
    assert chips == [sword_chip(s, None) for s in listed]
    assert all("count" not in c for c in chips)


def test_a_long_list_is_drawn_as_runs_of_alike_swords() -> None:
    """Past LOG_SWORDS: each run of swords alike in code, used flag, enchantments, リミ and
    activation turn becomes one chip with its ``count``; the executing sword and a sword
    that differs in any of those stand alone, and the counts add up to the list."""
    listed = swords("速増" + "怒" * 30 + "速" * 2 + "怒" * 40)
    listed[5].used = True            # a used 激怒剣 splits the first run
    listed[10].stun = 1              # so does an enchanted one
    listed[20].shift = 1             # and one activated later
    executing = listed[50]
    chips = member_view(fencer(listed), executing)["swords"]
    got = [(c["code"], c["used"], bool(c["enchants"]), c["start"], c["executing"],
            c.get("count", 1)) for c in chips]
    start = BY_CODE["怒"].act
    assert got == [
        ("速", False, False, BY_CODE["速"].act, False, 1), ("増", False, False, BY_CODE["増"].act,
                                                           False, 1),
        ("怒", False, False, start, False, 3), ("怒", True, False, start, False, 1),
        ("怒", False, False, start, False, 4), ("怒", False, True, start, False, 1),
        ("怒", False, False, start, False, 9), ("怒", False, True, start + 1, False, 1),
        ("怒", False, False, start, False, 11), ("速", False, False, BY_CODE["速"].act, False, 2),
        ("怒", False, False, start, False, 16), ("怒", False, False, start, True, 1),
        ("怒", False, False, start, False, 23),
    ]
    assert sum(c.get("count", 1) for c in chips) == len(listed)
    assert all(c.get("count", 2) > 1 for c in chips)  # a lone sword carries no count


def test_a_long_list_is_drawn_with_at_most_log_swords_chips() -> None:
    """However long a list grows, its view holds at most LOG_SWORDS chips: the swords past
    them (here 怒速 alternating, nothing to run-length) are one ``{"more": n}``."""
    listed = swords("怒速" * (LOG_SWORDS // 2 + 40))
    chips = member_view(fencer(listed), None)["swords"]
    assert len(chips) == LOG_SWORDS + 1
    assert chips[:-1] == [sword_chip(s, None) for s in listed[:LOG_SWORDS]]
    assert chips[-1] == {"more": 80}


@pytest.mark.rule("R6.3")
def test_the_longest_cycle_battle_answers_the_page_r6_3() -> None:
    """Issue 13 part 2; R6.3 alternative reset=cycle: 5/1/0/3/速増複音怒 against 20/1/2/2/複 grows a
    list of 41,110 swords (it used to stop at the old list cap, and then its views drew every
    sword, 19.9 MB, past the 16 MB answer limit). api.battle answers it: party 2 wins by
    overturn at turn 20, in less than half the limit, and the last view draws that list as a
    few chips whose counts add up to it."""
    text = api.battle(json.dumps({"ruleset": "marguerite", "lang": "en",
                                  "sides": ["5/1/0/3/速増複音怒", "20/1/2/2/複"],
                                  "options": {"reset": "cycle"}}))
    data = json.loads(text)
    assert data["ok"] is True, data.get("problems")
    assert data["result"] == {"winner": 1, "reason": "overturn", "turn": 20}
    assert len(text) < wire.MAX_ANSWER_CHARS // 2
    chips = data["steps"][-1]["view"]["sides"][0]["members"][0]["swords"]
    assert len(chips) < 10 and sum(c.get("count", 1) for c in chips) == 41110
    assert max(c.get("count", 1) for c in chips) == 41104


def test_counted_chips_appear_only_past_the_log_budget() -> None:
    """A battle within the log budget never carries ``count``; in 限 against 増増 (a list past
    LOG_SWORDS by turn 13) every list of at most LOG_SWORDS swords is drawn sword by sword and
    the longer ones are counted."""
    for sides, grows in ((["10/1/0/4/振舞星/九尾 里奈", "5/1/0/2/壁泡斬誘/城壁"], False),
                         (["10/1/2/4/限/A", "10/1/0/5/増増/B"], True)):
        outcome = session.run(session.prepare("marguerite", sides), views=True)
        lists = [m["swords"] for step in outcome.battle.rec.steps
                 for side in step.view["sides"] for m in side["members"]]
        sizes = [(sum(c.get("count", c.get("more", 1)) for c in chips),
                  any("count" in c for c in chips)) for chips in lists]
        assert all(counted == (n > LOG_SWORDS) for n, counted in sizes)
        assert (max(n for n, _ in sizes) > LOG_SWORDS) == grows
