"""Rules in the reader's language in Chromium (issue 26): per system, with the page in
Japanese the "why" of a beat shows Japanese rule text (systems with a Japanese edition); in
both languages no option key shows in the rule options; the rules page opens offline after
one visit of the app, finds a rule by id, and says in words when it cannot load. Screenshots
of the why panel (ja) and the rules page (ja, en) of each system go to e2e/artifacts/shots/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from e2e.helpers import open_options, set_seek, wait_until
from kassen.rulesindex import disk as rulesindex
from kassen.rulesindex import doc as rulesdoc
from kassen.web import api as cpython_api

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parent / "artifacts" / "shots"
HELLO = {r["id"]: r for r in json.loads(cpython_api.hello())["rulesets"]}
SEED = "xo1:issue26-e2e"
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# a rule id a reader types into the rules page's search, and the anchor it opens
FIND = {"marguerite": ("R8.5", "marguerite-R8.5"), "cardduel": ("5.3.2", "cardduel-5.3.2"),
        "dice": ("A7", "dice-A7"), "skirmish": ("§16.4", "skirmish-16.4")}


TARGETED = """a => { const n = document.getElementById(a);
    return n && [n, n.parentElement].some((x) => x.classList.contains('target')); }"""


def _words(*texts: str) -> set[str]:
    return {w for t in texts for w in re.findall(r"\w+", t or "")}


def hidden_names(system: str) -> list[str]:
    """The option keys and raw choice values of a system that no label uses as a word (a
    key such as ``budget`` is also an English label word, so it cannot tell a leak)."""
    options = HELLO[system]["options"]
    labels = _words(*[" ".join([o["label_ja"], o["label_en"], o["help_ja"], o["help_en"],
                                *[c["label_ja"] + " " + c["label_en"] for c in o["choices"]]])
                      for o in options])
    out = []
    for option in options:
        out += [n for n in [option["key"], *[c["value"] for c in option["choices"]]]
                if n not in labels and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{2,}", n)]
    return out


def leaks(system: str, shown: str) -> list[str]:
    """The option keys and raw values of a system that a text on screen shows."""
    return [n for n in hidden_names(system) if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", shown)]


def play(page, system: str) -> dict:
    """Play samples 1 and 2 under SEED in the page and wait for the last step."""
    spec = HELLO[system]
    request = {"ruleset": system, "sides": [s["text"] for s in spec["samples"][:2]],
               "options": {o["key"]: o["default"] for o in spec["options"]}, "seed": SEED,
               "lang": "ja"}
    answer = json.loads(cpython_api.battle(json.dumps(request)))
    steps = len(answer["steps"])
    page.select_option("#ruleset", system)
    page.select_option("#sample-0", "0")
    page.select_option("#sample-1", "1")
    page.fill("#seed", SEED)
    page.click("#battle")
    wait_until(page, "t => document.getElementById('step-no').value === t", f"1/{steps}")
    return answer


@pytest.mark.parametrize("system", list(HELLO))
def test_why_of_a_beat_shows_the_rule_in_japanese(app, system: str) -> None:
    """With the page in Japanese, the "why" of a beat that carries a rule shows that rule's
    text from the Japanese edition (or, where a system has none yet, the English with the
    notice); the seed's sentence names the seed by title, never by a file."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("button[data-lang=ja]")
    answer = play(page, system)
    index = rulesindex.index(system)
    step = next(s for s in answer["steps"][1:] if any(e["rule"] and index.entry(e["rule"])
                                                       for e in s["events"]))
    set_seek(page, step["index"])
    page.click("#why-beat")
    page.wait_for_selector("#why-panel:not([hidden]) .why-entry .why-text")
    first = page.locator("#why-panel .why-entry").first
    rule = first.locator(".why-id").text_content()
    entry = index.entry(rule)
    text = first.locator(".why-text").first
    if entry["text_ja"] is not None:
        assert text.get_attribute("lang") == "ja" and JAPANESE.search(text.text_content())
        assert first.locator(".why-note").count() == 0
    else:
        assert not rulesindex.translated(system, "ja") or entry["text_ja"] is None
        assert "日本語版はまだありません" in first.locator(".why-note").text_content()
    caption = " ".join(page.locator("#why-panel figcaption").all_text_contents())
    assert ".txt" not in caption and "seeds/" not in caption
    shown = page.locator("#why-panel").inner_text()
    assert leaks(system, shown) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    first.scroll_into_view_if_needed()   # the rule, below the beat's sums
    page.screenshot(path=str(SHOTS / f"why-ja-{system}.png"))
    page.keyboard.press("Escape")


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("system", list(HELLO))
def test_options_show_names_and_values_in_words_not_keys(app, system: str, language: str) -> None:
    """Issue 26: the rule options list, and the lines of the tournament and the build lab that
    say which options they play under, show each option's name and values in the reader's
    language with a link to its rule; no option key or raw value is visible."""
    page = app.page
    page.click(f"button[data-lang={language}]")
    page.select_option("#ruleset", system)
    open_options(page)
    shown = page.locator("#options-list").inner_text()
    assert hidden_names(system) and leaks(system, shown) == []
    links = page.locator("#options-list a.rule")
    assert links.count() > 0 and links.first.get_attribute("href").startswith("rules.html#")
    # the tournament's and the lab's line say which options they play under, in words
    option = next(o for o in HELLO[system]["options"] if len(o["choices"]) > 1)
    other = next(c for c in option["choices"] if c["value"] != option["default"])
    page.select_option(f"#opt-{option['key']}", other["value"])
    for line in ("#t-options-summary", "#lab-options-summary"):
        text = page.locator(line).inner_text()
        assert option[f"label_{language}"] in text and other[f"label_{language}"] in text
        assert leaks(system, text) == []
    page.click("#options-reset")
    assert {"ja": "すべて既定値", "en": "all at their defaults"}[language] in \
        page.locator("#t-options-summary").inner_text()
    page.evaluate("document.getElementById('options').open = false")
    page.click("button[data-lang=ja]")


def test_rules_page_opens_offline_after_one_visit_and_finds_a_rule_by_id(browser, site) -> None:
    """After one visit of the app (service worker filled), with the server stopped, the rules
    page opens every system in both languages and a rule id typed into its search opens that
    rule; screenshots of each."""
    from e2e.conftest import App

    site.start()
    app = App(browser, site.url, intercept=False, viewport={"width": 1280, "height": 800})
    try:
        app.open()
        app.page.wait_for_selector("html[data-offline=ready]", state="attached")
        page = app.page
        site.stop()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("localStorage.setItem('kassen.lang', 'ja')")
        page.goto(site.url + "rules.html")
        for language in ("ja", "en"):
            page.click(f"button[data-lang={language}]")   # switched, and remembered
            for system, (typed, anchor) in FIND.items():
                if system not in HELLO:
                    continue
                known = rulesdoc.anchors(rulesindex.blocks(system))
                assert anchor in known
                page.goto(site.url + f"rules.html#{system}")
                page.wait_for_selector("html[data-rules=ready]", state="attached")
                assert page.evaluate("document.documentElement.lang") == language
                assert page.evaluate("localStorage.getItem('kassen.lang')") == language
                assert page.locator("#rules-toc li").count() > 3
                page.fill("#rules-search", typed)
                page.press("#rules-search", "Enter")
                wait_until(page, "a => location.hash === '#' + a", anchor)
                wait_until(page, TARGETED, anchor)
                body = page.locator("main").inner_text()
                assert "seeds/" not in body and ".txt`" not in body
                cached = page.evaluate("""async (s) => {
                    const { VERSION } = await import("/static/vendor/version.mjs");
                    const cache = await caches.open(`kassen-${VERSION.id}`);
                    return Boolean(await cache.match(`static/vendor/rules/why-${s}.json`)); }""",
                                       system)
                assert cached   # the "why" panels' index too: every "why" works offline
                page.screenshot(path=str(SHOTS / f"rules-{language}-{system}.png"))
        page.fill("#rules-search", "marguerite-R8.5")   # another system's anchor
        page.press("#rules-search", "Enter")
        wait_until(page, TARGETED, "marguerite-R8.5")
    finally:
        site.start()
        app.close()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_rules_page_says_in_words_when_it_cannot_load(browser, site, language: str) -> None:
    """A system's data that cannot be fetched: a worded message with a retry button, not
    "Loading…"; the page's own module that cannot load: both languages' words."""
    from e2e.conftest import App

    site.start()
    app = App(browser, site.url)
    try:
        page = app.page
        page.add_init_script(f"localStorage.setItem('kassen.lang', '{language}')")
        # first the page's own module (a fresh context: no service worker serves it yet)
        page.route("**/static/vendor/build.mjs", lambda route: route.abort("internetdisconnected"))
        page.goto(site.url + "rules.html#dice")
        page.wait_for_selector("html[data-rules=failed]", state="attached")
        text = page.locator("main").inner_text()
        assert "読み込めませんでした" in text and "could not be loaded" in text
        assert "Loading" not in text and "読み込み中" not in text
        page.unroute("**/static/vendor/build.mjs")
        page.route("**/static/vendor/rules/*.json", lambda r: r.abort("internetdisconnected"))
        page.goto(site.url + "rules.html?again#dice")   # a new document, not a hash change
        page.wait_for_selector("html[data-rules=failed]", state="attached")
        words = {"ja": "読み込めませんでした", "en": "could not be loaded"}[language]
        assert words in page.locator(".rules-failed").text_content()
        assert page.locator("main button").count() == 1   # try again
        assert "Loading" not in page.locator("main").inner_text()
    finally:
        app.console.clear()   # the aborted requests are logged as errors, on purpose
        app.close()


def test_rules_page_alone_opens_offline_after_its_own_first_visit(browser, site) -> None:
    """A reader who only ever opened the rules page: after that one visit its service worker
    holds the page and every system's reference, so a reload with the server stopped works."""
    from e2e.conftest import App

    site.start()
    app = App(browser, site.url, intercept=False)
    try:
        page = app.page
        page.goto(site.url + "rules.html#cardduel")
        page.wait_for_selector("html[data-rules=ready]", state="attached")
        page.wait_for_selector("html[data-offline=ready]", state="attached")
        site.stop()
        page.goto(site.url + "rules.html?offline#dice-A7")
        page.wait_for_selector("html[data-rules=ready]", state="attached")
        assert page.locator("#dice-A7").count() == 1
        assert page.locator(".rules-failed").count() == 0
    finally:
        site.start()
        app.close()


AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_axe_finds_nothing_on_the_rules_page(browser, site, language: str) -> None:
    """The rules page with its contents, search results and a target passes axe."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci)")
    from e2e.conftest import App

    site.start()
    app = App(browser, site.url)
    try:
        page = app.page
        page.add_init_script(f"localStorage.setItem('kassen.lang', '{language}')")
        page.goto(site.url + "rules.html#skirmish-6.4")
        page.wait_for_selector("html[data-rules=ready]", state="attached")
        page.fill("#rules-search", "ガード")
        page.evaluate(AXE.read_text(encoding="utf-8"))
        found = page.evaluate("""async () => (await axe.run(document)).violations
            .map(v => [v.id, v.nodes.slice(0, 3).map(n => n.html.slice(0, 120))])""")
        assert found == [], found
    finally:
        app.close()
