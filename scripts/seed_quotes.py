"""Pick the seed's own sentence for each [seed] rule and keep it in the repository.

A maintainer's tool, run with the seed texts at hand (``--seeds DIR``, by default
``../shared/seeds``); it writes ``docs/rules/seed-quotes/<system>.json`` (the seed's title, and
rule id → short Japanese quote and its place in the seed text), which the rule index reads at
build and run time, so neither needs the seeds. A quote is picked only on strong evidence: a
「…」 quotation in the spec entry found verbatim in the seed, else the catalogue name the rule
id carries, else two or more of the entry's Japanese terms (six characters or more in all) in
one sentence.

Each system names its seed in its own ``docs/rules/seed-quotes/<system>-reviewed.json``:
``"_source": {"seed": FILE, "title": …, "title_en": …}`` (the file in ``--seeds``, and what a
reader sees as the quotes' source: the seed's own title, never its file), so a new system adds
its file and edits nothing here.

Picks are guesses; people review them. That file also holds
the reviewed mapping (rule id → the seed's sentence, or ``null``: the seed has no sentence for
that rule) and wins over any pick; its entries are written with ``"reviewed": true``. To fix a
wrong quote, edit that file (give the sentence as the seed words it; its place is found here)
and run this script again.

    PYTHONPATH=pysrc python scripts/seed_quotes.py [--seeds DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_QUOTE = 140
_TERM = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff10-\uff5a]{2,}")
_QUOTED = re.compile(r"「([^」]{4,})」|\"([^\"]*[\u3040-\u9fff][^\"]*)\"")
_BANNER = re.compile(r"-{8,}\s*(\S[^-]*?)\s*-{8,}")


def sentences(text: str) -> list[tuple[str, str]]:
    """(sentence, place) for a seed text: split at lines, 。 and ・; the place is the line
    number, or in a one-line text the banner heading (``---- 概要 ----``) above it."""
    out: list[tuple[str, str]] = []
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        heading = ""
        pieces = _BANNER.split(line) if len(lines) == 1 else [line]
        for k, piece in enumerate(pieces):
            if len(lines) == 1 and k % 2 == 1:
                heading = piece
                continue
            for s in re.split(r"(?<=。)|・|\s{2,}|　", piece):
                s = s.strip()
                if len(s) < 4:
                    continue
                short = out and len(out[-1][0]) < 16 and not out[-1][0].endswith("。")
                if len(lines) > 1 and short:
                    out[-1] = (out[-1][0] + s, out[-1][1])   # a sentence broken over lines
                else:
                    out.append((s, heading if heading else f"line {n}"))
    return out


def _clip(sentence: str, at: int) -> str:
    if len(sentence) <= MAX_QUOTE:
        return sentence
    start = max(0, min(at - 20, len(sentence) - MAX_QUOTE))
    return ("…" if start else "") + sentence[start:start + MAX_QUOTE] + "…"


def pick(entry: dict, found: list[tuple[str, str]]) -> tuple[str, str, str] | None:
    """(quote, place, how) for one entry, or None without strong evidence; ``how`` is
    ``quoted`` (the spec quotes this sentence), ``name`` (it names the catalogue entry) or
    ``terms`` (the closest sentence by the entry's Japanese terms)."""
    text = entry["text_en"]
    for pair in _QUOTED.findall(text):
        quoted = pair[0] or pair[1]
        bare = re.sub(r"\s+", "", quoted.replace("…", ""))
        for sentence, place in found:
            squashed = re.sub(r"\s+", "", sentence)
            if bare[:12] and bare[:12] in squashed:
                return _clip(sentence, 0), place, "quoted"
    name = entry.get("name_ja")
    if name:
        lead = [(s, p) for s, p in found if s.startswith(name) or f"{name} " in s]
        hits = lead or [(s, p) for s, p in found if name in s]
        how = "name" if lead else "terms"   # a sentence led by the name defines it
        return (_clip(hits[0][0], hits[0][0].index(name)), hits[0][1], how) if hits else None
    terms = sorted(set(_TERM.findall(text)), key=len, reverse=True)
    best, score = None, 0
    for sentence, place in found:
        inside = [t for t in terms if t in sentence]
        if len(inside) >= 2 and sum(map(len, inside)) >= 6 and sum(map(len, inside)) > score:
            best = (_clip(sentence, sentence.index(inside[0])), place, "terms")
            score = sum(map(len, inside))
    return best


def _place(where: str) -> dict[str, object]:
    """A place as kept: the seed's banner heading (``section``) or its line number."""
    return {"line": int(where[5:])} if where.startswith("line ") else {"section": where}


def sources(folder: Path) -> dict[str, dict[str, str]]:
    """Each system's seed, by system id: ``_source`` of its ``<system>-reviewed.json``."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("*-reviewed.json")):
        source = json.loads(path.read_text(encoding="utf-8")).get("_source")
        if source:
            out[path.name.removesuffix("-reviewed.json")] = source
    return out


def _reviewed(system: str, folder: Path, found: list[tuple[str, str]], text: str
              ) -> dict[str, dict[str, object] | None]:
    """The reviewed quotes of a system, each placed in the seed (a quote the seed does not hold
    stops the script: a reviewed sentence must be the seed's own)."""
    path = folder / f"{system}-reviewed.json"
    given = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    out: dict[str, dict[str, object] | None] = {}
    whole = re.sub(r"\s+", "", text)
    for rule, quote in given.items():
        if rule.startswith("_"):
            continue
        if quote is None:
            out[rule] = None
            continue
        text = quote["quote"] if isinstance(quote, dict) else str(quote)
        bare = re.sub(r"\s+", "", text.strip("…"))
        # placed at the first sentence holding its start (a quote may run over a line break)
        hit = next(((s, p) for s, p in found if bare[:8] and bare[:8] in re.sub(r"\s+", "", s)),
                   None)
        if hit is None or bare not in whole:
            raise SystemExit(f"{path.name}: {rule}: the seed has no sentence {text!r}")
        out[rule] = {"quote": text, **_place(hit[1]), "how": "reviewed", "reviewed": True}
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the quotes of every system whose seed text is present."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "pysrc"))
    from kassen.rulesindex import disk as rulesindex
    from kassen.rulesindex import why as rulewhy

    out_dir = rulesindex.QUOTES
    out_dir.mkdir(parents=True, exist_ok=True)
    for system, source in sources(out_dir).items():
        path = args.seeds / source["seed"]
        if not path.is_file():
            print(f"{system}: no seed text at {path}", file=sys.stderr)
            continue
        seed = path.read_text(encoding="utf-8")
        found = sentences(seed)
        index = rulewhy.Index(system, rulesindex.blocks(system))
        quotes: dict[str, dict[str, object]] = {}
        for rule in sorted(rulesindex.known_rules(system)):
            entry = index.entry(rule)
            if not entry or "seed" not in entry["tags"]:
                continue
            got = pick(entry, found)
            if got:
                quotes[rule] = {"quote": got[0], **_place(got[1]), "how": got[2],
                                "reviewed": False}
        reviewed = _reviewed(system, out_dir, found, seed)
        for rule, quote in reviewed.items():
            if quote is None:
                quotes.pop(rule, None)
            else:
                quotes[rule] = quote
        data = {"source": {"title": source["title"], "title_en": source["title_en"]},
                "quotes": quotes}
        (out_dir / f"{system}.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
            encoding="utf-8")
        print(f"{system}: {len(quotes)} seed quotes ({len(reviewed)} reviewed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
