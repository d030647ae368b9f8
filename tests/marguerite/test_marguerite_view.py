"""The page's view (issue 3 battle view) and the ja/en log (design 3): everything the view
must show is in ``view()`` data; every event renders in both languages."""

from __future__ import annotations

import pytest
from marguerite_helpers import after, events

from kassen.core import i18n, registry, session
from kassen.core.render import render_event
from kassen.core.rng import Rng
from kassen.rulesets.marguerite.catalogue import ENCHANT_EN, ENCHANT_JA, SWORDS
from kassen.rulesets.marguerite.catalogue_conditions import STATUS_GLOSS

RULESET = registry.get("marguerite")  # through the registry: it registers the text


def test_view_carries_everything_the_battle_view_shows() -> None:
    """Per 剣師: name, HP/max, 攻防速, MP, AP, 予備AP, statuses as counts, swords as chips
    (code, used, enchantments, リミ, activation turn, executing); turn, phase, turn 0."""
    prepared = session.prepare("marguerite", ["10/1/0/4/振舞星/九尾 里奈",
                                              "5/1/0/2/壁泡斬誘/城壁"])
    outcome = session.run(prepared, views=True)
    steps = outcome.battle.rec.steps
    first = steps[0].view
    assert first["turn"] == 0 and first["turn0"] is True and first["phase"] == "ap"
    member = first["sides"][0]["members"][0]
    for key in ("id", "name", "hp", "max_hp", "atk", "def", "spd", "mp", "ap", "reserve",
                "statuses", "swords", "dead", "executing"):
        assert key in member
    chip = member["swords"][0]
    assert set(chip) >= {"code", "name", "used", "enchants", "limited", "start", "executing"}
    # the build beat: built 剣師 stand at the front of party 2
    build_step = next(s for s in steps if any(e.kind == "build" for e in s.events))
    assert build_step.view["sides"][1]["members"][0]["name"] in ("ウォール", "バブル")
    # an action beat marks the executing sword; 振動剣's enchantment shows on 舞踏剣
    dance = next(s for s in steps if any(e.kind == "act" and e.values["sword"] == "舞"
                                         for e in s.events))
    rina = dance.view["sides"][0]["members"][0]
    assert rina["executing"]["code"] == "舞"
    assert [c["executing"] for c in rina["swords"]].count(True) == 1
    assert rina["swords"][0]["enchants"] == {"stun": 1}
    # statuses as counted badges with Japanese names; exited members listed per side
    last = steps[-1].view
    assert last["sides"][1]["members"] == []
    assert {m["name"] for m in last["sides"][1]["exited"]} == {"城壁", "ウォール", "バブル"}
    assert last["over"] is True and last["reason"] == "wipeout"


def test_every_event_renders_in_both_languages() -> None:
    """Design 3: ja/en templates exist for every event kind and fill every field."""
    rng = Rng("xo1:render")
    seen: set[str] = set()
    for _ in range(120):
        a = RULESET.random_build(rng)
        b = RULESET.random_build(rng)
        outcome = session.run(session.prepare("marguerite", [a, b]))
        names = outcome.battle.names()
        for e in outcome.battle.rec.events():
            seen.add(e.kind)
            for lang in ("ja", "en"):
                line = render_event(RULESET, e, names, lang)
                assert "{" not in line and not line.startswith(e.kind + " "), (e.kind, line)
    table = i18n.catalogue("marguerite")["ja"]
    for kind in seen:
        assert f"event.{kind}" in table
    assert {"act", "damage", "skip", "phase", "judgement"} <= seen


def test_sword_and_status_names_are_english_in_english() -> None:
    """Issue 27 (after issue 3): the English page shows no Japanese but the builds' names, so
    sword and status names are the catalogue's English in English, Japanese in Japanese."""
    b = after("10/3/0/1/衝/A", "50/0/1/0//D", 2)
    names = b.names()
    e = events(b, "status_gain")[0]
    assert "Stun" in render_event(RULESET, e, names, "en")
    assert "スタン" in render_event(RULESET, e, names, "ja")
    e = events(b, "damage")[0]
    assert "Shock Sword" in render_event(RULESET, e, names, "en")
    assert "衝撃剣" not in render_event(RULESET, e, names, "en")


@pytest.mark.rule("§11")
@pytest.mark.rule("§12")
@pytest.mark.rule("§13")
def test_every_name_has_a_short_english_gloss() -> None:
    """§11, §12, §13: all 75 swords, 13 statuses and 7 enchantments carry a short, distinct
    English gloss beside the Japanese name."""
    for names in ([d.en for d in SWORDS], list(STATUS_GLOSS), list(ENCHANT_EN.values())):
        assert all(n and n.isascii() and len(n) <= 24 for n in names), names
        assert len(set(names)) == len(names)
    assert (len(SWORDS), len(STATUS_GLOSS), len(ENCHANT_EN)) == (75, 13, 7)
    assert set(ENCHANT_EN) == set(ENCHANT_JA)


def test_english_log_glosses_japanese_log_unchanged() -> None:
    """Issue 27: the English log names swords, statuses and enchantments in English only
    (「Slash Sword」), the Japanese log only the Japanese names."""
    outcome = session.run(session.prepare("marguerite", ["10/2/0/2/振衝/A", "50/1/0/1/斬/B"],
                                          {"budget": 0}))
    en = "\n".join(session.log_lines(outcome, "en"))
    ja = "\n".join(session.log_lines(outcome, "ja"))
    assert "executes Vibration Sword" in en
    assert "Shock Sword gains <Stun Giving>" in en
    assert "gets Stun +1" in en
    assert "skips ×1: Stun" in en
    assert not any("\u3040" <= c <= "\u9fff" for c in en.replace("A", "").replace("B", ""))
    assert "Sword" not in ja and "Stun" not in ja
    assert "Aの衝撃剣に＜スタン与え＞" in ja and "Bに状態「スタン」（+1、計1）" in ja
