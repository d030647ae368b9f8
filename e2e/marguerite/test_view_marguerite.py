"""The マーガレット2011α party-line view in Chromium against CPython's views: HP bars and
numbers, stats, statuses, sword chips (used / unused, the executing one), the phase track,
floating damage numbers, reflection / guard / build beats, the exited tray, stepping back,
reduced motion, accessibility and screenshots (the result line, the share link and the MP cost
option: ``test_view_marguerite_text.py``).

One page for the module (``conftest``'s ``marguerite_fight``): it picks marguerite, loads two
samples, plays and compares the board with the views CPython gives for the same request.
"""

from __future__ import annotations

import pytest

from e2e.helpers import settle, wait_until
from e2e.marguerite.board import (
    ARTIFACTS,
    AXE,
    KYUUBI,
    SIDE_A,
    SIDE_B,
    STATUS_JA,
    TEXTS,
    check,
    find,
    seek,
)

pytestmark = pytest.mark.e2e


def test_samples_include_kyuubi_rina(marguerite_fight, app) -> None:
    page = app.page
    assert TEXTS["九尾 里奈"] == KYUUBI
    names = page.eval_on_selector_all(  # "name — note" since issue 14
        "#sample-0 option", "os => os.map(o => o.textContent.split(' — ')[0])")
    assert "九尾 里奈" in names and SIDE_A in names and SIDE_B in names
    assert page.input_value("#build-0") == TEXTS[SIDE_A]
    assert page.input_value("#build-1") == TEXTS[SIDE_B]


def test_board_matches_the_views(marguerite_fight, app) -> None:
    page = app.page
    steps = marguerite_fight["steps"]
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


def test_damage_floats_and_beats(marguerite_fight, app) -> None:
    page = app.page
    steps = marguerite_fight["steps"]
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


def test_stepping_back_restores(marguerite_fight, app) -> None:
    page = app.page
    steps = marguerite_fight["steps"]
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


def test_reduced_motion_turns_the_beats_off(marguerite_fight, app) -> None:
    page = app.page
    at = find(marguerite_fight["steps"], "damage")["index"]

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


def test_axe_finds_nothing_on_the_board(marguerite_fight, app) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")
    page = app.page
    page.evaluate(AXE.read_text(encoding="utf-8"))  # CDP evaluation, not a script tag (CSP)
    steps = marguerite_fight["steps"]
    for at in (find(steps, "build")["index"], find(steps, "reflect")["index"], len(steps) - 1):
        seek(page, at)
        settle(page)  # contrast is measured after the beats
        found = page.evaluate("""async () => (await axe.run('#board, #options')).violations
            .map(v => [v.id, v.nodes.map(n => n.html.slice(0, 120))])""")
        assert found == [], found


def test_screenshots_and_no_sideways_scroll(marguerite_fight, app) -> None:
    page = app.page
    ARTIFACTS.mkdir(exist_ok=True)
    steps = marguerite_fight["steps"]
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
