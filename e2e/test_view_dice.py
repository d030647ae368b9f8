"""The サイコロバトル (dice) battle view and sheet form in Chromium (one page boot for the module).

The view must show what each step's ``view`` says: the four dice, the lit slot, the LP bars,
the attack-right decision, and every damage breakdown with the numbers of its ``hit`` event.
The form must write a valid sheet text back into the build textarea.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.helpers import settle
from kassen.core import sums

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SIZES = [(1280, 800), (360, 640)]
SEED = "view-dice-e2e"
SCROLL_TO = ("n => { n.scrollIntoView(); const c = document.querySelector('.controls');"
             " if (c && n.closest('#viewer')) window.scrollBy(0, -c.offsetHeight); }")


def _dec(value) -> str:
    """A sum term's value as the breakdown shows it (4 decimals at most, JS number text)."""
    x = round(float(sums.fold([["=", "", value]])), 2)  # shown rounded (issue 27)
    return str(int(x)) if x.is_integer() else repr(x)


def _seek(page, index: int) -> None:
    page.evaluate(
        "i => { const s = document.getElementById('seek'); s.value = String(i);"
        " s.dispatchEvent(new Event('input')); }", index)
    page.wait_for_function("i => document.getElementById('step-no').value.startsWith(`${i + 1}/`)",
                           arg=index)


def _battle(page) -> dict:
    """The whole battle on screen (the page's ``currentBattle`` is null while only its first
    beat has come, issue 29)."""
    page.wait_for_function("() => window.kassen.currentBattle() !== null")
    return page.evaluate("() => window.kassen.currentBattle()")


def _shots(page, name: str, top: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.eval_on_selector(top, SCROLL_TO)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, \
            f"{name}: the page scrolls sideways at {width}px"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}x{height}.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})


def _check_step(page, battle: dict, index: int) -> None:
    """Dice, lit slots and LP bars of step ``index`` match its view."""
    view = battle["steps"][index]["view"]
    shown = page.eval_on_selector_all(
        ".board-dice .dice-die", "ds => ds.map(d => [d.dataset.colour, d.dataset.value])")
    expected = [[c, str(view["dice"][c])] for c in "RBYG"] if view["dice"] else None
    if expected:
        assert shown == expected
    for side, entry in enumerate(view["sides"]):
        member = entry["members"][0]
        card = f".dice-char[data-side='{side}']"
        bar = page.locator(f"{card} .lpbar")
        assert bar.get_attribute("aria-valuenow") == str(member["lp"])
        assert page.inner_text(f"{card} .lp-value") == f"LP {member['lp']}"
        scale = max(6000, member["lp_start"])
        want = max(0, min(1, max(0, member["lp_main"]) / scale))
        ratio = page.eval_on_selector(
            f"{card} .lp-main", "s => s.getBoundingClientRect().width / "
            "s.parentElement.getBoundingClientRect().width")
        assert abs(ratio - want) < 0.02
        gauge = page.locator(f"{card} .stun .gauge")
        assert gauge.get_attribute("aria-valuenow") == str(member["stun_gauge"])
        lit = page.eval_on_selector_all(f"{card} .slots li.chosen",
                                        "ls => ls.map(l => l.dataset.slot)")
        source = (member.get("turn_values") or {}).get("source") or {}
        if source.get("kind") == "slot":
            assert lit == [str(source["slot"])]
        else:
            assert lit == []


def test_battle_view_follows_the_steps(app) -> None:
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#ruleset", "dice")
    page.wait_for_function("document.getElementById('sample-1').options.length > 3")
    page.select_option("#sample-0", "0")
    page.select_option("#sample-1", "2")
    page.fill("#seed", SEED)
    page.click("#battle")
    page.wait_for_selector(".board-dice .dice-die")
    battle = _battle(page)
    steps = battle["steps"]
    assert battle["ruleset"] == "dice" and len(steps) > 10

    # every step of the first two turns, forward
    for index in range(min(20, len(steps))):
        _seek(page, index)
        _check_step(page, battle, index)

    # the attack-right decision of a decision step is shown with the deciding row lit
    decision_at = next(i for i, s in enumerate(steps) if s["kind"] == "decision")
    _seek(page, decision_at)
    decision = steps[decision_at]["view"]["decision"]
    assert page.get_attribute(".dice-decision", "data-by") == decision["by"]
    if decision["by"] in ("absolute", "right", "speed"):
        lit = page.eval_on_selector(".dice-decision tr.decides", "r => r.dataset.by")
        assert lit == decision["by"]
    assert f"X {decision['x']}" in page.inner_text(".dice-decision")
    # ...and it stays inside its panel, at any width where the board has dice, range and
    # decision side by side or the decision below them
    for width in (1400, 1280, 1100, 900):
        page.set_viewport_size({"width": width, "height": 800})
        settle(page)
        spill = page.evaluate(
            "() => { const box = (s) => document.querySelector(s).getBoundingClientRect();"
            " const t = box('.board-dice .dice-table'), d = box('.dice-decision table');"
            " return Math.max(d.right - t.right, t.left - d.left); }")
        assert spill <= 0, f"the decision table spills {spill}px out of its panel at {width}px"
    page.set_viewport_size({"width": 1280, "height": 800})

    # a damage breakdown opens with the numbers of its hit event
    hit_at, hit = next((i, e) for i, s in enumerate(steps) for e in s["events"]
                       if e["kind"] == "hit")
    _seek(page, hit_at)
    details = page.locator(f"details.dice-hit[data-seq='{hit['seq']}']")
    assert details.get_attribute("open") is None
    details.locator("summary").click()
    assert details.get_attribute("open") is not None
    assert details.locator("summary .dmg").inner_text() == str(hit["values"]["damage"])
    terms = hit["values"]["sums"]["damage"]
    words = battle["sum_labels"]
    lang = "en" if page.evaluate("document.documentElement.lang").startswith("en") else "ja"
    assert details.locator("[data-k='damage'] b").first.inner_text() == str(hit["values"]["damage"])
    rows = details.locator(".breakdown p")  # damage, then its attack and defence parts
    for row, part in ((0, terms), (1, terms[0][2]), (2, terms[1][2])):
        for label, value in [(t[1], t[2]) for t in part if t[0] not in sums.UNARY]:
            chip = rows.nth(row).locator(f"[data-k='{label}']").first
            assert chip.locator("b").inner_text() == _dec(value), label
            assert chip.locator("small").inner_text() == words[label][lang], label
    _check_step(page, battle, hit_at)
    _shots(page, "dice-view", "#board")

    # stepping back from a new turn's roll restores the previous dice
    roll_at = next(i for i, s in enumerate(steps)
                   if i > 0 and any(e["kind"] == "dice" for e in s["events"])
                   and steps[i - 1]["view"]["dice"] != s["view"]["dice"])
    _seek(page, roll_at)
    _check_step(page, battle, roll_at)
    page.click("#prev")
    page.wait_for_function("i => document.getElementById('step-no').value.startsWith(`${i}/`)",
                           arg=roll_at)
    _check_step(page, battle, roll_at - 1)

    # the last step: the loser's bar is empty and the numbers still match
    _seek(page, len(steps) - 1)
    _check_step(page, battle, len(steps) - 1)


def test_sheet_form_writes_valid_text(app) -> None:
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#ruleset", "dice")
    page.select_option("#sample-0", "0")
    page.wait_for_selector("#problems-0 li.ok")
    toggle = page.locator(".side[data-side='0'] .form-toggle button[data-mode='form']")
    assert toggle.is_visible()
    toggle.click()
    page.wait_for_selector("#build-form-0 .dform-slots")
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.is_hidden("#build-0")
    assert page.input_value("#dform0-name") == "Balancer"
    assert page.input_value("#dform0-slot10_normal") == "攻2倍"
    assert page.input_value("#dform0-slot6_star") == "ougi=流星撃/5"
    assert page.is_checked("#dform0-slot6_based")

    before = page.input_value("#build-0")
    page.fill("#dform0-atk", "9")
    page.press("#dform0-atk", "Tab")
    page.wait_for_function("() => document.getElementById('build-0').value.includes('atk: 9')")
    page.wait_for_selector("#problems-0 li.ok")
    text = page.input_value("#build-0")
    assert text != before and "atk: 8" not in text
    answer = app.call("validate", "dice", text, "en", "{}")
    assert answer["ok"] and answer["canonical"] == text

    # an unknown ability: the textarea shows it, the problem is located on the field
    page.fill("#dform0-slot15_normal", "存在しない技")
    page.press("#dform0-slot15_normal", "Tab")
    page.wait_for_function(
        "() => document.getElementById('build-0').value.includes('slot15: 存在しない技')")
    page.wait_for_selector("#problems-0 li:not(.ok)")
    page.wait_for_selector("#dform0-slot15_normal[aria-invalid='true']")
    page.fill("#dform0-slot15_normal", "")
    page.press("#dform0-slot15_normal", "Tab")
    page.wait_for_selector("#problems-0 li.ok")
    assert "slot15" not in page.input_value("#build-0")
    _shots(page, "dice-form", ".side[data-side='0'] .form-toggle")

    page.click(".side[data-side='0'] .form-toggle button[data-mode='text']")
    assert page.is_visible("#build-0") and page.is_hidden("#build-form-0")
    assert "atk: 9" in page.input_value("#build-0")
