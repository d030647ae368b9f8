"""Every sample build of every ruleset is valid under the default options and canonical
(the page offers them one click away; a sample that fails is a broken first impression)."""

from __future__ import annotations

import pytest

from kassen.core import options as options_mod
from kassen.core import registry, session


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_samples_are_valid_and_round_trip(ruleset_id: str) -> None:
    ruleset = registry.get(ruleset_id)
    opts = options_mod.defaults(ruleset.options)
    assert ruleset.samples, f"{ruleset_id} has no samples"
    for sample in ruleset.samples:
        build, problems = session.parse_side(ruleset, sample.text, opts)
        assert not problems, (sample.name, [p.located("en") for p in problems])
        assert ruleset.parse(ruleset.export(build), opts) == (build, [])
