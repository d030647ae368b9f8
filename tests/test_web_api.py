"""kassen.web.api: JSON in, JSON out, never raises (the page's worker API)."""

from __future__ import annotations

import json

from kassen.web import api


def test_hello_lists_rulesets(tiny) -> None:
    data = json.loads(api.hello())
    assert data["ok"] and data["engine"] and "tiny" in [r["id"] for r in data["rulesets"]]


def test_validate_reports_located_problems_in_both_languages(tiny) -> None:
    good = json.loads(api.validate("tiny", "Ann:07", "en"))
    assert good == {"ok": True, "canonical": "Ann:7", "problems": []}
    bad = json.loads(api.validate("tiny", "Ann", "ja"))
    assert not bad["ok"] and bad["problems"][0]["message"] == "書式は 名前:HP です"


def test_battle_has_steps_with_views_texts_and_a_link(tiny) -> None:
    data = json.loads(api.battle(json.dumps({"ruleset": "tiny", "sides": ["Ann:20", "Bob:25"],
                                             "seed": "w", "lang": "ja"})))
    assert data["ok"]
    step = data["steps"][0]
    assert step["view"]["sides"][0]["members"][0]["name"] == "Ann"
    assert step["text"]["ja"] == ["ターン1"] and step["text"]["en"] == ["Turn 1"]
    again = json.loads(api.open_link(data["link"], "en"))
    assert again["digest"] == data["digest"]
    assert json.loads(api.digest(json.dumps(data["record"])))["digest"] == data["digest"]


def test_bad_requests_answer_with_problems(tiny) -> None:
    for text in ("not json", "[]", json.dumps({"ruleset": "tiny", "sides": ["x"]})):
        data = json.loads(api.battle(text))
        assert data["ok"] is False and data["problems"][0]["message"]
    data = json.loads(api.open_link("#m=1AAAA", "ja"))
    assert data["ok"] is False and data["problems"][0]["code"] == "core.link_inflate"
    assert json.loads(api.share_build("tiny", "Ann:5"))["link"].startswith("#b=")
