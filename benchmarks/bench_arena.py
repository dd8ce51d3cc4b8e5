"""Arena throughput: the same tournament on the local process pool and on Ray, with 1 and 2 workers.

Targets: the local pool with 2 workers >= 1.8x 1 worker; Ray with 2 workers >= 1.7x Ray with 1 and
within 15 % of the local pool at the same worker count.

Each run plays a fresh round robin into its own temporary database, so every run plays the same matches:
built-in bots in process and one built-in bot in its own process over gRPC by default, or any bot specs
given with --bots. For Ray, an instance of the bench's own is started with as many CPUs as workers, and
each of its worker processes has imported the arena, before the clock starts: a cluster is started
once and serves many tournaments. The local pool's start (a fork per worker) is inside the timing.
Runs are interleaved (local 1, local 2, Ray 1, Ray 2, then again) so that a change in the machine's load
hits every configuration alike; every run is printed, then the medians and the ratios, and the load
average before and after.

    python benchmarks/bench_arena.py [--game catan] [--rounds 6] [--repeat 3] [--backends local,ray] [--workers 1,2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from arena.config_loading import from_mapping
from arena.runner import run_tournament

DEFAULT_BOTS = {
    "catan": "catan-greedy,random,first,grpc:random",
    "puerto-rico": "pr-greedy,random,first,grpc:random",
}


def one_run(
    game: str, bots: list[str], players: int, rounds: int, workers: int, backend: str = "local"
) -> tuple[int, float]:
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
                "backend": backend,
            }
        )
        started = time.perf_counter()
        summary = run_tournament(config, announce=lambda line: None)
        seconds = time.perf_counter() - started
        if summary.failed:
            raise SystemExit(f"matches failed: {summary.failed[:3]}")
        return summary.played, seconds


def _warm(seconds: float) -> int:
    """A Ray task that imports what a match needs and holds its worker for a moment (so that the next
    one goes to another worker)."""
    import arena.ray_backend  # noqa: F401

    time.sleep(seconds)
    return os.getpid()


def start_ray(workers: int) -> Any:
    """A Ray instance of the bench's own with ``workers`` CPUs, its workers warm."""
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # on the loopback (arena.ray_backend)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import logging

    import ray

    ray.init(
        address="local",
        num_cpus=workers,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    warm = ray.remote(_warm).options(num_cpus=1)
    pids = set(ray.get([warm.remote(0.5) for _ in range(workers)]))
    if len(pids) != workers:
        print(f"note: {len(pids)} of {workers} Ray workers warmed")
    return ray


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="catan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", help="comma-separated bot specs (default: built-in bots of the game)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backends", default="local,ray", help="local, ray or local,ray")
    parser.add_argument("--workers", default="1,2", help="worker counts to run, comma-separated")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    bots = (args.bots or DEFAULT_BOTS.get(args.game, "random,first,grpc:random")).split(",")
    backends = args.backends.split(",")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rates: dict[tuple[str, int], list[float]] = {(b, w): [] for b in backends for w in counts}
    for _ in range(args.repeat):
        for backend in backends:
            for workers in counts:
                ray = start_ray(workers) if backend == "ray" else None
                try:
                    played, seconds = one_run(args.game, bots, args.players, args.rounds, workers, backend)
                finally:
                    if ray is not None:
                        ray.shutdown()
                rates[backend, workers].append(played / seconds)
                print(
                    f"{args.game} {backend} {workers} worker(s): {played} matches in {seconds:.2f} s"
                    f" = {played / seconds:.2f}/s"
                )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    median = {key: statistics.median(values) for key, values in rates.items()}
    for backend in backends:
        each = ", ".join(f"{w} worker(s) {median[backend, w]:.2f} matches/s" for w in counts)
        scaling = f", ratio {median[backend, 2] / median[backend, 1]:.2f}x" if {1, 2} <= set(counts) else ""
        print(f"median {backend}: {each}{scaling}")
    if len(backends) == 2:
        for workers in counts:
            ratio = median["ray", workers] / median["local", workers]
            print(f"ray / local at {workers} worker(s): {ratio:.2f}")


if __name__ == "__main__":
    main()
