"""The ``mcts`` reference bot: parameters in its spec, every game and variant, seeded play, over gRPC.

The bot reads only its observation (``DecisionView.observation``) and rebuilds positions with
``game.state_from_observation``, so it plays the same in process and in its own process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from arena.spawn import play_specs
from bots.builtin import bot_class, check_plays, find_bot, make_bot
from bots.reference.mcts import MctsBot, pairwise_shares
from engine.core.errors import UnknownChoice
from engine.core.match import DecisionView, play_match
from engine.core.result import Termination
from engine.core.rng import Stream
from engine.games.catan.notation import from_text

SMALL = "mcts:iterations=12:depth=6"
"""A budget small enough for whole matches in the tests."""

GREEDY = {"puerto-rico": "pr-greedy", "catan": "catan-greedy", "catan-ck": "ck-greedy"}
"""The greedy bot of each game."""

GAMES: tuple[tuple[str, str, int, dict[str, object]], ...] = (
    ("puerto-rico", "base", 3, {"hidden_vp": True}),
    ("catan", "base", 4, {"turn_cap": 25}),
    ("catan", "extended", 5, {"turn_cap": 20}),
    ("catan", "extended", 6, {"turn_cap": 20, "turn_structure": "paired"}),
    ("catan", "helpers", 4, {"turn_cap": 25}),
    ("catan", "helpers", 6, {"turn_cap": 20}),
    ("catan", "jungle", 3, {"turn_cap": 25}),
    ("catan", "big-river", 4, {"turn_cap": 25, "gold_mine_bonus": "first_only"}),
    ("catan-ck", "base", 3, {"turn_cap": 100}),
    ("catan-ck", "base", 4, {"turn_cap": 100, "declared_defenders": True}),
    ("catan-ck", "base", 4, {"turn_cap": 100, "wandering_knight": True, "easy_start": True}),
)


def test_spec_parameters_are_checked() -> None:
    assert find_bot("mcts:iterations=50:rollout=catan-greedy").name == "mcts"
    bot = bot_class("mcts:iterations=50:c=1.5:depth=3")(1)
    assert isinstance(bot, MctsBot) and (bot.iterations, bot.c, bot.depth) == (50, 1.5, 3)
    assert isinstance(bot_class("mcts")(1), MctsBot) and bot_class("mcts")(1).iterations == 400
    with pytest.raises(UnknownChoice, match="unknown parameter of bot mcts 'budget'; valid: iterations"):
        find_bot("mcts:budget=3")
    with pytest.raises(ValueError, match="iterations='many' is not an int"):
        find_bot("mcts:iterations=many")
    with pytest.raises(ValueError, match="'iterations' is not NAME=VALUE"):
        find_bot("mcts:iterations")
    with pytest.raises(UnknownChoice, match="unknown bot 'alphazero'"):
        find_bot("mcts:rollout=alphazero")
    with pytest.raises(UnknownChoice, match="unknown bot for catan 'pr-greedy'"):
        check_plays("mcts:rollout=pr-greedy", "catan")
    with pytest.raises(UnknownChoice, match="parameter of bot random"):
        find_bot("random:iterations=4")
    with pytest.raises(ValueError, match="iterations >= 1"):
        bot_class("mcts:iterations=0")(1)
    with pytest.raises(ValueError, match="root is tree or halving"):
        bot_class("mcts:root=flat")(1)


def test_the_games_mcts_plays_are_the_games_that_sample_states_from_observations() -> None:
    # the registry asks each game's class, no list of games is kept beside the bot
    from engine.core.game import Game
    from engine.games.catan_ck.game import CkGame
    from engine.registry import game_class, list_games

    mcts = find_bot("mcts")
    assert not mcts.games and mcts.searches
    for info in list_games():
        assert mcts.plays(info.id) == game_class(info.id).can_sample_observations() is True
        assert check_plays(SMALL, info.id) is mcts
    assert not mcts.plays("chess") and find_bot("random").plays("catan-ck")

    class Unsampled(CkGame):  # a game that keeps the base class's default
        state_from_observation = Game.state_from_observation  # type: ignore[assignment]

    assert CkGame.can_sample_observations() and not Unsampled.can_sample_observations()
    with pytest.raises(NotImplementedError, match="cannot build a state from an observation"):
        Unsampled("base", 4, {}).state_from_observation(
            CkGame("base", 4, {}).new_state(1).observe(0), Stream(1)
        )


def test_pairwise_shares_reward_places_and_ties() -> None:
    assert pairwise_shares([10.0, 7.0, 7.0, 3.0]) == [1.0, 0.5, 0.5, 0.0]
    assert pairwise_shares([5.0, 5.0, 5.0]) == [0.5, 0.5, 0.5]
    assert sum(pairwise_shares([4.0, 9.0, 1.0, 6.0, 2.0])) == pytest.approx(2.5)


def _view(state: object, game: engine.Game, seat: int) -> DecisionView:
    from engine.core.state import State

    assert isinstance(state, State)
    legal = state.legal_actions(seat)
    return DecisionView(
        game=game.ref,
        seat=seat,
        ply=state.ply,
        legal=legal,
        families=state.families(seat),
        events=(),
        forced=state.is_forced(seat),
        observation=state.observe(seat),
    )


def test_search_takes_the_winning_city() -> None:
    # seat 0 has 9 VP (3 cities, 3 settlements) and the cards of a city: any city wins at once
    text = "p=4 s0.settle=0,8,16 s0.city=24,32,40 s0.hand=2g3o s1.settle=50 s2.settle=45 s3.settle=12"
    state = from_text(text)
    game = state.game
    view = _view(state, game, 0)
    cities = [i for i, a in enumerate(view.legal) if a.text().startswith("city")]
    assert cities and len(view.legal) > len(cities)
    for seed in range(3):
        assert MctsBot(seed, iterations=60).act(view) in cities


def test_halving_takes_the_winning_city_over_its_rollout_bots_choice() -> None:
    text = "p=4 s0.settle=0,8,16 s0.city=24,32,40 s0.hand=2g3o s1.settle=50 s2.settle=45 s3.settle=12"
    state = from_text(text)
    view = _view(state, state.game, 0)
    cities = [i for i, a in enumerate(view.legal) if a.text().startswith("city")]
    assert view.legal[0].text() == "end"  # what the rollout bot ``first`` plays
    for seed in range(3):
        assert MctsBot(seed, iterations=40, root="halving").act(view) in cities
        bot = MctsBot(seed, iterations=40, root="halving", rollout="first")
        assert bot.act(view) in cities and 8 <= bot.last_iterations <= 48
        # a lead the margin forbids keeps the rollout bot's choice
        assert MctsBot(seed, iterations=40, root="halving", rollout="first", margin=1.0).act(view) == 0


def test_halving_keeps_its_rollout_bots_choice_on_a_lead_within_the_noise() -> None:
    # the search's choice must lead by two standard errors of the deal-by-deal lead: with one deal
    # per action there is no error estimate, so the rollout bot's choice stays
    text = "p=4 s0.settle=0,8,16 s0.city=24,32,40 s0.hand=2g3o s1.settle=50 s2.settle=45 s3.settle=12"
    state = from_text(text)
    view = _view(state, state.game, 0)
    assert MctsBot(1, iterations=1, root="halving", rollout="first").act(view) == 0


def test_one_listed_action_is_answered_without_a_search() -> None:
    state = from_text("p=4 s0.settle=0 s1.settle=50 s2.settle=45 s3.settle=12 s0.hand=1b")
    view = _view(state, state.game, 0)
    assert [a.text() for a in view.legal] == ["end"] and view.families  # domestic offers stay open
    bot = MctsBot(1, iterations=50)
    assert bot.act(view) == 0 and bot.last_iterations == 0


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players", "options"), GAMES)
def test_plays_every_game_and_variant_deterministically(
    game_id: str, variant: str, players: int, options: dict[str, object]
) -> None:
    game = engine.load_game(game_id, variant, players=players, **options)
    names = [SMALL, f"{SMALL}:root=halving"] + ["random"] * (players - 2)

    def play() -> tuple[object, object]:
        record = play_match(game, [make_bot(n, game_id, s, 4) for s, n in enumerate(names)], 4)
        return record.result, record.log.records

    first = play()
    assert first == play()
    result = first[0]
    assert getattr(result, "faults", None) == ()
    assert getattr(result, "termination", None) in (Termination.VICTORY, Termination.TURN_CAP)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("puerto-rico", {"hidden_vp": True}),
        ("catan", {"turn_cap": 20}),
        ("catan", {"variant": "jungle", "turn_cap": 20}),
        ("catan", {"variant": "big-river", "turn_cap": 20, "river_position": "random"}),
        ("catan-ck", {"turn_cap": 100}),
    ],
    ids=["puerto-rico", "catan", "catan-jungle", "catan-big-river", "catan-ck"],
)
def test_grpc_mcts_plays_from_its_observation_as_in_process(
    tmp_path: Path, game_id: str, options: dict[str, object]
) -> None:
    game = engine.load_game(game_id, players=4, **options)
    greedy = GREEDY[game_id]
    names = [
        SMALL,
        greedy,
        f"{SMALL}:c=1.2:rollout={greedy}:model=names",
        f"{SMALL}:root=halving:model=names",
    ]
    record = play_specs(
        game, [f"grpc:{n}" if n.startswith("mcts") else n for n in names], 6, log_dir=tmp_path, announce=str
    )
    shown = record.log.header["seats"]  # the seats' public names, which model=names reads
    assert shown[0] == f"{SMALL} (grpc)" and shown[1] == greedy
    bots = [make_bot(n, game_id, s, 6) for s, n in enumerate(names)]
    local = play_match(game, bots, 6, seat_names=shown)
    assert record.result.faults == ()
    assert record.result == local.result
    assert record.log.records == local.log.records


@pytest.mark.parametrize("root", ["tree", "halving"])
@pytest.mark.parametrize("game_id", ["puerto-rico", "catan", "catan-ck"])
def test_a_greedy_rollout_keeps_the_bots_choice_unless_the_search_beats_it(game_id: str, root: str) -> None:
    game = engine.load_game(game_id, players=3)
    state = game.new_state(2)
    pick = Stream(2)
    while state.ply < 30 or len(state.legal_actions(state.seats_to_move()[0])) < 2:
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    seat = state.seats_to_move()[0]
    view = _view(state, game, seat)
    name = GREEDY[game_id]
    greedy = bot_class(name)
    bot = bot_class(f"mcts:iterations=30:rollout={name}:depth=10:margin=2:root={root}")(3)
    assert isinstance(bot, MctsBot)

    # a margin no reward can reach: the rollout bot's own choice, as that bot makes it for this view
    def chosen(answer: object) -> object:
        return view.legal[answer] if isinstance(answer, int) else answer

    assert chosen(bot.act(view)) == chosen(greedy(_policy_seed(bot, view)).act(view))


def _policy_seed(bot: MctsBot, view: DecisionView) -> int:
    """The seed the bot gives its rollout bot for the root's own choice (drawn after the root sample)."""
    from engine.core.rng import derive_seed

    rng = Stream(derive_seed("mcts", bot.seed, view.ply, view.seat))
    bot._game_for(view).state_from_observation(view.observation, rng)
    return rng.getrandbits(63)


def test_model_names_plays_each_seat_named_after_a_built_in_bot_by_that_bot() -> None:
    from bots.reference.catan_greedy import CatanGreedy
    from bots.reference.simple import FirstBot, RandomBot

    game = engine.load_game("catan", players=4)
    state = game.new_state(3)
    seat = state.seats_to_move()[0]
    names = ("my-bot", "catan-greedy", "first (grpc)", "mcts:iterations=9:rollout=catan-greedy")
    base = _view(state, game, seat)
    view = DecisionView(
        game=base.game, seat=seat, ply=base.ply, legal=base.legal, families=base.families, events=(),
        forced=base.forced, observation=base.observation, seat_names=names,
    )  # fmt: skip
    bot = bot_class("mcts:rollout=random:model=names")(1)
    assert isinstance(bot, MctsBot)
    # seat 0 (its own seat, a name no built-in bot has) by its rollout policy, a search by its rollout bot
    assert bot._seat_models(view) == [RandomBot, CatanGreedy, FirstBot, CatanGreedy]
    # pr-greedy does not play Catan; names not given: every seat by the rollout policy
    assert bot._model_of("pr-greedy", "catan") is None
    assert bot._seat_models(base) is None
    assert bot_class("mcts:model=rollout")(1).act(view) in range(len(view.legal))
    with pytest.raises(ValueError, match="model is rollout or names"):
        MctsBot(model="oracle")


def test_every_view_names_the_seats_in_process() -> None:
    game = engine.load_game("puerto-rico", players=3)
    seen: set[tuple[str, ...]] = set()

    class Watch:
        def act(self, view: DecisionView) -> int:
            seen.add(view.seat_names)
            return 0

    play_match(game, [Watch(), Watch(), Watch()], 1, seat_names=["a", "b", "c"])
    assert seen == {("a", "b", "c")}
