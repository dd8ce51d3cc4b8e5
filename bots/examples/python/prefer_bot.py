"""A Python bot that plays both ways: in the referee's process and over gRPC, unchanged.

In process (trusted: it runs inside the arena)::

    arena play pr --bots 'py:bots/examples/python/prefer_bot.py:PreferBot:prefer=build,random,random' --seed 3

In a process of its own over gRPC, spawned by the arena (the same seed plays the same match)::

    arena play pr --bots 'grpc:py:bots/examples/python/prefer_bot.py:PreferBot:prefer=build,random,random' --seed 3

or started by hand with the token a ``remote`` seat prints: ``python bots/examples/python/prefer_bot.py
--address HOST:PORT --token TOKEN``.
"""

from __future__ import annotations

import random

from bots.sdk import Match, MatchEnd, Request, run


class PreferBot:
    """Picks at random among the listed actions whose first word is one it prefers (else among all)."""

    def __init__(self, seed: int = 0, prefer: str = "build+settle+city") -> None:
        self.rng = random.Random(seed)  # a seeded stream of its own: the same seed, the same choices
        self.prefer = set(prefer.split("+"))
        self.seat = -1
        self.places: list[int] = []

    def on_match_start(self, match: Match) -> None:
        self.seat = match.seat

    def act(self, request: Request) -> int:
        if request.forced:
            return 0
        liked = [a.index for a in request.legal if a.text.split()[0] in self.prefer]
        return self.rng.choice(liked or range(request.legal_count))

    def on_match_end(self, end: MatchEnd) -> None:
        self.places.append(end.place)


if __name__ == "__main__":
    run(PreferBot)
