"""Pick the seed's own sentence for each [seed] rule and keep it in the repository.

A maintainer's tool, run with the seed texts at hand (``--seeds DIR``, by default
``../shared/seeds``); it writes ``docs/rules/seed-quotes/<system>.json`` (rule id → short
Japanese quote and its place in the seed text), which the rule index reads at build and run
time, so neither needs the seeds. A quote is taken only on strong evidence: a 「…」 quotation
in the spec entry found verbatim in the seed, else the catalogue name the rule id carries,
else two or more of the entry's Japanese terms (six characters or more in all) in one sentence.

    PYTHONPATH=pysrc python scripts/seed_quotes.py [--seeds DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {"marguerite": "000_8b3d8b66bb161371.txt", "cardduel": "001_7e971a4131a140fe.txt",
         "dice": "002_9c79e8ee060af20a.txt", "skirmish": "004_04b7af238abfa0ab.txt"}
# what a reader sees as the place of a quote (the seed's own title), beside its line/section
TITLES = {"marguerite": "マーガレット2011α ルール", "cardduel": "対戦判定ルール(α版)",
          "dice": "サイコロバトル ルール", "skirmish": "戦闘の進行"}
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
                    out.append((s, f"「{heading}」" if heading else f"line {n}"))
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


def main(argv: list[str] | None = None) -> int:
    """Write the quotes of every system whose seed text is present."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "pysrc"))
    from kassen import rulesindex
    from kassen.core import rulewhy

    out_dir = rulesindex.QUOTES
    out_dir.mkdir(parents=True, exist_ok=True)
    for system, name in SEEDS.items():
        path = args.seeds / name
        if not path.is_file():
            print(f"{system}: no seed text at {path}", file=sys.stderr)
            continue
        found = sentences(path.read_text(encoding="utf-8"))
        index = rulewhy.Index(system, rulesindex.blocks(system))
        quotes: dict[str, dict[str, str]] = {}
        for rule in sorted(rulesindex.known_rules(system)):
            entry = index.entry(rule)
            if not entry or "seed" not in entry["tags"]:
                continue
            got = pick(entry, found)
            if got:
                where = got[1]
                if where.startswith("line "):
                    where = where[5:] + "行目"
                quotes[rule] = {"quote": got[0], "place": f"{TITLES[system]} {where}",
                                "file": name, "how": got[2]}
        (out_dir / f"{system}.json").write_text(
            json.dumps(quotes, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
            encoding="utf-8")
        print(f"{system}: {len(quotes)} seed quotes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
