"""How many matches the adaptive schedule saves against the round robin, by simulation.

Simulated tournaments with known strengths (``tests/ladders/simulate.py``, the Plackett-Luce games of the
calibration tests: neighbours ``--gap`` Elo apart, or each gap drawn from ``--gap .. --gap-max``, in an
order shuffled per run; seats worth 0 to 60 Elo; ``--shared`` luck shared by the games of a pod) are
played pod by pod (``tests/arena/simulate_adaptive.py``) under two schedules:

- the round robin (``arena.schedule.round_robin``, balanced at every prefix), its ladder checked after
  every pod as a host watching it would;
- the adaptive schedule (``arena.adaptive.next_table``), each pod chosen from the results of the pods
  finished ``LAG`` pods before it, as ``arena run --schedule adaptive`` chooses them; ``--schedules``
  names the versions to compare (``adaptive`` is the current one, ``adaptive@1`` the first).

Both stop at the adaptive schedule's own rule: the first pod after which the fit of the tournament has
no provisional bot and every pair of neighbours has a likelihood of superiority of at least
``--confidence``. The adaptive schedule is charged the ``LAG`` pods it has under way when it stops. For
each configuration it prints the mean and median matches to that point, the share of runs that reached
it within the budget, the share that stopped at the first pod the rule allows (the first at which every
bot has ``MIN_PODS`` pods), and, at the stop, the share of runs whose ranking was exactly the truth, the
mean number of neighbour pairs the wrong way round and Kendall's tau to the truth; for each adaptive
schedule, its mean matches over the round robin's with a 95 % interval (the runs resampled in pairs,
each pair on the same strengths) and the number of runs in which it played fewer matches.

    python benchmarks/adaptive_study.py [--runs 40] [--workers 2] [--confidence 0.95] [--gap 100]
        [--schedules adaptive@1,adaptive] [--configs 6x4,8x4] [--lag 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.adaptive import LAG
from arena.schedule import ADAPTIVE_BALANCE, round_tables
from tests.arena.simulate_adaptive import one_run

CONFIGS = [(6, 3), (6, 4), (8, 3), (8, 4), (10, 4), (10, 5)]
"""(bots, seats) of the study."""


def ratio_interval(adaptive: list[float], round_robin: list[float], seed: int) -> tuple[float, float]:
    """A 95 % percentile interval of mean(adaptive) / mean(round robin), resampling the paired runs."""
    rng = np.random.default_rng(seed)
    a, r = np.array(adaptive), np.array(round_robin)
    picks = rng.integers(0, len(a), size=(2000, len(a)))
    ratios = a[picks].mean(axis=1) / r[picks].mean(axis=1)
    return float(np.quantile(ratios, 0.025)), float(np.quantile(ratios, 0.975))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--gap", type=float, default=100.0, help="Elo between neighbours")
    parser.add_argument("--gap-max", type=float, default=0.0, help="gaps drawn from gap .. gap-max")
    parser.add_argument("--shared", type=float, default=0.0, help="luck shared within a pod (0..1)")
    parser.add_argument(
        "--rounds", type=int, default=0, help="budget in round-robin rounds (0: about 400 pods)"
    )
    parser.add_argument("--balance", type=int, default=ADAPTIVE_BALANCE)
    parser.add_argument("--lag", type=int, default=LAG, help="pods under way while the next is chosen")
    parser.add_argument(
        "--schedules", default="adaptive", help="adaptive schedules to compare with the round robin"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--configs", default="", help="e.g. 6x3,8x4 (default: the study's six)")
    args = parser.parse_args()
    configs = (
        [tuple(int(x) for x in c.split("x")) for c in args.configs.split(",")] if args.configs else CONFIGS
    )
    print(
        f"adaptive study: neighbours {args.gap:g}..{max(args.gap, args.gap_max):g} Elo apart, seats 0..60 Elo,"
        f" shared luck {args.shared}, stop at every neighbour >= {args.confidence} with no provisional bot;"
        f" balance {args.balance} pods, lag {args.lag} pods; {args.runs} runs per row, seeds {args.seed}.."
        f"{args.seed + args.runs - 1}"
    )
    print(
        "| bots | seats | schedule | mean matches | median | reached | stopped at the first pod allowed"
        " | exact order | neighbours wrong | Kendall tau | / round robin (95 % interval) | cheaper in |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for bots, seats in configs:
            per_round = len(round_tables([f"b{i}" for i in range(bots)], seats, 1)[0])
            rounds = args.rounds or max(1, -(-400 // per_round))
            base: list[float] = []
            for kind in ("round-robin", *args.schedules.split(",")):
                jobs = [
                    (
                        kind,
                        bots,
                        seats,
                        args.seed + r,
                        args.confidence,
                        args.gap,
                        args.gap_max,
                        args.shared,
                        rounds,
                        args.balance,
                        args.lag,
                    )
                    for r in range(args.runs)
                ]
                rows = list(pool.map(one_run, jobs))
                matches = [r["matches"] for r in rows]
                compared = ""
                if kind == "round-robin":
                    base = matches
                else:
                    low, high = ratio_interval(matches, base, args.seed)
                    ratio = statistics.mean(matches) / statistics.mean(base)
                    fewer = sum(1 for a, r in zip(matches, base, strict=True) if a < r)
                    same = sum(1 for a, r in zip(matches, base, strict=True) if a == r)
                    compared = f" {ratio:.2f} ({low:.2f}-{high:.2f}) | {fewer} of {len(rows)} ({same} equal)"
                print(
                    f"| {bots} | {seats} | {kind} | {statistics.mean(matches):.0f} | {statistics.median(matches):.0f}"
                    f" | {statistics.mean(r['reached'] for r in rows):.2f}"
                    f" | {statistics.mean(r['at_gate'] for r in rows):.2f}"
                    f" | {statistics.mean(r['exact'] for r in rows):.2f}"
                    f" | {statistics.mean(r['wrong'] for r in rows):.2f}"
                    f" | {statistics.mean(r['tau'] for r in rows):.3f} |{compared or ' |'}",
                    flush=True,
                )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
