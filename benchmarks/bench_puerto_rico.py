"""Puerto Rico throughput: complete games per second with uniformly random seats, in process, one core.

Usage: ``python benchmarks/bench_puerto_rico.py [--games N] [--players 3 4] [--seed S]``

Each decision goes through the full template ``State.apply`` (turn check, validation against the cached
legal tuple, ``_apply``). A random seat picks uniformly among ``state.legal_actions(seat)``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.registry import load_game


def run(players: int, games: int, seed: int) -> tuple[float, float, float, int]:
    """(games/s, decisions/game, µs/decision, longest game in rounds) for ``games`` random games."""
    game = load_game("puerto-rico", players=players)
    chooser = random.Random(seed)
    decisions = 0
    longest = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new_state(seed + i)
        while not state.is_terminal():
            seat = state.seats_to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.randrange(len(legal))])
            decisions += 1
        longest = max(longest, state.turn)
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games, elapsed / decisions * 1e6, longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        rate, per_game, micros, longest = run(players, args.games, args.seed)
        print(
            f"puerto-rico {players} random seats: {rate:7.1f} games/s  {per_game:6.1f} decisions/game"
            f"  {micros:5.2f} µs/decision  (longest game {longest} rounds, {args.games} games)"
        )


if __name__ == "__main__":
    main()
