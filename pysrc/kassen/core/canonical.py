"""Canonical JSON and digests: one byte sequence for one value, in every runtime."""

from __future__ import annotations

import hashlib
import json
from typing import Any

_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                            check_circular=False)
"""Made once. Without the circular-reference check (which only turns a cycle into an error):
every value here is decoded JSON or an engine's plain data, and the check's bookkeeping per
list and dict is about a tenth of a battle's digest."""


def canonical_json(value: Any) -> str:
    """JSON with sorted keys, no spaces and raw UTF-8: equal values give equal text."""
    return _ENCODER.encode(value)


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
