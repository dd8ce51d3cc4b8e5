"""Arena throughput: the same tournament with 1 worker and with 2 workers (target: >= 1.8x).

Each run plays a fresh round robin into its own temporary database, so both do the same matches:
built-in bots in process and one built-in bot in its own process over gRPC by default, or any bot
specs given with --bots. Prints matches per second
of each run and the ratio; repeat with --repeat for medians.

    python benchmarks/bench_arena.py [--game catan] [--rounds 2] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from arena.config import from_mapping
from arena.runner import run_tournament

DEFAULT_BOTS = {
    "catan": "catan-greedy,random,first,grpc:random",
    "puerto-rico": "pr-greedy,random,first,grpc:random",
}


def one_run(game: str, bots: list[str], players: int, rounds: int, workers: int) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        config = from_mapping(
            {
                "game": game,
                "players": players,
                "bots": bots,
                "rounds": rounds,
                "seed": 11,
                "workers": workers,
                "db": str(Path(tmp) / "bench.sqlite"),
            }
        )
        started = time.perf_counter()
        summary = run_tournament(config, announce=lambda line: None)
        seconds = time.perf_counter() - started
        if summary.failed:
            raise SystemExit(f"matches failed: {summary.failed[:3]}")
        return summary.played, seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="catan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", help="comma-separated bot specs (default: built-in bots of the game)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    bots = (args.bots or DEFAULT_BOTS.get(args.game, "random,first,grpc:random")).split(",")
    rates: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(args.repeat):
        for workers in (1, 2):
            played, seconds = one_run(args.game, bots, args.players, args.rounds, workers)
            rates[workers].append(played / seconds)
            print(
                f"{args.game} {workers} worker(s): {played} matches in {seconds:.2f} s = {played / seconds:.1f}/s"
            )
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"median: 1 worker {one:.1f} matches/s, 2 workers {two:.1f} matches/s, ratio {two / one:.2f}x")


if __name__ == "__main__":
    main()
