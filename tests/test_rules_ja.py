"""Rules in the reader's language (issue 26): the Japanese editions (``docs/rules/ja/``) read
into the same anchored blocks as the English, the "why" entries in both languages, and the
seed's sentences each rule id of a random battle shows, checked against the reviewed map of
the seed's parts to our sections."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from kassen.core import registry
from kassen.rulesindex import disk as rulesindex
from kassen.rulesindex import doc as rulesdoc

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rules_ja"
KANA = re.compile(r"[\u3040-\u30ff]")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
RANDOM_BATTLES = 40


@pytest.fixture()
def docs(tmp_path: Path) -> Path:
    """A copy of docs/rules/ whose Japanese edition is the small skirmish fixture alone."""
    out = tmp_path / "rules"
    shutil.copytree(rulesindex.DOCS, out, ignore=shutil.ignore_patterns("ja"))
    (out / "ja").mkdir()
    shutil.copy(FIXTURE / "skirmish.md", out / "ja" / "skirmish.md")
    return out


@pytest.mark.rule("§6.4")
def test_japanese_edition_gives_the_rule_its_japanese_text(docs: Path) -> None:
    """skirmish §6.4 from the fixture edition: Japanese text under the same anchor, the seed
    quotation line kept out of the rule's text; the English text stays as it was."""
    entry = rulesindex.index("skirmish", docs).entry("§6.4")
    assert entry["anchors"] == ["skirmish-6.4"]
    assert entry["text_ja"].startswith("6.4 ダメージ") and "威力 ＝ 攻撃力" in entry["text_ja"]
    assert "『戦闘の進行』より" not in entry["text_ja"]   # the quotation is shown apart
    assert entry["text_ja_is_english"] is False
    assert entry["parts"][0]["heading_ja"].startswith("6.4 ダメージ")
    assert entry["text_en"].startswith("6.4 Damage")
    assert entry["seed"]["quote"].startswith("対象は威力から物理攻撃の場合")


@pytest.mark.rule("§1 スタートフェイズ")
def test_a_named_table_row_finds_its_japanese_row(docs: Path) -> None:
    """§1 スタートフェイズ is the glossary row of that name in both editions."""
    entry = rulesindex.index("skirmish", docs).entry("§1 スタートフェイズ")
    assert "start phase" in entry["text_en"] and "開始フェイズ" in entry["text_ja"]


@pytest.mark.rule("§7.2")
def test_a_rule_the_edition_lacks_falls_back_to_english(docs: Path) -> None:
    """§7.2 is not in the fixture: no Japanese text, said to be English; a system with no
    edition at all (dice) is English throughout, every block marked as a stand-in."""
    entry = rulesindex.index("skirmish", docs).entry("§7.2")
    assert entry["text_ja"] is None and entry["text_ja_is_english"] is True
    blocks = rulesindex.blocks("dice", docs, "ja")
    assert blocks and all(b.get("lang") == "en" for b in blocks)
    assert rulesindex.translated("dice", "ja", docs) == []
    assert rulesindex.translated("skirmish", "ja", docs) == ["skirmish.md"]


def test_quotation_lines_are_quote_blocks_and_seed_paths_become_titles() -> None:
    """``> 「…」`` lines are blocks of their own without anchors; a seed's path is shown as its
    title, in either edition."""
    text = (FIXTURE / "skirmish.md").read_text(encoding="utf-8")
    blocks = rulesdoc.document("skirmish", [text], title="戦闘の進行")
    quotes = [b for b in blocks if b["kind"] == "quote"]
    assert len(quotes) == 1 and "anchors" not in quotes[0]
    assert quotes[0]["text"].startswith("「対象は威力から")
    text = json.dumps(blocks, ensure_ascii=False)
    assert "seeds/" not in text and "『戦闘の進行』" in text
    for system in registry.ids():
        assert "seeds/" not in json.dumps(rulesindex.blocks(system), ensure_ascii=False)


def test_why_index_carries_both_languages(docs: Path) -> None:
    """The page's index: each part has its English text and, where the edition has it, the
    Japanese; the seed quote names its source by title, never by a file."""
    index = rulesindex.why_index("skirmish", docs)
    part = next(p for p in index["parts"] if p["anchor"] == "skirmish-6.4")
    assert part["text_ja"].startswith("6.4 ダメージ")
    seeds = [r["seed"] for r in index["rules"].values() if r["seed"]]
    assert seeds and all(s["title"] == "戦闘の進行" and "file" not in s for s in seeds)


# -- the seed's sentences, checked against the reviewed map of the seed's parts -------------

def _reviewed(system: str) -> dict:
    return json.loads((rulesindex.QUOTES / f"{system}-reviewed.json").read_text(encoding="utf-8"))


def _quote_sections(system: str, quote: dict) -> set[str]:
    """The sections of our specification that the seed part holding a quote speaks to."""
    out: set[str] = set()
    for part, sections in _reviewed(system)["_sections"].items():
        span = re.fullmatch(r"(\d+)-(\d+)", part)
        line = quote.get("line")
        if (span and line is not None and int(span[1]) <= line <= int(span[2])) \
                or part == quote.get("section"):
            out.update(sections)
    return out


def _rule_sections(rule: str, entry: dict) -> set[str]:
    """The top-level sections a rule id names (``§7.2/§4.4`` → 7, 4) or its text lies in."""
    out = set(re.findall(r"§(\d+)", rule)) | set(re.findall(r"^R(\d+)", rule))
    for part in entry["parts"]:
        found = re.match(r"^[a-z]+-R?(\d+)", part["anchor"])
        heading = re.match(r"^R?(\d+)", part["heading"])
        out.update(m.group(1) for m in (found, heading) if m)
    return out


def _carried(system: str) -> set[str]:
    battles = rulesindex.random_battles(system, RANDOM_BATTLES, seed="xo1:issue26")
    return rulesindex.played_rules(system, battles)


@pytest.mark.parametrize("system", registry.ids())
def test_seed_sentence_of_every_carried_rule_is_reviewed_and_of_its_section(system: str) -> None:
    """Over random battles, every rule id an event carries shows no seed sentence, or a
    reviewed one from a part of the seed that speaks to the rule's section (skirmish §6.4,
    damage, once quoted the initiative sentence)."""
    index = rulesindex.index(system)
    rules = _carried(system)
    assert len(rules) > 10
    wrong = []
    for rule in sorted(rules):
        entry = index.entry(rule)
        assert entry is not None, rule
        seed = entry["seed"]
        if seed is None:
            continue
        sections = _rule_sections(rule, entry)
        if not seed.get("reviewed") or not _quote_sections(system, seed) & sections:
            wrong.append((rule, seed["quote"][:40], sorted(_rule_sections(rule, entry))))
    assert wrong == []


@pytest.mark.rule("§6.4")
def test_skirmish_damage_quotes_the_damage_sentence() -> None:
    """The reviewed fix of issue 26: §6.4 quotes the seed's damage rule."""
    seed = rulesindex.index("skirmish").entry("§6.4")["seed"]
    assert "装甲" in seed["quote"] and "行動値" not in seed["quote"] and seed["reviewed"]


TRANSLATED = [s for s in registry.ids() if rulesindex.translated(s, "ja")]


@pytest.mark.skipif(not TRANSLATED, reason="no Japanese edition in docs/rules/ja/ yet")
@pytest.mark.parametrize("system", TRANSLATED or ["-"])
def test_every_carried_rule_has_japanese_and_english_text(system: str) -> None:
    """For each system with a Japanese edition: every rule id an event of a random battle
    carries has English text and Japanese text that is Japanese (kana or kanji: a catalogue
    row may be all kanji), not the English under a notice."""
    index = rulesindex.index(system)
    missing = []
    for rule in sorted(_carried(system)):
        entry = index.entry(rule)
        japanese = entry["text_ja"] or ""
        if not entry["text_en"].strip() or not JAPANESE.search(japanese):
            missing.append(rule)
    assert missing == []


@pytest.mark.rule("§6.4")
def test_rules_command_prints_the_japanese_edition(docs: Path, monkeypatch, capsys) -> None:
    """``python -m kassen rules skirmish §6.4 --lang ja`` prints the Japanese text and the seed's
    sentence by its title; ``--lang en`` the English; ``--json`` says which text it gave; a rule
    the edition lacks is printed in English after a Japanese notice."""
    from kassen import cli

    monkeypatch.setattr(rulesindex, "DOCS", docs)
    assert cli.main(["rules", "skirmish", "§6.4", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "6.4 ダメージ" in out and "6.4 Damage" not in out and "『戦闘の進行』" in out
    assert "damage_roll_per_target" in out and "既定値: いいえ" in out   # the flag to set, in words
    assert cli.main(["rules", "skirmish", "§6.4", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "6.4 Damage" in out and "ダメージ [seed" not in out
    assert cli.main(["rules", "skirmish", "§6.4", "--lang", "ja", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["text"].startswith("6.4 ダメージ") and data["text_is_english"] is False
    assert cli.main(["rules", "skirmish", "§7.2", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "日本語版はまだありません" in out and "7.2" in out


@pytest.mark.rule("§11 ガード")
def test_a_row_the_edition_names_otherwise_is_found_in_place_past_a_quotation() -> None:
    """A catalogue row whose first cell the translation words differently is found at the
    same place under its section, the edition's seed quotation not counted."""
    from kassen.rulesindex import why as rulewhy

    en = ("## 11. Statuses [seed]\n\nIntro.\n\n| name | effect |\n|---|---|\n"
          "| ガード | halves damage |\n| スタン | skips a turn |\n")
    ja = ("## 11. 状態 [seed]\n> 「ガードはダメージを半減する。」（『原文』より）\n\n導入。\n\n"
          "| 名前 | 効果 |\n|---|---|\n| ガード（防護） | ダメージを半減 |\n"
          "| スタン（行動不能） | 1回休み |\n")
    index = rulewhy.Index("x", rulesdoc.document("x", [en]),
                          blocks_ja=rulesdoc.document("x", [ja]))
    entry = index.entry("§11 スタン")
    assert "skips a turn" in entry["text_en"] and entry["text_ja"].endswith("1回休み")


def test_a_bad_option_value_is_told_by_the_options_name_and_values_in_words() -> None:
    """The message for a link's or command line's bad option value names the option and
    its allowed values in the reader's language (the key and values beside them: what to
    type)."""
    from kassen.core import options

    _, problems = options.resolve(registry.get("dice").options, {"gauge_loss": "bogus"})
    ja, en = problems[0].message("ja"), problems[0].message("en")
    assert "スタンゲージの減り方（gauge_loss）" in ja and "被弾ごとに桁数で減る (hit)" in ja
    assert "stun-gauge loss (gauge_loss)" in en and "once per turn, by the largest hit (turn)" in en
    assert not KANA.search(en) and "bogus" in ja and "bogus" in en
