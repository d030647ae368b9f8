"""Event text: language-free events rendered through per-language templates.

A ruleset's catalogue holds ``event.<kind>`` templates; fields are the event's values (made
readable by the ruleset's ``render_values``) plus ``actor`` and ``target`` as display names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kassen.core import i18n
from kassen.core.events import Event
from kassen.core.ruleset import Ruleset


def render_event(ruleset: Ruleset, event: Event, names: Mapping[str, str], lang: str) -> str:
    """One log line for ``event`` in ``lang``."""
    values: dict[str, Any] = dict(ruleset.render_values(event.values, lang))
    for key, value in values.items():  # a list left as it is would read "[4, 2]"
        if isinstance(value, list | tuple) and all(isinstance(v, int | float | str) for v in value):
            values[key] = " / ".join(names.get(v, v) if isinstance(v, str) else str(v)
                                     for v in value)  # member ids read as their names
    values["actor"] = names.get(event.actor or "", event.actor or "")
    values["target"] = names.get(event.target or "", event.target or "")
    values["turn"] = event.turn
    winner = event.values.get("winner")
    if "winner" in event.values and "winner_name" not in values:  # the winning side, by name
        values["winner_name"] = " & ".join(
            name for uid, name in names.items()
            if isinstance(winner, int) and uid.split(".")[0] == str(winner))
    text = i18n.template(f"{ruleset.id}.event.{event.kind}", lang)
    if text is None:
        text = i18n.template(f"core.event.{event.kind}", lang)
    if text is None:
        shown = " ".join(f"{k}={v}" for k, v in event.values.items())
        return f"{event.kind} {values['actor']} {values['target']} {shown}".strip()
    return i18n.format_template(text, values)


# -- labels for the page: step names, results, catalogue names -------------------------------

Pair = tuple[str, str]
"""A (Japanese, English) label."""

RESULT_TEXT = {
    "ja": {"winner": "勝者: {side} — {reason}", "draw": "引き分け — {reason}",
           "draw_only": "引き分け", "side": "サイド{n}"},
    "en": {"winner": "Winner: {side} — {reason}", "draw": "Draw — {reason}",
           "draw_only": "Draw", "side": "Side {n}"},
}
i18n.register("page", RESULT_TEXT)


def label_keys(steps: Mapping[str, Pair], reasons: Mapping[str, Pair]) -> dict[str, dict[str, str]]:
    """Catalogue entries ``step.<phase>[.<kind>]`` and ``reason.<id>`` for a ruleset's text
    module to merge into its catalogue (one (ja, en) pair per key)."""
    return {lang: {**{f"step.{k}": v[i] for k, v in steps.items()},
                   **{f"reason.{k}": v[i] for k, v in reasons.items()}}
            for i, lang in enumerate(i18n.LANGUAGES)}


def step_label(ruleset_id: str, phase: str, kind: str, lang: str) -> str | None:
    """The player's name of a step (its phase, or its phase and kind), or None when the
    catalogue has none (tests fail on that)."""
    for key in (f"step.{phase}.{kind}", f"step.{phase}"):
        if i18n.has(f"{ruleset_id}.{key}", lang):
            return i18n.template(f"{ruleset_id}.{key}", lang)
    return None


def step_labels(ruleset_id: str, phase: str, kind: str) -> dict[str, str]:
    """Both languages' names of a step; an unnamed one shows its phase."""
    return {lang: step_label(ruleset_id, phase, kind, lang) or phase for lang in i18n.LANGUAGES}


def reason_label(ruleset_id: str, reason: str | None, lang: str) -> str | None:
    """The player's word for a result's reason, or None when the catalogue has none."""
    code = f"{ruleset_id}.reason.{reason}"
    return i18n.template(code, lang) if reason and i18n.has(code, lang) else None


def result_text(ruleset_id: str, result: Mapping[str, Any] | None, lang: str) -> str:
    """"勝者: サイド1 — 全滅" / "Winner: Side 1 — wipeout" (without the turn)."""
    if not result:
        return ""
    reason = result.get("reason")
    words = reason_label(ruleset_id, reason, lang) or str(reason or "")
    winner = result.get("winner")
    if winner in (0, 1):
        side = i18n.message("page.side", lang, n=winner + 1)
        return i18n.message("page.winner", lang, side=side, reason=words)
    plain = i18n.message("page.draw_only", lang)
    if not words or reason == "draw" or words.strip().lower() in (plain.lower(), "draw"):
        # never "引き分け — 引き分け"
        return plain
    return i18n.message("page.draw", lang, reason=words)


def sum_labels(ruleset_id: str, labels: Iterable[str]) -> dict[str, dict[str, str]]:
    """The words of breakdown term labels (``<id>.sum.<label>``, core.sums) in every language,
    for the page's "why" panel; a label without text shows a neutral placeholder, never its
    id (the contract test keeps every label worded)."""
    return {label: {lang: i18n.template(f"{ruleset_id}.sum.{label}", lang)
                    if i18n.has(f"{ruleset_id}.sum.{label}", lang) else "…"
                    for lang in i18n.LANGUAGES} for label in labels}
