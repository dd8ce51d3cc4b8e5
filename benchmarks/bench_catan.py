"""Catan throughput: games/s, decisions/s, µs/decision and decisions/game, random bots, one core.

Two figures for our engine:

- ``engine loop``: the State API a search bot or a tournament worker drives (``seats_to_move``,
  ``legal_actions``, the core's template ``apply`` with validation), random choice among the listed
  actions. This is the like-for-like comparison with catanatron's own ``game.play()`` loop, whose random
  players also pick among listed actions and make no domestic offers (ours never list offers: they are
  an open family, so a random bot makes none).
- ``play_match``: the full in-process match loop of ``engine.core.match`` (a ``DecisionView`` with the
  seat's observation for every decision, events routed per seat, replay log).

The 5-6 seat extension (``extended``: the 30-hex island with the Special Building Phase, or paired
players), the Helpers scenario, the three Seafarers scenarios and the Jungle and Big River variants
(docs/rules/seafarers.md) at 3 and 4 seats are measured the same two ways in the same run, each printed
with its µs/decision as a ratio to the 4-seat base game's (DESIGN.md target: within 1.5x).

``--peer PYTHON`` also runs ``benchmarks/peers/catanatron_runner.py`` in that interpreter (a throwaway
venv with catanatron 3.2.1, see ``make bench-peers``) in the same run and prints the ratios.
"""

from __future__ import annotations

import argparse
import functools
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots.reference.simple import RandomBot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.core.rng import Stream  # noqa: E402
from engine.registry import load_game  # noqa: E402

VARIANTS: tuple[tuple[str, str, int, dict[str, str]], ...] = (
    ("extended 5, special build", "extended", 5, {}),
    ("extended 6, special build", "extended", 6, {}),
    ("extended 6, paired", "extended", 6, {"turn_structure": "paired"}),
    ("helpers 4", "helpers", 4, {}),
    ("helpers 6", "helpers", 6, {}),
    *(
        (f"{name} {seats}", f"seafarers-{name}", seats, {})
        for name in ("new-shores", "four-islands", "fog-islands")
        for seats in (3, 4)
    ),
    ("jungle 3", "jungle", 3, {}),
    ("jungle 4", "jungle", 4, {}),
    ("big-river 3", "big-river", 3, {}),
    ("big-river 4", "big-river", 4, {}),
)
"""The variants measured beside the base game: label, variant, seats, options."""

CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""The clock of every measurement of ours: wall time, or this process's CPU time with ``--clock cpu``."""


def bench_engine_loop(
    games: int, players: int = 4, variant: str = "base", label: str = "", first: int = 0, **options: str
) -> dict[str, float]:
    game = load_game("catan", variant, players, **options)
    decisions = 0
    started = CLOCK[0]()
    for seed in range(first, first + games):
        state = game.new_state(seed)
        pick = Stream(seed)
        while not state.is_terminal():
            seats = state.seats_to_move()
            seat = seats[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
            decisions += 1
    return _figures(f"ours, engine loop{label}", games, decisions, CLOCK[0]() - started)


def bench_play_match(
    games: int, players: int = 4, variant: str = "base", label: str = "", first: int = 0, **options: str
) -> dict[str, float]:
    game = load_game("catan", variant, players, **options)
    decisions = 0
    started = CLOCK[0]()
    for seed in range(first, first + games):
        record = play_match(game, [RandomBot(seed * 8 + s) for s in range(players)], seed)
        decisions += record.decisions
    return _figures(f"ours, play_match{label}", games, decisions, CLOCK[0]() - started)


def bench_peer(python: str, games: int) -> dict[str, float]:
    runner = ROOT / "benchmarks" / "peers" / "catanatron_runner.py"
    done = subprocess.run([python, str(runner), str(games)], capture_output=True, text=True, check=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return _figures(str(data["engine"]), int(data["games"]), int(data["decisions"]), float(data["seconds"]))


def _figures(name: str, games: int, decisions: int, seconds: float) -> dict[str, float]:
    return {
        "name": name,  # type: ignore[dict-item]
        "games": games,
        "games_per_s": games / seconds,
        "decisions_per_s": decisions / seconds,
        "us_per_decision": seconds / decisions * 1e6,
        "decisions_per_game": decisions / games,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300, help="games per measurement (default 300)")
    parser.add_argument("--peer", help="python of a venv with catanatron 3.2.1 installed")
    parser.add_argument("--peer-games", type=int, default=100, help="catanatron games (default 100)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-variants", action="store_true", help="the base game only")
    parser.add_argument(
        "--only",
        metavar="TEXT",
        help="of the variants, only those whose label or variant id contains TEXT (e.g. 'seafarers');"
        " the base game always runs",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="measure every row this many times, interleaved, each time on new seeds, and keep the fastest",
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall time (default), or this process's CPU time: steadier on a machine others load",
    )
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    jobs: list[Callable[..., dict[str, float]]] = [
        functools.partial(bench_engine_loop, args.games),
        functools.partial(bench_play_match, args.games),
    ]
    if not args.no_variants:
        for label, variant, players, options in VARIANTS:
            if args.only and args.only not in f"{label} {variant}":
                continue
            tag = f" [{label}]"
            jobs.append(functools.partial(bench_engine_loop, args.games, players, variant, tag, **options))
            jobs.append(functools.partial(bench_play_match, args.games, players, variant, tag, **options))
    best: list[dict[str, float]] = []
    for repeat in range(max(1, args.repeat)):
        for i, job in enumerate(jobs):
            # every repeat plays new seeds: no cache of the engine holds a position of its games
            row = job(first=repeat * args.games)
            if i == len(best):
                best.append(row)
            elif row["us_per_decision"] < best[i]["us_per_decision"]:
                best[i] = row
    rows = best
    if args.peer:
        rows.append(bench_peer(args.peer, args.peer_games))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    base = {"loop": rows[0]["us_per_decision"], "play_match": rows[1]["us_per_decision"]}
    print(
        f"{'engine':52} {'games':>6} {'games/s':>9} {'decisions/s':>12} {'µs/decision':>12} {'dec/game':>9}"
        f" {'vs base':>8}"
    )
    for r in rows:
        name = str(r["name"])
        ref = base["play_match" if "play_match" in name else "loop"]
        ratio = f"{r['us_per_decision'] / ref:>7.2f}x" if name.startswith("ours") else ""
        print(
            f"{name:52} {r['games']:>6} {r['games_per_s']:>9.1f} {r['decisions_per_s']:>12.0f}"
            f" {r['us_per_decision']:>12.2f} {r['decisions_per_game']:>9.0f} {ratio:>8}"
        )
    if args.peer:
        peer = rows[-1]
        for r in rows[:2]:
            print(
                f"{r['name']}: {r['games_per_s'] / peer['games_per_s']:.1f}x games/s, "
                f"{r['decisions_per_s'] / peer['decisions_per_s']:.1f}x decisions/s vs {peer['name']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
