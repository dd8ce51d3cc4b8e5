"""Cost of a decision of each bot of the Catan strength tables with catanatron's players, one core.

Usage: ``python benchmarks/bench_catan_bots.py [--decisions N] [--spec SPEC ...] [--bridge SPEC ...] [--pin]``

The positions are the unforced decisions of ``catan-greedy`` matches in Catan base at 4 seats without
domestic trade (``offer_limit=0``, as the table plays), spread evenly over each match. The arena's
bots answer them in process (``act``). catanatron's players are timed in the bridge's own environment
(``.venv-catanatron``, ``make catanatron-bridge``) by ``python -m catanatron_bridge.bench``, on the same
kind of positions: the observation as sent on the wire, the position rebuilt from it, the player
asked, its answer mapped back. Neither includes the wire (``bench_roundtrip.py`` measures that). Without
the bridge's environment its rows are skipped with a line saying so. ``cpu s`` is the process's CPU
seconds per decision (what a decision costs on a core shared with other work), ``dec/s`` decisions per
CPU second.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_mcts import decisions

from arena.bridges import bridge_python
from bots.builtin import bot_class
from engine.core.match import DecisionView

SPECS = (
    "mcts:iterations=80:rollout=catan-greedy:depth=1000:root=halving:model=names",
    "mcts:iterations=120:rollout=catan-greedy:depth=1000:root=halving:model=names",
    "mcts:iterations=160:rollout=catan-greedy:depth=1000:root=halving:model=names",
    "catan-greedy",
    "random",
)
"""The arena's bots of the tables (benchmarks/strength/catan_catanatron.toml, catan_alphabeta.toml)."""
BRIDGED = (
    "catanatron:victory-point",
    "catanatron:weighted-random",
    "catanatron:alphabeta",
    "catanatron:value",
)
"""catanatron's players of the tables; AlphaBeta and the value-function player only in an environment
built from catanatron's repository (otherwise their rows say what is missing)."""


def measure(spec: str, views: list[DecisionView]) -> dict[str, float]:
    """Wall-clock and CPU seconds per decision of the built-in bot ``spec`` over ``views``."""
    wall = cpu = 0.0
    for i, view in enumerate(views):
        bot = bot_class(spec)(i)
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.act(view)
        wall += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
    return {"decisions": len(views), "seconds": wall, "cpu_seconds": cpu}


def measure_bridged(specs: list[str], count: int, pin: bool) -> list[dict[str, float | str]]:
    """The bridge's own timing of ``specs`` (one JSON object per spec), or [] without its environment."""
    python = bridge_python()
    if not python.exists():
        print(f"the catanatron bridge's environment is not built ({python}): its players are skipped")
        return []
    command = [str(python), "-m", "catanatron_bridge.bench", *specs, "--decisions", str(count)]
    if pin and hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", "0", *command]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"the bridge's benchmark failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
        return []
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100, help="decisions timed per bot")
    parser.add_argument("--spec", action="append", help="built-in bots to time (default: the table's)")
    parser.add_argument("--bridge", action="append", help="catanatron specs to time (default: the table's)")
    parser.add_argument("--pin", action="store_true", help="run on CPU 0 only")
    args = parser.parse_args()
    if args.pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    rows: list[tuple[str, dict[str, float | str]]] = []
    views = decisions("catan", "base", 4, "catan-greedy", args.decisions, offer_limit=0)
    for spec in args.spec or SPECS:
        rows.append((spec, dict(measure(spec, views))))
    for row in measure_bridged(list(args.bridge or BRIDGED), args.decisions, args.pin):
        rows.append((str(row["spec"]), row))
    print(
        f"{'bot (catan/base, 4 seats, offer_limit=0)':<76} {'dec':>5} {'s/decision':>10} {'cpu s':>8} {'dec/s':>8}"
    )
    for spec, row in rows:
        if "error" in row:
            print(f"{spec:<76} {row['error']}")
            continue
        n, wall, cpu = int(row["decisions"]), float(row["seconds"]), float(row["cpu_seconds"])
        print(f"{spec:<76} {n:>5} {wall / n:>10.4f} {cpu / n:>8.4f} {n / max(cpu, 1e-9):>8.1f}")
        if int(row.get("answered_without_player", 0)):
            print(f"  (the bridge answered {row['answered_without_player']} of them without the player)")


if __name__ == "__main__":
    main()
