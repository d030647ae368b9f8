"""The rule index: a rule id as events, options and problems carry it → its entry.

Issue 16 ("why did that happen?"): for ``(ruleset, rule id)`` the entry gives the anchors in
the rules reference (``docs/rules/``, cut by :mod:`kassen.rulesindex.doc`), the rule's text,
its provenance tags (``[seed]``, ``[source:…]``/``[base:…]``, ``[inferred]``, ``[designed]``),
the seed's original sentence where the rule comes from the seed (short quotes kept in
``docs/rules/seed-quotes/<system>.json`` with their place in the seed text), and the rule
options that govern it.

Rule ids come in several styles: ``R8.5``, ``§11 ガード``, ``§12.3 吸血剣`` (a catalogue row
named inside its section), ``§5.3.2a``, ``§7 A2-3 D12``, ``D1/A7``, ``§16.4 C1``, ``§2.6 RB3``.
Numbered and lettered parts resolve through :func:`rulesdoc.resolve`; a name (``ガード``)
is looked up as a table row or led item inside the section before it.

Language: the rule's text comes in each language the reference has it in: the English
specification (``text``) and its Japanese edition (``text_ja``, the same anchors, so the same
place in it); where the Japanese edition lacks the rule (no translation yet, or an English
file standing in for one), ``text_ja`` is ``None`` and a Japanese reader is shown the English
text marked as English (``text_ja_is_english``). The seed's own sentence is kept apart
(``seed``: reviewed data, see ``scripts/seed_quotes.py``); ``name_ja`` is the Japanese name a
rule id carries (``ガード``). Pure functions, no file access.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from kassen.rulesindex import doc as rulesdoc

_TAG = re.compile(r"\[(seed|inferred|designed|source: ?[^\]\s;,]*|base: ?[^\]\s;,]*)[^\]]*\]")
# A tag word inside a tag names a second provenance ("[seed facts; ordering inferred]"), unless the
# note speaks about the seed as a text: "the seed names …", "the seed's Line sections" are not tags.
_TAG_WORD = re.compile(r"(?<!\bthe )\b(seed|inferred|designed)\b(?!['’]s\b)")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")
MAX_TEXT = 1200
_BLANKET = re.compile(r"(?:^General|\bAll) (\[[^\]]+\])")
_NAME = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f][^\s/,()]*")


def tags(text: str) -> list[str]:
    """The provenance tags a piece of spec text carries, in order, without repeats
    (``[seed facts; ordering inferred]`` → ``seed``, ``inferred``)."""
    out: list[str] = []
    for found in _TAG.finditer(text):
        kind = found.group(1)
        words = [kind] + [w for w in _TAG_WORD.findall(found.group(0)[1 + len(kind):])]
        for word in words:
            word = word.replace(" ", "")  # "[source: B4 …]" names B4, as "[source:B4 …]" does
            word = "source:" + word[5:] if word.startswith("base:") else word
            if word not in out:
                out.append(word)
    return out


def _block_text(block: Mapping[str, Any], row: int | None = None) -> str:
    if block.get("kind") == "table":
        rows = block.get("rows") or []
        head = rows[0] if rows else []
        cells = rows[row + 1] if row is not None else []
        pairs = [f"{h}: {c}" if h else c for h, c in zip(head, cells, strict=False) if c]
        return " · ".join(pairs)
    return str(block.get("text", ""))


class Index:
    """The entries of one system, from its rules reference blocks, seed quotes and options."""

    def __init__(self, system: str, blocks: Sequence[Mapping[str, Any]],
                 quotes: Mapping[str, Mapping[str, Any]] | None = None,
                 options: Sequence[Mapping[str, Any]] = (),
                 blocks_ja: Sequence[Mapping[str, Any]] | None = None) -> None:
        self.system = system
        self.ja = Index(system, blocks_ja) if blocks_ja is not None else None
        self.blocks = list(blocks)
        self.known = rulesdoc.anchors(self.blocks)
        self.quotes = dict(quotes or {})
        self.options = list(options)
        self.where: dict[str, tuple[int, int | None]] = {}   # anchor → (block, table row)
        self.heading: list[int] = []                          # block → its heading block
        last = -1
        for i, block in enumerate(self.blocks):
            if str(block.get("kind", "")).startswith("h"):
                last = i
            self.heading.append(last)
            for anchor in block.get("anchors", []) or []:
                self.where.setdefault(anchor, (i, None))
            for r, row in enumerate(block.get("row_anchors", []) or []):
                for anchor in row:
                    self.where.setdefault(anchor, (i, r))

    def _named(self, anchor: str, name: str) -> tuple[int, int | None] | None:
        """A table row or led item called ``name`` in the section that ``anchor`` opens."""
        start = self.where.get(anchor, (-1, None))[0]
        if start < 0:
            return None
        for i in range(start, len(self.blocks)):
            block = self.blocks[i]
            kind = str(block.get("kind", ""))
            if i > start and kind.startswith("h") and kind <= str(self.blocks[start].get("kind")):
                break
            if kind == "table":
                for r, row in enumerate((block.get("rows") or [])[1:]):
                    if any(c.strip("* ") == name or c.startswith((name + " ", f"**{name}**"))
                           for c in row[:2]):
                        return i, r
            elif kind in ("p", "li") and re.match(rf"^(?:\w+ )?\*\*{re.escape(name)}",
                                                  block["text"]):
                return i, None
        return None

    def _body(self, i: int, row: int | None) -> str:
        """A block's text and, for a rule line or heading, the unanchored blocks under it
        (a rule's list items), up to the next rule or heading; at most ``MAX_TEXT`` chars."""
        text = _block_text(self.blocks[i], row)
        if row is not None:
            return text
        for block in self.blocks[i + 1:]:
            if block.get("kind") == "quote":
                continue   # the seed's sentence, shown apart
            if block.get("anchors") or str(block.get("kind", "")).startswith("h") \
                    or block.get("kind") == "table" or len(text) > MAX_TEXT:
                break
            text += ("\n• " if block.get("kind") == "li" else "\n") + _block_text(block)
        return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1].rstrip() + "…"

    def _inherited(self, i: int) -> list[str]:
        """The tags of the headings above a block (or the line just under a heading, such
        as "All [seed] unless a note says otherwise")."""
        h = self.heading[i] if not str(self.blocks[i].get("kind")).startswith("h") else i
        while h >= 0:
            found = tags(str(self.blocks[h].get("text", "")))
            nxt = self.blocks[h + 1] if h + 1 < len(self.blocks) else {}
            if not found and nxt.get("kind") == "p" and h + 1 != i:
                found = tags(" ".join(_BLANKET.findall(str(nxt.get("text", "")))))
            if not found and "decisions" in str(self.blocks[h].get("text", "")).lower():
                found = ["designed"]   # "Further decisions": the project's recommended defaults
            if found or self.blocks[h].get("kind") == "h2":
                return found
            h = self.heading[h - 1] if h > 0 else -1
        return []

    def named_ids(self) -> list[str]:
        """``§<section> <name>`` for every catalogue row named in Japanese under a numbered
        heading (``§12.5 振動剣``, ``§11 ガード``): the ids the engine builds from its catalogue."""
        out: list[str] = []
        for i, block in enumerate(self.blocks):
            h = self.heading[i]
            found = re.match(r"^(\d+(?:\.\d+)*)\.?\s", str(self.blocks[h].get("text", ""))) \
                if block.get("kind") == "table" and h >= 0 else None
            if not found:
                continue
            for row in (block.get("rows") or [])[1:]:
                for cell in row[:2]:
                    name = _NAME.match(cell.strip("* "))
                    if name and name.group(0) == cell.strip("* ").split(" ")[0]:
                        out.append(f"§{found.group(1)} {name.group(0)}")
                        break
        return list(dict.fromkeys(out))

    def _heading_of(self, i: int) -> str:
        return str(self.blocks[self.heading[i]].get("text", "")) if self.heading[i] >= 0 else ""

    def _part(self, anchor: str, place: tuple[int, int | None], name: str | None
              ) -> dict[str, Any]:
        i, row = place
        text = self._body(i, row)
        found = tags(text) or self._inherited(i)
        part = {"anchor": anchor, "text": text, "tags": found, "heading": self._heading_of(i),
                "text_ja": None, "heading_ja": None}
        ja = self._ja_place(anchor, place, name)
        if ja is not None and self.ja is not None and not self.ja.blocks[ja[0]].get("lang"):
            part["text_ja"] = self.ja._body(*ja)
            part["heading_ja"] = self.ja._heading_of(ja[0])
        return part

    def _count(self, start: int, end: int) -> int:
        """How many blocks, quotations left out, lie after ``start`` up to ``end``."""
        return sum(1 for b in self.blocks[start + 1:end + 1] if b.get("kind") != "quote")

    def _skip(self, start: int, count: int) -> int | None:
        """The block ``count`` blocks after ``start``, quotations left out (None past the end)."""
        i = start
        while count > 0:
            i += 1
            if i >= len(self.blocks):
                return None
            if self.blocks[i].get("kind") != "quote":
                count -= 1
        return i

    def _ja_place(self, anchor: str, place: tuple[int, int | None], name: str | None
                  ) -> tuple[int, int | None] | None:
        """The same place in the Japanese edition: the anchor's own block, else the row or item
        named ``name`` under it, else the block as far below the anchor as in English, the
        edition's seed quotations not counted (when it is of the same kind and, for a table
        row, the row exists)."""
        ja = self.ja
        if ja is None or anchor not in ja.where:
            return None
        if place == self.where[anchor]:
            return ja.where[anchor]
        if name:
            named = ja._named(anchor, name)
            if named:
                return named
        i = ja._skip(ja.where[anchor][0], self._count(self.where[anchor][0], place[0]))
        kind = self.blocks[place[0]].get("kind")
        if i is None or ja.blocks[i].get("kind") != kind:
            return None
        if place[1] is not None and place[1] + 1 >= len(ja.blocks[i].get("rows") or []):
            return None
        return i, place[1]

    def entry(self, rule: str) -> dict[str, Any] | None:
        """The entry of one rule id, or None when no part of it names a rule of the reference."""
        anchors = rulesdoc.resolve(self.system, rule, self.known)
        parts: list[dict[str, Any]] = []
        names = _NAME.findall(rule)
        for anchor in anchors:
            place, used = self.where[anchor], None
            for name in names:
                named = self._named(anchor, name)
                if named:
                    place, used, names = named, name, [n for n in names if n != name]
                    break
            parts.append(self._part(anchor, place, used))
        if not parts:
            return None
        parts = self._drop_enclosing(parts)
        quote = self._quote(rule, parts)
        name_ja = next(iter(_NAME.findall(rule)), None)
        text_ja = None if any(p["text_ja"] is None for p in parts) \
            else " ".join(p["text_ja"] for p in parts)
        options = [{"key": o["key"], "label_ja": o.get("label_ja", ""),
                    "label_en": o.get("label_en", ""), "default": o.get("default"),
                    "kind": o.get("kind"), "choices": o.get("choices", []),
                    "rule": o.get("rule", "")}
                   for o in self.options if self._governs(o.get("rule") or "", anchors)]
        tag_list = list(dict.fromkeys(t for p in parts for t in p["tags"]))
        return {
            "ruleset": self.system, "rule": rule, "anchors": [p["anchor"] for p in parts],
            "parts": parts, "text_en": " ".join(p["text"] for p in parts),
            "name_ja": name_ja, "text_ja": text_ja, "text_ja_is_english": text_ja is None,
            "tags": tag_list, "seed": quote, "options": options,
        }

    def _drop_enclosing(self, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``§16.4 C1``: the clarification C1 itself, not the heading of all of §16.4."""
        out: list[dict[str, Any]] = []
        for k, part in enumerate(parts):
            i = self.where[part["anchor"]][0]
            kind = str(self.blocks[i].get("kind", ""))
            nxt = parts[k + 1] if k + 1 < len(parts) else None
            if nxt and kind.startswith("h") and self._within(i, self.where[nxt["anchor"]][0]):
                continue
            out.append(part)
        return out

    def _within(self, heading: int, block: int) -> bool:
        level = str(self.blocks[heading].get("kind"))
        for j in range(heading + 1, len(self.blocks)):
            kind = str(self.blocks[j].get("kind", ""))
            if kind.startswith("h") and kind <= level:
                return False
            if j == block:
                return True
        return False

    def _governs(self, option_rule: str, anchors: list[str]) -> bool:
        theirs = rulesdoc.resolve(self.system, option_rule, self.known)
        return bool(set(theirs) & set(anchors))

    def _quote(self, rule: str, parts: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The seed quote kept for this rule id, else for its most specific anchor."""
        for key in (rule, *reversed([p["anchor"] for p in parts])):
            if key in self.quotes:
                return dict(self.quotes[key])
        return None

