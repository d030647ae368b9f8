"""The card duel's catalogue rows own their behaviour (issue 28): every suit row has the
handlers of its two moments (§12.1 usage, §12.2 emotion), rule code reaches them only
through the row, and no rule module names a suit, weapon, costume or emotion."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest
from cardduel_helpers import events, make

from kassen.rulesets.cardduel import catalogue as cat
from kassen.rulesets.cardduel import catalogue_suits as cs
from kassen.rulesets.cardduel.model import Member
from kassen.rulesets.cardduel.rules.battle import begin_battle
from kassen.rulesets.cardduel.rules.happenings import emotion_event
from kassen.rulesets.cardduel.table import CardDuelTable

RULES = Path(cat.__file__).parent / "rules"
V0 = {"emotion_table": "v0", "cond_model": "table"}
SWORD = "A:warrior year=2 base=3 max=6 th=8 fav=S hp=10 weapon=sword"
STAFF = "B:warrior year=3 base=3 max=6 th=8 fav=SC hp=10 weapon=staff"
MAGE = "MA:mage year=1 base=3 max=6 th=8 fav=- mp=3 costumes=cloak,ribbon"


@pytest.mark.rule("§12.1")
@pytest.mark.rule("§12.2")
def test_one_row_per_suit_with_both_moments() -> None:
    """♠♥♦♣ each have a usage test and an emotion effect; every card but a Joker finds its
    suit's row in one look-up."""
    assert tuple(cs.SUIT_ROWS) == cat.SUITS
    assert [r.emotion for r in cs.SUIT_ROWS.values()] == [
        "rivalry", "elation", "vanity", "agitation"]
    assert all(callable(r.usage) and callable(r.on_emotion) for r in cs.SUIT_ROWS.values())
    assert len(cs.SUIT_OF_CARD) == 52
    assert cs.SUIT_OF_CARD["CK"] is cs.SUIT_ROWS["C"] and "X1" not in cs.SUIT_OF_CARD
    assert cat.WEAPONS["both"].serves == ("S", "C") and cat.WEAPONS["none"].serves == ()


def test_no_rule_module_names_an_entry() -> None:
    """Behaviour is reached through the rows, never by comparing a suit letter (a Joker's
    ``X`` included), a weapon, costume or emotion. The weapon ``none`` is left out: it is
    also the rules' word for "no reason" (``checks.NONE``)."""
    rows = cs.SUIT_ROWS.values()
    names = {*cat.SUIT_SYMBOLS, *(w for w in cat.WEAPONS if w != "none"),
             *(w.name_ja for w in cat.WEAPONS.values()), *cat.COSTUMES, *cat.COSTUME_BY_JA,
             *(r.emotion for r in rows), *(r.emotion_ja for r in rows),
             *(r.name_ja for r in rows)}
    for path in sorted(RULES.glob("*.py")):
        constants = {node.value for node in ast.walk(ast.parse(path.read_text("utf-8")))
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        assert not constants & names, (path.name, constants & names)


@pytest.mark.rule("§12.2")
def test_an_emotion_acts_through_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """♣ 動揺 costs the mage k MP; with the ♣ row's ``on_emotion`` swapped for a toy that
    gives 5 MP, the same Emotion Event gives 5 MP and logs the row's effect word."""
    def mage_after(b: object) -> Member:
        t: CardDuelTable = b.table  # type: ignore[attr-defined]
        mage = t.member("0.1")
        emotion_event(t, mage, "C5", "§6.1")
        return mage

    plain = make([f"{SWORD} + {MAGE}", STAFF], V0)
    assert mage_after(plain).mp == 2
    assert events(plain, "emotion")[-1].values["effect"] == "agitation"

    def toy(t: CardDuelTable, mage: Member, k: int, value: int) -> None:
        mage.mp += 5

    row = replace(cs.SUIT_ROWS["C"], emotion="toy", on_emotion=toy)
    monkeypatch.setitem(cs.SUIT_OF_CARD, "C5", row)
    swapped = make([f"{SWORD} + {MAGE}", STAFF], V0)
    assert mage_after(swapped).mp == 8
    assert events(swapped, "emotion")[-1].values["effect"] == "toy"
    assert not events(swapped, "mp_loss")


@pytest.mark.rule("§12.1")
def test_a_usage_condition_acts_through_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``cond_model = table`` a sword holds ♠ and a staff ♣ but not ♠; with the ♠ row's
    ``usage`` swapped for one that always fails, the sword's ♠ is off too."""
    def active(b: object) -> tuple[list[str], list[str]]:
        t: CardDuelTable = b.table  # type: ignore[attr-defined]
        begin_battle(t)
        return t.member("0.0").fav_active, t.member("1.0").fav_active

    assert active(make([SWORD, STAFF], V0)) == (["S"], ["C"])
    monkeypatch.setitem(cs.SUIT_ROWS, "S", replace(cs.SUIT_ROWS["S"], usage=lambda t, m: False))
    assert active(make([SWORD, STAFF], V0)) == ([], ["C"])
