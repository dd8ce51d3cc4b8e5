"""``python -m catanatron_bridge.headtohead A B``: two catanatron players 1v1 in catanatron's own loop.

This is the setting of catanatron's own comparisons of its players (two players, catanatron's rules
and game loop, no arena): it lets a figure quoted for that setting be checked where it was made. Each
seed is played twice, the players' order swapped (catanatron seats players in an order drawn from the
game's seed, so the two games deal the same board and dice to opposite seats while their play
agrees). ``A`` and ``B`` are bridge specs (``catanatron:alphabeta:depth=2``, ``catanatron:value``).
Prints one line per game and a summary: wins of each, games unfinished at catanatron's turn limit,
and A's share of the decided games with its 95 % Wilson score interval.

The games do not replay exactly: catanatron lists some actions by iterating sets of tuples holding
``None``, whose hash follows its address in memory (Python 3.11), which differs from process to
process; a player that breaks ties at random then chooses differently. The seeds fix each game's
board and seating; the dice come from the random stream the players' tie-breaks draw on, so they
follow the same game only until a choice differs.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

from catanatron_bridge.players import SpecError, parse_spec
from engine.core.rng import derive_seed

Z95 = 1.959963984540054


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` in ``games`` (``(0, 1)`` for no games)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + Z95 * Z95 / (2 * games)
    spread = Z95 * math.sqrt(p * (1 - p) / games + Z95 * Z95 / (4 * games * games))
    scale = 1 + Z95 * Z95 / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def play(spec_a: Any, spec_b: Any, seed: int, a_first: bool) -> tuple[str, int, float]:
    """One game: ``("A"|"B"|"-", turns, seconds)``; ``-`` when the turn limit ended it undecided."""
    from catanatron import Color, Game

    a, b = spec_a.build(Color.RED), spec_b.build(Color.BLUE)
    started = time.perf_counter()
    game = Game([a, b] if a_first else [b, a], seed=seed)
    winner = game.play()
    elapsed = time.perf_counter() - started
    side = "-" if winner is None else ("A" if winner == Color.RED else "B")
    return side, int(game.state.num_turns), elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="player A, a bridge spec")
    parser.add_argument("b", help="player B, a bridge spec")
    parser.add_argument("--seeds", type=int, default=20, help="seeds to play, each twice (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first game seed is derived from this")
    args = parser.parse_args(argv)
    try:
        spec_a, spec_b = parse_spec(args.a), parse_spec(args.b)
        spec_a.build(None), spec_b.build(None)  # a player this environment lacks: one line, now
    except SpecError as exc:
        print(f"headtohead: {exc}", file=sys.stderr)
        return 2
    tally = {"A": 0, "B": 0, "-": 0}
    seconds = 0.0
    for i in range(args.seeds):
        game_seed = derive_seed("catanatron-headtohead", args.seed, i) % (2**31 - 1) + 1
        for a_first in (True, False):
            side, turns, elapsed = play(spec_a, spec_b, game_seed, a_first)
            tally[side] += 1
            seconds += elapsed
            order = "A, B" if a_first else "B, A"  # the order given; catanatron draws the seating from it
            print(f"seed {game_seed} ({order}): {side} in {turns} turns, {elapsed:.1f} s", flush=True)
    decided = tally["A"] + tally["B"]
    low, high = wilson(tally["A"], decided)
    share = tally["A"] / decided if decided else 0.0
    print(
        f"A = {spec_a.text()}, B = {spec_b.text()}: A won {tally['A']}, B won {tally['B']},"
        f" {tally['-']} unfinished, {2 * args.seeds} games in {seconds:.0f} s;"
        f" A's share of decided games {share:.1%} (95 % {low:.1%}..{high:.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
