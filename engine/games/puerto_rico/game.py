"""The Puerto Rico game: static rules for one player count and option set (puerto_rico.md §1-§2).

``engine.load_game("puerto-rico", players=4)`` builds it from the registry row in
``engine/games/__init__.py``; options are ``hacienda_slot_allows_quarry`` (A1), ``hidden_vp`` (A11) and
``allow_decline_production`` (A9).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.errors import UnknownChoice
from engine.core.game import Game, OptionValue
from engine.games.puerto_rico.actions import parse_action
from engine.games.puerto_rico.state import PuertoRicoState

DEFAULT_OPTIONS: dict[str, OptionValue] = {
    "allow_decline_production": False,
    "hacienda_slot_allows_quarry": False,
    "hidden_vp": True,
}
TURN_CAP = 60
"""Rounds: real games take about 15 and uniformly random play stays well under 40."""


class PuertoRicoGame(Game):
    """Puerto Rico, base game, 3-5 seats."""

    id = "puerto-rico"
    rules_version = 1

    def __init__(self, variant: str, players: int, options: Mapping[str, OptionValue]) -> None:
        if not 3 <= players <= 5:
            raise UnknownChoice("player count for puerto-rico/base", players, ["3", "4", "5"])
        super().__init__(variant, players, {**DEFAULT_OPTIONS, **options})

    @property
    def turn_cap(self) -> int:
        return TURN_CAP

    def new_state(self, seed: int) -> PuertoRicoState:
        state = PuertoRicoState(self, seed)
        state.setup()
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
