"""The observation encoding and the action space of one game configuration, built once and shared."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from engine.core.game import Game
from engine.registry import find_game, load_game
from learning.catalog import Catalog
from learning.encoding import Layout, derive
from learning.schemas import schema_for


class GameSpace:
    """What an environment of one game configuration shares: its :class:`Layout` and :class:`Catalog`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        reference = game.new_state(0).observe(0)
        declared = schema_for(game)(game, reference, game.players)
        self.layout = Layout(derive(type(reference), reference, declared), game.players)
        self.catalog = Catalog(game)

    def encode(self, observation: Any) -> np.ndarray:
        return self.layout.encode(observation)


def load(game: str, variant: str | None = None, players: int | None = None, **options: Any) -> Game:
    """The game configuration (the registry's default seat count when ``players`` is None)."""
    info = find_game(game)
    spec = info.variant(variant)
    count = (
        players if players is not None else min(max(info.default_players, spec.min_players), spec.max_players)
    )
    return load_game(info.id, spec.id, count, **options)


@functools.cache
def _space(canonical: str, game: Game) -> GameSpace:
    return GameSpace(game)


def space_of(game: Game) -> GameSpace:
    """The shared :class:`GameSpace` of ``game``'s configuration."""
    return _space(game.ref.canonical(), game)
