"""The card duel table view in Chromium: hidden hands, the all-cards-open switch, field owners,
the step track, HP/MP, happenings, stepping back, the decision labels, screenshots.

One page for the module: it picks cardduel, loads two 2v2 sample sides, plays with the AI on
both sides and compares the table with the views CPython gives for the same request.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.helpers import set_seek, settle, wait_until
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CARDDUEL = next(r for r in json.loads(cpython_api.hello())["rulesets"] if r["id"] == "cardduel")
SAMPLES = [s["name"] for s in CARDDUEL["samples"]]
TEXTS = {s["name"]: s["text"] for s in CARDDUEL["samples"]}
SIDE_A, SIDE_B = "アキラ+サクラ", "レン+ミナ"
SEED = "0"  # this pairing and seed has both happenings (Emotion Event, then a Mana Storm)
SUIT_MARKS = "♠♥♦♣"


@pytest.fixture(scope="module")
def native() -> dict:
    """CPython's answer to the request the page makes."""
    request = {"ruleset": "cardduel", "sides": [TEXTS[SIDE_A], TEXTS[SIDE_B]], "options": {},
               "seed": SEED, "lang": "en"}
    answer = json.loads(cpython_api.battle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


@pytest.fixture(scope="module")
def duel(app, native) -> dict:
    """The page with the duel played (AI on both sides)."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#ruleset", "cardduel")
    page.select_option("#sample-0", str(SAMPLES.index(SIDE_A)))
    page.select_option("#sample-1", str(SAMPLES.index(SIDE_B)))
    page.fill("#seed", SEED)
    page.click("#battle")
    page.wait_for_selector("#board .cd")
    # the first beat shows first; the whole battle then takes its place on step 1 (issue 29)
    page.wait_for_function("t => document.getElementById('step-no').value === t",
                           arg=f"1/{len(native['steps'])}")
    return native


def seek(page, index: int) -> None:
    set_seek(page, index)
    wait_until(page, "i => document.querySelector('#step-no')?.textContent.startsWith(`${i + 1}/`)",
               index)


def table(page) -> dict:
    """What the board shows, read from the DOM."""
    return page.evaluate("""() => {
      const q = (s, r = document) => [...r.querySelectorAll(s)];
      const hands = {}, backs = {}, texts = {}, sets = {};
      for (const h of q('#board .cd-hand')) {
        hands[h.dataset.member] = q('.cd-card[data-card]', h).map(c => c.dataset.card);
        backs[h.dataset.member] = q('.cd-card.back', h).length;
        texts[h.dataset.member] = h.textContent;
      }
      for (const m of q('#board .cd-member')) {
        sets[m.dataset.member] = q('.cd-set .cd-card', m).map(c => c.dataset.card ?? null);
      }
      return {
        hands, backs, texts, sets,
        field: q('#board .cd-fcard').map(f => [f.dataset.card, f.dataset.owner,
          f.querySelector('.cd-owner').textContent]),
        lit: q('#board .cd-track li[aria-current="step"]').map(li => li.dataset.step),
        track: q('#board .cd-track li').map(li => li.dataset.step),
        hp: Object.fromEntries(q('#board .cd-member').filter(m => m.querySelector('[data-hp]'))
          .map(m => [m.dataset.member, Number(m.querySelector('[data-hp]').dataset.hp)])),
        mp: Object.fromEntries(q('#board .cd-member').filter(m => m.querySelector('[data-mp]'))
          .map(m => [m.dataset.member, Number(m.querySelector('[data-mp]').dataset.mp)])),
        adv: Object.fromEntries(q('#board .cd-side').map(s => [s.dataset.side,
          Number(s.querySelector('[data-adv]').dataset.adv)])),
        battle: document.querySelector('#board [data-counter="battle"] b').textContent,
        round: document.querySelector('#board [data-counter="round"] b').textContent,
      };
    }""")


def members(view: dict) -> dict[str, dict]:
    return {m["id"]: m for s in view["sides"] for m in s["members"]}


def set_open(page, on: bool) -> None:
    if page.is_checked("#cd-open") != on:
        page.click("#cd-open")
    assert page.is_checked("#cd-open") == on


def check_table(page, view: dict, viewing: int, opened: bool) -> dict:
    """Compare the DOM with a step's view for the given viewing side and switch."""
    shown = table(page)
    by_id = members(view)
    for mid, m in by_id.items():
        side = int(mid.split(".")[0])
        if opened or side == viewing:
            assert shown["hands"][mid] == m["hand"], mid
            assert shown["backs"][mid] == 0
        else:
            assert shown["hands"][mid] == []
            assert shown["backs"][mid] == m["hand_count"]
            assert not any(ch in shown["texts"][mid] for ch in SUIT_MARKS), shown["texts"][mid]
        mine = [f for f in view["face_down"] if f["member"] == mid]
        expected_sets = [f["card"] if opened or (side == viewing and f["source"] != "deck")
                         else None for f in mine]
        assert shown["sets"][mid] == expected_sets, mid
    names = {mid: m["name"] for mid, m in by_id.items()}
    lanes = sorted(view["field"], key=lambda f: f["team"])  # one lane per team, in field order
    assert shown["field"] == [[f["card"], f["owner"], names[f["owner"]]] for f in lanes]
    assert shown["track"] == ([f"B{i}" for i in range(1, 10)] if view["procedure"] == "revised"
                              else [f"A{i}" for i in range(1, 6)])
    if view["phase"] in shown["track"]:
        assert shown["lit"] == [view["phase"]]
    assert shown["hp"] == {mid: m["hp"] for mid, m in by_id.items() if m["role"] == "warrior"}
    assert shown["mp"] == {mid: m["mp"] for mid, m in by_id.items() if m["role"] == "mage"}
    assert shown["adv"] == {str(i): s["advantage"] for i, s in enumerate(view["sides"])}
    assert (shown["battle"], shown["round"]) == (str(view["battle"]), str(view["round"]))
    return shown


def pick_step(steps: list[dict]) -> int:
    """A B4 step with face-down cards on both sides, cards in both hands and a field."""
    for step in steps:
        view = step["view"]
        sides = {f["member"][0] for f in view["face_down"]}
        hands = all(m["hand"] for s in view["sides"] for m in s["members"])
        if step["phase"] == "B4" and sides == {"0", "1"} and hands and view["field"] \
                and step["index"] > 0:
            return step["index"]
    raise AssertionError("no suitable step")


def test_hidden_hands_open_switch_and_the_table(duel, app) -> None:
    page = app.page
    steps = duel["steps"]
    at = pick_step(steps)
    seek(page, at)
    view = steps[at]["view"]
    assert page.input_value("#cd-viewer-side") == "0"
    set_open(page, False)
    check_table(page, view, viewing=0, opened=False)
    # the opponent's hands and face-down cards carry no card code anywhere in the DOM
    hidden = page.evaluate("""() => [...document.querySelectorAll(
        '#board .cd-side[data-side="1"] .cd-hand, #board .cd-side[data-side="1"] .cd-set')]
        .map(n => n.outerHTML).join('')""")
    for m in view["sides"][1]["members"]:
        for code in m["hand"]:
            assert f'"{code}"' not in hidden
    set_open(page, True)
    check_table(page, view, viewing=0, opened=True)
    set_open(page, False)
    page.select_option("#cd-viewer-side", "1")
    check_table(page, view, viewing=1, opened=False)
    page.select_option("#cd-viewer-side", "0")
    check_table(page, view, viewing=0, opened=False)


def test_stepping_back_restores_the_earlier_table(duel, app) -> None:
    page = app.page
    steps = duel["steps"]
    at = pick_step(steps) + 1  # the reveal after the set-up
    seek(page, at)
    check_table(page, steps[at]["view"], viewing=0, opened=False)
    page.click("#prev")
    wait_until(page, "i => document.querySelector('#step-no').textContent.startsWith(`${i}/`)", at)
    check_table(page, steps[at - 1]["view"], viewing=0, opened=False)
    for i in (at + 5, at - 1, 0):
        seek(page, i)
        check_table(page, steps[i]["view"], viewing=0, opened=False)


def test_validity_happenings_storm_and_last_damage(duel, app) -> None:
    page = app.page
    steps = duel["steps"]
    reveal = next(s for s in steps if s["kind"] == "attack_check" and any(s["view"]["played"]))
    seek(page, reveal["index"])
    outcomes = page.eval_on_selector_all("#board .cd-played",
                                         "ps => ps.map(p => p.dataset.outcome)")
    assert sorted(outcomes) == sorted(p["outcome"] for p in reveal["view"]["played"] if p)
    emotion = next(s for s in steps if any(e["kind"] == "emotion" for e in s["events"]))
    seek(page, emotion["index"])
    assert page.locator('#board [data-happening="emotion"]').count() >= 1
    power = next(s for s in steps if s["kind"] == "storm_power")
    seek(page, power["index"])
    assert page.locator('#board [data-happening="storm"]').count() == 0  # it began one step earlier
    pool = page.get_attribute("#board [data-pool]", "data-pool")
    assert pool == str(power["view"]["storm"]["S"]) and int(pool) > 0
    assert page.eval_on_selector_all('#board .cd-track li[aria-current="step"]',
                                     "ls => ls.map(l => l.dataset.step)") == ["B6"]
    seek(page, power["index"] - 1)
    assert page.locator('#board [data-happening="storm"]').count() == 1
    damage = next(s for s in steps if s["kind"] == "last_damage")
    seek(page, damage["index"])
    shown = page.get_attribute("#board [data-damage]", "data-damage")
    assert shown == ":".join(str(d) for d in damage["view"]["last_damage"]["damage"])
    check_table(page, damage["view"], viewing=0, opened=False)


def test_reduced_motion_turns_the_flip_off(duel, app) -> None:
    page = app.page
    steps = duel["steps"]
    reveal = next(s for s in steps if s["kind"] == "attack_check" and any(s["view"]["played"]))
    seek(page, reveal["index"] - 1)
    page.click("#next")  # stepping forward by one animates the reveal
    names = page.eval_on_selector_all("#board .cd-card.flip",
                                      "cs => cs.map(c => getComputedStyle(c).animationName)")
    assert names and all(n == "cd-flip" for n in names)
    page.emulate_media(reduced_motion="reduce")
    try:
        seek(page, reveal["index"] - 1)
        page.click("#next")
        names = page.eval_on_selector_all("#board .cd-card.flip",
                                          "cs => cs.map(c => getComputedStyle(c).animationName)")
        assert names and all(n == "none" for n in names)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_describe_option_and_request(duel, app) -> None:
    labels = app.page.evaluate("""async () => {
      const v = await import(new URL('static/js/rulesets/cardduel/view.js', document.baseURI).href);
      const w1 = {side: 0, kind: 'W1', options: ['H10', 'S4', 'deck', 'field:S4', 'pass'],
                  context: {member: '0.0', threshold: 9, fav: ['S']}};
      const m0 = {side: 1, kind: 'M0', options: ['pass', 'ribbon:mp', 'hat:hand'],
                  context: {member: '1.1'}};
      const out = {};
      for (const lang of ['en', 'ja']) {
        out[lang] = {
          w1: w1.options.map(o => v.describeOption(w1, o, lang)),
          m0: m0.options.map(o => v.describeOption(m0, o, lang)),
          w2: ['continue', 'withdraw'].map(
            o => v.describeOption({kind: 'W2', context: {}}, o, lang)),
          m3: v.describeOption({kind: 'M3', options: ['cloak'], context: {}}, 'cloak', lang),
          s1: v.describeOption({kind: 'S1', options: ['hat'], context: {}}, 'hat', lang),
          q: v.describeRequest(w1, lang, {'0.0': 'アキラ'}),
          qm: v.describeRequest(m0, lang),
          adapter: v.optionLabel('deck', w1, {lang}),
          title: v.decisionTitle(w1, {lang, battle: {names: {'0.0': 'ユウ'}}}),
        };
      }
      return out;
    }""")
    en, ja = labels["en"], labels["ja"]
    assert en["w1"] == ["♥10 from hand (invalid)", "♠4 from hand (valid, value 6)",
                        "top of deck (blind)", "enchantment ♠4 on the field (valid, value 6)",
                        "pass"]
    assert en["m0"] == ["no conversion", "convert ribbon into MP (+1)",
                        "convert hat into cards (+2)"]
    assert en["w2"] == ["go on to the next round", "give up the attack right"]
    assert en["m3"] == "consume cloak (MP back to 2)" and en["s1"] == "lose the hat"
    assert en["q"] == "アキラ: choose the attack card"
    assert en["qm"].startswith("side 2") and en["adapter"] == "top of deck (blind)"
    assert en["title"] == "ユウ: choose the attack card"
    assert ja["w1"][0] == "手札の♥10(無効)" and ja["w1"][2] == "山札の一番上(見ずに伏せる)"
    assert ja["m0"][1] == "リボンをMPに変換(+1)" and ja["q"] == "アキラ:アタックに使うカードを選ぶ"


def test_screenshots_and_no_sideways_scroll(duel, app) -> None:
    page = app.page
    ARTIFACTS.mkdir(exist_ok=True)
    steps = duel["steps"]
    storm = next(s for s in steps if s["kind"] == "storm_power")["index"]
    for width, height in ((1280, 800), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        for at, name in ((pick_step(steps), "b4"), (storm, "storm")):
            seek(page, at)
            settle(page)  # the animations to their end
            page.evaluate("document.querySelector('#viewer').scrollIntoView()")
            page.screenshot(path=str(ARTIFACTS / f"cardduel-{name}-{width}.png"))
            page.locator("#board").screenshot(
                path=str(ARTIFACTS / f"cardduel-{name}-{width}-board.png"))
            wide = page.evaluate("""w => [...document.querySelectorAll('#board *')]
                .filter(e => e.getBoundingClientRect().right > w + 0.5).map(e => e.className)""",
                                 width)
            assert wide == [], wide
    page.set_viewport_size({"width": 1280, "height": 800})
