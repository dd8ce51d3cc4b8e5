"""``game.state_from_observation``: a full position sampled from one seat's observation alone.

For every registered game and variant, over every decision of random games: the sampled state,
observed by the seat to move, gives back the same observation; it lists the same legal actions; its
decision stack has the same frames (kinds and seats to move) as the referee's. The sampler is given
the observation and a stream only, never the referee's state. The same stream gives the same sample,
and other streams re-deal what the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engine
from engine.core.game import Game
from engine.core.rng import Stream
from engine.core.state import State

CASES: tuple[tuple[str, str, int, dict[str, object]], ...] = (
    ("puerto-rico", "base", 3, {}),
    ("puerto-rico", "base", 4, {"hidden_vp": True}),
    ("puerto-rico", "base", 5, {"hidden_vp": True, "allow_decline_production": True}),
    ("catan", "base", 3, {}),
    ("catan", "base", 4, {"layout": "random"}),
    ("catan", "base", 4, {"combined_trade_build": False}),
    ("catan", "extended", 5, {}),
    ("catan", "extended", 6, {"turn_structure": "paired"}),
    ("catan", "helpers", 4, {}),
    ("catan", "helpers", 6, {}),
)
GAMES = 3


def _frames(state: State) -> list[tuple[str, tuple[int, ...]]]:
    return [(type(d).__name__, d.seats) for d in state.decisions]


def _positions(game: Game, games: int) -> Iterator[tuple[State, int]]:
    """Every (position, seat to move) of ``games`` uniformly random games."""
    for g in range(games):
        state = game.new_state(g)
        pick = Stream(1000 + g)
        while not state.is_terminal():
            movers = state.seats_to_move()
            for seat in movers:
                yield state, seat
            legal = state.legal_actions(movers[0])
            state.apply(movers[0], legal[pick.below(len(legal))])


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players", "options"), CASES)
def test_sampled_state_gives_back_the_observation(
    game_id: str, variant: str, players: int, options: dict[str, object]
) -> None:
    game = engine.load_game(game_id, variant, players=players, **options)
    kinds: set[str] = set()
    checked = 0
    for state, seat in _positions(game, GAMES):
        obs = state.observe(seat)
        sample = game.state_from_observation(obs, Stream(checked))
        assert sample.observe(seat) == obs, (state.ply, state.to_text())
        assert set(sample.legal_actions(seat)) == set(state.legal_actions(seat)), state.to_text()
        assert _frames(sample) == _frames(state), state.to_text()
        kinds.add(type(state.decisions[-1]).__name__)
        checked += 1
    assert checked > 500
    if variant == "helpers":  # the random games reach the helpers' own steps
        assert {"HelperAfterUse", "MarianneAsk", "SeanAsk", "CandamirPick", "NassirReturn"} <= kinds


@pytest.mark.parametrize("game_id", ["catan", "puerto-rico"])
def test_sampling_is_seeded_and_redeals_what_is_hidden(game_id: str) -> None:
    game = engine.load_game(game_id, players=4)
    state = game.new_state(5)
    pick = Stream(5)
    for _ in range(150):  # into the game: cards in hands, plantations face down
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    seat = state.seats_to_move()[0]
    obs = state.observe(seat)
    first = game.state_from_observation(obs, Stream(1))
    assert first.fingerprint() == game.state_from_observation(obs, Stream(1)).fingerprint()
    prints = {game.state_from_observation(obs, Stream(k)).fingerprint() for k in range(20)}
    assert len(prints) == 20  # hidden cards, deck order and chance streams differ between samples
    assert first.fingerprint() != state.fingerprint()


def test_an_observation_of_another_game_is_refused() -> None:
    catan = engine.load_game("catan", players=4)
    pr = engine.load_game("puerto-rico", players=4)
    with pytest.raises(ValueError, match="not a Catan observation"):
        catan.state_from_observation(pr.new_state(1).observe(0), Stream(1))
    with pytest.raises(ValueError, match="not a Puerto Rico observation"):
        pr.state_from_observation(catan.new_state(1).observe(0), Stream(1))
    with pytest.raises(ValueError, match="observation of 4 seats"):
        engine.load_game("catan", players=3).state_from_observation(catan.new_state(1).observe(0), Stream(1))


def test_answers_to_an_offer_keep_the_cards_they_commit() -> None:
    # catan-greedy makes domestic offers: once every answer is in, the active seat confirms one, and a
    # re-dealt or sampled position must still let the answerer pay what it offered (catan.md §5.5)
    from bots.builtin import make_bot
    from engine.core.match import MatchHooks, play_match

    game = engine.load_game("catan", players=4)
    seen: list[int] = []

    class Check(MatchHooks):
        def on_action(self, seat: int, action: object, events: object, state: State) -> None:
            top = state.decisions[-1] if state.decisions else None
            if type(top).__name__ != "TradeConfirm" or len(state.legal_actions(top.seats[0])) < 2:
                return
            mover = top.seats[0]
            legal = set(state.legal_actions(mover))
            for k in range(5):
                assert set(state.determinized_for(mover, Stream(k)).legal_actions(mover)) == legal
                sample = game.state_from_observation(state.observe(mover), Stream(k))
                assert set(sample.legal_actions(mover)) == legal
            seen.append(state.ply)

    for seed in range(3):
        bots = [make_bot("catan-greedy", "catan", s, seed) for s in range(4)]
        play_match(game, bots, seed, hooks=Check())
    assert len(seen) >= 5
