"""Catan throughput: games/s, decisions/s, µs/decision and decisions/game, 4 random bots, one core.

Two figures for our engine:

- ``engine loop``: the State API a search bot or a tournament worker drives (``seats_to_move``,
  ``legal_actions``, the core's template ``apply`` with validation), random choice among the listed
  actions. This is the like-for-like comparison with catanatron's own ``game.play()`` loop, whose random
  players also pick among listed actions and make no domestic offers (ours never list offers: they are
  an open family, so a random bot makes none).
- ``play_match``: the full in-process match loop of ``engine.core.match`` (a ``DecisionView`` with the
  seat's observation for every decision, events routed per seat, replay log).

``--peer PYTHON`` also runs ``benchmarks/peers/catanatron_runner.py`` in that interpreter (a throwaway
venv with catanatron 3.2.1, see ``make bench-peers``) in the same run and prints the ratios.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots.reference.simple import RandomBot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.core.rng import Stream  # noqa: E402
from engine.registry import load_game  # noqa: E402


def bench_engine_loop(games: int, players: int = 4) -> dict[str, float]:
    game = load_game("catan", "base", players)
    decisions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = game.new_state(seed)
        pick = Stream(seed)
        while not state.is_terminal():
            seats = state.seats_to_move()
            seat = seats[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
            decisions += 1
    return _figures("ours, engine loop", games, decisions, time.perf_counter() - started)


def bench_play_match(games: int, players: int = 4) -> dict[str, float]:
    game = load_game("catan", "base", players)
    decisions = 0
    started = time.perf_counter()
    for seed in range(games):
        record = play_match(game, [RandomBot(seed * 8 + s) for s in range(players)], seed)
        decisions += record.decisions
    return _figures("ours, play_match", games, decisions, time.perf_counter() - started)


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
    args = parser.parse_args(argv)
    rows = [bench_engine_loop(args.games), bench_play_match(args.games)]
    if args.peer:
        rows.append(bench_peer(args.peer, args.peer_games))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"{'engine':28} {'games':>6} {'games/s':>9} {'decisions/s':>12} {'µs/decision':>12} {'dec/game':>9}"
    )
    for r in rows:
        print(
            f"{r['name']:28} {r['games']:>6} {r['games_per_s']:>9.1f} {r['decisions_per_s']:>12.0f}"
            f" {r['us_per_decision']:>12.2f} {r['decisions_per_game']:>9.0f}"
        )
    if args.peer:
        peer = rows[-1]
        for r in rows[:-1]:
            print(
                f"{r['name']}: {r['games_per_s'] / peer['games_per_s']:.1f}x games/s, "
                f"{r['decisions_per_s'] / peer['decisions_per_s']:.1f}x decisions/s vs {peer['name']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
