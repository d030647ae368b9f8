"""``rules --where ID`` lists the code that implements a rule (issue 28): a function marked
``@implements``, an event it records, a catalogue or condition row, the option that governs
it, each as ``path:line  function  (how)`` (``kassen.rulesindex.code``)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from kassen.cli import main
from kassen.core.rules import implements
from kassen.rulesindex import code, disk

SOURCE = textwrap.dedent('''
    from kassen.core.rules import implements

    OPTIONS = (OptionSpec("knockback", rule="§9.1"),)
    ROWS = {"shove": {"rule": "§9.1", "power": 2}}
    STUN = Condition("stun", rule="§9.1")

    class Table:
        @implements("§9.1", "§9.2")
        def shove(self, rec) -> None:
            """Push the target back one square (§9.1)."""
            rec.emit("moved", rule="§9.1")
            if self.bad:
                raise ProblemError([Problem("dice.bad", rule="§9.1")])
            finish(self, 0, "§9.1")
            return [("+", "push", 1, "§9.1"), ("§9.1", "shove")]
''')


def test_each_kind_of_site_is_found_with_its_function(tmp_path: Path) -> None:
    path = tmp_path / "rules" / "push.py"
    path.parent.mkdir()
    path.write_text(SOURCE, encoding="utf-8")
    found = [(s.line, s.function, s.how) for s in code.sites("§9.1", [path], tmp_path)]
    assert found == [(4, "OPTIONS", "option"), (5, "ROWS", "row"), (6, "STUN", "row"),
                     (10, "Table.shove", "decorator"), (12, "Table.shove", "emits"),
                     (14, "Table.shove", "checks"), (15, "Table.shove", "passes"),
                     (16, "Table.shove", "term"), (16, "Table.shove", "cites")]
    assert {s.path for s in code.sites("§9.1", [path], tmp_path)} == {"rules/push.py"}
    assert [(s.function, s.how) for s in code.sites("§9.2", [path], tmp_path)] == [
        ("Table.shove", "decorator")]
    assert [s.how for s in code.implementing(code.sites("§9.1", [path], tmp_path))] == [
        "row", "row", "decorator", "emits", "passes"]  # not the option, problem, term, citation


def test_the_marker_costs_nothing() -> None:
    """``@implements`` hands the function back unchanged."""

    def rule() -> int:
        return 7

    assert implements("R8.5", "§11 ガード")(rule) is rule


def test_where_prints_function_and_how_in_both_languages(capsys) -> None:
    """§11 ガード (marguerite): the guard condition's handler records the event, its row is in
    the condition catalogue; the words of the listing follow ``--lang``."""
    assert main(["rules", "--where", "§11 ガード", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "catalogue_conditions.py:" in out and "_guard_on_damage_taken  (emits an event)" in out
    assert "CONDITIONS  (catalogue row)" in out
    assert main(["rules", "--where", "§11 ガード", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("コード:\n") and "(イベント記録)" in out and "(カタログ行)" in out


TEN = (("marguerite", "R8.5"), ("marguerite", "R10.2"), ("marguerite", "§11 蘇生"),
       ("cardduel", "§5.2.2"), ("cardduel", "§5.6.1"), ("cardduel", "§4.5"),
       ("dice", "§6.2"), ("dice", "§10.1"), ("skirmish", "§10.1"), ("skirmish", "§6.2"))
"""Rule ids with an entry in docs/rules (anchors of the rules reference), across the four
systems; §5.2.2 is the issue's example (before the marker: only its option's declaration)."""


@pytest.mark.parametrize(("system", "rule"), TEN, ids=[f"{s}-{r}" for s, r in TEN])
def test_where_finds_a_function_implementing_the_rule(system: str, rule: str) -> None:
    """``rules --where ID SYSTEM`` lists a function of the system's rules that implements the
    rule (marked ``@implements``), not just the option that governs it."""
    assert disk.index(system).entry(rule) is not None  # a rule of the reference
    found = [code.Site(**site) for site in disk.where(rule, system)["sites"]]
    marked = [s for s in code.implementing(found)
              if s.how == "decorator" and f"/rulesets/{system}/rules/" in s.path]
    assert marked, found
