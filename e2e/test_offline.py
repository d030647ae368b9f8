"""After one visit the page works with the server stopped (service worker)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_reload_with_the_server_stopped_reaches_ready(app, site) -> None:
    page = app.page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys[0]);
        return (await cache.keys()).map(r => new URL(r.url).pathname); }""")
    assert "/static/vendor/pyodide/pyodide.asm.wasm" in cached
    site.stop()
    try:
        responses = []
        page.on("response", lambda r: responses.append((r.url, r.from_service_worker)))
        page.reload()
        app.wait_ready()
        info = app.call("hello")
        assert info["python"].startswith("3.14")
        assert responses and all(from_sw for _, from_sw in responses), responses
    finally:
        site.start()
