"""After one visit the page works with the server stopped (service worker), and the first
visit downloads every file once: Python starts without waiting for the service worker, which
later copies what the page loaded out of the HTTP cache."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

WASM = "/static/vendor/pyodide/pyodide.asm.wasm"
BIG = (WASM, "/static/vendor/pyodide/python_stdlib.zip", "/static/vendor/pyodide/pyodide.asm.mjs")


@pytest.fixture(scope="module")
def app(browser, site):
    """A fresh context whose first visit is counted at the server."""
    from e2e.conftest import App

    site.start()
    before = dict(site.server.hits)
    application = App(browser, site.url, intercept=False)
    application.open()
    application.page.wait_for_selector("html[data-offline=ready]", state="attached")
    application.first_visit = {path: site.server.hits[path] - before.get(path, 0)
                               for path in site.server.hits}
    yield application
    application.close()


def test_first_visit_downloads_the_runtime_once(app) -> None:
    for path in BIG:
        assert app.first_visit.get(path) == 1, (path, app.first_visit)
    twice = {path: n for path, n in app.first_visit.items() if n > 1}
    assert twice == {}, f"downloaded more than once on the first visit: {twice}"
    assert app.page.evaluate("window.kassenReadyAt") > 0


def test_reload_with_the_server_stopped_reaches_ready(app, site) -> None:
    page = app.page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""async () => {
        const { VERSION } = await import("/static/vendor/version.mjs");
        const cache = await caches.open(`kassen-${VERSION.id}`);
        return (await cache.keys()).map(r => new URL(r.url).pathname); }""")
    for path in BIG:
        assert path in cached
    assert any(p.startswith("/static/vendor/kassen/") for p in cached)
    site.stop()
    try:
        responses = []
        page.on("response", lambda r: responses.append((r.url, r.from_service_worker)))
        page.reload()
        app.wait_ready()
        info = app.call("hello")
        assert info["python"].startswith("3.14")
        not_sw = [url for url, from_sw in responses if not from_sw and url.startswith("http")]
        assert responses and not_sw == [], not_sw
    finally:
        site.start()
