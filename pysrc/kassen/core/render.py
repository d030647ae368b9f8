"""Event text: language-free events rendered through per-language templates.

A ruleset's catalogue holds ``event.<kind>`` templates; fields are the event's values (made
readable by the ruleset's ``render_values``) plus ``actor`` and ``target`` as display names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kassen.core import i18n
from kassen.core.events import Event
from kassen.core.ruleset import Ruleset


def render_event(ruleset: Ruleset, event: Event, names: Mapping[str, str], lang: str) -> str:
    """One log line for ``event`` in ``lang``."""
    values: dict[str, Any] = dict(ruleset.render_values(event.values, lang))
    values["actor"] = names.get(event.actor or "", event.actor or "")
    values["target"] = names.get(event.target or "", event.target or "")
    values["turn"] = event.turn
    text = i18n.template(f"{ruleset.id}.event.{event.kind}", lang)
    if text is None:
        text = i18n.template(f"core.event.{event.kind}", lang)
    if text is None:
        shown = " ".join(f"{k}={v}" for k, v in event.values.items())
        return f"{event.kind} {values['actor']} {values['target']} {shown}".strip()
    return i18n.format_template(text, values)
