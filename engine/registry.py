"""The project's registry: the lookups of :mod:`engine.core.registry` over :data:`engine.games.GAMES`.

This module sits above the core and the games (the core knows no game), and is what every caller
uses: ``load_game("puerto-rico", players=4)``, ``find_game("pr")``, ``list_games()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.registry import GameInfo, Registry
from engine.core.replay import ReplayLog, check_game
from engine.games import GAMES

if TYPE_CHECKING:
    from engine.core.game import Game

REGISTRY = Registry(GAMES)
"""Every registered game."""


def list_games() -> tuple[GameInfo, ...]:
    """Every registered game, in table order."""
    return REGISTRY.list()


def find_game(game_id: str) -> GameInfo:
    """The registered game with this id or alias (case-insensitive); ``UnknownChoice`` names the valid ones."""
    return REGISTRY.find(game_id)


def game_class(game_id: str) -> type[Game]:
    """The ``Game`` class of a registered game (``game_class("catan-ck").can_sample_observations()``)."""
    return REGISTRY.game_class(game_id)


def load_game(
    game_id: str, variant: str | None = None, players: int | None = None, **options: object
) -> Game:
    """Build a game: ``load_game("puerto-rico", players=4)``; see :meth:`engine.core.registry.Registry.load`."""
    return REGISTRY.load(game_id, variant, players, **options)


def game_of_log(log: ReplayLog) -> Game:
    """The registered game a replay log was played under (``ReplayDivergence`` if it is another now)."""
    ref = log.ref
    return check_game(log, load_game(ref.game, ref.variant, ref.players, **dict(ref.options)))
