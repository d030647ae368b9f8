"""The §18 catalogue rows own their behaviour (issue 28): every row has the handler of the
moment its table acts at, the rule code reaches an ability's effect through its row, and a
sheet's passives are looked up once per sheet."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest
from dice_helpers import one_turn

from kassen.core.session import prepare
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice.table import DiceTable

RULES = Path(cat.__file__).parent / "rules"


@pytest.mark.rule("§7.4")
@pytest.mark.rule("§18.1")
@pytest.mark.rule("§18.2")
@pytest.mark.rule("§18.6")
@pytest.mark.rule("§18.7")
def test_every_row_has_the_handler_of_its_moment() -> None:
    """Normal abilities act on activation or arm a hit (§7.4), specials on the special die,
    奥義 with X, types in step 10, zone passives in step 10 or step 4; a demerit is its flag's
    row."""
    assert all(e.on_activate is not None or e.on_hit is not None for e in cat.NORMAL)
    assert [e.ja for e in cat.NORMAL if e.on_hit] == ["打ち上げ", "叩き落とし", "重撃"]
    assert all(e.on_special is not None for e in cat.SPECIAL)
    assert all(e.on_ougi is not None for e in cat.OUGI)
    assert all(e.on_values is not None for e in cat.TYPES)
    assert all((e.on_values is None) != (e.on_zone is None) for e in cat.ZONE_PASSIVE)
    assert all(e.flag is not None and e.flag.ja == e.ja for e in cat.DEMERIT)
    assert [e.number for e in cat.DEMERIT][:3] == ["DA1", "DA2", "DA3"]
    assert {e.group for e in cat.DEMERIT} == {"A", "B", "C"}


def test_no_rule_module_names_an_ability() -> None:
    """Behaviour is reached through the rows, never by comparing an entry's name (the
    English ids double as event and option words: ``why="guard"``, ``demerit_guard``)."""
    names = {e.ja for table in (cat.NORMAL, cat.SPECIAL, cat.PASSIVE, cat.TYPES, cat.OUGI,
                                cat.ZONE_PASSIVE) for e in table}
    for path in sorted(RULES.glob("*.py")):
        constants = {node.value for node in ast.walk(ast.parse(path.read_text("utf-8")))
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        assert not constants & names, (path.name, constants & names)


@pytest.mark.rule("§18.1")
def test_an_ability_acts_through_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacing one row's ``on_activate`` changes what the ability does: slot 10's 攻2倍
    gives the toy handler's +5 attack right instead of its 攻撃倍率."""
    calls: list[tuple[int, bool]] = []

    def toy(t: DiceTable, c: int, single: bool) -> bool:
        calls.append((c, single))
        t.state.tv[c].right += 5
        return True

    plain = one_turn("slot10: 攻2倍")
    row = replace(cat.ABILITY_BY_JA["攻2倍"], on_activate=toy)
    monkeypatch.setitem(cat.ABILITY_BY_JA, "攻2倍", row)
    b = one_turn("slot10: 攻2倍")
    assert calls == [(0, False)]
    assert b.table.tv[0].right == plain.table.tv[0].right + 5
    assert b.table.tv[0].atk_mult.every < plain.table.tv[0].atk_mult.every


@pytest.mark.rule("§18.3")
@pytest.mark.rule("§12.1")
def test_a_sheets_kit_is_made_once_and_sums_its_rows() -> None:
    """タフネス adds 2 to the stun gauge and 星屑集め 1 stardust: the kit sums the passive
    rows' numbers, once per sheet, and every battle of the sheet shares it."""
    text = "name: K; atk: 5; def: 5; passive: タフネス; passive: 星屑集め"
    prepared = prepare("dice", [text, text], {}, "xo1:test")
    first = prepared.ruleset.new_battle(prepared.setup())
    second = prepared.ruleset.new_battle(prepared.setup())
    kit = first.table.kits[0]  # type: ignore[attr-defined]
    assert (kit.gauge_bonus, kit.stardust_bonus, kit.countdown_bonus) == (2, 1, 0)
    assert second.table.kits[0] is kit  # type: ignore[attr-defined]
    assert not kit.demerit_guard and not kit.stun_flag_guard


@pytest.mark.rule("§15.5")
@pytest.mark.rule("§8")
def test_a_kit_marks_the_ougi_slot_and_the_demerit_squares() -> None:
    """Step 6 (§15.5) looks only at the slot holding the 奥義 and step 7 (§8) only at demerit
    squares: the kit's tables by slot number mark exactly those slots."""
    text = "name: K; atk: 5; def: 5; slot10: ougi=流星撃/2"
    prepared = prepare("dice", [text, "name: L; atk: 5; def: 5"], {}, "xo1:test")
    battle = prepared.ruleset.new_battle(prepared.setup())
    kit, plain = battle.table.kits  # type: ignore[attr-defined]
    assert [n for n, on in enumerate(kit.ougi_squares) if on] == [10]
    assert len(kit.ougi_squares) == len(kit.slots) == 19
    assert not any(plain.ougi_squares) and len(plain.ougi_squares) == 19
