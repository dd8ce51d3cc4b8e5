"""The Puerto Rico game: static rules for one player count and option set (puerto_rico.md §1-§2).

``engine.load_game("puerto-rico", players=4)`` builds it from the registry row in
``engine/games/__init__.py``; options are ``hacienda_slot_allows_quarry`` (A1), ``hidden_vp`` (A11) and
``allow_decline_production`` (A9). Their defaults and the 3-5 player range are read from that row.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.errors import UnknownChoice
from engine.core.game import Game, OptionValue
from engine.core.observation import Observation
from engine.core.rng import Stream
from engine.games import row
from engine.games.puerto_rico.actions import parse_action
from engine.games.puerto_rico.state import PuertoRicoState

_INFO = row("puerto-rico")
_BASE = _INFO.variant("base")

DEFAULT_OPTIONS: dict[str, OptionValue] = dict(_BASE.options)
"""Every option with its default value, from the registry row."""
TURN_CAP = 60
"""Rounds: real games take about 15 and uniformly random play stays well under 40."""


class PuertoRicoGame(Game):
    """Puerto Rico, base game, 3-5 seats."""

    id = "puerto-rico"
    rules_version = 1

    def __init__(self, variant: str, players: int, options: Mapping[str, OptionValue]) -> None:
        if not _BASE.min_players <= players <= _BASE.max_players:
            raise UnknownChoice(
                f"player count for {_INFO.id}/{_BASE.id}", players, [str(n) for n in _BASE.player_counts]
            )
        super().__init__(variant, players, {**DEFAULT_OPTIONS, **options})

    @property
    def turn_cap(self) -> int:
        return TURN_CAP

    def new_state(self, seed: int) -> PuertoRicoState:
        state = PuertoRicoState(self, seed)
        state.setup()
        return state

    def state_from_observation(self, observation: Observation, rng: Stream) -> PuertoRicoState:
        """Public facts kept, the deck order and hidden VP chips sampled (:mod:`.sample`)."""
        from engine.games.puerto_rico.observe import PuertoRicoObservation
        from engine.games.puerto_rico.sample import state_from_observation

        if not isinstance(observation, PuertoRicoObservation):
            raise ValueError(f"not a Puerto Rico observation: {type(observation).__name__}")
        return state_from_observation(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
