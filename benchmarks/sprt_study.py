"""Error rates and length of the multiplayer SPRT (``ladders.sprt``) by simulation, against a fixed-length
test with the same error rates.

Simulated duplicate pairs (``tests/ladders/simulate_sprt.py``: Plackett-Luce games, the candidate's and
the baseline's pod on one seed, optional luck shared by the pods of a seed) are fed to the test one pair
at a time until it decides. For each luck model it prints the share of runs that accepted H1 when the
truth is ``elo0`` (alpha), ``elo1`` (1 - beta) and between, the mean and 90th percentile of pairs to a
decision, and the pairs a fixed-length test needs for the same alpha and beta (from the spread of the
estimate at a fixed number of pairs, checked by running that fixed test).

    python benchmarks/sprt_study.py [--runs 1000] [--seats 3] [--elo0 0 --elo1 100] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladders.sprt import Hypotheses, SprtState, Verdict, fixed_length, sprt_state
from tests.ladders.simulate_sprt import BASELINE, CANDIDATE, pairs

LUCK = {"independent games": {}, "seat luck 0.6": {"seat_luck": 0.6}, "bot luck 0.6": {"bot_luck": 0.6}}


def field_of(seats: int) -> list[float]:
    return [float(v) for v in np.linspace(-150, 150, seats - 1)]


def one_run(args: tuple[float, Hypotheses, int, int, str, int]) -> tuple[str, int, float]:
    """One sequential test to its decision (or ``max_pairs``): ``(verdict, pairs, design effect)``."""
    delta, hyp, seed, seats, luck, max_pairs = args
    source = pairs(delta, field_of(seats), seed, seat_elo=list(np.linspace(0, 80, seats)), **LUCK[luck])
    matches: list = []
    start = None
    state: SprtState | None = None
    for _ in range(max_pairs):
        matches += next(source)
        state, start = sprt_state(matches, CANDIDATE, BASELINE, hyp, start=start)
        if state.verdict is not Verdict.CONTINUE:
            break
    assert state is not None
    return state.verdict.value, state.pairs, state.design_effect


def fixed_run(args: tuple[float, Hypotheses, int, int, str, int]) -> float:
    """The estimate of ``delta`` (Elo) after a fixed number of pairs."""
    delta, hyp, seed, seats, luck, count = args
    source = pairs(delta, field_of(seats), seed, seat_elo=list(np.linspace(0, 80, seats)), **LUCK[luck])
    matches = [m for _ in range(count) for m in next(source)]
    state, _ = sprt_state(matches, CANDIDATE, BASELINE, hyp)
    return state.elo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=100.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-pairs", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hyp = Hypotheses(args.elo0, args.elo1, args.alpha, args.beta)
    mid = (hyp.elo0 + hyp.elo1) / 2
    print(
        f"SPRT study: {args.seats} seats, field {field_of(args.seats)} Elo around the baseline, seats worth"
        f" 0..80 Elo; H0 {hyp.elo0:g}, H1 {hyp.elo1:g}, alpha {hyp.alpha}, beta {hyp.beta};"
        f" {args.runs} runs per row"
    )
    print(
        "| luck | true delta | P(accept H1) | mean pairs | 90 % pairs | median D | fixed-length pairs | SPRT / fixed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for luck in LUCK:
            started = time.perf_counter()
            count = 60
            spread = list(
                pool.map(
                    fixed_run,
                    [
                        (mid, hyp, args.seed * 10**6 + 900_000 + r, args.seats, luck, count)
                        for r in range(400)
                    ],
                    chunksize=8,
                )
            )
            sd_per_pair = float(np.std(spread)) * math.sqrt(count)
            fixed = math.ceil(fixed_length(hyp, sd_per_pair))
            for delta in (hyp.elo0, mid, hyp.elo1):
                jobs = [
                    (delta, hyp, args.seed * 10**6 + r, args.seats, luck, args.max_pairs)
                    for r in range(args.runs)
                ]
                runs = list(pool.map(one_run, jobs, chunksize=8))
                accepted = float(np.mean([v == "H1" for v, _, _ in runs]))
                lengths = np.array([n for _, n, _ in runs])
                effect = float(np.median([e for _, _, e in runs]))
                print(
                    f"| {luck} | {delta:g} | {accepted:.3f} | {lengths.mean():.1f} | {np.percentile(lengths, 90):.0f}"
                    f" | {effect:.2f} | {fixed} | {lengths.mean() / fixed:.2f} |",
                    flush=True,
                )
            checks = []
            for delta in (hyp.elo0, hyp.elo1):
                jobs = [
                    (delta, hyp, args.seed * 10**6 + 500_000 + r, args.seats, luck, fixed) for r in range(400)
                ]
                estimates = np.array(list(pool.map(fixed_run, jobs, chunksize=8)))
                checks.append(float(np.mean(estimates > mid)))
            print(
                f"|   | fixed test at {fixed} pairs (accept H1 when the estimate is above {mid:g}):"
                f" P(H1) {checks[0]:.3f} at {hyp.elo0:g}, {checks[1]:.3f} at {hyp.elo1:g}"
                f" ({time.perf_counter() - started:.0f} s) | | | | | | |",
                flush=True,
            )


if __name__ == "__main__":
    main()
