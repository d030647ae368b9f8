"""The log budget and the hard caps (constants.py, issue 13 §2): legal 10-point battles play to
their true result (R10.1-R10.2) however long they grow; only the log is summarised; a hard
cap still ends a free-budget battle with a logged, translated reason."""

from __future__ import annotations

from typing import Any

import pytest

from kassen.core import links, record, session
from kassen.core.driver import Driver
from kassen.core.render import render_event
from kassen.rulesets.marguerite.constants import LOG_ACTIONS, LOG_SWORDS, MAX_SCAN, MAX_SWORDS

FREE = {"budget": 0, "hp_step": "1"}


def play(a: str, b: str, options: dict[str, Any] | None = None, *,
         fast_forward: bool = True, snapshots: bool = False) -> Any:
    prepared = session.prepare("marguerite", [a, b], options or {})
    battle = prepared.ruleset.new_battle(prepared.setup())
    battle.table.fast_forward = fast_forward
    Driver(battle, snapshots=snapshots).run()
    return battle


def kinds(battle: Any) -> list[str]:
    return [e.kind for e in battle.rec.events()]


@pytest.mark.rule("R10.2")
def test_limit_vs_two_multiplies_is_a_draw_at_turn_20_r10_2() -> None:
    """増殖剣 + 増殖剣 grows B's list past 64 swords by turn 13 (the old cap aborted there);
    nobody deals damage, so R10.2 judges a draw at turn 20 (HP 10 to 10)."""
    battle = play("10/1/2/4/限/A", "10/1/0/5/増増/B")
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == (None, "draw", 20)
    note = next(e for e in battle.rec.events() if e.kind == "log_summarised")
    assert note.values == {"budget": "swords", "limit": LOG_SWORDS} and note.turn == 13
    last = battle.rec.events()[-1]
    assert last.kind == "judgement" and (last.values["total0"], last.values["total1"]) == (10, 10)
    assert "aborted" not in kinds(battle)


@pytest.mark.rule("R10.2")
def test_soul_speed_vs_ritual_is_an_overturn_win_r10_2() -> None:
    """The battle the old actions>4000 cap stopped at turn 16: 20,677 行動処理 later, party 1
    (its entrant plus the アイシア it built, HP 5 + 10) beats party 2 (HP 5) on HP at turn 20."""
    battle = play("5/0/0/2/魂速速増氷再散/R", "5/2/2/1/儀/R")
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == (0, "overturn", 20)
    assert battle.state.actions == 20677
    last = battle.rec.events()[-1]
    assert (last.values["total0"], last.values["total1"]) == (15, 5)
    assert battle.state.summary == "actions"


@pytest.mark.rule("R10.2")
def test_exponential_acceleration_mirror_is_a_draw_r10_2() -> None:
    """速速儀速速速増再 against itself: 加速剣 in a 再来剣 loop grows 素早さ ×1.7 a turn, 517,352
    行動処理 and 1,034,759 events by turn 20, all harmless: a draw (R10.2), with a bounded log."""
    battle = play("5/0/0/1/速速儀速速速増再/R", "5/0/0/1/速速儀速速速増再/R")
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == (None, "draw", 20)
    st = battle.state
    assert st.actions == 517352
    assert battle.rec.event_count + st.folded == 1034759
    assert battle.rec.event_count < 70000  # the log itself stays near the budget
    summaries = [s for s in battle.rec.steps if s.kind == "summary"]
    assert summaries and all(len(s.events) <= 4 for s in summaries)


@pytest.mark.rule("R6.3")
def test_whole_acceleration_alone_in_its_line_is_fast_forwarded_r6_3() -> None:
    """拡散剣 makes 加速剣 whole; alone in its line it still reaches only its executor, so
    the doubling run under reset=cycle is fast-forwarded (it used to stop at a cap)."""
    battle = play("10/2/1/2/散祈速/R809", "20/3/0/2/涙/R64", {"reset": "cycle"})
    result = battle.final_result()
    assert result.reason != "aborted" and result.turn == 20
    assert battle.state.work < 5000 < battle.state.actions


@pytest.mark.rule("R6.3")
@pytest.mark.rule("R10.2")
def test_cycle_doubling_plays_millions_of_actions_r6_3() -> None:
    """reset=cycle (R6.3 alternative): one 加速剣 re-armed after every use doubles 素早さ each
    turn, 5,242,917 行動処理 by turn 20; party 2 wins on HP (R10.2). Fast-forwarding the
    repeating run makes it cheap."""
    battle = play("5/2/1/5/速/R564", "10/1/2/2/薬四護/R161", {"reset": "cycle"})
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == (1, "overturn", 20)
    assert battle.state.actions == 5242917
    assert battle.state.work < 1000  # beats actually played while summarised


@pytest.mark.rule("R6.3")
@pytest.mark.rule("R10.2")
@pytest.mark.parametrize(("a", "b", "want", "actions", "events", "speeds", "played"), [
    # 増殖剣 appends a 加速剣 every cycle: the list never repeats while 素早さ doubles each
    # turn (scan cap in turn 17 before); runs of 加速剣 applied at once (runs.batch)
    ("15/2/3/1/後", "10/2/2/2/増速", (0, "overturn", 20), 818975, 1639240, [1, 817676], 5000),
    # 拡散剣 makes the only 加速剣 whole: it raises A's built フェンス too, which stays slower,
    # so the doubling run is A's alone (actions cap in turn 19 before; runs.reach)
    ("5/1/1/3/柵散速封", "15/0/0/1/壁限撹減速五", (1, "overturn", 20), 2097193, 8388709,
     [2097152, 2097149, 1, 0], 1000),
    # 増殖剣 copies a never-executable 快癒剣 every cycle: 12,148 swords that every choice
    # walks past (scan cap in turn 18 before; runs.dead_tail)
    ("5/1/0/3/増癒儀涙速", "10/2/0/3/滅封詠", (0, "overturn", 20), 24408, 61004,
     [12138, 3, 3], 1000),
    # 増殖剣 and 複製剣 copy 激怒剣 every cycle: a list of 41,110 swords, 41,104 of them one
    # 激怒剣 after another (the old list cap of 20,000 stopped it in turn 19)
    ("5/1/0/3/速増複音怒", "20/1/2/2/複", (1, "overturn", 20), 1737286, 5088576,
     [123314, 1572864], 1000),
    # two 造氷剣 build アイシア as fast as their builder, and the whole 加速剣 raises all three
    # alike: they act as one group, the builder's 加速剣 beside two skips (782,436 played
    # before, 78 % of the actions cap; runs.reach with the group)
    ("5/2/1/1/氷氷散速", "20/0/0/0/護", (0, "overturn", 20), 786437, 1835053,
     [262144, 262144, 262144, 0], 1000),
])
def test_cycle_growth_plays_to_its_true_result_r6_3(
        a: str, b: str, want: tuple, actions: int, events: int, speeds: list[int],
        played: int) -> None:
    """reset=cycle (R6.3 alternative; design 6: no legal battle cut short): battles the hard
    caps used to stop finish with the result, counts and 素早さ of playing every beat with the
    caps lifted (R10.2 judges them on HP at turn 20), playing only a few beats themselves."""
    battle = play(f"{a}/A", f"{b}/B", {"reset": "cycle"})
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == want
    st = battle.state
    assert st.actions == actions
    assert battle.rec.event_count + st.folded == events
    assert [f.spd for side in st.members for f in side] == speeds
    assert st.work < played and st.scan < MAX_SCAN // 4  # far from the hard caps


@pytest.mark.rule("R8.1")
@pytest.mark.parametrize(("a", "b", "options"), [
    ("10/1/2/4/限/A", "10/1/0/5/増増/B", {}),
    ("5/0/0/2/魂速速増氷再散/R", "5/2/2/1/儀/R", {}),
    pytest.param("5/0/0/1/速速儀速速速増再/R", "5/0/0/1/速速儀速速速増再/R", {},
                 marks=pytest.mark.slow),  # 2.6 s played beat by beat
    pytest.param("5/0/0/1/速速儀速速速増再/R", "5/0/0/2/速増再速/Q", {}, marks=pytest.mark.slow),
    ("5/0/0/5/速/A", "10/1/2/2/薬四護/B", {"reset": "cycle", "untagged_start": "0"}),
    ("5/2/1/1/速速詠再増/A", "5/2/1/1/熱儀速再増/B", {}),
    ("5/0/0/2/散速儀速増再/A", "10/0/0/1/護/B", {}),  # a whole 加速剣, alone in its line
    # 増殖剣 adds a 加速剣 every cycle: runs of 加速剣 applied at once (runs.batch)
    ("10/3/0/1/斬/A", "15/2/2/2/増速/B", {"reset": "cycle", "budget": 0}),
    # a whole 加速剣 beside the slower フェンス it built (runs.reach)
    ("14/1/1/3/柵散速/A", "10/2/0/1/全/B", {"reset": "cycle", "budget": 0, "hp_step": "1"}),
    # 増殖剣 adds a never-executable 快癒剣 every cycle (runs.dead_tail)
    ("5/1/0/3/増癒儀涙速/A", "10/4/0/1/斬/B", {"reset": "cycle", "budget": 0, "hp_step": "1"}),
    # a group of three alike: a whole 加速剣 beside two skips (runs.reach with the group)
    ("5/2/1/1/氷氷散速/A", "10/3/0/1/衝/B", {"reset": "cycle"}),
])
def test_fast_forward_changes_nothing(a: str, b: str, options: dict[str, Any]) -> None:
    """Fast-forwarding repeating summarised runs (runs.py) gives the events, counts and
    result of playing every beat (R8.1: the same beats, only computed at once)."""
    fast = play(a, b, options)
    slow = play(a, b, options, fast_forward=False)
    assert session.event_digest(fast) == session.event_digest(slow)
    assert fast.final_result() == slow.final_result()
    assert fast.state.actions == slow.state.actions
    assert fast.state.folded == slow.state.folded
    assert [f.spd for side in fast.state.members for f in side] == \
        [f.spd for side in slow.state.members for f in side]


@pytest.mark.slow
@pytest.mark.rule("R6.3")
def test_cycle_growing_acceleration_matches_the_uncut_play_r6_3(monkeypatch) -> None:
    """The first battle of test_cycle_growth_plays_to_its_true_result_r6_3 played beat by
    beat with the hard caps lifted (about 20 s, 10^9 list slots walked) gives the same events,
    counts and result as the fast-forwarded play (R6.3 alternative reset=cycle)."""
    from kassen.rulesets.marguerite import table

    sides = ("15/2/3/1/後", "10/2/2/2/増速")
    fast = play(*sides, {"reset": "cycle"})
    for cap in ("MAX_ACTIONS", "MAX_EVENTS", "MAX_SCAN"):
        monkeypatch.setattr(table, cap, 10 ** 12)
    slow = play(*sides, {"reset": "cycle"}, fast_forward=False)
    assert session.event_digest(fast) == session.event_digest(slow)
    assert fast.final_result() == slow.final_result()
    assert (fast.state.actions, fast.state.folded) == (slow.state.actions, slow.state.folded)


def test_summarised_battle_replays_identically_from_its_link() -> None:
    """A summarised battle is a pure function of its record (design 6): stepping turn by turn
    with snapshots, and replaying its share link, give the same digest; the view of a
    summary beat is re-simulated like any other step."""
    sides = ["5/0/0/2/魂速速増氷再散/R", "5/2/2/1/儀/R"]
    outcome = session.run(session.prepare("marguerite", sides, {}))
    want = session.event_digest(outcome.battle)
    stepped = play(*sides, snapshots=True)
    assert session.event_digest(stepped) == want
    link = session.battle_json(outcome, with_events=False)["link"]
    kind, decoded = links.parse_link(link)
    assert kind == "battle" and isinstance(decoded, record.Record)
    replay = session.run(session.from_record(decoded))
    assert session.event_digest(replay.battle) == want
    prepared = session.prepare("marguerite", sides, {})
    battle = prepared.ruleset.new_battle(prepared.setup())
    driver = Driver(battle)
    driver.run()
    index = next(i for i, s in enumerate(driver.steps) if s.kind == "summary")
    view = driver.view_at(index)
    assert view["phase"] == "summary" and view["turn"] == driver.steps[index].turn


@pytest.mark.rule("R1.3")
def test_summary_text_is_translated_r1_3() -> None:
    """The note, the summary and each 剣師's line have Japanese and English text with every
    placeholder filled and sword names shown (no raw ids on the page)."""
    battle = play("10/1/2/4/限/A", "10/1/0/5/増増/B")
    ruleset = session.prepare("marguerite", ["10/1/2/4/限/A", "10/1/0/5/増増/B"]).ruleset
    names = battle.names()
    events = [e for e in battle.rec.events() if e.kind.startswith(("summary", "log_"))]
    assert {e.kind for e in events} == {"log_summarised", "summary", "summary_member"}
    for lang, word in (("ja", "増殖剣×"), ("en", "Multiplying Sword ×")):
        texts = [render_event(ruleset, e, names, lang) for e in events]
        assert all("{" not in t and "event." not in t for t in texts), texts
        assert any(word in t for t in texts), texts
    ja = render_event(ruleset, events[0], names, "ja")
    assert "1人の剣リストの長さ" in ja and str(LOG_SWORDS) in ja


def test_budget_battles_stay_detailed_below_the_log_budget() -> None:
    """Below the log budget nothing is summarised (the digest guard holds the rest)."""
    battle = play("10/1/0/4/振舞星/九尾 里奈", "10/2/1/3/斬斬/B")
    assert battle.state.summary == "" and "summary" not in kinds(battle)
    assert battle.state.actions <= LOG_ACTIONS


@pytest.mark.rule("R3.1")
def test_free_budget_growth_still_hits_a_hard_cap_with_a_logged_reason(monkeypatch) -> None:
    """budget=0 (R3.1 option) allows 素早さ 9999: 増殖剣 + 増殖剣 copy each other thousands of
    times a turn, and the work of walking those lists reaches a hard cap (lowered here to keep
    the test fast; the slow tier measures the real margins): `aborted`, logged, translated."""
    from kassen.rulesets.marguerite import table

    monkeypatch.setattr(table, "MAX_SCAN", 200_000)
    battle = play("10/0/0/9999/増増/A", "99/0/0/0//D", FREE)
    result = battle.final_result()
    assert result.reason == "aborted" and result.winner is None
    assert result.detail["cap"] == "scan>200000"
    last = battle.rec.events()[-1]
    assert last.kind == "aborted" and last.values["cap"] == result.detail["cap"]
    assert "summary" in kinds(battle)  # what was summarised before the cap is written
    ruleset = session.prepare("marguerite", ["5/0/0/0/斬/A", "5/0/0/0/斬/B"]).ruleset
    for lang in ("ja", "en"):
        text = render_event(ruleset, last, battle.names(), lang)
        assert result.detail["cap"] in text and "{" not in text


@pytest.mark.rule("R14.1")
def test_a_growing_party_is_summarised_not_stopped_r14_1(monkeypatch) -> None:
    """増殖剣 copying 造泡剣 builds a バブル every turn (R14.1): 22 剣師 by turn 20. With the
    party budget lowered to 10 the log is summarised from the 11th 剣師 on, and the result is
    the same as in full detail (the old cap of 24 剣師 used to stop such battles)."""
    from kassen.rulesets.marguerite.rules import sword_effects

    sides = ("10/2/0/2/音門増泡/A", "10/1/4/2/闇/B")
    full = play(*sides)
    assert full.state.counts == [22, 1] and full.state.summary == ""
    monkeypatch.setattr(sword_effects, "LOG_FENCERS", 10)
    summarised = play(*sides)
    assert summarised.state.summary == "fencers"
    assert summarised.final_result() == full.final_result()
    assert summarised.final_result().reason == "overturn"
    note = next(e for e in summarised.rec.events() if e.kind == "log_summarised")
    assert note.values["budget"] == "fencers"


@pytest.mark.rule("R3.1")
def test_all_the_swords_held_are_capped_too(monkeypatch) -> None:
    """Memory stays bounded however many long lists a free-budget battle grows: past
    MAX_BATTLE_SWORDS swords held in all lists together (lowered here below the list cap) the
    battle stops with its own logged reason."""
    from kassen.rulesets.marguerite.rules import runs, sword_effects

    for module in (runs, sword_effects):
        monkeypatch.setattr(module, "MAX_BATTLE_SWORDS", 100)
    battle = play("10/0/0/9999/増増/A", "99/0/0/0//D", FREE)
    result = battle.final_result()
    assert result.reason == "aborted" and result.detail["cap"] == "held>100"
    assert battle.state.peak_total == 101 and battle.state.peak_swords < MAX_SWORDS


@pytest.mark.rule("R6.3")
@pytest.mark.parametrize("cap", ["MAX_SWORDS", "MAX_BATTLE_SWORDS"])
def test_fast_forward_never_grows_a_list_past_a_cap_r6_3(monkeypatch, cap: str) -> None:
    """The dead-tail fast-forward (runs.py) adds many copies at once; with a list cap or the
    battle's sword cap lowered to 5,000 below the 12,148 swords that battle reaches
    (reset=cycle, R6.3 alternative), it stops short of the cap and the copy played after it
    ends the battle at that cap: never more than one sword past it."""
    from kassen.rulesets.marguerite.rules import runs, sword_effects

    for module in (runs, sword_effects):
        monkeypatch.setattr(module, cap, 5000)
    battle = play("5/1/0/3/増癒儀涙速/A", "10/2/0/3/滅封詠/B", {"reset": "cycle"})
    result = battle.final_result()
    assert result.reason == "aborted"
    assert result.detail["cap"] == {"MAX_SWORDS": "swords>5000",
                                    "MAX_BATTLE_SWORDS": "held>5000"}[cap]
    st = battle.state
    assert (st.peak_swords if cap == "MAX_SWORDS" else st.peak_total) == 5001


@pytest.mark.rule("R10.2")
@pytest.mark.rule("R6.3")
@pytest.mark.parametrize("build", [
    "5/1/1/3/増増速",
    pytest.param("5/0/0/6/増増速", marks=pytest.mark.slow),  # 4.5 s: a 17,725-sword list
])
def test_multiplying_multipliers_play_to_their_result_r6_3(build: str) -> None:
    """増殖剣 copying 増殖剣 against 20/0/0/0/護 under reset=cycle (R6.3 alternative), legal
    10-point battles found by hand (issue 13, part 2): played to the end, party 2 wins by overturn
    at turn 20 (R10.2), as when played with the caps lifted. They stopped at the scan cap
    while every choice of sword walked the used head of a list of thousands (Fencer.free now
    skips it) and MAX_SCAN counted the whole list at every 行動処理."""
    battle = play(build + "/A", "20/0/0/0/護/B", {"reset": "cycle"})
    result = battle.final_result()
    assert (result.winner, result.reason, result.turn) == (1, "overturn", 20)
    assert battle.state.scan < MAX_SCAN // 4
