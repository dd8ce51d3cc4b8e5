"""Search cost: iterations per second and seconds per decision of the ``mcts`` bot, per game, one core.

Usage: ``python benchmarks/bench_mcts.py [--decisions N] [--spec SPEC ...] [--pin] [--profile]``

Positions are the unforced decisions of matches of the game's greedy bot (random bots where a game has
none), spread evenly over the match, so setup, the middle game and the end are all timed. Each is
searched from the seat to move's observation as the bot plays it: ``state_from_observation``, then the
budget's iterations. ``s/decision`` and the percentiles are wall-clock seconds, ``cpu s`` the process's
CPU seconds per decision (what the search costs on a core shared with other work), ``iter/s`` the
iterations per wall-clock second. ``--pin`` runs on one core (CPU 0); ``--profile`` prints where the
time goes (cProfile, the functions with the most own time) for the first spec and game.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.builtin import bot_class, make_bot
from bots.reference.mcts import MctsBot
from engine.core.match import DecisionView
from engine.core.state import State
from engine.registry import load_game

GAMES: tuple[tuple[str, str, int, str], ...] = (
    ("catan", "base", 4, "catan-greedy"),
    ("catan", "extended", 6, "catan-greedy"),
    ("catan", "helpers", 4, "catan-greedy"),
    ("catan-ck", "base", 4, "ck-greedy"),
    ("puerto-rico", "base", 4, "pr-greedy"),
)
SPECS = ("mcts", "mcts:rollout=GREEDY")
"""The default bot (400 iterations, random rollouts of 30 decisions) and the same budget with the
game's greedy bot as rollout policy (``GREEDY`` is replaced by its name)."""


def _view(state: State, seat: int) -> DecisionView:
    legal = state.legal_actions(seat)
    return DecisionView(
        game=state.game.ref,
        seat=seat,
        ply=state.ply,
        legal=legal,
        families=state.families(seat),
        events=(),
        forced=state.is_forced(seat),
        observation=state.observe(seat),
    )


def decisions(
    game_id: str, variant: str, players: int, greedy: str, count: int, **options: object
) -> list[DecisionView]:
    """``count`` unforced decisions spread over greedy matches (seed 1, 2, ...) with the variant's
    ``options``."""
    game = load_game(game_id, variant, players, **options)
    views: list[DecisionView] = []
    seed = 0
    while len(views) < count:
        seed += 1
        bots = [make_bot(greedy, game_id, s, seed) for s in range(players)]
        state = game.new_state(seed)
        match: list[DecisionView] = []
        while not state.is_terminal():
            seat = state.seats_to_move()[0]
            view = _view(state, seat)
            if not view.forced:
                match.append(view)
            answer = bots[seat].act(view)
            if isinstance(answer, int):
                state.apply(seat, view.legal[answer])
            elif isinstance(answer, str):
                state.apply(seat, game.parse_action(answer))
            else:
                state.apply(seat, answer)
        step = max(1, len(match) // count)
        views += match[::step][: count - len(views)]
    return views


def measure(spec: str, views: list[DecisionView]) -> dict[str, float]:
    """Seconds per decision and iterations per second of ``spec`` over ``views``."""
    seconds: list[float] = []
    cpu = 0.0
    iterations = 0
    for i, view in enumerate(views):
        bot = bot_class(spec)(i)
        assert isinstance(bot, MctsBot)
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.act(view)
        seconds.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        iterations += bot.last_iterations
    total = sum(seconds)
    ordered = sorted(seconds)
    return {
        "mean": total / len(seconds),
        "cpu": cpu / len(seconds),
        "p50": statistics.median(seconds),
        "p90": ordered[int(0.9 * (len(ordered) - 1))],
        "max": ordered[-1],
        "iter/s": iterations / total,
        "decisions/s": len(seconds) / total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed per game")
    parser.add_argument(
        "--spec", action="append", help="bot specs to time (default: mcts and greedy rollouts)"
    )
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--pin", action="store_true", help="run on CPU 0 only")
    parser.add_argument("--profile", action="store_true", help="profile the first spec on the first game")
    args = parser.parse_args()
    if args.pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    specs = args.spec or list(SPECS)
    games = [g for g in GAMES if not args.game or g[0] in args.game]
    print(
        f"{'game':<28} {'spec':<36} {'s/decision':>10} {'cpu s':>6} {'p50':>6} {'p90':>6} {'max':>6}"
        f" {'iter/s':>7} {'dec/s':>6}"
    )
    for game_id, variant, players, greedy in games:
        views = decisions(game_id, variant, players, greedy, args.decisions)
        for spec in specs:
            spec = spec.replace("GREEDY", greedy)
            row = measure(spec, views)
            print(
                f"{f'{game_id}/{variant} ({players} seats)':<28} {spec:<36} {row['mean']:>10.3f}"
                f" {row['cpu']:>6.3f} {row['p50']:>6.3f} {row['p90']:>6.3f} {row['max']:>6.3f}"
                f" {row['iter/s']:>7.0f} {row['decisions/s']:>6.2f}",
                flush=True,
            )
    if args.profile:
        game_id, variant, players, greedy = games[0]
        views = decisions(game_id, variant, players, greedy, args.decisions)
        profile = cProfile.Profile()
        profile.enable()
        measure(specs[0].replace("GREEDY", greedy), views)
        profile.disable()
        print(f"\nprofile: {specs[0]} on {game_id}/{variant}, {len(views)} decisions (own time)")
        pstats.Stats(profile).sort_stats("tottime").print_stats(22)


if __name__ == "__main__":
    main()
