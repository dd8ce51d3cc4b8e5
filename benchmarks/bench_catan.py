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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots.reference.simple import RandomBot  # noqa: E402
from engine.core.game import Game  # noqa: E402
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
        decisions += loop_game(game, seed)
    return _figures(f"ours, engine loop{label}", games, decisions, CLOCK[0]() - started)


def loop_game(game: Game, seed: int) -> int:
    """One game of the engine loop (a random pick among the listed actions); its decisions."""
    state = game.new_state(seed)
    pick = Stream(seed)
    decisions = 0
    while not state.is_terminal():
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
        decisions += 1
    return decisions


def bench_play_match(
    games: int, players: int = 4, variant: str = "base", label: str = "", first: int = 0, **options: str
) -> dict[str, float]:
    game = load_game("catan", variant, players, **options)
    decisions = 0
    started = CLOCK[0]()
    for seed in range(first, first + games):
        decisions += match_game(game, seed)
    return _figures(f"ours, play_match{label}", games, decisions, CLOCK[0]() - started)


def match_game(game: Game, seed: int) -> int:
    """One in-process match of random bots; its decisions."""
    players = game.players
    return play_match(game, [RandomBot(seed * 8 + s) for s in range(players)], seed).decisions


def bench_paired(
    games: int, players: int, variant: str, label: str, first: int = 0, **options: str
) -> list[dict[str, Any]]:
    """The variant's engine loop and play_match against the base game's, one game of each by turns.

    Design detail: on a machine whose speed drifts over seconds (a shared host, a virtual machine), rows
    timed one after the other each meet their own spell; a game of the base game and a game of the
    variant, alternated and each timed alone, meet the same ones. The ratio is the variant's µs per
    decision over the base game's, over all the games, and again over each half of them.
    """
    base = load_game("catan", "base", 4)
    game = load_game("catan", variant, players, **options)
    clock = CLOCK[0]
    rows = []
    for name, play in (("engine loop", loop_game), ("play_match", match_game)):
        play(base, 1 << 30)  # one game each first: the tables both build on first use
        play(game, 1 << 30)
        # per half: the base game's seconds and decisions, then the variant's
        sums = [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
        for n in range(games):
            half = sums[2 * n // games]
            seed = first + n
            started = clock()
            half[1] += play(base, seed)
            half[0] += clock() - started
            started = clock()
            half[3] += play(game, seed)
            half[2] += clock() - started
        whole = [a + b for a, b in zip(*sums, strict=True)]
        rows.append(
            {
                "name": f"ours, {name}{label}",
                "games": games,
                "base_us": whole[0] / whole[1] * 1e6,
                "us_per_decision": whole[2] / whole[3] * 1e6,
                "ratio": _ratio(whole),
                "halves": [_ratio(h) for h in sums if h[1] and h[3]],
            }
        )
    return rows


def _ratio(sums: list[float]) -> float:
    """The variant's µs per decision over the base game's, from [base s, decisions, variant s, decisions]."""
    return (sums[2] / sums[3]) / (sums[0] / sums[1])


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
    parser.add_argument(
        "--paired",
        action="store_true",
        help="time each variant against the base game one game of each by turns (steady ratios on a"
        " machine whose speed drifts), instead of each row on its own; --repeat and --json do not apply",
    )
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.paired:
        return print_paired(args.games, args.only)
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


def print_paired(games: int, only: str | None) -> int:
    """Print every variant's engine loop and play_match against the base game's, timed by turns."""
    print(f"each variant by turns with the base game, {games} games of each (one of each in turn)")
    print(f"{'engine':52} {'base µs':>9} {'µs/decision':>12} {'vs base':>8} {'halves':>13}")
    for label, variant, players, options in VARIANTS:
        if only and only not in f"{label} {variant}":
            continue
        for r in bench_paired(games, players, variant, f" [{label}]", **options):
            halves = " / ".join(f"{h:.2f}" for h in r["halves"])
            print(
                f"{r['name']:52} {r['base_us']:>9.2f} {r['us_per_decision']:>12.2f} {r['ratio']:>7.2f}x"
                f" {halves:>13}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
