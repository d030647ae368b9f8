"""Helpers of the rough-edges checks (issue 27): a battle of a system on the page, axe on a part
of the page, text of the page without what the builds themselves name."""

from __future__ import annotations

import re

from e2e.helpers import log_filled, set_seek, wait_until
from kassen.core import registry

SMALL = {"width": 360, "height": 640}
LARGE = {"width": 1280, "height": 800}
SIZES = {"360x640": SMALL, "1280x800": LARGE}
QUIET = {"viewport": LARGE, "reduced_motion": "reduce"}
"""Browser context of the issue-27 modules' page (``APP_CONTEXT``): 1280×800, no animations."""
SYSTEMS = tuple(registry.ids())
"""Every system the page lists, in its order (the registry's; no list of names here)."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e《》「」【】]+")


def set_lang(page, lang: str) -> None:
    """Switch the page's language with its own buttons."""
    page.click(f"[data-lang={lang}]")
    wait_until(page, "(l) => document.documentElement.lang === l", lang)


def battle(page, system: str, seed: str = "rough", sides: list[str] | None = None) -> int:
    """Play a battle of ``system`` (its default pairing, or ``sides``) with the Battle button;
    the number of steps."""
    if page.input_value("#ruleset") != system:
        page.select_option("#ruleset", system)
    if sides is not None:
        for side, text in enumerate(sides):
            page.fill(f"#build-{side}", text)
    page.fill("#seed", seed)
    wait_until(page, "() => !document.getElementById('battle').disabled")
    page.evaluate("window.kassenShownBefore = window.kassen.currentBattle()")
    page.click("#battle")
    wait_until(page, """() => { const b = window.kassen.currentBattle();
        return b && b !== window.kassenShownBefore
          && !document.getElementById('viewer').hidden; }""")
    return page.evaluate("window.kassen.currentBattle().steps.length")


def seek(page, index: int) -> None:
    """Show step ``index`` and wait for its log lines."""
    set_seek(page, index)
    log_filled(page)


def axe(page, include: str, rules: list[str] | None = None) -> list[dict]:
    """Serious and critical axe violations inside ``include`` (only ``rules`` when given, then of
    any impact)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url="/static/vendor/axe/axe.min.js")
    result = page.evaluate("""async ([sel, rules]) => {
        const opts = { resultTypes: ["violations"] };
        if (rules) opts.runOnly = { type: "rule", values: rules };
        const r = await axe.run(document.querySelector(sel), opts);
        return r.violations.map(v => ({ id: v.id, impact: v.impact,
          nodes: v.nodes.slice(0, 4)
            .map(n => n.target.join(" ") + " " + (n.any[0]?.message ?? "")) })); }""",
        [include, rules])
    return [v for v in result if rules or v["impact"] in ("serious", "critical")]


def japanese_left(page, selector: str) -> list[str]:
    """Lines of ``selector``'s visible text that hold Japanese which is not a name the builds
    give (member names, and text marked ``lang="ja"`` such as a build's own notation)."""
    return page.evaluate("""([sel, pattern]) => {
        const root = document.querySelector(sel).cloneNode(true);
        root.querySelectorAll('[lang=ja], [hidden], .visually-hidden').forEach((e) => e.remove());
        const b = window.kassen.currentBattle();
        const names = new Set(Object.values(b?.names || {}));
        for (const s of b?.sides || []) {
          for (const m of s.members || []) if (m.name) names.add(m.name);
        }
        document.body.append(root);
        let text = root.innerText;
        root.remove();
        for (const n of [...names].sort((x, y) => y.length - x.length)) {
          text = text.split(n).join("");
        }
        const re = new RegExp(pattern);
        return text.split("\\n").filter((line) => re.test(line)).slice(0, 12); }""",
        [selector, JAPANESE.pattern])
