"""The PettingZoo AEC environment: every seat of a match learns (self-play).

``learning.aec_env("catan", variant="helpers", players=5)``. Agents are ``seat_0`` ... ``seat_N-1``;
``agent_selection`` is the seat the arena's match loop asks next (of several seats that decide at
once, such as discards after a 7, one at a time in seat order). Each agent's observation is a dict:
``observation``, its own observation encoded (:mod:`learning.encoding`), and ``action_mask``, the legal
slots of the game's action space (:mod:`learning.catalog`; all zero for an agent not to move). Rewards
come at the end, for every seat, from its final place (:data:`learning.driver.Reward`); a match stopped
by the turn cap truncates every agent, with the rewards of the places at the cap.
``reset(seed=N)`` deals the match ``arena play --seed N`` deals.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

from engine.core.action import Action
from learning.driver import Driver, Reward, check_reward, reward_of
from learning.gym_env import BOUND
from learning.space import load, space_of

SEED_BITS = 63


class ArenaAEC(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """Every seat of one match as a PettingZoo agent (see the module docstring)."""

    metadata = {"name": "arena_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str = "puerto-rico",
        variant: str | None = None,
        players: int | None = None,
        reward: Reward = "rank",
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = load(game, variant, players, **options)
        self.space = space_of(self.game)
        check_reward(reward, self.game.players)
        self.reward = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.game.players)]
        size, slots = self.space.layout.size, self.space.catalog.size
        obs_space = gym.spaces.Dict(
            {
                "observation": gym.spaces.Box(-BOUND, BOUND, (size,), np.float32),
                "action_mask": gym.spaces.Box(0, 1, (slots,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: gym.spaces.Discrete(slots) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self._driver: Driver | None = None
        self._chosen: dict[int, Action] = {}
        self.match_seed = 0

    def observation_space(self, agent: str) -> gym.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.match_seed = seed if seed is not None else int(self._rng.integers(1 << SEED_BITS))
        players = self.game.players
        self._driver = Driver(self.game, [None] * players, self.match_seed, names=self.possible_agents)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self._driver is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        pending = self._driver.pending
        if pending is not None and pending.seat == seat:
            observation = pending.view.observation
            mask = self.space.catalog.mask(self._chosen)
        else:
            observation = self._driver.state.observe(seat)
            mask = np.zeros(self.space.catalog.size, dtype=np.int8)
        return {"observation": self.space.encode(observation), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        driver = self._driver
        assert driver is not None and driver.pending is not None
        slot = int(action)
        illegal = slot not in self._chosen
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {"illegal_action": True} if illegal else {}
        if illegal:
            self.rewards[agent] = self.illegal_reward
        # Illegal: the decision's first listed action, the default the referee's fault policy plays.
        driver.answer(driver.pending.view.legal[0] if illegal else self._chosen[slot])
        if driver.is_over:
            result = driver.result
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] += reward_of(self.reward, result, s)
                self.infos[a]["result"] = result
            done = dict.fromkeys(self.agents, True)
            if driver.truncated:
                self.truncations = done
            else:
                self.terminations = done
        self._select(after=agent)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self._driver is None:
            return None
        return self._driver.render()

    def close(self) -> None:
        self._driver = None

    def _select(self, after: str | None = None) -> None:
        driver = self._driver
        assert driver is not None
        if driver.pending is not None:
            seat = driver.pending.seat
            self._chosen = self.space.catalog.legal(driver.state, seat, driver.pending.view.observation)
            self.agent_selection = self.possible_agents[seat]
            return
        self._chosen = {}
        # the match is over: the next agent in seat order takes the first of the dead steps
        start = 0 if after is None else (self.possible_agents.index(after) + 1) % len(self.possible_agents)
        self.agent_selection = self.possible_agents[start]


def aec_env(game: str = "puerto-rico", **kwargs: Any) -> ArenaAEC:
    """A PettingZoo AEC environment of ``game`` (keywords as :class:`ArenaAEC`)."""
    return ArenaAEC(game, **kwargs)
