"""Hidden information on the sea (seafarers.md §5.13): the fog's face-down stacks.

Their contents are public, their order is not: observations carry the contents sorted and show an
undiscovered space as fog, so re-ordering the stacks changes no seat's observation; re-dealt copies
and states sampled from an observation shuffle them again.
"""

from __future__ import annotations

import engine
from engine.core.rng import Stream
from engine.games.catan.seafarers.state import SeafarersState
from engine.games.catan.tables import Terrain


def fog_game(seed: int, plies: int) -> SeafarersState:
    game = engine.load_game("catan", "seafarers-fog-islands", 4)
    st = game.new_state(seed)
    pick = Stream(seed)
    while st.ply < plies and not st.is_terminal():
        seat = st.seats_to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[pick.below(len(legal))])
    assert isinstance(st, SeafarersState)
    return st


def test_an_undiscovered_space_shows_as_fog_with_no_number() -> None:
    st = fog_game(1, 0)
    obs = st.observe(0)
    assert len(st.board.fog) == 12 and len(st.fog_stack) == 12
    assert all(obs.terrain[h] == Terrain.FOG and obs.tokens[h] == 0 for h in st.board.fog)
    assert obs.fog_hexes_left == tuple(sorted(st.fog_stack))
    assert obs.fog_tokens_left == tuple(sorted(st.fog_tokens))


def test_reordering_the_stacks_changes_no_observation() -> None:
    st = fog_game(2, 300)
    twin = st.clone()
    twin.fog_stack.reverse()
    twin.fog_tokens.reverse()
    assert twin.fog_stack != st.fog_stack
    for seat in range(4):
        assert twin.observe(seat) == st.observe(seat)


def test_redealt_copies_and_samples_shuffle_the_stacks() -> None:
    st = fog_game(3, 200)
    seat = st.seats_to_move()[0]
    orders = {tuple(st.determinized_for(seat, Stream(k)).fog_stack) for k in range(12)}  # type: ignore[attr-defined]
    assert len(orders) > 1 and all(sorted(o) == sorted(st.fog_stack) for o in orders)
    samples = [st.game.state_from_observation(st.observe(seat), Stream(k)) for k in range(12)]
    assert len({tuple(s.fog_stack) for s in samples}) > 1  # type: ignore[attr-defined]
    assert all(s.observe(seat) == st.observe(seat) for s in samples)


def test_the_same_seed_deals_the_same_stacks_and_other_seeds_others() -> None:
    game = engine.load_game("catan", "seafarers-fog-islands", 3)
    first, again, other = game.new_state(7), game.new_state(7), game.new_state(8)
    assert first.fog_stack == again.fog_stack  # type: ignore[attr-defined]
    assert (first.fog_stack, first.fog_tokens) != (other.fog_stack, other.fog_tokens)  # type: ignore[attr-defined]
