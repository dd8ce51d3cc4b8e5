"""The learning environments: the standard API checkers, hidden information, seeding, the action space.

Every registered game and variant at its seat counts runs Gymnasium's ``check_env`` and PettingZoo's
``api_test``; encodings and masks are compared before and after re-dealing what a seat cannot see; an
episode with a seed replays ``arena play --seed``; every listed action has a slot that plays it.
"""

from __future__ import annotations

import re
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import learning
from arena.spawn import play_specs
from engine.core.result import Result, Termination
from engine.core.rng import Stream
from learning.aec_env import ArenaAEC
from learning.driver import reward_of
from learning.gym_env import ArenaEnv
from learning.space import load, space_of

CK_ALL = {
    "strict_fifth_card": True,
    "declared_defenders": True,
    "wandering_knight": True,
    "robber_blocks_cards": True,
    "easy_start": True,
}
CONFIGS: list[tuple[str, str | None, int, dict[str, Any]]] = [
    ("puerto-rico", None, 3, {}),
    ("puerto-rico", None, 5, {"hidden_vp": False}),
    ("catan", "base", 3, {}),
    ("catan", "base", 4, {"layout": "beginner"}),
    ("catan", "extended", 5, {}),
    ("catan", "extended", 6, {"turn_structure": "paired"}),
    ("catan", "helpers", 6, {}),
    ("catan", "jungle", 3, {}),
    ("catan", "big-river", 4, {"gold_mine_bonus": "first_only"}),
    ("catan", "seafarers-fog-islands", 3, {}),
    ("catan-ck", None, 3, {}),
    ("catan-ck", None, 4, CK_ALL),
]
IDS = [f"{g}-{v or 'base'}-{n}{'-opts' if o else ''}" for g, v, n, o in CONFIGS]


@pytest.mark.parametrize(("game", "variant", "players", "options"), CONFIGS, ids=IDS)
def test_gymnasiums_checker_passes(
    game: str, variant: str | None, players: int, options: dict[str, Any]
) -> None:
    env = ArenaEnv(game, variant, players, **options)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and info["action_mask"].sum() >= 1
    assert env.render() is None  # no render mode asked for
    drawn = ArenaEnv(game, variant, players, render_mode="ansi", **options)
    drawn.reset(seed=1)
    assert isinstance(drawn.render(), str) and drawn.render()


@pytest.mark.slow
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent", "ignore:Observation is not a NumPy array"
)
@pytest.mark.parametrize(("game", "variant", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoos_api_test_passes(
    game: str, variant: str | None, players: int, options: dict[str, Any]
) -> None:
    api_test(ArenaAEC(game, variant, players, **options), num_cycles=150, verbose_progress=False)


def test_the_registered_ids_are_valid_with_their_defaults() -> None:
    assert set(learning.ENVIRONMENTS) == {"arena/PuertoRico-v0", "arena/Catan-v0", "arena/CatanCK-v0"}
    for env_id in learning.ENVIRONMENTS:
        env = gym.make(env_id)
        obs, info = env.reset(seed=2)
        legal = np.flatnonzero(info["action_mask"])
        obs, _reward, terminated, _truncated, info = env.step(int(legal[0]))
        assert env.observation_space.contains(obs) and not terminated
    env = gym.make("arena/Catan-v0", variant="helpers", players=5, opponents="catan-greedy", seat="random")
    assert env.unwrapped.game.players == 5
    with pytest.raises(ValueError, match="5 seats need 4 opponents"):
        gym.make("arena/Catan-v0", variant="helpers", players=5, opponents=["random"])


def playout(game: Any, seed: int, plies: int) -> Any:
    """Random positions of one match: yields the state before each of ``plies`` decisions."""
    rng = Stream(seed)
    state = game.new_state(seed)
    for _ in range(plies):
        if state.is_terminal():
            return
        yield state
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize(("game", "variant", "players", "options"), CONFIGS, ids=IDS)
def test_the_encoding_and_mask_do_not_change_when_the_unseen_is_dealt_again(
    game: str, variant: str | None, players: int, options: dict[str, Any]
) -> None:
    loaded = load(game, variant, players, **options)
    space = space_of(loaded)
    rng = Stream(7)
    seen: set[bytes] = set()
    compared = redealt = 0
    for ply, state in enumerate(playout(loaded, 5, 1000)):
        if ply % 11:
            continue
        for seat in range(players):
            mine = space.encode(state.observe(seat))
            twin = state.determinized_for(seat, rng)
            redealt += twin.to_text() != state.to_text()
            assert np.array_equal(mine, space.encode(twin.observe(seat))), f"ply {ply} seat {seat}"
            if seat in state.seats_to_move():
                here = space.catalog.legal(state, seat)
                there = space.catalog.legal(twin, seat)
                assert {s: a.text() for s, a in here.items()} == {s: a.text() for s, a in there.items()}
            seen.add(mine.tobytes())
            compared += 1
    assert compared > 50 and len(seen) > compared // 2  # the encoding does follow the match
    assert redealt > compared // 4  # and the re-deals did change what the seat cannot see


@pytest.mark.parametrize(("game", "variant", "players", "options"), CONFIGS, ids=IDS)
def test_every_listed_action_has_a_slot_that_plays_it(
    game: str, variant: str | None, players: int, options: dict[str, Any]
) -> None:
    loaded = load(game, variant, players, **options)
    catalog = space_of(loaded).catalog
    families: set[str] = set()
    for state in playout(loaded, 9, 1500):
        for seat in state.seats_to_move():
            chosen = catalog.legal(state, seat)
            legal = state.legal_actions(seat)
            for action in legal:
                slot = catalog.slot_of(action)
                assert slot is not None and slot in chosen, action.text()
                assert chosen[slot] in legal or catalog.names[slot].startswith(("discard sparing", "offer"))
            assert legal[0] is chosen[catalog.slot_of(legal[0])]  # type: ignore[index]
            families.update(
                catalog.names[s].split()[0]
                for s in chosen
                if catalog.names[s].startswith(("offer", "discard sparing"))
            )
    if game != "puerto-rico":
        assert families == {"offer", "discard"}, families


def first_slot(env: Any) -> int:
    """The slot of the first listed action (the ``first`` bot's choice)."""
    pending = env.unwrapped._driver.pending
    return int(env.unwrapped.space.catalog.slot_of(pending.view.legal[0]))


@pytest.mark.parametrize(
    ("game", "players", "others"),
    [
        ("puerto-rico", 3, ["pr-greedy", "random"]),
        ("catan", 4, ["catan-greedy", "random", "mcts:iterations=4"]),
    ],
)
def test_a_seeded_episode_is_the_match_arena_play_plays(game: str, players: int, others: list[str]) -> None:
    env = ArenaEnv(game, players=players, opponents=others, seat=1)
    env.reset(seed=12)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(first_slot(env))
        done = terminated or truncated
    record = play_specs(load(game, None, players), [others[0], "first", *others[1:]], 12, announce=print)
    episode = env._driver.record  # type: ignore[union-attr]
    assert [(r["seat"], r["action"]) for r in episode.log.records] == [
        (r["seat"], r["action"]) for r in record.log.records
    ]
    assert info["result"].places == record.result.places


def test_self_play_through_the_aec_environment_is_the_match_of_first_bots() -> None:
    env = ArenaAEC("catan", "base", 3)
    env.reset(seed=4)
    for _agent in env.agent_iter():
        _, _reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(env.space.catalog.slot_of(env._driver.pending.view.legal[0])))  # type: ignore[union-attr]
    record = play_specs(load("catan", "base", 3), ["first"] * 3, 4, announce=print)
    assert env._driver.record.log.records == record.log.records  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("game", "others"), [("puerto-rico", ["pr-greedy", "random"]), ("catan", ["random"] * 3)]
)
def test_an_action_outside_the_mask_plays_the_referees_default(game: str, others: list[str]) -> None:
    """An illegal slot plays the decision's first listed action, as the referee's fault policy does
    (and the `first` bot): an episode of nothing but illegal slots is the match with `first` in the
    seat, in both environments. The lowest legal slot, played before, is another action in about half
    of the decisions (accepting a trade offer where the default rejects it)."""
    players = len(others) + 1
    record = play_specs(load(game, None, players), [others[0], "first", *others[1:]], 7, announce=print)
    env = ArenaEnv(game, players=players, opponents=others, seat=1, illegal_reward=-0.5)
    env.reset(seed=7)
    outside = env.space.catalog.size
    done, steps = False, 0
    while not done:
        _, reward, terminated, truncated, info = env.step(outside)
        assert info["illegal_action"] and (reward == -0.5 or terminated or truncated)
        done, steps = terminated or truncated, steps + 1
    episode = env._driver.record  # type: ignore[union-attr]
    assert episode.log.records == record.log.records and steps > 10

    aec = ArenaAEC(game, None, players)  # every seat an agent: all illegal is all `first`
    aec.reset(seed=7)
    for _agent in aec.agent_iter():
        _, _reward, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else outside)
    firsts = play_specs(load(game, None, players), ["first"] * players, 7, announce=print)
    assert aec._driver.record.log.records == firsts.log.records  # type: ignore[union-attr]


@pytest.mark.slow
def test_an_opponent_over_grpc_plays_the_same_episode_as_in_process() -> None:
    results = []
    for opponent in ("random", "grpc:random"):
        env = ArenaEnv("puerto-rico", players=3, opponents=[opponent, "pr-greedy"])
        env.reset(seed=8)
        done, steps = False, 0
        while not done:
            _, reward, terminated, truncated, info = env.step(first_slot(env))
            done, steps = terminated or truncated, steps + 1
        env.close()
        results.append((info["result"].places, steps, reward))
    assert results[0] == results[1] and results[0][1] > 30


@pytest.mark.slow
def test_the_vector_api_steps_environments_in_processes() -> None:
    envs = gym.make_vec("arena/PuertoRico-v0", num_envs=2, vectorization_mode="async", players=3)
    try:
        obs, info = envs.reset(seed=[1, 2])
        assert obs.shape == (2, envs.single_observation_space.shape[0])
        for _ in range(50):
            actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
            obs, _rewards, _terminated, _truncated, info = envs.step(actions)
        assert not np.array_equal(obs[0], obs[1])
    finally:
        envs.close()


def test_rewards_come_from_the_places() -> None:
    tied = Result((1, 1, 3, 4), (10.0, 10.0, 7.0, 5.0), Termination.VICTORY)
    assert [reward_of("rank", tied, s) for s in range(4)] == [1, 1, -1 / 3, -1]
    assert [reward_of("win", tied, s) for s in range(4)] == [1, 1, 0, 0]
    assert [reward_of((3, 2, 1, 0), tied, s) for s in range(4)] == [3, 3, 1, 0]
    assert reward_of(lambda result, seat: result.scores[seat], tied, 2) == 7.0
    with pytest.raises(ValueError, match="unknown reward 'money'"):
        reward_of("money", tied, 0)


def test_a_reward_that_cannot_apply_is_refused_when_the_environment_is_made() -> None:
    """Not at the end of the first episode, after a whole match of work."""
    cases = {
        (1, 0): "a reward per place needs 3 values, got 2",
        "wins": "unknown reward 'wins'; valid: rank, win",
        ("a", "b", "c"): "a list of rewards by place holds numbers",
    }
    for reward, message in cases.items():
        with pytest.raises(ValueError, match=re.escape(message)):
            ArenaEnv("puerto-rico", players=3, reward=reward)
        with pytest.raises(ValueError, match=re.escape(message)):
            ArenaAEC("puerto-rico", None, 3, reward=reward)
    ArenaEnv("puerto-rico", players=3, reward=(1, 0, -1))
