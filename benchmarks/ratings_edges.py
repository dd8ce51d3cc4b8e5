"""Ratings at the edges, by simulation: a dominant bot near separation, few pods with luck shared in a
pod, and one-sided bounds among the tournaments that print them.

Tournaments are round robins from ``arena.schedule`` played by the model itself
(``tests/ladders/simulate.py``: Plackett-Luce with seats worth 0 to 60 Elo; ``shared`` is the chance
that a bot's luck in a game is its luck of the whole pod), fitted by :func:`ladders.fit.fit_ladder`,
and only its public result is read, so the same script measures an older version of the fit (run it
from that version's checkout). Seeds are fixed: tournament ``r`` of a row plays seed ``--seed + r``.

    python benchmarks/ratings_edges.py [--reps 400] [--seed 1] [--workers 1] [--only dominant,shared,bounds]

Tables:

- **dominant**: a bot 1,200 Elo above five equal bots (4 seats, 30 pods: 80 games each) and a bot 1,000
  above four equal bots (4 seats, 5 pods: 16 games each); in the tournaments where it lost at least one
  game (so it gets a two-sided interval), how often its interval held its truth, and how often the
  other bots' did.
- **shared**: coverage of the bots' intervals at 3 seats with few pods (8 bots 6 pods, 6 bots 4 and 6
  pods), strengths over 400 Elo, luck shared with probability 0 to 0.9; and the share of those ladders
  that print the few-pods warning.
- **bounds**: among the one-sided bounds printed (a bot that won, or lost, every comparison with the
  bots outside its group), the share that held the truth, in fields of several widths, pods and seats.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladders.fit import fit_ladder
from tests.ladders.simulate import simulate

Field = dict[str, float]


def spread(bots: int, width: float) -> Field:
    return {f"bot{i}": float(v) for i, v in enumerate(np.linspace(1500 - width / 2, 1500 + width / 2, bots))}


def dominant(gap: float, others: int) -> Field:
    return {"ace": 1500.0 + gap, **{f"eq{i}": 1500.0 for i in range(others)}}


def one(job: tuple[Field, int, int, float, int]) -> dict[str, Any]:
    """One tournament: per bot whether its interval held the truth, its side, and the bounds printed."""
    elo, seats, pods, shared, seed = job
    matches = simulate(elo, seats, pods, seed, seat_elo=list(np.linspace(0, 60, seats)), shared=shared)
    st = fit_ladder(matches)
    centre = float(np.mean([elo[b] for b in st.reference]))
    rows = {}
    for b in st.bots:
        truth = 1500.0 + elo[b.bot] - centre
        rows[b.bot] = {
            "held": b.low <= truth <= b.high,
            "side": b.side.value,
            "low": b.low,
            "high": b.high,
            "over": (b.low - 1500.0) if b.side.value == "at least" else (1500.0 - b.high),
            "truth": truth,
        }
    lost = sum(
        1
        for m in matches
        if "ace" in m.bots and any(m.places[s] > 1 for s, x in enumerate(m.bots) if x == "ace")
    )
    warned = bool(getattr(st, "warnings", ()))
    return {"rows": rows, "ace_lost": lost, "warned": warned}


def run(
    pool: ProcessPoolExecutor, elo: Field, seats: int, pods: int, shared: float, reps: int, seed: int
) -> list[dict[str, Any]]:
    jobs = [(elo, seats, pods, shared, seed + r) for r in range(reps)]
    return list(pool.map(one, jobs, chunksize=max(1, reps // 32)))


def dominant_table(pool: ProcessPoolExecutor, reps: int, seed: int) -> None:
    print("\n## A dominant bot near separation (4 seats)")
    print(f"{reps} tournaments per row, seeds {seed}..{seed + reps - 1}")
    print(
        "| field | pods (games each) | ace lost a game | ace's interval held, when it lost one | when it lost exactly one: median interval, truth | other bots held, in those | ace held, all tournaments |"
    )
    print("|---|---|---|---|---|---|---|")
    for gap, others, pods in [(1200.0, 5, 30), (1000.0, 4, 5)]:
        elo = dominant(gap, others)
        out = run(pool, elo, 4, pods, 0.0, reps, seed)
        two = [o for o in out if o["ace_lost"] >= 1]
        once = [o for o in out if o["ace_lost"] == 1]
        held = [o["rows"]["ace"]["held"] for o in two]
        above = sum(1 for o in two if o["rows"]["ace"]["truth"] > o["rows"]["ace"]["high"])
        rest = [r["held"] for o in two for b, r in o["rows"].items() if b != "ace"]
        median = (
            f"{np.median([o['rows']['ace']['low'] for o in once]):.0f} .. {np.median([o['rows']['ace']['high'] for o in once]):.0f},"
            f" {np.median([o['rows']['ace']['truth'] for o in once]):.0f}"
            if once
            else "-"
        )
        games = pods * 4 * 4 // (others + 1)
        print(
            f"| +{gap:.0f} over {others} equal | {pods} ({games}) | {len(two)} of {reps}"
            f" | {np.mean(held):.3f} ({sum(held)} of {len(held)}; truth above it {above})"
            f" | {median} | {np.mean(rest):.3f} | {np.mean([o['rows']['ace']['held'] for o in out]):.3f} |",
            flush=True,
        )


def shared_table(pool: ProcessPoolExecutor, reps: int, seed: int, shares: Sequence[float]) -> None:
    print("\n## Few pods at 3 seats, luck shared within a pod (strengths over 400 Elo)")
    print(
        f"{reps} tournaments per cell, seeds {seed}..{seed + reps - 1}; coverage of the bots' intervals (share of ladders warned)"
    )
    print("| bots | pods | " + " | ".join(f"shared {s}" for s in shares) + " |")
    print("|---|---|" + "---|" * len(shares))
    for bots, pods in [(8, 6), (6, 4), (6, 6)]:
        cells = []
        for shared in shares:
            out = run(pool, spread(bots, 400.0), 3, pods, shared, reps, seed)
            held = [r["held"] for o in out for r in o["rows"].values()]
            cells.append(f"{np.mean(held):.3f} ({np.mean([o['warned'] for o in out]):.2f})")
        print(f"| {bots} | {pods} | " + " | ".join(cells) + " |", flush=True)


BOUND_FIELDS: Sequence[tuple[str, Field, int, int, float]] = [
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 4, 0.0),
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 6, 0.0),
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 10, 0.0),
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 4, 0.7),
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 6, 0.7),
    ("6 bots over 600 Elo", spread(6, 600.0), 3, 10, 0.7),
    ("6 bots over 400 Elo", spread(6, 400.0), 3, 4, 0.0),
    ("6 bots over 800 Elo", spread(6, 800.0), 3, 5, 0.0),
    ("6 bots over 800 Elo", spread(6, 800.0), 3, 10, 0.0),
    ("5 bots over 1,200 Elo", spread(5, 1200.0), 4, 5, 0.0),
    ("5 bots over 1,200 Elo", spread(5, 1200.0), 4, 10, 0.0),
    ("+700 over 4 equal bots", dominant(700.0, 4), 4, 5, 0.0),
    ("6 equal bots", spread(6, 0.0), 3, 4, 0.0),
]


def bounds_table(pool: ProcessPoolExecutor, reps: int, seed: int) -> None:
    print("\n## One-sided bounds, among the tournaments that print them")
    print(f"{reps} tournaments per row, seeds {seed}..{seed + reps - 1}")
    print(
        "| field | seats | pods | shared luck | bounds printed | held the truth | median bound over the field (at most: under) |"
    )
    print("|---|---|---|---|---|---|---|")
    for label, elo, seats, pods, shared in BOUND_FIELDS:
        out = run(pool, elo, seats, pods, shared, reps, seed)
        printed = [r for o in out for r in o["rows"].values() if r["side"] != "two-sided"]
        held = f"{np.mean([r['held'] for r in printed]):.3f}" if printed else "-"
        over = f"{np.median([r['over'] for r in printed]):+.0f}" if printed else "-"
        print(f"| {label} | {seats} | {pods} | {shared} | {len(printed)} | {held} | {over} |", flush=True)


GRID_PODS = {3: (4, 5, 8, 11), 4: (4, 5, 8, 10, 15), 5: (4, 5, 7, 10, 14), 6: (4, 5, 7, 9, 14)}
"""Pods of the few-pods grid by seat count, with ``2 * seats + 2`` bots: about 1.5 (1.6 to 1.7 at 4 to
6 seats), 2, 3, 4 and (at 4 to 6 seats) 6 pods per bot."""


def grid_table(
    pool: ProcessPoolExecutor, reps: int, seed: int, seat_counts: Sequence[int], only_pods: Sequence[int] = ()
) -> None:
    print("\n## Coverage by seats and pods per bot, luck shared within a pod with probability 0.7")
    print(
        f"{reps} tournaments per cell ({max(1, reps // 2)} independent), seeds from {seed};"
        " 2 x seats + 2 bots over 400 Elo"
    )
    print("| seats | bots | pods | pods per bot | shared 0.7 | independent |")
    print("|---|---|---|---|---|---|")
    measured: dict[int, list[tuple[float, float]]] = {}
    for seats, all_pods in GRID_PODS.items():
        if seats not in seat_counts:
            continue
        bots = 2 * seats + 2
        for pods in all_pods:
            if only_pods and pods not in only_pods:
                continue
            cells = []
            for shared, count in ((0.7, reps), (0.0, max(1, reps // 2))):
                out = run(pool, spread(bots, 400.0), seats, pods, shared, count, seed)
                cells.append(float(np.mean([r["held"] for o in out for r in o["rows"].values()])))
            per_bot = pods * seats / bots
            measured.setdefault(seats, []).append((round(per_bot, 2), round(cells[0], 3)))
            print(
                f"| {seats} | {bots} | {pods} | {per_bot:.2f} | {cells[0]:.3f} | {cells[1]:.3f} |", flush=True
            )
    print("\nladders/coverage.py table:", measured)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=400, help="tournaments per row or cell")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default="dominant,shared,bounds,grid")
    parser.add_argument("--shares", default="0,0.5,0.7,0.9", help="the shared luck of the shared table")
    parser.add_argument("--grid-seats", default="3,4,5,6", help="the seat counts of the grid")
    parser.add_argument("--grid-pods", default="", help="only these pods of the grid (default: all)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    wanted = set(args.only.split(","))
    with ProcessPoolExecutor(args.workers) as pool:
        if "dominant" in wanted:
            dominant_table(pool, args.reps, args.seed)
        if "shared" in wanted:
            shared_table(pool, args.reps, args.seed, [float(x) for x in args.shares.split(",")])
        if "bounds" in wanted:
            bounds_table(pool, args.reps, args.seed)
        if "grid" in wanted:
            grid_table(
                pool,
                args.reps,
                args.seed,
                [int(s) for s in args.grid_seats.split(",")],
                [int(p) for p in args.grid_pods.split(",") if p],
            )
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
