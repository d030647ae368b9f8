"""Measure the §17 figures with this engine: ``python -m kassen.rulesets.skirmish.measure``.

Plays the four sample PCs against each sample encounter over many seeds with the default AI
and prints party win rate, draws and round statistics beside the specification's figures
(§17: 10,000 combats each; an implementation of the §16.2 + §16.4 AI lands within about
1.5 points of them over 5,000+ seeds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from kassen.core import session
from kassen.rulesets.skirmish.samples import ENCOUNTERS, PARTY

SPEC = {"R1": (43.8, 5.35, 5, 15), "R2": (55.7, 6.13, 6, 14), "R3": (59.1, 6.43, 6, 13),
        "test": (99.95, None, None, None)}


def measure(name: str, seeds: int, options: dict[str, Any] | None = None,
            policies: list[str] | None = None, first: int = 0) -> dict[str, Any]:
    """Party wins, draws and round statistics of one encounter over ``seeds`` seeds
    (``m<first>`` … ``m<first + seeds − 1>``)."""
    wins = draws = 0
    rounds: list[int] = []
    reasons: dict[str, int] = {}
    for seed in range(first, first + seeds):
        prepared = session.prepare("skirmish", [PARTY, ENCOUNTERS[name]], options or {},
                                   f"m{seed}", policies=policies)
        result = session.run(prepared).result
        wins += result.winner == 0
        draws += result.winner is None
        rounds.append(result.turn)
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
    return {"encounter": name, "combats": seeds, "party_wins": 100.0 * wins / seeds,
            "draws": 100.0 * draws / seeds, "rounds_mean": statistics.mean(rounds),
            "rounds_median": statistics.median(rounds), "rounds_max": max(rounds),
            "reasons": reasons}


HEAVY = ("M{i} hp=999 mp=999 ini=40 acc=40 eva=40 mag=40 arm=40 res=40 wpn=staff "
         "ab=heal,sleep,fire_bolt,ice_storm,wind_cutter,holy_light,dark_bolt,magic_blade,"
         "power_attack,sweep,guard,stone_skin,fly it=potion*9,ruby*9,mana_potion*9,bell*9,"
         "sapphire*9,emerald*9,topaz*9,diamond*9,onyx*9")
"""A validator-maximum member with every ability and item: the AI's worst case per member."""


def cost(options: dict[str, Any], light: bool = False) -> dict[str, Any]:
    """CPU seconds of one 12 v 12 battle of :data:`HEAVY` members (``light``: Heal and Sleep
    only), the AI-cost benchmark of issue 13 §3."""
    member = HEAVY.split(" ab=")[0] + " ab=heal,sleep" if light else HEAVY
    side = "; ".join(member.format(i=i) for i in range(12))
    start = time.process_time()
    prepared = session.prepare("skirmish", [side, side], options, "xo1:cost")
    result = session.run(prepared).result
    return {"cpu_s": round(time.process_time() - start, 2), "rounds": result.turn,
            "reason": result.reason}


def main(argv: list[str] | None = None) -> int:
    """Print the table of §17 side by side with the specification's numbers."""
    parser = argparse.ArgumentParser(prog="python -m kassen.rulesets.skirmish.measure")
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--first", type=int, default=0, help="first seed number")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--cost", choices=("heavy", "light"),
                        help="time one 12 v 12 maximum-stat battle instead")
    parser.add_argument("encounters", nargs="*", default=list(SPEC))
    args = parser.parse_args(argv)
    options: dict[str, Any] = {k: int(v) if v.isdigit() else v
                               for k, v in (o.split("=", 1) for o in args.option)}
    if args.cost:
        print(options, cost(options, args.cost == "light"))
        return 0
    print(f"{'enc':5s} {'party%':>7s} {'spec%':>6s} {'draw%':>6s} {'mean':>5s} {'med':>4s} "
          f"{'max':>4s}  spec(mean/med/max)  combats/s")
    for name in args.encounters:
        start = time.perf_counter()
        row = measure(name, args.seeds, options, first=args.first)
        rate = args.seeds / (time.perf_counter() - start)
        spec = SPEC[name]
        print(f"{name:5s} {row['party_wins']:7.1f} {spec[0]:6.1f} {row['draws']:6.1f} "
              f"{row['rounds_mean']:5.2f} {row['rounds_median']:4.0f} {row['rounds_max']:4d}"
              f"  {spec[1]}/{spec[2]}/{spec[3]}  {rate:8.1f}  {row['reasons']}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
