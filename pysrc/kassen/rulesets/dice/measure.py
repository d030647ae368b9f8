"""Measure the §23 figures: ``python -m kassen.rulesets.dice.measure [battles_per_pair] [seed]``.

Round robin of the five sample sheets (half the battles with each sheet red), then the
single-stat sheets against every sample; prints win rates, lengths, how battles end and the
red advantage beside the specification's figures.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from kassen.core import session
from kassen.rulesets.dice.samples import TYPED

SPEC = {"Balancer": 47.6, "Fortress": 51.0, "Brawler": 45.8, "Gambler": 47.0, "Striker": 55.1}
DEGENERATE = {
    "AllAtk": "name: AllAtk; atk: 20",
    "AllDef": "name: AllDef; def: 20",
    "AllAgi": "name: AllAgi; agi: 10",
    "AllLP": "name: AllLP",
}


def play(red: str, blue: str, seed: str, options: dict[str, Any]) -> tuple[int | None, str, int]:
    """One battle, ``red`` sheet first (red under the default side option)."""
    prepared = session.prepare("dice", [red, blue], {**options, "sides": "entry"}, seed)
    outcome = session.run(prepared)
    r = outcome.result
    return r.winner, r.reason, r.turn


def pair(a: str, b: str, n: int, seed: str, options: dict[str, Any]) -> dict[str, Any]:
    """``n`` battles, half with ``a`` red and half with ``b`` red."""
    wins = [0, 0]
    red_wins = blue_wins = 0
    turns: list[int] = []
    reasons: dict[str, int] = {}
    for i in range(n):
        a_red = i % 2 == 0
        w, reason, t = play(a if a_red else b, b if a_red else a, f"{seed}-{i}", options)
        turns.append(t)
        reasons[reason] = reasons.get(reason, 0) + 1
        if w is None:
            continue
        red_wins += w == 0
        blue_wins += w == 1
        wins[0 if (w == 0) == a_red else 1] += 1
    return {"wins": wins, "turns": turns, "reasons": reasons, "red": red_wins,
            "blue": blue_wins}


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 200
    seed = argv[1] if len(argv) > 1 else "measure"
    options: dict[str, Any] = {}
    start = time.perf_counter()
    names = [name for name, _, _ in TYPED]
    texts = {name: text for name, text, _ in TYPED}
    won = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    turns: list[int] = []
    reasons: dict[str, int] = {}
    red = blue = 0
    worst = (0.0, "")
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            res = pair(texts[a], texts[b], n, f"{seed}-{a}-{b}", options)
            won[a] += res["wins"][0]
            won[b] += res["wins"][1]
            played[a] += n
            played[b] += n
            turns += res["turns"]
            red += res["red"]
            blue += res["blue"]
            for key, v in res["reasons"].items():
                reasons[key] = reasons.get(key, 0) + v
            share = 100 * max(res["wins"]) / n
            if share > worst[0]:
                worst = (share, f"{a}-{b} {res['wins'][0]}:{res['wins'][1]}")
    total = len(turns)
    print(f"{'sheet':10s} {'ours':>6s} {'spec':>6s}")
    for name in names:
        print(f"{name:10s} {100 * won[name] / played[name]:6.1f} {SPEC[name]:6.1f}")
    print(f"most lopsided: {worst[1]} ({worst[0]:.1f}%)  spec 67.7-32.3")
    print(f"turns mean {statistics.mean(turns):.1f} median {statistics.median(turns)} "
          f"max {max(turns)}  spec 13.7 / 12 / 50")
    print(f"endings {reasons}  double KO {100 * reasons.get('double_knockout', 0) / total:.2f}% "
          f"(spec 1.7%)")
    print(f"red - blue {100 * (red - blue) / total:+.2f} points (spec +0.87)")
    m = max(1, n * 2 // 5)
    for name, text in DEGENERATE.items():
        w = played_d = 0
        for other in names:
            res = pair(text, texts[other], m, f"{seed}-{name}-{other}", options)
            w += res["wins"][0]
            played_d += m
        print(f"single-stat {name:7s} {100 * w / played_d:5.1f}%  (spec: at most 20.8)")
    print(f"{total + 4 * 5 * m} battles in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
