"""CkGame: the static side of a Cities & Knights match (cities_and_knights.md), registered as
``catan-ck`` for 3-4 seats on the base board; the options and their defaults are its row of the game
registry (:data:`engine.games.GAMES`)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.errors import UnknownChoice
from engine.core.game import Game, OptionValue
from engine.core.observation import Observation
from engine.core.rng import Stream
from engine.games import row
from engine.games.catan_ck.parse import parse_action
from engine.games.catan_ck.state import CkState


class CkGame(Game):
    """Cities & Knights for 3 or 4 seats (variant ``base``; V2-V4 of §1.5 are options)."""

    id = "catan-ck"
    rules_version = 2
    """2: one chase before the roll under V3, a displacement re-measures the displacer's routes, the
    observation carries the decision stack and the pre-roll chase."""

    def __init__(self, variant: str, players: int, options: Mapping[str, OptionValue]) -> None:
        info = row(self.id)
        spec = next((v for v in info.variants if v.id == variant), None)
        if spec is None:
            raise UnknownChoice("variant of catan-ck", variant, [v.id for v in info.variants])
        if not spec.min_players <= players <= spec.max_players:
            raise UnknownChoice("player count for catan-ck", players, ["3", "4"])
        defaults = dict(spec.options)
        merged = {**defaults, **options}
        unknown = sorted(set(merged) - set(defaults))
        if unknown:
            raise UnknownChoice("option of catan-ck", unknown[0], sorted(defaults))
        super().__init__(variant, players, merged)
        self.barbarian_track = int(merged["barbarian_track"])
        """§2.5, §11.4: advances of the ship to an attack."""
        self.strict_fifth_card = bool(merged["strict_fifth_card"])
        """§11.3: on one's own turn only the card just drawn may be played instead of dropping one."""
        self.declared_defenders = bool(merged["declared_defenders"])
        """V2 of §1.5: seats declare which active knights defend."""
        self.wandering_knight = bool(merged["wandering_knight"])
        """V3 of §1.5: a knight may chase the robber before the roll."""
        self.easy_start = bool(merged["easy_start"])
        """V4 of §1.5: no 7 and no event die in each seat's first two turns."""

    @property
    def turn_cap(self) -> int:
        return int(self.options["turn_cap"])

    def new_state(self, seed: int) -> CkState:
        return CkState(self, seed)

    def state_from_observation(self, observation: Observation, rng: Stream) -> CkState:
        """Public facts kept, other seats' cards, the decks and the chance streams sampled
        (:mod:`.sample`; cities_and_knights.md §12.8)."""
        from engine.games.catan_ck.observe import CkObservation
        from engine.games.catan_ck.sample import state_from_observation

        if not isinstance(observation, CkObservation):
            raise ValueError(f"not a Cities & Knights observation: {type(observation).__name__}")
        return state_from_observation(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
