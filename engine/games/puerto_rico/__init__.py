"""Puerto Rico, base game for 3-5 seats (rules: ``docs/rules/puerto_rico.md``).

The game class is :class:`engine.games.puerto_rico.game.PuertoRicoGame`; load it with
``engine.load_game("puerto-rico", players=4)``.
"""

from __future__ import annotations
