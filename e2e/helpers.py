"""Small helpers shared by the e2e tests."""

from __future__ import annotations

import time


def wait_until(page, script: str, arg: object = None, timeout: float = 120.0) -> object:
    """Poll ``script`` (a JS function of ``arg``) until it returns something truthy.

    Playwright's ``wait_for_function`` evaluates a string, which the page's CSP (no
    'unsafe-eval') forbids; ``page.evaluate`` with a function is allowed.
    """
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        assert time.monotonic() < end, f"timed out waiting for {script}"
        page.wait_for_timeout(50)


SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
  done(document.getAnimations().every((a) => !['running', 'pending'].includes(a.playState)
    || a.effect?.getComputedTiming().endTime === Infinity)))))"""


def settle(page, timeout: float = 120.0) -> None:
    """Wait until the page has drawn two frames since the last change (a new viewport size,
    a step) and every animation and transition that ends has ended (infinite ones, a spinner,
    are not waited for). Issue 25: a fixed pause is a guess a loaded machine can outlast."""
    wait_until(page, SETTLED, timeout=timeout)


def set_seek(page, index: int) -> None:
    """Move the viewer's seek slider to step ``index`` as a person dragging it would."""
    page.eval_on_selector(
        "#seek", "(s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }", index)


def open_options(page) -> None:
    """Unfold the set-up's "Rule options" section (closed by default) so its controls can be
    used as a person would."""
    page.evaluate("document.getElementById('options').open = true")


def log_filled(page) -> None:
    """Wait until the battle log holds every line up to the shown step: after a long jump the
    page puts in the lines in view at once and the earlier ones a slice a frame (aria-busy)."""
    wait_until(page, "() => document.getElementById('log').getAttribute('aria-busy') !== 'true'")
