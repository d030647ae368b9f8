"""The rule index (issue 16): every rule id that any event, option or problem of any ruleset
can carry resolves to an entry of the rules reference with text for both languages."""

from __future__ import annotations

import pytest

from digest_cases import cases
from kassen.core import registry
from kassen.rulesindex import disk as rulesindex
from kassen.rulesindex import why as rulewhy

RANDOM_BATTLES = 40


def walked_rules(system: str) -> set[str]:
    """Options, rule ids written in the code, the digest set and random battles."""
    found = {o.rule for o in registry.get(system).options if o.rule}
    found |= rulesindex.literal_rules(system)
    found |= rulesindex.played_rules(system, [(s, o, seed) for _, s, o, seed in cases(system)])
    found |= rulesindex.played_rules(system, rulesindex.random_battles(system, RANDOM_BATTLES))
    return found


@pytest.mark.parametrize("system", registry.ids())
def test_every_carried_rule_id_has_an_entry_with_text(system: str) -> None:
    """An entry per rule id, with English text and, for a Japanese reader, the Japanese
    edition's text or the English text said to be English; provenance tags only of the four
    kinds."""
    index = rulesindex.index(system)
    rules = walked_rules(system)
    assert len(rules) > 15
    missing = sorted(r for r in rules if index.entry(r) is None)
    assert missing == []
    for rule in sorted(rules):
        entry = index.entry(rule)
        assert entry["text_en"].strip(), rule
        assert entry["text_ja"] or entry["text_ja_is_english"], rule
        assert all(t in ("seed", "inferred", "designed") or t.startswith("source:")
                   for t in entry["tags"]), (rule, entry["tags"])


def test_catalogue_names_find_their_row_r12_and_s11() -> None:
    """§12.3 吸血剣 is the 吸血剣 row of §12.3; §11 ガード the ガード row of §11 [seed]."""
    index = rulesindex.index("marguerite")
    vampire = index.entry("§12.3 吸血剣")
    assert vampire["anchors"] == ["marguerite-12.3"] and "吸血剣" in vampire["text_en"]
    assert "heals" in vampire["text_en"] and vampire["name_ja"] == "吸血剣"
    guard = index.entry("§11 ガード")
    assert guard["text_en"].startswith("status: ガード") and guard["tags"] == ["seed"]
    assert "ceil(d/2)" in guard["text_en"]


def test_compound_ids_keep_every_part_and_drop_the_enclosing_heading() -> None:
    """§2.6 RB3 → 2.6 and RB3; §16.4 C1 → C1 alone; §6.2.5 D4 → 6.2.5 and D4."""
    cardduel = rulesindex.index("cardduel")
    assert cardduel.entry("§2.6 RB3")["anchors"] == ["cardduel-2.6", "cardduel-RB3"]
    assert cardduel.entry("§6.2.5 D4")["anchors"] == ["cardduel-6.2.5", "cardduel-D4"]
    assert rulesindex.index("skirmish").entry("§16.4 C1")["anchors"] == ["skirmish-C1"]


def test_options_that_govern_a_rule_r8_5() -> None:
    """R8.5 is governed by the negative-damage option (Q4), with its labels and default."""
    entry = rulesindex.index("marguerite").entry("R8.5")
    keys = [o["key"] for o in entry["options"]]
    assert "negative" in keys
    option = entry["options"][keys.index("negative")]
    assert option["label_ja"] and option["label_en"]
    spec = next(o for o in registry.get("marguerite").options if o.key == "negative")
    assert option["default"] == spec.default and option["label_en"] == spec.label_en


def test_seed_quote_with_its_place_r10_1() -> None:
    """R10.1 (the dead exit at 事象確定) quotes the seed's own sentence and where it stands."""
    entry = rulesindex.index("marguerite").entry("R10.1")
    assert entry["seed"]["quote"] == "死亡した剣師は事象確定時に退場します。"
    assert entry["seed"]["section"] == "事象確定" and entry["seed"]["reviewed"]
    assert entry["seed"]["title"] == "マーガレット2011α ルール説明" and "file" not in entry["seed"]


def test_tags_read_from_the_text_and_its_headings() -> None:
    """[seed facts; ordering inferred] is seed + inferred; [base:…] is a source tag."""
    assert rulewhy.tags("R8.5 x [seed facts; ordering inferred]") == ["seed", "inferred"]
    assert rulewhy.tags("y [base:clown; inferred]") == ["source:clown", "inferred"]
    assert rulewhy.tags("z [source: B4 FEAR engage convention]") == ["source:B4"]
    assert rulewhy.tags("plain text") == []


@pytest.mark.rule("§11 ガード")
def test_where_lists_code_and_tests_for_a_rule_s11_guard() -> None:
    """``rules --where '§11 ガード'``: catalogue_conditions.py (the ガード row's handler)
    emits it; the guard tests cite it."""
    found = rulesindex.where("§11 ガード")
    assert any(c.startswith("pysrc/kassen/rulesets/marguerite/catalogue_conditions.py:")
               for c in found["code"])
    assert "tests/test_rule_index.py::test_where_lists_code_and_tests_for_a_rule_s11_guard" \
        in found["tests"]  # by its @pytest.mark.rule marker


def test_rules_command_prints_the_entry_in_both_languages(capsys) -> None:
    """``python -m kassen rules marguerite R10.1``: anchor, tags, seed quote; ``--lang ja``
    labels in Japanese; an unknown rule exits 2 with a message."""
    from kassen import cli

    assert cli.main(["rules", "marguerite", "R10.1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "rules.html#marguerite-R10.1" in out and "死亡した剣師は事象確定時に退場します。" in out
    assert cli.main(["rules", "marguerite", "R10.1", "--lang", "ja"]) == 0
    assert "原文" in capsys.readouterr().out
    assert cli.main(["rules", "dice", "Z99"]) == 2
    assert "Z99" in capsys.readouterr().err
