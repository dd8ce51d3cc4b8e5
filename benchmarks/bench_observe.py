"""Observation cost: µs per ``state.observe(seat)`` and per ``observation_json(obs)``, one core.

Usage: ``python benchmarks/bench_observe.py [--games N] [--passes P] [--seed S]``

Positions come from uniformly random playouts (every position of every game, terminal ones included);
each is observed from every seat, as the referee does for the seat to move and in-process bots do for
theirs. A pass observes every (position, seat) pair once, in game order, so caches keyed on a whole
position cannot help. ``first`` is the first pass (the builders' value caches only know the earlier
positions, as in a live match), ``observe`` the median pass. ``observation_json`` is the referee's
encoder (``engine.referee.convert``), timed on the observations of one pass.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.state import State
from engine.referee.convert import observation_json
from engine.registry import load_game

GAMES: tuple[tuple[str, str, int], ...] = (
    ("puerto-rico", "base", 3),
    ("puerto-rico", "base", 4),
    ("puerto-rico", "base", 5),
    ("catan", "base", 4),
)


def positions(game_id: str, variant: str, players: int, games: int, seed: int) -> list[State]:
    """Every position of ``games`` random playouts (clones, so later moves do not change them)."""
    game = load_game(game_id, variant, players)
    chooser = random.Random(seed)
    out: list[State] = []
    for i in range(games):
        state = game.new_state(seed + i)
        out.append(state.clone())
        while not state.is_terminal():
            seat = state.seats_to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.randrange(len(legal))])
            out.append(state.clone())
    return out


def bench(states: list[State], players: int, passes: int) -> tuple[float, float, float, int]:
    """(µs per observe in the first pass, in the median pass, µs per observation_json, calls per pass)."""
    pairs = [(st, seat) for st in states for seat in range(players)]
    observe_times: list[float] = []
    observations = []
    for _ in range(passes):
        start = time.perf_counter()
        observations = [st.observe(seat) for st, seat in pairs]
        observe_times.append(time.perf_counter() - start)
    json_times: list[float] = []
    for _ in range(passes):
        start = time.perf_counter()
        for obs in observations:
            observation_json(obs)
        json_times.append(time.perf_counter() - start)
    calls = len(pairs)
    return (
        observe_times[0] / calls * 1e6,
        statistics.median(observe_times) / calls * 1e6,
        statistics.median(json_times) / calls * 1e6,
        calls,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id, variant, players in GAMES:
        states = positions(game_id, variant, players, args.games, args.seed)
        first_us, observe_us, json_us, calls = bench(states, players, args.passes)
        print(
            f"{game_id:11s} {players}p  first {first_us:6.2f} µs  observe {observe_us:6.2f} µs"
            f"  observation_json {json_us:6.2f} µs"
            f"  ({calls} observations per pass, median of {args.passes} passes)"
        )


if __name__ == "__main__":
    main()
