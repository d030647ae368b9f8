"""Shared fixtures of the fast (engine) test tier."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def tiny():
    """The test-only ruleset ``tiny``, registered for the duration of a test."""
    from kassen.core import registry
    from tinyrule import RULESET

    registry.register(RULESET)
    yield RULESET
    registry.unregister(RULESET.id)
