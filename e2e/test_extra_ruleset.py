"""Issue 17, "the page, one folder per ruleset": a ruleset with no page code at all plays in
the page. The site is built into a copy of the page files with the test-only tiny ruleset
(``tests/tinyrule.py``) added to the engine through ``KASSEN_EXTRA_RULESETS``: no shared page
file changes (the copy stays byte-identical outside ``static/vendor/``), the system picker
and the rules links come from the registry, and the generic view and the log show its battle
in words, with no raw id. Screenshot: e2e/artifacts/battle-tiny-<lang>.png."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve import start_server

from e2e.conftest import ROOT, App
from e2e.helpers import log_filled, wait_until
from e2e.test_battle_page import assert_no_raw_ids

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PAGE_FILES = ("index.html", "rules.html", "sw.js")


@pytest.fixture(scope="module")
def tiny_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the page files, built with the tiny ruleset registered (the build only)."""
    site = tmp_path_factory.mktemp("tiny-site")
    for name in PAGE_FILES:
        shutil.copy2(ROOT / name, site / name)
    shutil.copytree(ROOT / "static", site / "static", ignore=shutil.ignore_patterns("vendor"))
    env = {**os.environ, "KASSEN_EXTRA_RULESETS": "tests/tinyrule.py"}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"),
                           "--skip-npm", "--no-brotli", "--site", str(site)],
                          env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "tiny (generic view)" in done.stdout
    return site


@pytest.fixture(scope="module")
def tiny_app(browser, tiny_site: Path) -> Iterator[App]:
    """The tiny build's page, booted once."""
    server, url = start_server(0, root=tiny_site)
    application = App(browser, url)
    application.open()
    yield application
    application.close()
    server.shutdown()
    server.server_close()


def test_adding_a_ruleset_touches_no_shared_page_file(tiny_site: Path) -> None:
    """Every page file of the tiny build is the repository's own; only the generated
    static/vendor/ differs, and its list of systems names the tiny ruleset."""
    for name in PAGE_FILES:
        assert filecmp.cmp(ROOT / name, tiny_site / name, shallow=False), name
    for path in sorted((ROOT / "static").rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and rel.parts[:2] != ("static", "vendor"):
            assert filecmp.cmp(path, tiny_site / rel, shallow=False), rel
    listed = (tiny_site / "static" / "vendor" / "rulesets.js").read_text(encoding="utf-8")
    assert 'id: "tiny"' in listed and 'name_ja: "ちび"' in listed
    assert not (ROOT / "static" / "js" / "rulesets" / "tiny").exists()


def test_the_picker_and_the_rules_links_come_from_the_registry(tiny_app: App) -> None:
    """The picker lists the four systems and then the tiny one by its names (ja, then
    "ja (en)"); the rules links name only systems that have a reference."""
    page = tiny_app.page
    page.click("[data-lang=ja]")
    options = page.eval_on_selector_all(
        "#ruleset option", "os => os.map(o => [o.value, o.textContent])")
    assert [v for v, _ in options] == ["marguerite", "cardduel", "dice", "skirmish", "tiny"]
    assert options[-1][1] == "ちび"
    page.click("[data-lang=en]")
    assert page.eval_on_selector("#ruleset option[value=tiny]", "o => o.textContent") \
        == "ちび (Tiny)"
    links = page.eval_on_selector_all(".rules-links a", "as => as.map(a => a.hash)")
    assert links == ["#marguerite", "#cardduel", "#dice", "#skirmish"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_tiny_battle_plays_in_the_generic_view(tiny_app: App, lang: str) -> None:
    """The tiny ruleset's battle plays: the generic board shows both members with their HP,
    the log shows the engine's text (Turn 1, "Ann hits Bob for …"), step names and the
    result are words, and no raw id reaches the screen."""
    page = tiny_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click(f"[data-lang={lang}]")
    page.select_option("#ruleset", "tiny")
    page.fill("#build-1", "Bob:20")
    page.dispatch_event("#build-1", "input")
    page.fill("#seed", "e2e-tiny")
    wait_until(page, """() => document.querySelector('#problems-0 li.ok')
        && document.querySelector('#problems-1 li.ok')
        && !document.getElementById('battle').disabled""")
    page.evaluate("() => { window.kassenShown = window.kassen.currentBattle(); }")
    page.click("#battle")
    page.wait_for_selector("#viewer:not([hidden])")
    battle = wait_until(page, """() => { const b = window.kassen.currentBattle();
        return b && b !== window.kassenShown && b.ruleset === 'tiny' && b; }""")
    total = len(battle["steps"])
    page.keyboard.press("End")
    wait_until(page, "t => document.getElementById('step-no').value === t", f"{total}/{total}")
    log_filled(page)
    log = page.inner_text("#log")
    first_hit = next(s for s in battle["steps"] if s["kind"] == "hit")
    assert first_hit["text"][lang][0] in log
    assert ("ターン1" if lang == "ja" else "Turn 1") in log
    assert ("攻撃" if lang == "ja" else "attack") in page.inner_text("#steps")
    assert battle["result_text"][lang] in page.inner_text("#result")
    board = page.inner_text("#board")
    last = battle["steps"][-1]["view"]["sides"]
    for side in last:
        member = side["members"][0]
        assert member["name"] in board and f"HP {member['hp']}" in board
    for raw in ("s0", "s1", "tiny.", "event.", "knockout"):
        assert raw not in page.inner_text("#viewer"), raw
    assert_no_raw_ids(page, battle, f"tiny/{lang}", lang)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"battle-tiny-{lang}.png"))
