"""The マーガレット2011α party-line view in Chromium: HP bars and numbers, stats, statuses,
sword chips (used / unused, the executing one), the phase track, floating damage numbers,
reflection / guard / build beats, the exited tray, the result line, stepping back, the share
link, the MP cost text option with its presets, reduced motion, screenshots.

One page for the module: it picks marguerite, loads two samples, plays and compares the board
with the views CPython gives for the same request.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.helpers import open_options, set_seek, settle, wait_until
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
MARGUERITE = next(r for r in json.loads(cpython_api.hello())["rulesets"]
                  if r["id"] == "marguerite")
SAMPLES = [s["name"] for s in MARGUERITE["samples"]]
TEXTS = {s["name"]: s["text"] for s in MARGUERITE["samples"]}
SIDE_A, SIDE_B = "鏡の騎士", "城壁"  # reflect, guard, a built wall, an exit, overturn judge
KYUUBI = "10/1/0/4/振舞星/九尾 里奈"
STATUS_JA = {"stun": "スタン", "sleep": "スリープ", "venom": "猛毒", "poison": "毒",
             "miscarriage": "流産", "reflect": "反射", "guard": "ガード", "soul": "ソウル",
             "life": "ライフ", "push": "プッシュ", "quick": "クイック", "slow": "スロー",
             "taunt": "挑発"}
REASONS = {"wipeout": ("全滅", "wipeout"), "overkill": ("オーバーキルジャッジ", "overkill judge"),
           "overturn": ("オーバーターンジャッジ", "overturn judge"), "push": ("プッシュ", "push"),
           "draw": ("引き分け", "draw"), "aborted": ("打ち切り", "aborted")}


def defaults() -> dict:
    return {o["key"]: o["default"] for o in MARGUERITE["options"]}


@pytest.fixture(scope="module")
def native() -> dict:
    """CPython's answer to the request the page makes."""
    request = {"ruleset": "marguerite", "sides": [TEXTS[SIDE_A], TEXTS[SIDE_B]],
               "options": defaults(), "seed": None, "lang": "ja"}
    answer = json.loads(cpython_api.battle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


@pytest.fixture(scope="module")
def fight(app, native) -> dict:
    """The page with the battle played."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-lang=ja]")  # the checks read Japanese names (issue 27: English is English)
    wait_until(page, "() => document.documentElement.lang === 'ja'")
    page.select_option("#ruleset", "marguerite")
    page.select_option("#sample-0", str(SAMPLES.index(SIDE_A)))
    page.select_option("#sample-1", str(SAMPLES.index(SIDE_B)))
    page.fill("#seed", "")
    page.click("#battle")
    page.wait_for_selector("#board .mg")
    wait_until(page, "t => document.getElementById('step-no').value === t",
               f"1/{len(native['steps'])}")
    return native


def seek(page, index: int) -> None:
    set_seek(page, index)
    wait_until(page, "i => document.querySelector('#board .mg')?.dataset.step === String(i)",
               index)


def board(page) -> dict:
    """What the board shows, read from the DOM."""
    return page.evaluate("""() => {
      const q = (s, r = document) => [...r.querySelectorAll(s)];
      const stat = (n, k) => Number(n.querySelector(`[data-stat="${k}"]`).dataset.value);
      const res = (n, k) => Number(n.querySelector(`[data-${k}]`).getAttribute(`data-${k}`));
      const sides = q('#board .mg-party').map(p => ({
        line: q('.mg-member', p).map(m => ({
          id: m.dataset.member, hp: Number(m.dataset.hp), max_hp: Number(m.dataset.maxHp),
          shown_hp: m.querySelector('.mg-hpnum b').textContent,
          bar: [Number(m.querySelector('.mg-hpbar').getAttribute('aria-valuenow')),
                parseFloat(m.querySelector('.mg-hp-fill').style.width)],
          name: m.querySelector('.mg-name').textContent,
          atk: stat(m, 'atk'), def: stat(m, 'def'), spd: stat(m, 'spd'),
          mp: res(m, 'mp'), ap: res(m, 'ap'), reserve: res(m, 'reserve'),
          statuses: Object.fromEntries(q('.mg-status:not(.lost)', m)
            .map(b => [b.dataset.status, Number(b.dataset.count)])),
          badges: q('.mg-status:not(.lost)', m).map(b => b.textContent),
          lost: q('.mg-status.lost', m).map(b => b.dataset.status),
          swords: q('.mg-sword:not(.vanished)', m).map(c => [c.dataset.code,
            c.dataset.used === 'true', c.dataset.executing === 'true',
            c.classList.contains('exec'), Number(c.dataset.start),
            q('.mg-ench', c).map(e => e.dataset.enchant).sort()]),
          vanished: q('.mg-sword.vanished', m).map(c => c.dataset.code),
          front: m.querySelector('.mg-pos').classList.contains('front'),
        })),
        exited: q('.mg-gone', p).map(g => [g.dataset.member, Number(g.dataset.hp),
          Number(g.dataset.overkill)]),
      }));
      return {
        sides,
        turn: document.querySelector('#board .mg-turn').dataset.turn,
        lit: q('#board .mg-track li[aria-current="step"]').map(li => li.dataset.phase),
        track: q('#board .mg-track li:not(.extra)').map(li => li.dataset.phase),
        skipped: q('#board .mg-track li.skipped').map(li => li.dataset.phase),
      };
    }""")


def check(page, step: dict) -> dict:
    """Compare the DOM with a step's view."""
    shown = board(page)
    view = step["view"]
    assert shown["turn"] == str(view["turn"])
    assert shown["track"] == ["ap", "status", "action"]
    assert shown["lit"] == [step["phase"]]
    assert shown["skipped"] == (["status"] if step["turn"] == 0 else [])
    for side, s in enumerate(view["sides"]):
        line = shown["sides"][side]["line"]
        assert [m["id"] for m in line] == [m["id"] for m in s["members"]]
        for pos, (got, m) in enumerate(zip(line, s["members"], strict=True)):
            assert got["front"] == (pos == 0)
            assert (got["hp"], got["max_hp"]) == (m["hp"], m["max_hp"])
            assert got["shown_hp"] == str(m["hp"])
            pct = max(0.0, min(100.0, 100 * m["hp"] / m["max_hp"]))
            assert got["bar"][0] == m["hp"] and abs(got["bar"][1] - pct) < 0.01, (got, m)
            assert got["name"] == m["name"]
            for key in ("atk", "def", "spd", "mp", "ap", "reserve"):
                assert got[key] == m[key], (key, got, m)
            assert got["statuses"] == m["statuses"]
            assert got["badges"] == [f"{k}×{n}" if n > 1 or k != "挑発" else k
                                     for k, n in m["statuses"].items()]
            assert got["swords"] == [[c["code"], c["used"], c["executing"], c["executing"],
                                      c["start"], sorted(c["enchants"])] for c in m["swords"]]
            ex = m["executing"]
            assert got["vanished"] == ([ex["code"]] if ex and ex["vanished"] else [])
        assert shown["sides"][side]["exited"] == [[m["id"], m["hp"], m["overkill"]]
                                                  for m in s["exited"]]
    return shown


def find(steps: list[dict], kind: str, after: int = 1) -> dict:
    return next(s for s in steps if s["index"] >= after
                and any(e["kind"] == kind for e in s["events"]))


def test_samples_include_kyuubi_rina(fight, app) -> None:
    page = app.page
    assert TEXTS["九尾 里奈"] == KYUUBI
    names = page.eval_on_selector_all(  # "name — note" since issue 14
        "#sample-0 option", "os => os.map(o => o.textContent.split(' — ')[0])")
    assert "九尾 里奈" in names and SIDE_A in names and SIDE_B in names
    assert page.input_value("#build-0") == TEXTS[SIDE_A]
    assert page.input_value("#build-1") == TEXTS[SIDE_B]


def test_board_matches_the_views(fight, app) -> None:
    page = app.page
    steps = fight["steps"]
    picks = {0, 1, 2, 3, 4, len(steps) - 1}
    for kind in ("act", "damage", "guard", "reflect", "build", "exit", "status_gain", "death"):
        picks.add(find(steps, kind)["index"])
    picks.add(next(s["index"] for s in steps
                   if any(m["executing"] for side in s["view"]["sides"] for m in side["members"])))
    for i in sorted(picks):
        seek(page, i)
        check(page, steps[i])
    # some swords used and some unused, one executing, somewhere in the battle
    flags = [(c["used"], c["executing"]) for s in steps for side in s["view"]["sides"]
             for m in side["members"] for c in m["swords"]]
    assert (True, False) in flags and (False, False) in flags and any(e for _, e in flags)


def test_damage_floats_and_beats(fight, app) -> None:
    page = app.page
    steps = fight["steps"]
    hit = find(steps, "damage")
    seek(page, hit["index"])
    damage = [e for e in hit["events"] if e["kind"] == "damage"]
    for e in damage:
        amounts = page.eval_on_selector_all(
            f'#board [data-member="{e["target"]}"] .mg-float[data-kind="damage"]',
            "fs => fs.map(f => [Number(f.dataset.amount), f.textContent])")
        assert [e["values"]["amount"], f"−{e['values']['amount']}"] in amounts
    # reflection: an arrow from the reflector back to the attacker, flashes on both
    ref = find(steps, "reflect")
    seek(page, ref["index"])
    e = next(x for x in ref["events"] if x["kind"] == "reflect")
    arrows = page.eval_on_selector_all(
        "#board .mg-arrow", "as => as.map(a => [a.dataset.from, a.dataset.to])")
    assert [e["actor"], e["target"]] in arrows
    assert page.locator(f'#board .mg-member.reflecting[data-member="{e["actor"]}"]').count() == 1
    # guard halving: a shield with ½ and before → after on the guarding 剣師
    grd = find(steps, "guard")
    seek(page, grd["index"])
    g = next(x for x in grd["events"] if x["kind"] == "guard")
    shield = page.locator(f'#board [data-member="{g["actor"]}"] .mg-guard').first
    assert shield.get_attribute("data-before") == str(g["values"]["before"])
    assert shield.get_attribute("data-amount") == str(g["values"]["amount"])
    assert shield.locator(".mg-shield").inner_text() == "½"
    # a status gained pops
    def kept(step: dict) -> dict | None:  # a gain still there at the end of its step
        members = {m["id"]: m for side in step["view"]["sides"] for m in side["members"]}
        for x in step["events"]:
            if x["kind"] == "status_gain" and x["target"] in members and members[x["target"]][
                    "statuses"].get(STATUS_JA[x["values"]["status"]]) == x["values"]["count"]:
                return x
        return None

    gain = next(s for s in steps if kept(s))
    seek(page, gain["index"])
    sg = kept(gain)
    ja = STATUS_JA[sg["values"]["status"]]
    badge = page.locator(f'#board [data-member="{sg["target"]}"] .mg-status[data-status="{ja}"]')
    assert "pop" in badge.get_attribute("class")
    assert badge.get_attribute("data-count") == str(sg["values"]["count"])
    # a built 剣師 steps in at the front
    built = find(steps, "build")
    seek(page, built["index"])
    b = next(x for x in built["events"] if x["kind"] == "build")
    card = page.locator(f'#board .mg-member[data-member="{b["target"]}"]')
    assert card.get_attribute("data-pos") == "0"
    assert "enter" in card.get_attribute("class")
    # exit: the 剣師 is greyed in the exited tray
    out = find(steps, "exit")
    seek(page, out["index"])
    x = next(e for e in out["events"] if e["kind"] == "exit")
    gone = page.locator(f'#board .mg-gone[data-member="{x["actor"]}"]')
    assert gone.count() == 1 and "fresh" in gone.get_attribute("class")
    assert gone.get_attribute("data-overkill") == str(x["values"]["overkill"])


def test_stepping_back_restores(fight, app) -> None:
    page = app.page
    steps = fight["steps"]
    at = find(steps, "damage")["index"] + 1
    seek(page, at)
    check(page, steps[at])
    page.click("#prev")
    wait_until(page, "i => document.querySelector('#board .mg').dataset.step === String(i)", at - 1)
    check(page, steps[at - 1])
    page.click("#next")
    wait_until(page, "i => document.querySelector('#board .mg').dataset.step === String(i)", at)
    check(page, steps[at])
    built = find(steps, "build")["index"]
    for i in (built, built - 1, len(steps) - 1, 0):
        seek(page, i)
        check(page, steps[i])


def test_result_line_in_both_languages(fight, app) -> None:
    page = app.page
    steps = fight["steps"]
    reason = fight["result"]["reason"]
    seek(page, len(steps) - 1)
    line = page.locator("#board .mg-result")
    assert line.get_attribute("data-reason") == reason
    assert REASONS[reason][0] in line.inner_text()
    assert REASONS[reason][0] in page.inner_text("#result")
    page.click("[data-lang=en]")
    try:
        wait_until(page, "() => document.documentElement.lang === 'en'")
        assert REASONS[reason][1] in page.inner_text("#board .mg-result")
        assert REASONS[reason][1] in page.inner_text("#result")
        assert page.locator("#board .mg-track li[data-phase=ap]").inner_text().startswith("AP")
    finally:
        page.click("[data-lang=ja]")
        wait_until(page, "() => document.documentElement.lang === 'ja'")
    seek(page, 0)
    assert page.locator("#board .mg-result").count() == 0


def test_share_link_reproduces_the_battle(fight, app) -> None:
    page = app.page
    page.evaluate("window.kassenLastShare = null")
    page.click("#share")
    link = wait_until(page, "() => window.kassenLastShare")
    fragment = link[link.index("#"):]
    opened = json.loads(cpython_api.open_link(fragment))
    assert opened["ok"], opened
    assert opened["digest"] == fight["digest"]
    assert app.call("openLink", fragment, "ja")["digest"] == opened["digest"]
    seek(page, len(fight["steps"]) - 1)
    page.evaluate("document.querySelector('#board .mg').dataset.old = 'yes'")
    page.evaluate("f => { location.hash = f; }", fragment)
    wait_until(page, """t => document.getElementById('step-no').value === t
               && !document.querySelector('#board .mg')?.dataset.old""",
               f"1/{len(opened['steps'])}")
    steps = opened["steps"]
    assert [s["view"] for s in steps] == [s["view"] for s in fight["steps"]]
    for i in (find(steps, "build")["index"], len(steps) - 1):
        seek(page, i)
        check(page, steps[i])
    page.evaluate("history.replaceState(null, '', location.pathname)")


def test_reduced_motion_turns_the_beats_off(fight, app) -> None:
    page = app.page
    at = find(fight["steps"], "damage")["index"]

    def animation() -> list[str]:
        seek(page, at - 1)
        page.click("#next")
        wait_until(page, "i => document.querySelector('#board .mg').dataset.step === String(i)", at)
        return page.eval_on_selector_all(
            "#board .mg-float", "fs => fs.map(f => getComputedStyle(f).animationName)")

    names = animation()
    assert names and all(n == "mg-float" for n in names)
    page.emulate_media(reduced_motion="reduce")
    try:
        names = animation()
        assert names and all(n == "none" for n in names)
        opacity = page.eval_on_selector("#board .mg-float", "f => getComputedStyle(f).opacity")
        assert opacity == "1"  # the number stays readable
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_axe_finds_nothing_on_the_board(fight, app) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")
    page = app.page
    page.evaluate(AXE.read_text(encoding="utf-8"))  # CDP evaluation, not a script tag (CSP)
    steps = fight["steps"]
    for at in (find(steps, "build")["index"], find(steps, "reflect")["index"], len(steps) - 1):
        seek(page, at)
        settle(page)  # contrast is measured after the beats
        found = page.evaluate("""async () => (await axe.run('#board, #options')).violations
            .map(v => [v.id, v.nodes.map(n => n.html.slice(0, 120))])""")
        assert found == [], found


def test_screenshots_and_no_sideways_scroll(fight, app) -> None:
    page = app.page
    ARTIFACTS.mkdir(exist_ok=True)
    steps = fight["steps"]
    shots = {"reflect": find(steps, "reflect")["index"], "build": find(steps, "build")["index"],
             "end": len(steps) - 1}
    for width, height in ((1280, 800), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        for name, at in shots.items():
            seek(page, at - 1)
            page.click("#next")  # step into it, so the beats play
            settle(page)  # the beats play to their end
            page.evaluate("document.querySelector('#viewer').scrollIntoView()")
            page.screenshot(path=str(ARTIFACTS / f"marguerite-{name}-{width}.png"))
            page.locator("#board").screenshot(
                path=str(ARTIFACTS / f"marguerite-{name}-{width}-board.png"))
            wide = page.evaluate("""w => [...document.querySelectorAll('#board *')]
                .filter(e => e.getBoundingClientRect().right > w + 0.5).map(e => e.className)""",
                                 width)
            assert wide == [], wide
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.set_viewport_size({"width": 1280, "height": 800})


def test_mp_cost_text_option_round_trips(fight, app) -> None:
    page = app.page
    spec = next(o for o in MARGUERITE["options"] if o["key"] == "mp_costs")
    assert spec["kind"] == "text"
    preset = next(p for p in spec["extra"]["presets"] if p)
    open_options(page)
    box = page.locator("#opt-mp_costs")
    assert box.get_attribute("type") == "text"
    listed = page.eval_on_selector_all(f"#{box.get_attribute('list')} option",
                                       "os => os.map(o => o.value)")
    assert listed == [p for p in spec["extra"]["presets"] if p]
    assert box.input_value() == spec["default"]
    box.fill(preset)
    page.click("[data-lang=en]")  # a relabel keeps the value
    wait_until(page, "() => document.documentElement.lang === 'en'")
    assert page.input_value("#opt-mp_costs") == preset
    page.click("[data-lang=ja]")
    wait_until(page, "() => document.documentElement.lang === 'ja'")
    try:
        page.evaluate("document.querySelector('#board .mg').dataset.old = 'yes'")
        page.click("#battle")
        expected = json.loads(cpython_api.battle(json.dumps({
            "ruleset": "marguerite", "sides": [TEXTS[SIDE_A], TEXTS[SIDE_B]],
            "options": {**defaults(), "mp_costs": preset}, "seed": None, "lang": "ja"})))
        assert expected["ok"], expected
        canonical = expected["options"]["mp_costs"]  # the engine sorts the table
        assert sorted(canonical.split(",")) == sorted(preset.split(","))
        wait_until(page, """t => document.getElementById('step-no').value === t
                   && !document.querySelector('#board .mg')?.dataset.old""",
                   f"1/{len(expected['steps'])}")
        page.evaluate("window.kassenLastShare = null")
        page.click("#share")
        link = wait_until(page, "() => window.kassenLastShare")
        opened = json.loads(cpython_api.open_link(link[link.index("#"):]))
        assert opened["ok"] and opened["options"]["mp_costs"] == canonical
        assert opened["digest"] == expected["digest"] != fight["digest"]
    finally:
        page.fill("#opt-mp_costs", spec["default"])


def test_result_words_for_every_judgement(fight, app) -> None:
    words = app.page.evaluate("""async (reasons) => {
      const url = new URL('static/js/rulesets/marguerite/view.js', document.baseURI);
      const v = await import(url.href);
      const out = {};
      for (const reason of reasons) {
        const judge = {kind: 'judgement', values: {reason, winner: 0, measure: reason === 'overkill'
          ? 'overkill' : 'hp', total0: 3, total1: 7, push0: reason === 'push' ? 2 : 0, push1: 0}};
        const none = reason === 'draw' || reason === 'aborted';
        const stop = {kind: 'aborted', values: {cap: 'steps'}};
        const battle = {result: {reason, winner: none ? null : 0},
          steps: [{events: [reason === 'aborted' ? stop : judge]}]};
        out[reason] = [v.describeResult(battle, 'ja'), v.describeResult(battle, 'en')];
      }
      return out;
    }""", list(REASONS))
    for reason, (ja, en) in REASONS.items():
        assert words[reason][0].startswith(ja), words[reason]
        assert words[reason][1].startswith(en), words[reason]
    assert words["overkill"][0].endswith("(オーバーキル合計 3 対 7)")
    assert words["push"][1] == "push — party 1 wins (HP total 3 to 7, push 2 to 0)"
    assert words["draw"][0] == "引き分け (HP合計 3 対 7)"  # one word for a draw (issue 27)
