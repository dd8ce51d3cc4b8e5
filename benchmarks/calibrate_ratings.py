"""Calibration study of the ladder ratings: simulated tournaments with known strengths, fitted.

Prints one table per question the ratings must answer:
95 % coverage at few and at 20-33 pods, an unbeaten bot at 16 to 1,024 games, a bot 700 Elo above an
equal field that won every game, a bot with one pod, tie compression, and the error of the live rating
after 2,000 matches. Tournaments are round robins from ``arena.schedule`` played by the model itself
(``tests/ladders/simulate.py``: Plackett-Luce, Davidson-Luce ties, optional shared noise within a pod).

    python benchmarks/calibrate_ratings.py [--reps 400] [--seed 1] [--only coverage,unbeaten,...]

``rate()`` is the only place that calls the fit, so another implementation can be measured on the same
tournaments by replacing it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladders.fit import ELO_PER_NAT, Prior, fit_ladder
from ladders.records import RatedMatch
from tests.ladders.simulate import simulate


@dataclass(frozen=True, slots=True)
class Rated:
    """What the study reads of a fit: per bot ``(rating, low, high, kind)``, and the bots whose mean is
    the ladder's 1500."""

    bots: dict[str, tuple[float, float, float, str]]
    reference: tuple[str, ...]


def rate(matches: Sequence[RatedMatch], prior: Prior | None = None) -> Rated:
    st = fit_ladder(matches, prior=prior)
    return Rated({b.bot: (b.rating, b.low, b.high, b.side.value) for b in st.bots}, st.reference)


Rater = Callable[[Sequence[RatedMatch]], Rated]


def spread_field(bots: int, width: float = 400.0) -> dict[str, float]:
    return {f"bot{i}": float(v) for i, v in enumerate(np.linspace(1500 - width / 2, 1500 + width / 2, bots))}


def truth_on_anchor(elo: dict[str, float], rated: Rated) -> dict[str, float]:
    centre = float(np.mean([elo[b] for b in rated.reference]))
    return {b: 1500.0 + v - centre for b, v in elo.items()}


def coverage(
    rater: Rater, seats: int, bots: int, pods: int, shared: float, reps: int, seed: int, width: float = 400.0
) -> float:
    elo = spread_field(bots, width)
    hits = []
    for r in range(reps):
        rated = rater(
            simulate(elo, seats, pods, seed + r, seat_elo=list(np.linspace(0, 60, seats)), shared=shared)
        )
        truth = truth_on_anchor(elo, rated)
        hits += [lo <= truth[b] <= hi for b, (_, lo, hi, _) in rated.bots.items()]
    return float(np.mean(hits))


def coverage_table(rater: Rater, reps: int, seed: int) -> None:
    print("\n95 % interval coverage (share of bot intervals holding the true rating)")
    print(f"{reps} tournaments per row; strengths evenly over 400 Elo; seats worth 0..60 Elo")
    print("| seats | bots | pods | independent games | correlated within pods |")
    print("|---|---|---|---|---|")
    for seats, bots, pods in [
        (5, 6, 4),
        (4, 5, 5),
        (3, 6, 6),
        (3, 6, 20),
        (5, 7, 21),
        (4, 6, 30),
        (6, 7, 33),
    ]:
        row = [coverage(rater, seats, bots, pods, shared, reps, seed) for shared in (0.0, 0.7)]
        print(f"| {seats} | {bots} | {pods} | {row[0]:.3f} | {row[1]:.3f} |", flush=True)


def prior_table(reps: int, seed: int) -> None:
    print("\nThe prior's width: coverage with wide fields (where one-sided bounds are common)")
    print("| field | seats | pods | prior sd 200 | prior sd 400 | prior sd 800 |")
    print("|---|---|---|---|---|---|")
    for bots, width, seats, pods in [
        (5, 1200.0, 4, 5),
        (5, 1200.0, 4, 10),
        (6, 800.0, 3, 5),
        (6, 800.0, 3, 10),
    ]:
        row = []
        for sd in (200.0, 400.0, 800.0):
            prior = Prior(sd, sd)
            row.append(coverage(lambda m, p=prior: rate(m, p), seats, bots, pods, 0.0, reps, seed, width))
        cells = " | ".join(f"{c:.3f}" for c in row)
        print(f"| {bots} bots over {width:.0f} Elo | {seats} | {pods} | {cells} |", flush=True)


def unbeaten(rounds: int, seed: int) -> list[RatedMatch]:
    """5 bots at 4 seats; ``ace`` places first in every game it plays, the others are equal."""
    out = []
    for m in simulate({"ace": 0.0, "w": 0.0, "x": 0.0, "y": 0.0, "z": 0.0}, 4, 5 * rounds, seed):
        if "ace" in m.bots:
            ace = m.bots.index("ace")
            out.append(
                RatedMatch(
                    m.pod,
                    m.bots,
                    tuple(1 if s == ace else p + (p < m.places[ace]) for s, p in enumerate(m.places)),
                )
            )
        else:
            out.append(m)
    return out


def unbeaten_table(rater: Rater, seed: int) -> None:
    print("\nAn unbeaten bot (wins every game it plays against 4 equal bots, 4 seats)")
    print("| games | ace rating | interval or bound |")
    print("|---|---|---|")
    for rounds in (1, 4, 16, 64):
        rated = rater(unbeaten(rounds, seed))
        rating, low, high, kind = rated.bots["ace"]
        shown = f"at least {low:.0f}" if kind == "at least" else f"{low:.0f} .. {high:.0f}"
        print(f"| {16 * rounds} | {rating:.0f} | {shown} |", flush=True)


def all_won_table(rater: Rater, reps: int, seed: int) -> None:
    elo = {"ace": 2200.0, "w": 1500.0, "x": 1500.0, "y": 1500.0, "z": 1500.0}
    held, held_when_all_won, bounds = [], [], []
    for r in range(reps):
        matches = simulate(elo, 4, 5, seed + r)
        rated = rater(matches)
        truth = truth_on_anchor(elo, rated)["ace"]
        _, low, high, _ = rated.bots["ace"]
        held.append(low <= truth <= high)
        if all(m.places[m.bots.index("ace")] == 1 for m in matches if "ace" in m.bots):
            held_when_all_won.append(low <= truth <= high)
            bounds.append(low - 1500.0)
    print("\nA bot 700 Elo above 4 equal bots, 16 games each (one round, 4 seats)")
    print(f"won every game in {len(held_when_all_won)} of {reps} tournaments;")
    print(
        f"coverage when it won every game: {np.mean(held_when_all_won):.3f} (bound over the field: median "
        f"{np.median(bounds):+.0f}, truth +700); coverage over all tournaments: {np.mean(held):.3f}"
    )


def one_pod_table(rater: Rater, reps: int, seed: int) -> None:
    elo = spread_field(5)
    field = list(elo)
    new_hits, other_hits = [], []
    for r in range(reps):
        matches = simulate(elo, 4, 20, seed + r) + simulate(
            {**elo, "new": 1600.0}, 4, 1, seed + 10_000 + r, bots=["new", *field[r % 5 : r % 5 + 3]]
        )
        rated = rater(matches)
        truth = truth_on_anchor({**elo, "new": 1600.0}, rated)
        for b, (_, lo, hi, _) in rated.bots.items():
            (new_hits if b == "new" else other_hits).append(lo <= truth[b] <= hi)
    print("\nA newcomer with one pod (4 games) beside 5 bots with 16 pods each")
    print(f"coverage of the newcomer: {np.mean(new_hits):.3f}; of the other bots: {np.mean(other_hits):.3f}")


def spread(rater: Rater, matches: Sequence[RatedMatch], elo: dict[str, float]) -> float:
    rated = rater(matches)
    names = sorted(rated.bots)
    fitted = np.array([rated.bots[b][0] for b in names])
    truth = np.array([elo[b] for b in names])
    return float(np.polyfit(truth - truth.mean(), fitted - fitted.mean(), 1)[0])


def ties_table(rater: Rater, seed: int) -> None:
    elo = dict(zip("abcdef", np.linspace(1200, 1800, 6), strict=True))
    print("\nTies: fitted spread / true spread (6 bots over 600 Elo, 4,000 pods)")
    print("| seats | Davidson-Luce tie weights | tied matches | spread |")
    print("|---|---|---|---|")
    for seats, ties in [(3, {2: 0.6}), (3, {2: 1.5, 3: 0.8}), (4, {2: 0.3}), (4, {2: 0.6, 3: 0.3})]:
        matches = simulate(elo, seats, 4000, seed, ties=ties)
        share = np.mean([len(set(m.places)) < seats for m in matches])
        print(f"| {seats} | {ties} | {share:.2f} | {spread(rater, matches, elo):.3f} |", flush=True)


def live_table(rater: Rater, seed: int) -> None:
    elo = spread_field(8, 700.0)
    errors = []
    for r in range(5):
        matches = simulate(elo, 4, 500, seed + r)  # 2,000 matches
        rated = rater(matches)
        truth = truth_on_anchor(elo, rated)
        errors.append(math.sqrt(np.mean([(rated.bots[b][0] - truth[b]) ** 2 for b in elo])))
    print("\nLive rating after 2,000 matches (8 bots over 700 Elo, 4 seats): the refit of the same model")
    print(f"root-mean-square error per bot over 5 tournaments: {', '.join(f'{e:.1f}' for e in errors)} Elo")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=400, help="tournaments per coverage figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", default="coverage,prior,unbeaten,all-won,one-pod,ties,live", help="the tables to print"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    wanted = set(args.only.split(","))
    print(f"elo per natural unit {ELO_PER_NAT:.2f}; seed {args.seed}")
    tables: list[tuple[str, Callable[[], None]]] = [
        ("coverage", lambda: coverage_table(rate, args.reps, args.seed)),
        ("prior", lambda: prior_table(args.reps // 2, args.seed)),
        ("unbeaten", lambda: unbeaten_table(rate, args.seed)),
        ("all-won", lambda: all_won_table(rate, args.reps, args.seed)),
        ("one-pod", lambda: one_pod_table(rate, args.reps, args.seed)),
        ("ties", lambda: ties_table(rate, args.seed)),
        ("live", lambda: live_table(rate, args.seed)),
    ]
    for name, table in tables:
        if name in wanted:
            table()
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
