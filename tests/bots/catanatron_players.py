"""Misbehaving players for the catanatron bridge's tests, seated as ``catanatron:tests.bots.catanatron_players.NAME``.

They run inside the bridge's own environment, in its worker process; they need nothing of catanatron
but the game object the bridge hands them (and import none of it).
"""

from __future__ import annotations

import time
from typing import Any


class Raising:
    """Raises at every decision."""

    def __init__(self, color: Any) -> None:
        self.color = color

    def decide(self, game: Any, playable_actions: list[Any]) -> Any:
        raise RuntimeError("this player always raises")


class Unmappable:
    """Answers something that is none of the actions it was offered."""

    def __init__(self, color: Any) -> None:
        self.color = color

    def decide(self, game: Any, playable_actions: list[Any]) -> Any:
        return ("not", "an", "action")


class SlowFirst:
    """Takes 30 s over its first settlement of the set-up, then plays catanatron's first action."""

    def __init__(self, color: Any) -> None:
        self.color = color

    def decide(self, game: Any, playable_actions: list[Any]) -> Any:
        state = game.state
        if state.is_initial_build_phase and not state.buildings_by_color[self.color]["SETTLEMENT"]:
            time.sleep(30)
        return playable_actions[0]
