"""Issue 14: in every system an unknown name gets "nearest" suggestions and a name with
characters that cannot be used names them (kassen.core.suggest, shared by the notations)."""

from __future__ import annotations

import json

import pytest

from kassen.core.suggest import nearest
from kassen.core.text import name_problem
from kassen.web import api

UNKNOWN = [  # (system, build, what the message must suggest)
    ("marguerite", "10/1/0/4/斬劇/A", "斬撃剣"),
    ("cardduel", "A:warrior year=1 base=5 max=6 th=10 fav=- hp=12 wepon=sword", "weapon"),
    ("cardduel", "A:warrior year=1 base=5 max=6 th=10 fav=- hp=12 weapon=swrd", "sword"),
    ("dice", "name: B\nslot10: 攻2倍x", "攻2倍"),
    ("dice", "name: B\npasive: x", "passive"),
    ("skirmish", "@アルス area=1; @リーネx area=0", "リーネ"),
    ("skirmish", "@アルス area=1 wpn=longswrd", "longsword"),
    ("skirmish", "@アルス area=1 ab=powerattack", "power_attack"),
]


@pytest.mark.parametrize(("system", "text", "wanted"), UNKNOWN)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_unknown_names_get_nearest_suggestions(system, text, wanted, lang) -> None:
    """Marguerite §12, cardduel §2/§12.1, dice §18.1/§2.1, skirmish §11: nearest names."""
    answer = json.loads(api.validate(system, text, lang, "{}"))
    assert not answer["ok"]
    message = answer["problems"][0]["message"]
    assert wanted in message and ("近い" if lang == "ja" else "nearest") in message


NAMES = [("marguerite", "10/1/0/4/斬撃剣/A<B\x07"), ("cardduel", "A\x07:warrior year=1"),
         ("dice", "name: B\x07\nslot10: 攻2倍"), ("skirmish", "A\x07 hp=1")]


@pytest.mark.parametrize(("system", "text"), NAMES)
def test_forbidden_characters_in_names_are_named(system, text) -> None:
    """R2.1 (marguerite), notation (cardduel), §2.1 (dice), §2 (skirmish): the message names
    each character, an invisible one by its code point."""
    answer = json.loads(api.validate(system, text, "en", "{}"))
    messages = [p["message"] for p in answer["problems"]]
    assert any("cannot be used" in m and "U+0007" in m for m in messages), messages


def test_nearest_and_name_problem_helpers() -> None:
    assert nearest("swrd", ["sword", "staff", "none"]) == "sword"
    assert nearest("zzz", ["sword"]) == "-"
    assert nearest("斬劇", ["高速剣", "斬撃剣"], ignore="剣") == "斬撃剣"
    problem = name_problem("a<b<\t", 1, 3, "R2.1", refused="<")
    assert problem is not None and problem.column == 4
    assert problem.args["chars"] == "「<」, U+0009 a control character"
