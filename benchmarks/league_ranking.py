"""How right a league's ranking is against the truth, beside a round robin of the same number of matches.

Run ``nice -n 10 python benchmarks/league_ranking.py [--runs 10] [--bots 14] [--hours 0.5]``. Each run
draws true strengths (neighbours 40 to 80 Elo apart), plays a league for ``--hours`` of virtual time
with the host's own bookkeeping and matchmaker (``tests/arena/league/simulate_league.py``: pods take
20 s, two bots leave for four minutes in ten), and a round robin (``arena.schedule.round_robin``) of
as many pods, every game placed by the ladder's model with correlated pods. Both are fitted with the
ladder's fit; the lines give, averaged over the runs, the Spearman correlation of the ratings with the
truth and the share of neighbour pairs (in the true order) that the ratings order right.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.league.book import rules_of  # noqa: E402
from arena.schedule import round_robin  # noqa: E402
from benchmarks.league_day import spearman  # noqa: E402
from ladders.fit import fit_ladder  # noqa: E402
from ladders.records import RatedMatch  # noqa: E402
from tests.arena.league.simulate_league import simulate  # noqa: E402
from tests.ladders.simulate import play_pod  # noqa: E402

SEATS = 4


def truth(bots: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    values = np.concatenate(([0.0], np.cumsum(rng.uniform(40, 80, size=bots - 1))))
    values += 1500 - values.mean()
    order = rng.permutation(bots)
    return {f"bot{i:02d}": float(values[int(order[i])]) for i in range(bots)}


def scores(matches: list[RatedMatch], elo: dict[str, float]) -> tuple[float, float]:
    standings = fit_ladder(matches)
    rating = {r.bot: r.rating for r in standings.bots}
    names = sorted(elo, key=elo.__getitem__)
    right = [rating.get(a, 0.0) < rating.get(b, 0.0) for a, b in itertools.pairwise(names)]
    rho = spearman([rating.get(n, 0.0) for n in names], [elo[n] for n in names])
    return rho, sum(right) / len(right)


def away(name: str, t: float) -> bool:
    """bot00 and bot01 leave for four minutes in every ten."""
    return name in ("bot00", "bot01") and (t + 300 * int(name[-1])) % 600 >= 360


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--bots", type=int, default=14)
    parser.add_argument("--hours", type=float, default=0.5)
    args = parser.parse_args()
    rules = rules_of(SEATS, True, max_wait_s=60, gather_s=2, balance=2)
    rows = []
    for run in range(args.runs):
        elo = truth(args.bots, run)
        league = simulate(
            elo, rules, hours=args.hours, pod_s=20, seed=run, present=lambda n, t: not away(n, t), shared=0.3
        )
        pods = len({m.pod for m in league.matches})
        rng = np.random.default_rng(1000 + run)
        schedule = round_robin(list(elo), SEATS, 1 + pods // max(1, len(elo)), run, "rr")[:pods]
        robin: list[RatedMatch] = []
        for pod in schedule:
            robin += play_pod(pod, elo, np.linspace(0, 60, SEATS), rng, shared=0.3)
        (lr, ln), (rr, rn) = scores(league.matches, elo), scores(robin, elo)
        rows.append((len(league.matches), len(robin), lr, rr, ln, rn))
        print(f"run {run}: {len(league.matches)} league matches, {len(robin)} round robin;"
              f" spearman {lr:.3f} vs {rr:.3f}; neighbours right {ln:.2f} vs {rn:.2f}", flush=True)  # fmt: skip
    mean = np.mean(np.array(rows), axis=0)
    print(f"\n{args.runs} runs of {args.bots} bots at {SEATS} seats, {args.hours} h each (means):")
    print(f"  matches: league {mean[0]:.0f}, round robin {mean[1]:.0f}")
    print(f"  spearman with the truth: league {mean[2]:.3f}, round robin {mean[3]:.3f}")
    print(f"  neighbour pairs ordered right: league {mean[4]:.2f}, round robin {mean[5]:.2f}")


if __name__ == "__main__":
    main()
