"""Behaviour guard: a fixed battle set per ruleset must keep its committed event digests.

Reshaping and speed work must not change a single event (design §6, determinism). A commit
that changes events on purpose regenerates the file with ``python tests/digest_cases.py
--write`` and says so.
"""

from __future__ import annotations

import json

import pytest

from digest_cases import digests, path
from kassen.core import registry


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_event_digests_are_unchanged(ruleset_id: str) -> None:
    committed = json.loads(path(ruleset_id).read_text())
    found = digests(ruleset_id)
    assert sorted(found) == sorted(committed), "the battle set itself changed"
    changed = [name for name in committed if found[name] != committed[name]]
    assert not changed, f"{len(changed)} of {len(committed)} battles changed: {changed[:10]}"
