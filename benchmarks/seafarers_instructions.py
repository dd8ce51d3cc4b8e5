"""Instructions per decision of the engine loop, per Seafarers scenario and the base game (valgrind's callgrind).

Instruction counts do not move with the machine's load, unlike the CPU clock of ``bench_catan.py``.
Every row runs the engine loop of ``bench_catan.py`` (a random pick among the listed actions) in two
fresh processes under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``: seed 0 alone, then
seeds 0 to ``--last``; the difference of the two counts over the difference of their decisions is the
cost of a decision of a process meeting new games, without the start-up and imports.

    nice -n 10 .venv/bin/python benchmarks/seafarers_instructions.py
    nice -n 10 .venv/bin/python benchmarks/seafarers_instructions.py --only fog
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ROWS = (
    ("base game, 4", "base", 4),
    ("New Shores, 3", "seafarers-new-shores", 3),
    ("New Shores, 4", "seafarers-new-shores", 4),
    ("Four Islands, 3", "seafarers-four-islands", 3),
    ("Four Islands, 4", "seafarers-four-islands", 4),
    ("Fog Islands, 3", "seafarers-fog-islands", 3),
    ("Fog Islands, 4", "seafarers-fog-islands", 4),
)
"""label, variant, seats"""


def play(variant: str, seats: int, last: int) -> int:
    """Play the engine loop of ``bench_catan.py`` on seeds 0 to ``last``; the number of decisions."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_catan import loop_game
    from engine.registry import load_game

    game = load_game("catan", variant, seats)
    return sum(loop_game(game, seed) for seed in range(last + 1))


def counted(variant: str, seats: int, last: int) -> tuple[int, int]:
    """Instructions and decisions of one fresh process playing seeds 0 to ``last`` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--play",
                variant,
                str(seats),
                str(last),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        found = re.search(r"^summary:\s+(\d+)", out.read_text(), re.M)
        if found is None:
            raise SystemExit(f"no summary in callgrind's output: {done.stderr[-400:]}")
        return int(found.group(1)), int(done.stdout.split()[-1])


def per_decision(variant: str, seats: int, last: int) -> tuple[float, int]:
    base_ir, base_d = counted(variant, seats, 0)
    ir, d = counted(variant, seats, last)
    return (ir - base_ir) / (d - base_d), d - base_d


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--play", nargs=3, metavar=("VARIANT", "SEATS", "LAST"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--last",
        type=int,
        default=8,
        help="the last seed measured (from 1; 8: three seeds weigh long games too much)",
    )
    parser.add_argument("--only", default="", help="only the rows whose label or variant contains this")
    parser.add_argument("--jobs", type=int, default=2, help="processes under valgrind at once")
    args = parser.parse_args(argv)
    if args.play:
        print(play(args.play[0], int(args.play[1]), int(args.play[2])))
        return 0
    rows = [r for r in ROWS if r[0] == ROWS[0][0] or args.only.lower() in (r[0] + r[1]).lower()]
    with ThreadPoolExecutor(args.jobs) as pool:
        figures = list(pool.map(lambda r: per_decision(r[1], r[2], args.last), rows))
    base = figures[0][0]
    print(f"{'row':<18} {'instructions a decision':>24} {'ratio':>6} {'decisions':>9}")
    for (label, _, _), (ir, d) in zip(rows, figures, strict=True):
        print(f"{label:<18} {ir:>24,.0f} {ir / base:>5.2f}x {d:>9}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
