"""How a replay file stores a battle's steps (issue 16): small, and read back exactly.

A step is mostly the step before it (its view changes in a few numbers), an event mostly the
last event of its kind, a log line often a line said before. So a file holds the first step
as it is and each later one as a :func:`patch` of the one before; events apart, each a patch
of the last event of its kind (its ``seq`` one more than the event before, its ``turn`` and
``phase`` its step's, unless it says otherwise); log lines apart, a line said before by its
number; step labels once per phase and kind; step numbers not at all when each is its place.
:func:`decode_steps` is the inverse, and ``static/js/replay-steps.js`` does the same in the
browser (``tests/test_replay_html.py`` runs both on every ruleset's battles).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON a browser reads it: keys in the same order, ``true`` is not ``1``."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and not isinstance(a, (dict, list)) and a == b


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def patch(old: Any, new: Any) -> Any:
    """``new`` as a patch of ``old``, or None when they are the same. A patch is ``[value]``
    (a value as it is), ``[]`` (remove this key), or an object of patches by key (for an
    array: by index, when it did not shrink), whichever is shorter. An object patch is only
    made when applying it keeps ``new``'s key order (a browser lists keys in that order)."""
    if _same(old, new):
        return None
    literal = [new]
    out: dict[str, Any] | None = None
    if isinstance(old, dict) and isinstance(new, dict):
        if [k for k in old if k in new] + [k for k in new if k not in old] == list(new):
            out = {}
            for key, value in new.items():
                sub = patch(old[key], value) if key in old else [value]
                if sub is not None:
                    out[key] = sub
            out.update({key: [] for key in old if key not in new})
    elif isinstance(old, list) and isinstance(new, list) and len(new) >= len(old):
        out = {}
        for i, value in enumerate(new):
            sub = patch(old[i], value) if i < len(old) else [value]
            if sub is not None:
                out[str(i)] = sub
    return out if out is not None and _size(out) < _size(literal) else literal


def apply_patch(old: Any, change: Any) -> Any:
    """The value a patch makes of ``old``."""
    if isinstance(change, list):
        return change[0]
    out: Any = list(old) if isinstance(old, list) else dict(old)
    for key, sub in change.items():
        if isinstance(out, list):
            i = int(key)
            value = apply_patch(out[i] if i < len(out) else None, sub)
            if i < len(out):
                out[i] = value
            else:
                out.append(value)
        elif sub == []:
            del out[key]
        else:
            out[key] = apply_patch(out.get(key), sub)
    return out


def _label_key(step: Mapping[str, Any]) -> str:
    """A step's phase and kind as one key (``JSON.stringify([phase, kind])`` in the browser)."""
    return json.dumps([step.get("phase"), step.get("kind")], ensure_ascii=False,
                      separators=(",", ":"))


def _seq(event: Any) -> int | None:
    value = event.get("seq") if isinstance(event, dict) else None
    return value if type(value) is int else None


def _expected(last: Mapping[str, Any], step: Mapping[str, Any], seq: int | None) -> dict[str, Any]:
    """What an event is expected to be: the last of its kind, one ``seq`` on from the event
    before, with its step's ``turn`` and ``phase``."""
    base = dict(last)
    if "seq" in base and seq is not None:
        base["seq"] = seq + 1
    for key in ("turn", "phase"):
        if key in base and key in step:
            base[key] = step[key]
    return base


def encode_steps(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The steps as a replay file stores them (see the module's docstring)."""
    labels: dict[str, Any] = {}
    for step in steps:
        labels.setdefault(_label_key(step), step.get("label"))
    named = all(_same(labels[_label_key(s)], s.get("label")) for s in steps)
    counted = all(s.get("index") == i for i, s in enumerate(steps))
    bare = []
    for s in steps:
        lean = {**s, "events": None, "text": None}
        lean.update({"label": None} if named and "label" in s else {})
        lean.update({"index": None} if counted else {})
        bare.append(lean)
    patches = [patch(a, b) or {} for a, b in itertools.pairwise(bare)]
    out: dict[str, Any] = {
        "steps": [bare[0], *patches] if bare else [],
        "events": [], "texts": [], "labels": labels if named else None, "counted": counted}
    last: dict[str, Any] = {}
    lines: dict[str, int] = {}
    seq: int | None = None
    for step in steps:
        items: list[Any] = []
        for event in step.get("events") or []:
            kind = event.get("kind") if isinstance(event, dict) else None
            if isinstance(kind, str) and kind in last:
                change = patch(_expected(last[kind], step, seq), event)
                items.append(change if isinstance(change, list) else [kind, change or {}])
            else:
                items.append([event])
            if isinstance(kind, str):
                last[kind] = event
            seq = _seq(event)
        out["events"].append(items if "events" in step else None)
        text = step.get("text")
        if isinstance(text, dict):
            coded: dict[str, list[Any]] = {}
            for lang, said in text.items():
                coded[lang] = [lines[line] if line in lines else _first(lines, line)
                               for line in said]
            out["texts"].append(coded)
        else:
            out["texts"].append([text] if "text" in step else None)
    return out


def _first(lines: dict[str, int], line: str) -> str:
    """A line said for the first time: written out, and numbered for later."""
    lines[line] = len(lines)
    return line


def decode_steps(encoded: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The steps again (the inverse of :func:`encode_steps`)."""
    bare: list[dict[str, Any]] = []
    for i, change in enumerate(encoded["steps"]):
        bare.append(change if i == 0 else apply_patch(bare[-1], change))
    last: dict[str, Any] = {}
    lines: list[str] = []
    seq: int | None = None
    steps = []
    for i, (lean, items, text) in enumerate(zip(bare, encoded["events"], encoded["texts"],
                                                 strict=True)):
        step = dict(lean)
        if encoded["counted"] and "index" in step:
            step["index"] = i
        if encoded["labels"] is not None and "label" in step:
            step["label"] = encoded["labels"][_label_key(step)]
        if items is None:
            del step["events"]
        else:
            events = []
            for item in items:
                event = item[0] if len(item) == 1 else apply_patch(
                    _expected(last[item[0]], step, seq), item[1])
                if isinstance(event, dict) and isinstance(event.get("kind"), str):
                    last[event["kind"]] = event
                seq = _seq(event)
                events.append(event)
            step["events"] = events
        if text is None:
            del step["text"]
        elif isinstance(text, list):
            step["text"] = text[0]
        else:
            said = {}
            for lang, coded in text.items():
                said[lang] = []
                for line in coded:
                    if isinstance(line, str):
                        lines.append(line)
                        said[lang].append(line)
                    else:
                        said[lang].append(lines[line])
            step["text"] = said
        steps.append(step)
    return steps


MIN_MATCH = 16
"""The shortest repeat :func:`pack` refers back to (a reference costs about ten characters)."""


def pack(text: str) -> list[str | int]:
    """``text`` as literal pieces and back-references (LZ77, greedy, deterministic): a
    string is itself, two numbers ``d, n`` are the ``n`` characters that began ``d`` before
    (counted in UTF-16 units, as a browser counts them; a reference never overlaps its own
    copy). The data of a replay file repeats itself: names, phrases of the log, views."""
    n = len(text)
    units = [0] * (n + 1)
    for k, ch in enumerate(text):
        units[k + 1] = units[k] + (2 if ord(ch) > 0xFFFF else 1)
    seen: dict[str, int] = {}
    out: list[str | int] = []
    start = i = 0
    while i + MIN_MATCH <= n:
        key = text[i:i + MIN_MATCH]
        j = seen.get(key)
        seen[key] = i
        if j is not None and i - j >= MIN_MATCH:
            length, limit = MIN_MATCH, min(n - i, i - j)
            while length < limit and text[j + length] == text[i + length]:
                length += 1
            if start < i:
                out.append(text[start:i])
            out += [units[i] - units[j], units[i + length] - units[i]]
            i = start = i + length
            continue
        i += 1
    if start < n:
        out.append(text[start:])
    return out


def unpack(tokens: list[str | int]) -> str:
    """The text again (the inverse of :func:`pack`; ``replay-steps.js`` does the same)."""
    out = bytearray()
    k = 0
    while k < len(tokens):
        token = tokens[k]
        if isinstance(token, str):
            out += token.encode("utf-16-le")
            k += 1
        else:
            length = int(tokens[k + 1])
            begin = len(out) - 2 * int(token)
            out += out[begin:begin + 2 * length]
            k += 2
    return out.decode("utf-16-le")
