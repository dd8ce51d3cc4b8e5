"""A decision as a learning environment sees it, from the request a bot is sent: for your own model
played as a bot (``py:my_bot.py:MyBot`` in process, ``grpc:py:...`` over the wire).

:class:`ViewEncoder` turns an SDK :class:`~bots.sdk.Request` into the environment's observation vector,
its action mask and the action each legal slot plays, exactly as :class:`learning.gym_env.ArenaEnv`
encodes the same position for the same seat::

    from learning.views import ViewEncoder

    class MyBot:
        def __init__(self, seed: int = 0) -> None:
            self.encoder = ViewEncoder(seed)
            self.model = load_my_model()

        def act(self, request):
            if request.view.forced:
                return 0
            seen = self.encoder.encode(request)
            slot = self.model.choose(seen.observation, seen.mask)  # a slot where mask is 1
            return seen.actions[slot]

The encoding and the action space are those of the request's game configuration (built once, on the
first request). Open families (discards, trade offers) are validated on a position sampled from the
seat's own observation, as the environment's seat would see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.core.errors import RulesError
from engine.core.rng import Stream, derive_seed
from learning.space import GameSpace, load, space_of


@dataclass(frozen=True, slots=True)
class Encoded:
    """One decision, encoded."""

    observation: np.ndarray
    """The seat's observation as the environment's vector (``float32``)."""
    mask: np.ndarray
    """1 for each legal slot (``int8``, the size of the action space)."""
    actions: dict[int, Any]
    """The action each legal slot plays: answer ``actions[slot]``."""


class ViewEncoder:
    """Encodes requests of one game configuration (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        """Seeds the positions sampled to validate open families (a function of the seed and ply)."""
        self.space: GameSpace | None = None

    def space_for(self, request: Any) -> GameSpace:
        """The encoding and action space of the request's game configuration (built on first use)."""
        if self.space is None:
            ref = request.view.game
            self.space = space_of(load(ref.game, ref.variant, ref.players, **dict(ref.options)))
        return self.space

    def encode(self, request: Any) -> Encoded:
        view = request.view
        space = self.space_for(request)
        observation = view.observation
        state: list[Any] = []

        def validate(action: Any) -> None:  # an open family's action, checked on a position like this one
            if not state:
                rng = Stream(derive_seed("policy-validate", self.seed, view.ply))
                state.append(space.game.state_from_observation(observation, rng))
            try:
                state[0].validate(view.seat, action)
            except RulesError:
                raise
            except Exception as exc:  # a position the sample cannot judge: the slot is left out
                raise RulesError(action.text(), str(exc)) from None

        chosen = space.catalog.choices(view.legal, view.families, validate, observation)
        return Encoded(space.encode(observation), space.catalog.mask(chosen), chosen)
