"""Issue 27: units of one kind carry the board's label ("ゴブリン 2") in every text that names
them: the log in both languages (the page's, a replay file's and the command line's come from
``Battle.names``), the names sent to the page, and the choices' ids resolved through them."""

from __future__ import annotations

import re

from kassen.core import registry, session
from kassen.rulesets.skirmish.view import labels

SKIRMISH = registry.get("skirmish")


def outcome() -> session.Outcome:
    samples = SKIRMISH.samples
    return session.run(session.prepare("skirmish", [samples[0].text, samples[1].text], {},
                                       "labels"))


def test_units_sharing_a_name_are_numbered_in_deployment_order() -> None:
    names = outcome().battle.names()
    goblins = [names[uid] for uid in sorted(names) if names[uid].startswith("ゴブリン ")]
    assert goblins == ["ゴブリン 1", "ゴブリン 2", "ゴブリン 3"]
    assert "大コウモリ" in names.values()  # a name no other unit has stays as it is
    assert len(set(names.values())) == len(names)


def test_every_log_line_names_units_by_their_label() -> None:
    done = outcome()
    names = done.battle.names()
    shared = {re.sub(r" \d+$", "", n) for n in names.values() if re.search(r" \d+$", n)}
    for lang in ("ja", "en"):
        lines = session.log_lines(done, lang)
        assert any("ゴブリン 2" in line for line in lines)
        for line in lines:
            for label in sorted(names.values(), key=len, reverse=True):
                line = line.replace(label, "")
            assert not any(name in line for name in shared), line


def test_labels_follow_members_order_not_the_state_order() -> None:
    battle = outcome().battle
    units = sorted(battle.state.units, key=lambda u: -u.side)  # the enemies first
    assert labels(units) == battle.names()
