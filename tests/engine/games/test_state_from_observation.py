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
from engine.core.action import Action
from engine.core.errors import RulesError
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
    ("catan", "jungle", 3, {}),
    ("catan", "jungle", 4, {"layout": "beginner", "robber_start": "jungle"}),
    ("catan", "big-river", 3, {"river_position": "random"}),
    ("catan", "big-river", 4, {"gold_mine_bonus": "first_only"}),
    ("catan", "seafarers-fog-islands", 3, {"combined_trade_build": False}),
    ("catan-ck", "base", 3, {}),
    ("catan-ck", "base", 4, {}),
    ("catan-ck", "base", 4, {"declared_defenders": True}),
    ("catan-ck", "base", 3, {"wandering_knight": True, "easy_start": True}),
    ("catan-ck", "base", 4, {"wandering_knight": True, "easy_start": True, "strict_fifth_card": True}),
)
GAMES = 3

CK_STEPS = {
    "wedding/give",
    "commercial-harbor/give",
    "spy/take",
    "master-merchant/take",
    "deserter/remove",
    "deserter/place",
    "diplomat/replace",
    "road-building/road",
}
"""Every follow-up step of a Cities & Knights progress card (``CardStep``)."""
CK_KINDS = {"DiscardCards", "PlaceRobber", "KnightRobber", "Overflow", "TieReward", "Relocate", "Pillage"}
CK_KINDS |= {"TradeAnswers", "TradeConfirm", "AqueductAsk", "Declare", "SetupCity"} | CK_STEPS
"""The decisions the Cities & Knights games of the trade test reach, out-of-turn ones among them."""


def _frames(state: State) -> list[tuple[str, tuple[int, ...]]]:
    return [(type(d).__name__, d.seats) for d in state.decisions]


def _positions(game: Game, games: int, offers: bool = False) -> Iterator[tuple[State, int]]:
    """Every (position, seat to move) of ``games`` uniformly random games; with ``offers``, the seat
    in its main phase also offers one card for one now and then (C&K: answers and confirmations)."""
    for g in range(games):
        state = game.new_state(g)
        pick = Stream(1000 + g)
        while not state.is_terminal():
            movers = state.seats_to_move()
            for seat in movers:
                yield state, seat
            legal = state.legal_actions(movers[0])
            action = legal[pick.below(len(legal))]
            if offers and "offer" in {f.name for f in state.families(movers[0])} and not pick.below(6):
                action = _offer(game, state, movers[0], pick) or action
            state.apply(movers[0], action)


def _offer(game: Game, state: State, seat: int, pick: Stream) -> Action | None:
    from engine.games.catan_ck.tables import KIND_NAMES

    hand = state.observe(seat).hand  # type: ignore[attr-defined]
    held = [k for k in range(8) if hand[k]]
    if not held:
        return None
    give = held[pick.below(len(held))]
    get = [k for k in range(8) if k != give][pick.below(7)]
    action = game.parse_action(f"offer give 1 {KIND_NAMES[give]} get 1 {KIND_NAMES[get]} to all")
    try:
        state.validate(seat, action)
    except RulesError:
        return None
    return action


def _kind(state: State) -> str:
    top = state.decisions[-1]
    if type(top).__name__ == "CardStep":
        from engine.games.catan_ck.tables import CARD_NAMES

        return f"{CARD_NAMES[top.card]}/{top.step}"  # type: ignore[attr-defined]
    return type(top).__name__


def _check_positions(game: Game, games: int, offers: bool = False) -> tuple[set[str], int]:
    """Sample every position of the games from the observation of each seat to move, and check that
    the sample gives back the observation, the legal actions and the decision frames; the decision
    kinds met (C&K card steps as ``card/step``) and the number of positions checked."""
    kinds: set[str] = set()
    checked = 0
    for state, seat in _positions(game, games, offers):
        obs = state.observe(seat)
        sample = game.state_from_observation(obs, Stream(checked))
        assert sample.observe(seat) == obs, (state.ply, state.to_text())
        assert set(sample.legal_actions(seat)) == set(state.legal_actions(seat)), state.to_text()
        assert _frames(sample) == _frames(state), state.to_text()
        kinds.add(_kind(state))
        checked += 1
    return kinds, checked


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players", "options"), CASES)
def test_sampled_state_gives_back_the_observation(
    game_id: str, variant: str, players: int, options: dict[str, object]
) -> None:
    game = engine.load_game(game_id, variant, players=players, **options)
    kinds, checked = _check_positions(game, GAMES)
    assert checked > 500
    if variant.startswith("seafarers"):  # ships moved in two steps, the pirate or the robber
        assert {"PlaceShip", "PlaceRobber", "FreeRoads"} <= kinds
    if variant == "seafarers-fog-islands":  # gold discovered in the fog
        assert "GoldChoice" in kinds
    if variant == "helpers":  # the random games reach the helpers' own steps
        assert {"HelperAfterUse", "MarianneAsk", "SeanAsk", "CandamirPick", "NassirReturn"} <= kinds
    if game_id == "catan-ck":  # mid-card and out-of-turn decisions among them
        assert {"DiscardCards", "PlaceRobber", "Overflow", "TieReward", "road-building/road"} <= kinds
        assert len(kinds & CK_STEPS) >= 4
        assert ("Declare" in kinds) == bool(options.get("declared_defenders"))


@pytest.mark.slow
def test_catan_ck_samples_every_kind_of_decision_offers_and_cards_in_resolution() -> None:
    # cities_and_knights.md §12: every decision point, with offers answered and confirmed (§4.5)
    kinds: set[str] = set()
    for players, options in ((4, {}), (3, {"declared_defenders": True})):
        game = engine.load_game("catan-ck", players=players, **options)
        met, checked = _check_positions(game, 4, offers=True)
        kinds |= met
        assert checked > 2000
    assert sorted(CK_KINDS - kinds) == []


@pytest.mark.parametrize("game_id", ["catan", "puerto-rico", "catan-ck"])
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


@pytest.mark.slow
def test_catan_ck_answers_to_an_offer_keep_the_cards_they_commit() -> None:
    # cities_and_knights.md §4.5: once every answer is in, a re-dealt or sampled position for the
    # active seat still lets each answerer pay what it offered
    game = engine.load_game("catan-ck", players=4)
    seen = 0
    for state, seat in _positions(game, 3, offers=True):
        if type(state.decisions[-1]).__name__ != "TradeConfirm":
            continue
        legal = set(state.legal_actions(seat))
        for k in range(3):
            assert set(state.determinized_for(seat, Stream(k)).legal_actions(seat)) == legal
            assert (
                set(game.state_from_observation(state.observe(seat), Stream(k)).legal_actions(seat)) == legal
            )
        seen += 1
    assert seen >= 50
