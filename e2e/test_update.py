"""Issue 29, repeat visits from the offline cache: a visit is served by the service worker
from the cache of its build without asking the network, so a new build must reach players
another way. What sw.js and static/js/offline.js promise, checked on a copy of the site that
is given a new build after a first visit:

- the next visit still opens the build it has (cache first), while the browser fetches the
  new build in the background: only the files that changed are downloaded;
- the page then says, in Japanese and in English, that an update is ready, with a reload
  button that switches to the new build;
- a page never mixes two builds: a tab still open on the old build keeps getting the old
  build's files after another tab switched;
- the new build works offline, and the old build's cache is dropped once no page runs it.

Screenshots of the notice: e2e/artifacts/shots/update-<lang>-<width>.png.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from e2e.conftest import ROOT, App, SiteServer

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parent / "artifacts" / "shots"
VERSION = "static/vendor/version.mjs"
BUILD = "static/vendor/build.mjs"
MARKER = '<meta name="kassen-test-build" content="2">'
NOTICE = {"ja": "新しいバージョンを読み込みました", "en": "A new version has been downloaded"}


class CopySite(SiteServer):
    """A copy of the built site on its own server (SiteServer at the copy's root)."""

    def hits(self) -> dict[str, int]:
        """Full answers (200) per path so far."""
        return dict(self.server.hits)


def read_module(path: Path, name: str) -> dict:
    """The JSON object a generated module exports (``export const NAME = {...};``)."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text.split(f"export const {name} = ", 1)[1].rstrip().rstrip(";"))


def new_build(site: Path) -> str:
    """Turn the copy into another build, as a rebuild after changing index.html would: the
    page gets a marker, build.mjs and version.mjs a new id, version.mjs the new checksums.
    Returns the new build id."""
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    index.write_text(page.replace("<head>\n", f"<head>\n{MARKER}\n", 1), encoding="utf-8")
    version = read_module(site / VERSION, "VERSION")
    old = version["id"]
    new = hashlib.sha256(f"next-{old}".encode()).hexdigest()[:12]
    build = site / BUILD
    build.write_text(build.read_text(encoding="utf-8").replace(f'"id": "{old}"', f'"id": "{new}"'),
                     encoding="utf-8")
    version["id"] = new
    for path in ("index.html", BUILD):
        version["files"][path] = hashlib.sha256((site / path).read_bytes()).hexdigest()[:16]
    text = json.dumps(version, ensure_ascii=False, separators=(",", ":"))
    (site / VERSION).write_text(f"export const VERSION = {text};\n", encoding="utf-8")
    for path in (BUILD, VERSION):  # their precompressed copies are the old build's
        for suffix in (".gz", ".br"):
            (site / f"{path}{suffix}").unlink(missing_ok=True)
    return new


@pytest.fixture(scope="module")
def copy_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CopySite]:
    """A copy of the built site (page files and static/, vendor included), served."""
    root = tmp_path_factory.mktemp("update-site")
    for name in ("index.html", "rules.html", "sw.js"):
        shutil.copy2(ROOT / name, root / name)
    shutil.copytree(ROOT / "static", root / "static", ignore=shutil.ignore_patterns("axe"))
    site = CopySite(root)
    yield site
    if site.server is not None:
        site.stop()


def page_build(page) -> str:
    """The build id of the modules this page runs."""
    return page.evaluate("import('./static/vendor/build.mjs').then((m) => m.BUILD.id)")


def wait_offline(page) -> None:
    page.wait_for_selector("html[data-offline=ready]", state="attached")


def test_a_new_build_is_fetched_in_the_background_offered_and_taken(browser, copy_site) -> None:
    app = App(browser, copy_site.url, intercept=False, viewport={"width": 1280, "height": 800})
    second = None
    try:
        app.open()
        wait_offline(app.page)
        old = page_build(app.page)
        assert app.page.locator("#update").is_hidden()
        new = new_build(copy_site.root)
        before = copy_site.hits()

        # the next visit opens the build it has, and learns of the new one meanwhile
        app.page.reload()
        app.wait_ready()
        assert page_build(app.page) == old
        assert app.page.locator("meta[name=kassen-test-build]").count() == 0
        app.page.wait_for_selector("#update:not([hidden])")
        fetched = {path for path, n in copy_site.hits().items() if n > before.get(path, 0)}
        # only what changed (and the service worker's own script) came over the network
        assert fetched <= {"/index.html", f"/{BUILD}", f"/{VERSION}", "/sw.js"}, fetched
        assert "/index.html" in fetched and f"/{BUILD}" in fetched

        # the notice, in both languages, at both sizes
        SHOTS.mkdir(parents=True, exist_ok=True)
        for language in ("ja", "en"):
            app.page.click(f"button[data-lang={language}]")
            assert NOTICE[language] in app.page.locator("#update").inner_text()
            for width, height in ((1280, 800), (360, 640)):
                app.page.set_viewport_size({"width": width, "height": height})
                app.page.evaluate("window.scrollTo(0, 0)")
                app.page.screenshot(path=str(SHOTS / f"update-{language}-{width}.png"))
        app.page.set_viewport_size({"width": 1280, "height": 800})

        # a second tab on the old build; the first tab takes the update
        second = app.context.new_page()
        second.goto(copy_site.url)
        second.wait_for_selector("html[data-engine=ready]", state="attached")
        assert page_build(second) == old
        with app.page.expect_navigation():
            app.page.click("#update-reload")
        app.wait_ready()
        assert page_build(app.page) == new
        assert app.page.locator("meta[name=kassen-test-build]").count() == 1
        assert app.page.locator("#update").is_hidden()

        # the old tab: offered the switch, and still served its own build's files
        second.wait_for_selector("#update:not([hidden])")
        text = second.evaluate("fetch('static/vendor/build.mjs').then((r) => r.text())")
        assert f'"id": "{old}"' in text
        second.close()
        second = None

        # the new build works offline; the old build's cache is gone once no page runs it
        wait_offline(app.page)
        app.page.reload()
        app.wait_ready()
        wait_offline(app.page)
        names = app.page.evaluate("caches.keys()")
        assert f"kassen-{new}" in names and f"kassen-{old}" not in names, names
        copy_site.stop()
        app.page.reload()
        app.wait_ready()
        assert page_build(app.page) == new
        assert app.call("ping")["ok"]
    finally:
        copy_site.start()
        if second is not None:
            second.close()
        app.close()


def test_a_page_the_cache_lacks_comes_whole_from_the_network(browser, copy_site) -> None:
    """The cache of the running build lacks the page itself while the server has moved on to
    another build: the page comes from the server, and so does everything it loads (its
    build's files, not the cached build's): it opens, whole, as the server's build."""
    copy_site.start()
    app = App(browser, copy_site.url, intercept=False)
    try:
        app.open()
        wait_offline(app.page)
        old = page_build(app.page)
        app.page.evaluate("""async (id) => {
            const cache = await caches.open(`kassen-${id}`);
            await cache.delete(new URL("index.html", location).href); }""", old)
        new = new_build(copy_site.root)
        app.page.reload()
        app.wait_ready()
        assert page_build(app.page) == new
        text = app.page.evaluate("fetch('static/vendor/build.mjs').then((r) => r.text())")
        assert f'"id": "{new}"' in text
        assert app.call("ping")["ok"]
    finally:
        app.close()
