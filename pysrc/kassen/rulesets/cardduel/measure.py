"""Measure the §16 figures: ``python -m kassen.rulesets.cardduel.measure [N] [--policies A,B]
[--rb5]`` (``--versus``: careful against bold, seats swapped).

N matches per ordered pairing of the §12.5 samples (careful vs careful by default), seeds
100000+i (1v1) and 200000+i (2v2), every option at its default (``--rb5``: the storm of the
RB5 variant, §6.2.9, compared with the figures §16 gives for the previous defaults). Prints
the figures of §16 beside the specification's."""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from kassen.core import session
from kassen.rulesets.cardduel.samples import MAGES, WARRIORS

SPEC = {
    "1v1": {"score": "アキラ 51.6, ユウ 44.6, レン 53.8", "battles": "2.60 (3, 4)",
            "rounds": "5.79", "adv": "8", "ends": "47 / 38 / 10 / 4 / 1",
            "match": "74.1 / 25.7 / 0.2", "decided": "85.8 / 11.1 / 3.1",
            "pool": "14.4 (40)", "storm_ko": "80.2 (32.8)", "storm_upset": "23.6"},
    "2v2": {"score": "アキラ+ミナ 41.3, アキラ+サクラ 42.3, ユウ+ミナ 47.6, ユウ+サクラ 45.4, "
                     "レン+ミナ 62.7, レン+サクラ 60.7", "battles": "3.06 (3, 4)",
            "rounds": "6.78", "adv": "8", "ends": "85 / 3 / 8 / 3 / 0",
            "match": "74.3 / 25.7 / 0", "decided": "75.4 / 21.8 / 2.8",
            "pool": "29.4 (66)", "storm_ko": "99.5 (84.4)", "storm_upset": "5.6"},
}
"""§16's figures under the current defaults (the seed's storm)."""
SPEC_RB5 = {
    "1v1": {**SPEC["1v1"], "score": "アキラ 52.5, ユウ 43.7, レン 53.8",
            "decided": "79.0 / 15.7 / 5.3", "pool": "8.7 (30)", "storm_ko": "25.4 (11.1)",
            "storm_upset": "1.6"},
    "2v2": {**SPEC["2v2"], "score": "アキラ+ミナ 41.6, アキラ+サクラ 42.3, ユウ+ミナ 47.7, "
                                    "ユウ+サクラ 45.3, レン+ミナ 62.4, レン+サクラ 60.7",
            "decided": "77.9 / 19.2 / 2.9", "pool": "18.2 (56)", "storm_ko": "28.1 (15.6)",
            "storm_upset": "0.9"},
}
"""§16's figures under the previous defaults, the storm of the RB5 variant (6.2.9)."""


def pool(kind: str) -> dict[str, str]:
    """The sample sides of one line-up."""
    if kind == "1v1":
        return dict(WARRIORS)
    return {f"{w}+{m}": f"{wt} + {mt}" for w, wt in WARRIORS.items() for m, mt in MAGES.items()}


def measure(kind: str, n: int, policies: list[str], options: dict[str, Any] | None = None,
            base: int | None = None) -> dict[str, Any]:
    """Play every ordered pairing ``n`` times and gather the §16 statistics."""
    sides = pool(kind)
    base = base if base is not None else (100000 if kind == "1v1" else 200000)
    score: Counter[str] = Counter()
    games: Counter[str] = Counter()
    battles: list[int] = []
    rounds = 0
    max_adv = 0
    ends: Counter[str] = Counter()
    match: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    pools: list[int] = []
    storm_ko = storm_both = storm_upset = 0
    for a, ta in sides.items():
        for b, tb in sides.items():
            if a == b:
                continue
            for i in range(n):
                prepared = session.prepare("cardduel", [ta, tb], options or {},
                                           str(base + i), policies=policies)
                out = session.run(prepared)
                st = out.battle.state
                res = out.result
                for side, name in ((0, a), (1, b)):
                    games[name] += 1
                    if res.winner is None:
                        score[name] += 0.5
                    elif res.winner == side:
                        score[name] += 1
                battles.append(st.battle)
                rounds += st.rounds_total
                max_adv = max(max_adv, st.max_adv)
                ends.update(st.battle_ends)
                match[st.ended_by] += 1
                decided[res.reason] += 1
                for s in st.storms:
                    pools.append(s.pool)
                    storm_ko += s.knocked > 0
                    storm_both += s.knocked == len(st.warriors)
                storm_upset += upset(st, res)
    total = len(battles)
    nb = sum(battles)
    battles.sort()
    pct = lambda c, t: 100.0 * c / max(1, t)  # noqa: E731
    return {
        "score": ", ".join(f"{k} {pct(score[k], games[k]):.1f}" for k in sides),
        "battles": f"{nb / total:.2f} ({battles[total // 2]}, {battles[int(total * 0.9)]})",
        "rounds": f"{rounds / nb:.2f}",
        "adv": str(max_adv),
        "ends": " / ".join(f"{pct(ends[k], nb):.0f}" for k in
                           ("round_cap", "rights", "storm", "withdrawal", "stall"))
                + f" (knockout {pct(ends['knockout'], nb):.0f})",
        "match": " / ".join(f"{pct(match[k], total):.1f}" for k in ("knockout", "storm", "cap")),
        "decided": " / ".join(f"{pct(decided[k], total):.1f}"
                              for k in ("knockout", "damage", "draw")),
        "pool": f"{sum(pools) / max(1, len(pools)):.1f} ({max(pools, default=0)})",
        "storm_ko": f"{pct(storm_ko, len(pools)):.1f} ({pct(storm_both, len(pools)):.1f})",
        "storm_upset": f"{pct(storm_upset, len(pools)):.1f}",
        "matches": total,
    }


def upset(st: Any, res: Any) -> bool:
    """Whether a storm knocked a warrior out and that gave the match, on defeats, to a side
    that had not dealt more damage than the other (§16)."""
    knocked = any(s.knocked for s in st.storms)
    if not knocked or st.ended_by != "storm" or res.reason != "knockout" or res.winner is None:
        return False
    return bool(st.dealt[res.winner] <= st.dealt[1 - res.winner])


def versus(kind: str, n: int) -> tuple[float, float]:
    """Careful against bold over every pairing of the samples (mirrors included), seats
    swapped: (careful %, bold %) of the games, the rest draws (§16)."""
    sides = list(pool(kind).values())
    base = 300000 if kind == "1v1" else 400000
    wins = {"careful": 0, "bold": 0}
    games = 0
    for ta in sides:
        for tb in sides:
            for i in range(n):
                for seats in (["careful", "bold"], ["bold", "careful"]):
                    prepared = session.prepare("cardduel", [ta, tb], {}, str(base + i),
                                               policies=seats)
                    res = session.run(prepared).result
                    games += 1
                    if res.winner is not None:
                        wins[seats[res.winner]] += 1
    return 100.0 * wins["careful"] / games, 100.0 * wins["bold"] / games


LABELS = {"score": "score % by sample", "battles": "battles per match (median, p90)",
          "rounds": "rounds per battle", "adv": "largest advantage in one battle",
          "ends": "battles ended by cap / rights / storm / withdrawal / stall %",
          "match": "matches ended by knockout / storm / cap %",
          "decided": "decided by defeats / damage / draw %", "pool": "storm pool S mean (max)",
          "storm_ko": "storms that knock a warrior out % (both warriors)",
          "storm_upset": "storms whose knockout gives the match to a side not ahead on damage %"}


def main(argv: list[str]) -> int:
    """Print both line-ups' figures beside the specification's."""
    n = int(argv[0]) if argv and argv[0].isdigit() else 200
    policies = ["careful", "careful"]
    if "--policies" in argv:
        policies = argv[argv.index("--policies") + 1].split(",")
    if "--versus" in argv:
        spec = {"1v1": "47.7 / 49.2", "2v2": "47.0 / 50.2"}
        for kind in ("1v1", "2v2"):
            c, b = versus(kind, n)
            print(f"careful vs bold {kind}: ours {c:.1f} / {b:.1f}   spec {spec[kind]}")
        return 0
    rb5 = "--rb5" in argv
    spec = SPEC_RB5 if rb5 else SPEC
    options = {"storm_variant": "rb5"} if rb5 else {}
    for kind in ("1v1", "2v2"):
        start = time.perf_counter()
        got = measure(kind, n, policies, options)
        took = time.perf_counter() - start
        print(f"== {kind}: {got['matches']} matches, {policies}, "
              f"{got['matches'] / took:.0f} matches/s")
        for key, label in LABELS.items():
            print(f"  {label}\n    ours: {got[key]}\n    spec: {spec[kind][key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
