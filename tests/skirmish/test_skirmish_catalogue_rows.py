"""The §11.3–§11.4 catalogue rows own their behaviour (issue 28): every ability and item names
an effect kind that has a row with the handler of its moment, the rule code reaches what a
kind does through its row, and no rule module branches on an entry's id or kind."""

from __future__ import annotations

import ast
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skirmish_kit import events, fighter, make

from kassen.rulesets.skirmish import catalogue as cat
from kassen.rulesets.skirmish.catalogue_conditions import SLEEP
from kassen.rulesets.skirmish.catalogue_effects import EFFECTS, EffectKind
from kassen.rulesets.skirmish.model import Effect, Instance, Use
from kassen.rulesets.skirmish.rules import statuses as sts
from kassen.rulesets.skirmish.rules.rounds import take_turn
from kassen.rulesets.skirmish.table import SkirmishTable

RULES = Path(cat.__file__).parent / "rules"
KIND_NAMES = {"ATTACK", "BOLT", "HEAL", "ARMOR", "SLEEP", "FLY", "GUARD", "MANA", "GEM", "WAKE"}
"""The catalogue's names of the kind keys."""


def act(b, uid: str, ms: str, rs: str = "none") -> None:
    """Give ``uid`` one TP with the given answers."""
    b.decider.policies[0].script[:0] = [("rs", uid, rs), ("ms", uid, ms)]
    b.state.round = max(1, b.state.round)
    take_turn(b.table, b.unit(uid))


@pytest.mark.rule("§9")
@pytest.mark.rule("§11.3")
@pytest.mark.rule("§11.4")
def test_every_entry_names_a_kind_with_the_handler_of_its_moment() -> None:
    """A main-step ability either deals damage or has ``on_apply``; an item has ``on_item``;
    the kinds that give a status name its condition row (§9)."""
    for ab in cat.ABILITIES.values():
        kind = EFFECTS[ab.effect]
        assert kind.damaging or kind.on_apply is not None or ab.timing == "AA", ab.id
        assert ab.uses_weapon == kind.physical, ab.id
    assert all(EFFECTS[i.effect].on_item is not None for i in cat.ITEMS.values())
    assert [k.id for k in EFFECTS.values() if k.grants is not None] == ["armor", "sleep", "fly"]
    assert all(k.ja and k.en for k in EFFECTS.values())


def _branches(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) of each compare in ``tree`` against an entry id, a kind key or name, or
    an ``.effect``. Compares of an option's ``head`` are skipped: ``attack`` and ``wake`` are
    also the action words of D2, not catalogue entries."""
    ids = ({*cat.ABILITIES, *cat.ITEMS, *EFFECTS}
           | {a.ja for a in cat.ABILITIES.values()} | {i.ja for i in cat.ITEMS.values()})
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if any(isinstance(o, ast.Name) and o.id == "head" for o in operands):
            continue
        for operand in operands:
            for part in ast.walk(operand):
                if isinstance(part, ast.Constant) and part.value in ids:
                    found.append((node.lineno, repr(part.value)))
                elif isinstance(part, ast.Name) and part.id in KIND_NAMES:
                    found.append((node.lineno, part.id))
                elif isinstance(part, ast.Attribute) and part.attr == "effect":
                    found.append((node.lineno, ".effect"))
    return found


def test_no_rule_module_branches_on_an_entry_or_kind() -> None:
    """Behaviour is reached through the rows, never by comparing an entry's id or kind."""
    for path in sorted(RULES.glob("*.py")):
        assert _branches(ast.parse(path.read_text("utf-8"))) == [], path.name


def test_the_scan_sees_a_kind_compare() -> None:
    """The scan of :func:`test_no_rule_module_branches_on_an_entry_or_kind` finds the forms
    the rules used before the rows owned the kinds."""
    code = ('if use.effect == HEAL: pass\nif item.effect == "gem": pass\n'
            'if "guard" not in v.abilities: pass\nif head == "wake": pass\n')
    assert [w for _, w in _branches(ast.parse(code))] == [".effect", "HEAL", ".effect",
                                                          "'gem'", "'guard'"]


@pytest.mark.rule("§11.3")
def test_a_spell_acts_through_its_kind_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacing the heal kind's ``on_apply`` changes what ヒール does: the toy handler's MP
    instead of 2D10 + 魔力 HP, and no heal event."""
    calls: list[str] = []

    def toy(t: SkirmishTable, use: Use, inst: Instance) -> None:
        calls.append(inst.victim.id)
        inst.victim.mp += 7

    monkeypatch.setitem(EFFECTS, cat.HEAL, replace(EFFECTS[cat.HEAL], on_apply=toy))
    b, _ = make([fighter("A", area=2) + "; " + fighter("B", ab="heal", mag=3, area=2),
                 fighter("C", area=3)], dice=[5, 5])
    hurt = b.unit("0.0")
    hurt.hp, hurt.mp = 10, 0
    act(b, "0.1", "skill:heal:0.0")
    assert calls == ["0.0"]
    assert (hurt.hp, hurt.mp) == (10, 7)
    assert not events(b, "heal")


@pytest.mark.rule("§11.4")
def test_an_item_acts_through_its_kind_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacing the waking kind's ``on_item`` changes what the bell does: the toy handler
    lets the sleeper sleep on, and no wake event."""
    seen: list[str] = []

    def toy(t: SkirmishTable, u, item: cat.Item, target) -> None:
        seen.append(item.id)

    b, _ = make([fighter("A", it="bell", area=1) + "; " + fighter("B", area=1),
                 fighter("C", area=3)])
    ally = b.unit("0.1")
    ally.effects.append(Effect(SLEEP.key, 2, 0, SLEEP.index))
    monkeypatch.setitem(EFFECTS, cat.WAKE, replace(EFFECTS[cat.WAKE], on_item=toy))
    act(b, "0.0", "none", rs="item:bell:0.1")
    assert seen == ["bell"] and sts.asleep(b.table, ally) and not events(b, "wake")


def test_a_kind_is_one_row() -> None:
    """A new kind is one row: its key, names and handlers, nothing in the rules."""
    row = EffectKind("toy", "玩具", "toy", on_apply=lambda t, use, inst: None)
    assert not row.damaging and not row.physical and row.on_cast is None
