"""Cities & Knights throughput beside base Catan: games/s, µs/decision and game lengths, random bots.

Both games are played by the same loop in the same run (the State API: ``seats_to_move``,
``legal_actions``, ``apply``; a uniform random choice among the listed actions, so no domestic offer),
4 seats for the base game and 3 and 4 for Cities & Knights, the variants V2, V3 and V4
(cities_and_knights.md §1.5) each alone and all three together; each C&K row prints its µs/decision as a
ratio to the base game's (DESIGN.md target: within 2x). Game lengths are in turns, with how many games
reached the turn cap (1,000 turns by default).

Times are the process's CPU time (``time.process_time``), not wall-clock time: on a shared machine a
process waiting for a core would otherwise be charged for it, and the two games of one run would not be
measured alike.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.rng import Stream  # noqa: E402
from engine.registry import load_game  # noqa: E402

ROWS: tuple[tuple[str, str, int, dict[str, object]], ...] = (
    ("catan base, 4 seats", "catan", 4, {}),
    ("catan-ck, 4 seats", "catan-ck", 4, {}),
    ("catan-ck, 3 seats", "catan-ck", 3, {}),
    ("catan-ck, 4 seats, V2", "catan-ck", 4, {"declared_defenders": True}),
    ("catan-ck, 4 seats, V3", "catan-ck", 4, {"wandering_knight": True}),
    ("catan-ck, 4 seats, V4", "catan-ck", 4, {"easy_start": True}),
    (
        "catan-ck, 4 seats, V2+V3+V4",
        "catan-ck",
        4,
        {"declared_defenders": True, "wandering_knight": True, "easy_start": True},
    ),
)


def measure(
    label: str, game_id: str, players: int, options: dict[str, object], games: int
) -> dict[str, object]:
    game = load_game(game_id, None, players, **options)
    decisions = 0
    turns: list[int] = []
    capped = 0
    started = time.process_time()
    for seed in range(games):
        state = game.new_state(seed)
        pick = Stream(seed)
        while not state.is_terminal():
            seat = state.seats_to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
            decisions += 1
        turns.append(state.turn)
        capped += state.result().termination.name == "TURN_CAP"
    seconds = time.process_time() - started
    turns.sort()
    return {
        "name": label,
        "games": games,
        "games_per_s": games / seconds,
        "us_per_decision": seconds / decisions * 1e6,
        "decisions_per_game": decisions / games,
        "turns_p10": turns[len(turns) // 10],
        "turns_median": turns[len(turns) // 2],
        "turns_p90": turns[len(turns) * 9 // 10],
        "turns_max": turns[-1],
        "turn_cap": capped,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per row (default 200)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure every row this many times, keep the fastest"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    best: list[dict[str, object]] = []
    for _ in range(max(1, args.repeat)):
        for i, (label, game_id, players, options) in enumerate(ROWS):
            row = measure(label, game_id, players, options, args.games)
            if i == len(best):
                best.append(row)
            elif float(row["us_per_decision"]) < float(best[i]["us_per_decision"]):  # type: ignore[arg-type]
                best[i] = row
    if args.json:
        print(json.dumps(best, indent=2))
        return 0
    base = float(best[0]["us_per_decision"])  # type: ignore[arg-type]
    print(
        f"{'game':30} {'games':>6} {'games/s':>8} {'CPU µs/dec':>12} {'vs base':>8} {'dec/game':>9}"
        f" {'turns p10/median/p90/max':>26} {'turn cap':>9}"
    )
    for row in best:
        us = float(row["us_per_decision"])  # type: ignore[arg-type]
        turns = f"{row['turns_p10']}/{row['turns_median']}/{row['turns_p90']}/{row['turns_max']}"
        print(
            f"{row['name']!s:30} {row['games']:>6} {float(row['games_per_s']):>8.1f} {us:>12.1f}"  # type: ignore[arg-type]
            f" {us / base:>7.2f}x {float(row['decisions_per_game']):>9.0f} {turns:>26} {row['turn_cap']:>9}"  # type: ignore[arg-type]
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
