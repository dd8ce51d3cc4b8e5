"""The Gymnasium single-agent environment: one learning seat, the other seats played by bot specs.

``gymnasium.make("arena/PuertoRico-v0", players=3, opponents=["pr-greedy", "random"])``. An episode is
one match; a step is one decision of the learning seat (the other seats' decisions are played in
between by their bots, in process or over gRPC). The observation is the seat's own observation encoded
(:mod:`learning.encoding`); the action is a slot of the game's fixed action space
(:mod:`learning.catalog`), and ``info["action_mask"]`` (also ``env.unwrapped.action_masks()``) marks the legal
ones. The reward is 0 until the match ends, then the learning seat's reward for its place
(:data:`learning.driver.Reward`). ``reset(seed=N)`` plays the match ``arena play --seed N`` plays with
the same bots in the same seats.

An action outside the mask is not refused: the seat plays the decision's first listed action, the
default the referee's fault policy plays, ``info["illegal_action"]`` is true and the step's reward is ``illegal_reward`` (0 unless
set).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from engine.core.action import Action
from learning.driver import Driver, MatchDriver, Reward, ThreadDriver, check_reward, reward_of
from learning.seats import check_specs, in_process
from learning.space import load, space_of

SEED_BITS = 63
BOUND = 1e6
"""Bounds of the observation box: the encoding keeps every value far inside them."""


class ArenaEnv(gym.Env[np.ndarray, np.int64]):
    """One learning seat of a match (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "puerto-rico",
        variant: str | None = None,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | str = 0,
        reward: Reward = "rank",
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load(game, variant, players, **options)
        n = self.game.players
        others = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != n - 1:
            raise ValueError(f"{n} seats need {n - 1} opponents, got {len(others)}: {others}")
        check_specs(others, self.game)
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', got {seat!r}")
        self.opponents = others
        self.seat_choice = seat
        check_reward(reward, self.game.players)
        self.reward = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.space = space_of(self.game)
        self.observation_space = gym.spaces.Box(-BOUND, BOUND, (self.space.layout.size,), np.float32)
        self.action_space = gym.spaces.Discrete(self.space.catalog.size)
        self.seat = 0
        self.match_seed = 0
        self._driver: MatchDriver | None = None
        self._chosen: dict[int, Action] = {}

    # -- the Gymnasium API ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._close_match()
        self.match_seed = seed if seed is not None else int(self.np_random.integers(1 << SEED_BITS))
        n = self.game.players
        self.seat = int(self.np_random.integers(n)) if self.seat_choice == "random" else int(self.seat_choice)
        specs: list[str | None] = [*self.opponents]
        specs.insert(self.seat, None)
        if all(spec is None or not spec.startswith(("grpc:", "cmd:")) for spec in specs):
            bots = [
                None if spec is None else in_process(spec, self.game, s, self.match_seed)
                for s, spec in enumerate(specs)
            ]
            names = ["learner" if spec is None else spec for spec in specs]
            self._driver = Driver(self.game, bots, self.match_seed, names=names)
        else:
            self._driver = ThreadDriver(self.game, specs, self.match_seed)
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        driver = self._driver
        if driver is None or driver.pending is None:
            raise RuntimeError("call reset() before step(), and again after the episode ends")
        slot = int(action)
        illegal = slot not in self._chosen
        # Illegal: the decision's first listed action, the default the referee's fault policy plays.
        chosen = driver.pending.view.legal[0] if illegal else self._chosen[slot]
        driver.answer(chosen)
        obs, info = self._observe()
        reward = self.illegal_reward if illegal else 0.0
        if illegal:
            info["illegal_action"] = True
        if driver.is_over:
            reward += reward_of(self.reward, driver.result, self.seat)
            info["result"] = driver.result
            return obs, reward, not driver.truncated, driver.truncated, info
        return obs, reward, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal slots now (the ``MaskablePPO`` convention)."""
        return self.space.catalog.mask(self._chosen)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self._driver is None:
            return None
        return self._driver.render()

    def close(self) -> None:
        self._close_match()

    # -- internals -----------------------------------------------------------------------------------

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        driver = self._driver
        assert driver is not None
        if driver.pending is not None:
            observation = driver.pending.view.observation
            self._chosen = self.space.catalog.legal(driver.state, self.seat, observation)
        else:
            observation = driver.state.observe(self.seat)
            self._chosen = {}
        encoded = self.space.encode(observation)
        return encoded, {"action_mask": self.space.catalog.mask(self._chosen), "seat": self.seat}

    def _close_match(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None
