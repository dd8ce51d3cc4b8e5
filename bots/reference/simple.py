"""Bots for any game: uniform random over the listed actions, and always the first listed action."""

from __future__ import annotations

from engine.core.match import DecisionView
from engine.core.rng import Stream, derive_seed


class RandomBot:
    """Picks uniformly among the listed legal actions, from its own seeded stream."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(derive_seed("random-bot", seed))

    def act(self, view: DecisionView) -> int:
        return self.rng.below(view.legal_count)


class FirstBot:
    """Always the first listed action: a deterministic smoke-test bot."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def act(self, view: DecisionView) -> int:
        return 0
