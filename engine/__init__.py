"""The engine: rules of each game and the machinery to play one match.

Public surface: :func:`load_game` and :func:`list_games`; everything else is reached from a
:class:`~engine.core.game.Game` and the states it makes.
"""

from __future__ import annotations

from engine.registry import list_games, load_game

__version__ = "0.1.0"

__all__ = ["__version__", "list_games", "load_game"]
