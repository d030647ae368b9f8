"""The rules reference: the specifications in ``docs/rules/`` cut into blocks with anchors.

The build (``scripts/build_site.py``) turns each system's Markdown into a list of blocks the
rules page draws as text (never as HTML), each with the anchors of the rule it states. An
anchor is derived from the rule's own id, so it stays stable while the text around it
changes, and a later "why" panel can link a log line's rule id to it:

* a numbered heading or a paragraph / list item that starts with a rule number:
  ``<system>-<number>`` — ``marguerite-R8.5``, ``skirmish-16.4``, ``cardduel-5.1.0``
  (a leading ``§`` is dropped);
* a paragraph, list item or table row led by a lettered id (``**D7 — …**``, ``**A1. …**``,
  ``| N11 | …``) or a numbered table row (``| 3 | …`` in a list of ambiguities):
  ``<system>-<section>-<id>`` with the enclosing top-level section number
  (``skirmish-16-D7``, ``skirmish-14-3``), and also ``<system>-<id>`` when that id occurs
  once in the system's documents (``dice-A7``, ``dice-N11``).

The first block that claims an anchor keeps it. A Japanese edition (``docs/rules/ja/``) has
the same structure, so its blocks get the same anchors; its seed quotations (lines
``> 「…」（『…』より）`` under a ``[seed]`` rule) are blocks of kind ``quote``, which claim no
anchor and are not part of the rule's text. A path to a seed text (``../seeds/000_….txt``)
is shown as the seed's title: readers never see a path. Pure functions, no file access.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s+(.*)$")
# a rule number at the start of a block: R8.5, 5.1.0, §7.2 (a bare "5" only in headings)
_NUMBER = re.compile(r"^§?(R\d+(?:\.\d+)*|\d+(?:\.\d+)+)[a-z]?\.?(?=[\s*]|$)")
_SECTION = re.compile(r"^§?(\d+(?:\.\d+)*)\.?(?=\s|$)")
_LETTERED = re.compile(r"^\*\*\s*([A-Z]{1,2}\d+)(?=[\s.:—*-])")
_ROW_ID = re.compile(r"^(?:#?(\d+)|([A-Z]{1,2}\d+))$")
# a path to a seed text, with its backquotes: "`../seeds/000_8b3d8b66bb161371.txt`"
_SEED_PATH = re.compile(r"`?(?:\.\./)*(?:shared/)?seeds/\d{3}_[0-9a-f]+\.txt`?")


@dataclass
class Block:
    """One drawable piece of a document: a heading, paragraph, list item, code or table."""

    kind: str                      # "h2".."h6", "p", "li", "pre", "table", "quote"
    text: str = ""
    rows: list[list[str]] = field(default_factory=list)   # tables only; the first is the head
    anchors: list[str] = field(default_factory=list)
    row_anchors: list[list[str]] = field(default_factory=list)
    keys: list[tuple[str, str]] = field(default_factory=list)  # (section, lettered id)
    lang: str = ""                 # set on a block that stands in for a missing translation

    def to_json(self) -> dict[str, object]:
        """The block as the rules page reads it."""
        out: dict[str, object] = {"kind": self.kind}
        if self.lang:
            out["lang"] = self.lang
        if self.kind == "table":
            out["rows"] = self.rows
            out["row_anchors"] = self.row_anchors
        else:
            out["text"] = self.text
        if self.anchors:
            out["anchors"] = self.anchors
        return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _is_rule_line(line: str) -> bool:
    return bool(re.fullmatch(r"\|?[\s:|-]+\|?", line.strip())) and "-" in line


def _split(markdown: str) -> list[Block]:
    """Cut Markdown into blocks (no anchors yet)."""
    blocks: list[Block] = []
    code: list[str] | None = None
    table: Block | None = None
    joined = False  # the line before continues a paragraph or list item
    quoting = False  # the line before is a quotation line
    for line in markdown.split("\n"):
        if line.startswith("```") or line.lstrip().startswith("|"):
            joined = quoting = False
        if line.startswith("```"):
            if code is not None:
                blocks.append(Block("pre", "\n".join(code)))
                code = None
            else:
                code = []
            continue
        if code is not None:
            code.append(line)
            continue
        if line.lstrip().startswith("|"):
            if table is None:
                table = Block("table")
                blocks.append(table)
            if not _is_rule_line(line):
                cells = _cells(line)
                width = len(table.rows[0]) if table.rows else len(cells)
                if len(cells) > width:  # a "|" inside a cell (|i−j|) rejoins its cell
                    cells = [*cells[:width - 1], " | ".join(cells[width - 1:])]
                table.rows.append(cells)
            continue
        table = None
        if line.lstrip().startswith(">"):   # a quotation (the seed's own sentence)
            text = line.lstrip()[1:].strip()
            if quoting and text:
                blocks[-1].text += " " + text
            elif text:
                blocks.append(Block("quote", text))
            quoting, joined = bool(text), False
            continue
        quoting = False
        if re.fullmatch(r"\s*(?:-{3,}|\*{3,}|_{3,})\s*", line):   # a thematic break
            joined = False
            continue
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if heading:
            blocks.append(Block(f"h{min(6, len(heading.group(1)) + 1)}", heading.group(2).strip()))
        elif item:
            blocks.append(Block("li", item.group(1).strip()))
        elif line.strip():
            if joined and not _starts_rule(line.strip()):
                blocks[-1].text += " " + line.strip()   # a wrapped line of the same paragraph
            else:
                blocks.append(Block("p", line.strip()))
        joined = bool(line.strip()) and blocks[-1].kind in ("p", "li") and not heading
    return blocks


def _starts_rule(text: str) -> bool:
    return bool(_NUMBER.match(text) or _LETTERED.match(text))


def _mark(blocks: list[Block]) -> None:
    """Give each block its rule number and lettered keys (section, id)."""
    section = ""
    for block in blocks:
        if block.kind.startswith("h"):
            found = _SECTION.match(block.text)
            if found:
                block.anchors.append(found.group(1))
                section = found.group(1).split(".")[0]
            continue
        if block.kind in ("p", "li"):
            found = _NUMBER.match(block.text)
            if found:
                block.anchors.append(found.group(1))
                continue
            lettered = _LETTERED.match(block.text)
            if lettered:
                block.keys.append((section, lettered.group(1)))
        elif block.kind == "table":
            for row in block.rows[1:]:
                cell = _ROW_ID.match(row[0].strip("*")) if row else None
                block.keys.append((section, (cell.group(1) or cell.group(2)) if cell else ""))


def document(system: str, texts: Iterable[str], title: str = "",
             stand_in: Iterable[int] = (), stand_in_lang: str = "en") -> list[dict[str, object]]:
    """The blocks of a system's documents (its specification, then any companion such as
    ``dice-ambiguities``) with anchors, as JSON-ready dicts. ``title`` names the seed text
    wherever a document gives its path; the blocks of the documents numbered in ``stand_in``
    are marked as written in ``stand_in_lang`` (an English file standing in for a missing
    translation)."""
    blocks: list[Block] = []
    standing = set(stand_in)
    for n, text in enumerate(texts):
        part = _split(_SEED_PATH.sub(f"『{title}』" if title else "the seed text", text))
        _mark(part)  # sections restart in each document
        for block in part:
            block.lang = stand_in_lang if n in standing else ""
        blocks += part
    counts = Counter(key for b in blocks for _, key in b.keys if key)
    taken: set[str] = set()

    def claim(names: list[str]) -> list[str]:
        fresh = [f"{system}-{n}" for n in names if f"{system}-{n}" not in taken]
        taken.update(fresh)
        return fresh

    def lettered(section: str, key: str) -> list[str]:
        names = [f"{section}-{key}"] if section else []
        if counts[key] == 1 and not key.isdigit():
            names.append(key)
        return claim(names)

    for block in blocks:
        block.anchors = claim(block.anchors)
        if block.kind == "table":
            block.row_anchors = [lettered(s, k) if k else [] for s, k in block.keys]
            continue
        for section, key in block.keys:
            block.anchors += lettered(section, key)
    return [b.to_json() for b in blocks]


def anchors(blocks: Iterable[Mapping[str, object]]) -> set[str]:
    """Every anchor of a document made by :func:`document`."""
    out: set[str] = set()
    for block in blocks:
        out.update(block.get("anchors", []) or [])  # type: ignore[arg-type]
        for row in block.get("row_anchors", []) or []:  # type: ignore[attr-defined]
            out.update(row)
    return out


def _parents(number: str) -> list[str]:
    """``5.3.2c`` → ``5.3.2``, ``5.3``; ``6.4.5`` → ``6.4``: the rules that enclose a sub-rule
    the documents do not mark on their own."""
    if not re.fullmatch(r"R?\d+(?:\.\d+)+[a-z]?", number):
        return []
    out = [number[:-1]] if number[-1].isalpha() else []
    parts = (out[0] if out else number).split(".")
    out += [".".join(parts[:i]) for i in range(len(parts) - 1, 1, -1)]
    return out


def resolve(system: str, reference: str, known: set[str]) -> list[str]:
    """The anchors a rule reference names, in order (``"§16 D2"`` → ``skirmish-16-D2``,
    ``"D1/A7"`` → ``dice-D1``, ``dice-A7``); parts with no anchor are left out."""
    out: list[str] = []
    section = ""
    for token in re.split(r"[\s/,]+", reference):
        token = token.strip("()")
        whole = re.fullmatch(r"§(\d+)", token)
        if whole:
            section = whole.group(1)
        name = token.lstrip("§#")
        tries = [f"{system}-{section}-{name}"] if section and not token.startswith("§") else []
        tries.append(f"{system}-{name}")
        tries += [f"{system}-{parent}" for parent in _parents(name)]
        for anchor in tries:
            if anchor in known and anchor not in out:
                if section and anchor == tries[0] and out and out[-1] == f"{system}-{section}":
                    out.pop()  # "§16 D2": the decision itself, not its whole section
                out.append(anchor)
                break
        if not whole:
            section = ""
    return out
