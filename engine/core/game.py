"""Games: the static side of a match (rules, variant, options, player count).

A :class:`Game` is immutable. It names itself with a :class:`GameRef` whose canonical string is the
ladder key (``puerto-rico/base@1(players=4,hidden_vp=true)``), makes initial states from a match seed,
and parses the canonical text of its actions.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.observation import Observation
    from engine.core.rng import Stream
    from engine.core.state import State

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class GameRef:
    """Everything that identifies the rules a match was played under."""

    game: str
    """Registered game id, e.g. ``puerto-rico``."""
    variant: str
    """Variant id, e.g. ``base``."""
    players: int
    """Number of seats."""
    options: tuple[tuple[str, OptionValue], ...]
    """Every option with its value, sorted by name (defaults included)."""
    rules_version: int
    """Bumped whenever legal actions, scoring or observations change."""

    def canonical(self) -> str:
        opts = ",".join([f"players={self.players}"] + [f"{k}={_opt_text(v)}" for k, v in self.options])
        return f"{self.game}/{self.variant}@{self.rules_version}({opts})"

    def option(self, name: str) -> OptionValue:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "rules_version": self.rules_version,
            "canonical": self.canonical(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRef:
        return cls(
            game=str(data["game"]),
            variant=str(data["variant"]),
            players=int(data["players"]),
            options=tuple(sorted((str(k), v) for k, v in dict(data.get("options", {})).items())),
            rules_version=int(data["rules_version"]),
        )


def _opt_text(value: OptionValue) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


class Game(ABC):
    """The rules of one game variant for a fixed number of seats."""

    id: str = ""
    """Registered game id."""
    rules_version: int = 1

    def __init__(self, variant: str, players: int, options: Mapping[str, OptionValue]) -> None:
        self.variant = variant
        self.players = players
        self.options: dict[str, OptionValue] = dict(sorted(options.items()))
        self.ref = GameRef(self.id, variant, players, tuple(self.options.items()), self.rules_version)

    @property
    @abstractmethod
    def turn_cap(self) -> int:
        """The most game turns (rounds for round-based games) a match may last; see ``State.turn``."""

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """The initial state of a match played with ``seed``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text``; raises ``MalformedAction`` otherwise."""

    def state_from_observation(self, observation: Observation, rng: Stream) -> State:
        """A full position consistent with what ``observation.seat`` observed, for search bots that hold
        only their observation (a bot in its own process).

        Public facts are kept; hidden ones (other seats' cards, the deck order, the chance streams) are
        sampled from ``rng``, consistently with what the seat knows (hand sizes, cards in play). The
        result, observed by that seat, gives back ``observation``. Every registered game implements
        it; this default says which one does not.
        """
        raise NotImplementedError(f"{self.ref.canonical()} cannot build a state from an observation yet")

    @classmethod
    def can_sample_observations(cls) -> bool:
        """Whether the game implements :meth:`state_from_observation` (search bots that hold only their
        observation, such as ``mcts``, play exactly the games that do)."""
        return cls.state_from_observation is not Game.state_from_observation

    def seat_label(self, seat: int) -> str:
        """How the CLI names a seat."""
        return f"seat {seat}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.ref.canonical()}>"
