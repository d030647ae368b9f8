"""Round structure (§5), initiative (§5.3), step limits (§6.1, §6.2), movement (§2.3, §6.6)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, kinds, make

from kassen.rulesets.skirmish.rules import actions
from kassen.rulesets.skirmish.rules.rounds import take_turn


@pytest.mark.rule("§5")
def test_round_is_sp_then_ip_tp_by_initiative_then_ep_section5() -> None:
    b, _ = make([fighter("A", ini=8, hp=999, area=0) + "; " + fighter("B", ini=12, hp=999,
                                                                    area=0),
                 fighter("C", ini=10, hp=999, area=6) + "; " + fighter("D", ini=3, hp=999,
                                                                       area=6)])
    b.play_turn()
    phases = [s.phase for s in b.rec.steps]
    assert phases[0] == "SP" and phases[-1] == "EP"
    assert phases[1:-1] == ["IP", "RS", "MS"] * 4
    order = [e.actor for e in events(b, "initiative")]
    assert order == ["0.1", "1.0", "0.0", "1.1"]  # descending 行動値 (§5)
    assert all(u.acted for u in b.state.units)     # 行動済み after the TP (§5.4)
    b.play_turn()
    assert [e.actor for e in events(b, "initiative")][4:] == order  # SP resets 未行動


@pytest.mark.rule("§5.3")
def test_initiative_ties_pc_side_then_evasion_then_roll_section5_3() -> None:
    b, _ = make([fighter("A", ini=9, eva=14, area=0), fighter("C", ini=9, eva=17, area=6)])
    b.play_turn()
    assert [e.actor for e in events(b, "initiative")] == ["0.0", "1.0"]  # PC side first
    b, _ = make([fighter("A", ini=9, eva=14, area=0) + "; " + fighter("B", ini=9, eva=16,
                                                                     area=0),
                 fighter("C", ini=1, area=6)])
    b.play_turn()
    assert [e.actor for e in events(b, "initiative")][:2] == ["0.1", "0.0"]  # higher 回避値
    b, _ = make([fighter("A", ini=9, area=0) + "; " + fighter("B", ini=9, area=0),
                 fighter("C", ini=1, area=6)], dice=[3, 7])
    b.play_turn()
    roll = events(b, "tie_roll")[0]
    assert roll.values["rolls"] == [3, 7]
    assert [e.actor for e in events(b, "initiative")][:2] == ["0.1", "0.0"]  # roll-off


@pytest.mark.rule("§6.1.6.2")
def test_ready_and_main_step_allow_one_action_each_section6_1_6_2() -> None:
    b, p = make([fighter("A", ini=10, area=0), fighter("C", ini=1, area=6)],
                script=[("rs", "0.0", "move:2"), ("ms", "0.0", "none")])
    b.play_turn()
    first = [r for r in p.asked if r.context.get("actor") == "0.0"]
    assert [r.kind for r in first] == ["rs", "ms"]
    ms_options = first[1].options
    assert not any(o.startswith("move:") for o in ms_options)  # no MS move after RS move
    assert b.unit("0.0").pos == (2, 0)


@pytest.mark.rule("§2.3")
def test_move_allowance_is_ceil_ini_over_5_plus_1_section2_3() -> None:
    b, _ = make([fighter("A", area=0), fighter("C", area=6)], line_length=15)
    u = b.unit("0.0")
    for ini, allowance in ((1, 2), (5, 2), (6, 3), (10, 3), (11, 4), (15, 4), (16, 5), (20, 5)):
        u.ini = ini
        assert actions.move_allowance(u) == allowance
        moves = [o for o in actions.rs_options(b.table, u) if o.startswith("move:")]
        assert moves == [f"move:{x}" for x in range(1, allowance + 1)]


@pytest.mark.rule("§6.2")
def test_magic_banned_after_rs_move_except_magic_art_section6_2() -> None:
    b, _ = make([fighter("A", ab="fire_bolt,magic_blade", area=0),
                 fighter("C", area=1)])
    u = b.unit("0.0")
    before = actions.ms_options(b.table, u, u.pos, moved_rs=False)
    after = actions.ms_options(b.table, u, u.pos, moved_rs=True, rs_move=True)
    assert "skill:fire_bolt:1.0" in before and "skill:fire_bolt:1.0" not in after
    u.pos = (1, 0)
    assert "skill:magic_blade:1.0" in actions.ms_options(b.table, u, u.pos, True, True)


@pytest.mark.rule("§6.6.3")
def test_failed_rs_move_still_bans_magic_and_ms_move_section6_6_3() -> None:
    b, p = make([fighter("A", ini=10, ab="fire_bolt", area=3),
                 fighter("C", ini=1, area=3) + "; " + fighter("D", ini=1, area=5)],
                script=[("rs", "0.0", "move:1"), ("ms", "0.0", "none")])
    b.play_turn()
    assert "move_blocked" in kinds(b) and b.unit("0.0").pos == (3, 0)
    ms = next(r for r in p.asked if r.kind == "ms" and r.context["actor"] == "0.0")
    assert not any(o.startswith(("move:", "skill:fire_bolt")) for o in ms.options)


@pytest.mark.rule("§6.6.3")
def test_rs_move_unobstructable_option_section6_6_3() -> None:
    b, _ = make([fighter("A", ini=10, area=3), fighter("C", ini=1, area=3)],
                script=[("rs", "0.0", "move:1"), ("ms", "0.0", "none")],
                rs_move_obstructable=False)
    b.play_turn()
    assert b.unit("0.0").pos == (1, 0)


def _ms_move(dice: list[int], mover: str, blockers: list[str], **opts: object):
    b, _ = make([mover, "; ".join(blockers)], dice=dice,
                script=[("rs", "0.0", "none"), ("ms", "0.0", "move:1")], **opts)
    b.state.round = 1
    take_turn(b.table, b.unit("0.0"))
    return b, events(b, "disengage")[0]


@pytest.mark.rule("§6.6.4")
def test_disengage_opposed_check_and_blockers_section6_6_4() -> None:
    # one blocker: 2D10 + 行動値 each; active 5+5+8=18 > passive 4+4+8=16 → fails
    b, ev = _ms_move([5, 5, 4, 4], fighter("A", ini=8, area=3), [fighter("C", ini=8, area=3)])
    assert (ev.values["active"], ev.values["passive"], ev.values["blocked"]) == (18, 16, True)
    assert b.unit("0.0").pos == (3, 0)
    # tie goes to the passive mover (§4.3)
    b, ev = _ms_move([4, 4, 4, 4], fighter("A", ini=8, area=3), [fighter("C", ini=8, area=3)])
    assert ev.values["active"] == ev.values["passive"] and not ev.values["blocked"]
    assert b.unit("0.0").pos == (1, 0)
    # three blockers: the representative (highest 行動値) gets +2 per other blocker
    b, ev = _ms_move([1, 1, 5, 5], fighter("A", ini=8, area=3),
                     [fighter("C", ini=3, area=3), fighter("D", ini=9, area=3),
                      fighter("E", ini=2, area=3)])
    assert ev.target == "1.1" and ev.values["blockers"] == 4
    assert ev.values["active"] == 1 + 1 + 9 + 4


@pytest.mark.rule("§6.6.4.9.3")
def test_disengage_flight_bonus_and_cancel_section6_6_4_9_3() -> None:
    _, ev = _ms_move([5, 5, 5, 5], fighter("A", ini=8, fly=1, area=3),
                     [fighter("C", ini=8, area=3)])
    assert ev.values["flight"] == 4 and ev.values["passive"] == 22
    _, ev = _ms_move([5, 5, 5, 5], fighter("A", ini=8, fly=1, area=3),
                     [fighter("C", ini=8, area=3), fighter("D", ini=1, fly=1, area=3)])
    assert ev.values["flight"] == 0  # a declared obstructer with flight ≥ rank cancels
    _b, ev = _ms_move([5, 5, 5, 5], fighter("A", ini=8, fly=1, area=3),
                     [fighter("C", ini=8, area=3), fighter("D", ini=1, fly=1, area=3)],
                     flight_cancel_by_representative_only=True)
    assert ev.values["flight"] == 4  # seed-literal reading (§16 D3)


@pytest.mark.rule("§6.6.1")
def test_stop_on_entering_hostile_area_option_section6_6_1() -> None:
    b, _ = make([fighter("A", ini=10, area=0), fighter("C", ini=1, area=2)],
                script=[("rs", "0.0", "move:3"), ("ms", "0.0", "none")],
                stop_on_enter_hostile_area=True)
    b.play_turn()
    assert b.unit("0.0").pos == (2, 0)
