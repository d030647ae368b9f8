"""The Japanese editions cannot drift from the English specifications (issue 26).

For every system with a Japanese edition (``docs/rules/ja/<same name>.md``): both editions
have the same rule anchors (headings, numbered rules, lettered ids, table rows), and each rule
has the same numbers (full-width digits normalised; the seed quotation lines ``> 「…」`` are
left out, since they may hold numbers the English lacks), the same provenance tags and the same
option keys. A rule is its anchored block with the unanchored blocks under it up to the next
rule or heading, or one anchored table row. Every English specification has a Japanese edition.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from kassen.core import registry
from kassen.rulesindex import disk as rulesindex
from kassen.rulesindex import doc as rulesdoc
from kassen.rulesindex import why as rulewhy

DOCS = rulesindex.DOCS
JA = DOCS / "ja"
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_KEY = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)")


def _row_text(block: Mapping[str, Any], row: int) -> str:
    return " ".join((block.get("rows") or [])[row + 1])


def rules_of(blocks: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Anchor → the text of the rule it names (aliases of one rule share its text)."""
    out: dict[str, str] = {}
    for i, block in enumerate(blocks):
        for r, anchors in enumerate(block.get("row_anchors") or []):
            for anchor in anchors:
                out[anchor] = _row_text(block, r)
        if not block.get("anchors"):
            continue
        text = str(block.get("text", ""))
        for below in blocks[i + 1:]:
            kind = str(below.get("kind", ""))
            if below.get("anchors") or kind.startswith("h") or any(below.get("row_anchors") or []):
                break
            if kind == "table":
                text += " " + " ".join(" ".join(row) for row in below.get("rows") or [])
            elif kind != "quote":
                text += " " + str(below.get("text", ""))
        for anchor in block["anchors"]:
            out[anchor] = text
    return out


def facts(text: str, keys: set[str]) -> dict[str, list[str]]:
    """What must agree between the editions: numbers, tags, option keys."""
    plain = unicodedata.normalize("NFKC", text)
    return {"numbers": sorted(set(_NUMBER.findall(plain))),
            "tags": sorted(rulewhy.tags(plain)),
            "keys": sorted(set(_KEY.findall(plain)) & keys)}


def drift(system: str, english: Sequence[Mapping[str, Any]], japanese: Sequence[Mapping[str, Any]]
          ) -> list[str]:
    """Every difference between two editions' rules, one line each (empty when in step)."""
    keys = {o.key for o in registry.get(system).options} if system in registry.ids() else set()
    en, ja = rules_of(english), rules_of(japanese)
    out = [f"{a}: only in English" for a in sorted(set(en) - set(ja))]
    out += [f"{a}: only in Japanese" for a in sorted(set(ja) - set(en))]
    out += [f"{a}: anchor missing in Japanese" for a in
            sorted(rulesdoc.anchors(english) - rulesdoc.anchors(japanese) - set(en))]
    for anchor in sorted(set(en) & set(ja)):
        a, b = facts(en[anchor], keys), facts(ja[anchor], keys)
        for name in ("numbers", "tags", "keys"):
            if a[name] != b[name]:
                only_en = sorted(set(a[name]) - set(b[name]))
                only_ja = sorted(set(b[name]) - set(a[name]))
                out.append(f"{anchor}: {name} differ "
                           f"(English only {only_en}, Japanese only {only_ja})")
    return out


def _systems() -> list[str]:
    return sorted({p.stem for p in DOCS.glob("*.md")} & set(registry.ids()))


TRANSLATED = [s for s in _systems() if (JA / f"{s}.md").is_file()]


@pytest.mark.skipif(not TRANSLATED, reason="no Japanese edition in docs/rules/ja/ yet")
@pytest.mark.parametrize("system", TRANSLATED or ["-"])
def test_both_editions_have_the_same_rules_numbers_tags_and_option_keys(system: str) -> None:
    """Same anchors; per rule the same numbers, tags and option keys (see the module doc)."""
    english = rulesindex.blocks(system)
    japanese = rulesindex.blocks(system, lang="ja")
    assert not [b for b in japanese if b.get("lang")], "every document of the system is translated"
    problems = drift(system, english, japanese)
    assert problems == [], "\n".join(problems)


def test_every_specification_has_a_japanese_edition() -> None:
    """Each docs/rules/*.md (companions such as dice-ambiguities.md included) has its
    docs/rules/ja/ edition."""
    if not JA.is_dir():
        pytest.skip("docs/rules/ja/ does not exist: the Japanese editions have not landed")
    missing = sorted(p.name for p in DOCS.glob("*.md") if not (JA / p.name).is_file())
    assert missing == []


def test_drift_finds_a_changed_number_a_lost_tag_a_lost_key_and_a_lost_rule() -> None:
    """The check itself: a small English text against Japanese ones that differ in one way each;
    a quotation line's numbers and full-width digits do not count."""
    en = ("## 6. Actions\n\n### 6.4 Damage [seed]\n1. Roll 2D10 + 3 [designed; flag "
          "`damage_roll_per_target`].\n\n**D4 — a choice.** Use 5 [inferred].\n")
    good = ("## 6. 行動\n\n### 6.4 ダメージ [seed]\n> 「ダメージは99点。」（『原文』より）\n"
            "1. ２D１０ ＋ ３ を振る [designed; flag `damage_roll_per_target`]。\n\n"
            "**D4 — 選択。** ５ を使う [inferred]。\n")

    def check(ja: str) -> list[str]:
        return drift("skirmish", rulesdoc.document("skirmish", [en]),
                     rulesdoc.document("skirmish", [ja]))

    assert check(good) == []
    assert any("numbers differ" in p for p in check(good.replace("３ を", "4 を")))
    assert any("tags differ" in p for p in check(good.replace("[inferred]", "")))
    assert any("keys differ" in p for p in check(good.replace("`damage_roll_per_target`", "")))
    assert any("only in English" in p for p in check(good.replace("**D4 — 選択。**", "選択。")))
