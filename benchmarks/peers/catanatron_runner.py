"""Run catanatron's own game loop with 4 random players and print games/s and decisions as JSON.

Run in the throwaway peer interpreter (``make bench-peers`` installs catanatron 3.2.1 there); it is never
imported by the project. Decisions are counted as catanatron's ``decide`` calls (its players are asked
even when only one action is playable, like our in-process loop).
"""

from __future__ import annotations

import json
import sys
import time


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]

    decisions = 0

    class CountingRandom(RandomPlayer):  # type: ignore[misc]
        def decide(self, game, playable_actions):  # type: ignore[no-untyped-def]
            nonlocal decisions
            decisions += 1
            return super().decide(game, playable_actions)

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    turns = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game([CountingRandom(c) for c in colors], seed=i)
        game.play()
        turns += game.state.num_turns
    seconds = time.perf_counter() - started
    import catanatron  # type: ignore[import-not-found]

    version = getattr(catanatron, "__version__", "3.2.1")
    print(json.dumps({"engine": f"catanatron {version}", "games": games, "decisions": decisions,
                      "seconds": seconds, "turns": turns}))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
