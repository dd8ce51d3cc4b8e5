"""Where a Seafarers decision's time goes in the engine loop: each part timed with the process's CPU clock.

The engine loop of ``bench_catan.py`` (random pick among the listed actions) plays ``--games`` seeded
games twice in one process, and every part below is timed around its calls: the first pass starts
with the routes' shape caches empty (``loops._KNOWN`` and ``loops._CORES``: the longest trails of
networks with several loops already measured), the second finds them filled by the first pass's very
games, more than a process meeting new games finds (``bench_catan.py`` plays new seeds at every
repetition). The timers add a little to the whole; the parts are shares of the timed whole.

    nice -n 10 .venv/bin/python benchmarks/seafarers_parts.py --games 15 --variant seafarers-fog-islands --seats 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.rng import Stream  # noqa: E402
from engine.games.catan.decisions import PlaceRobber  # noqa: E402
from engine.games.catan.seafarers import rules  # noqa: E402
from engine.games.catan.seafarers.decisions import PlaceShip  # noqa: E402
from engine.games.catan.seafarers.rules import (  # noqa: E402
    build,
    fog,
    loops,
    pieces,
    routes,
    setup,
    thief,
    turn,
)
from engine.registry import load_game  # noqa: E402

PARTS = (
    (
        "trade routes and the card after a piece is placed (seafarers.md §5.7)",
        (build, setup),
        "update_routes",
    ),
    ("  of which measuring a ship move's route from the old length", (routes,), "moved_route_length"),
    ("listing the ship moves (seafarers.md §5.5)", (turn,), "legal_moves"),
    ("listing roads, ships, settlements, cities, a card", (turn,), "legal_builds"),
    ("listing maritime trades", (turn,), "legal_bank_trades"),
)
"""Timed parts: label, the modules calling it, the name they call it by (looked up at call time). A part
whose label starts with spaces lies within the one above it and is not taken from the rest."""

KEEPING = (
    (build, "added"),
    (build, "lifted"),
    (pieces, "added"),
    (pieces, "built_at"),
    (thief, "pirate_moved"),
    (fog, "revealed"),
)
"""Where the rules update the route graphs, ship ends, starts and spots kept per seat (module, the name
it calls them by), timed as one part."""


def timed(fn: Callable[..., Any], spent: list[float], calls: list[int]) -> Callable[..., Any]:
    def wrapper(*args: Any) -> Any:
        started = time.process_time()
        try:
            return fn(*args)
        finally:
            spent[0] += time.process_time() - started
            calls[0] += 1

    return wrapper


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--variant", default="seafarers-fog-islands")
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args(argv)
    game = load_game("catan", args.variant, args.seats)
    totals: dict[str, tuple[list[float], list[int]]] = {}
    for label, modules, name in PARTS:
        spent, calls = [0.0], [0]
        totals[label] = (spent, calls)
        for module in modules:
            setattr(module, name, timed(getattr(module, name), spent, calls))
    spent, calls = [0.0], [0]
    label = "keeping each seat's networks (seafarers.md §5.4, §5.5, §5.7)"
    totals[label] = (spent, calls)
    for module, name in KEEPING:
        setattr(module, name, timed(getattr(module, name), spent, calls))
    for label, kind in (
        ("listing a moved ship's new edges (seafarers.md §5.5)", PlaceShip),
        ("listing the robber and pirate moves (seafarers.md §5.6)", PlaceRobber),
    ):
        spent, calls = [0.0], [0]
        totals[label] = (spent, calls)
        rules.LEGAL[kind] = timed(rules.LEGAL[kind], spent, calls)
    loops._KNOWN.clear()
    loops._CORES.clear()
    for rep in ("first pass, shape cache empty", "second pass, shape cache filled"):
        for spent, calls in totals.values():
            spent[0], calls[0] = 0.0, 0
        decisions = 0
        started = time.process_time()
        for seed in range(args.games):
            state = game.new_state(seed)
            pick = Stream(seed)
            while not state.is_terminal():
                seat = state.seats_to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[pick.below(len(legal))])
                decisions += 1
        whole = time.process_time() - started
        print(
            f"{args.variant} {args.seats} seats, {args.games} games, {rep}: {whole / decisions * 1e6:.2f} µs a decision"
        )
        rest = whole
        for label, (spent, calls) in totals.items():
            if not label.startswith(" "):
                rest -= spent[0]
            per_call = spent[0] / calls[0] * 1e6 if calls[0] else 0.0
            print(
                f"  {label:<64} {spent[0] / whole:6.1%}  {per_call:6.1f} µs a call, {calls[0] / decisions:.3f} a decision"
            )
        print(f"  {'the rest (dice, production, gold, fog, turn, the loop)':<64} {rest / whole:6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
