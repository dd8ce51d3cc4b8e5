"""The route graphs, ship ends, starts and spots each seat keeps with its pieces (seafarers.md §5.4,
§5.5, §5.7): after every action of seeded random games they equal those built from the pieces alone,
and a copy of a state shares none of them with the original."""

from __future__ import annotations

import pytest

import engine
from engine.core.rng import Stream
from engine.games.catan.seafarers.rules.build import _movable
from engine.games.catan.seafarers.rules.networks import Network, build, networks
from engine.games.catan.seafarers.state import SeafarersState


def shape(net: Network) -> tuple[object, ...]:
    """A network's contents, the order of its lists aside."""
    links = {v: sorted(out) for v, out in net.links.items()}
    return links, net.ends, net.ship_at, net.open, net.starts, net.reach, net.spots


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [("seafarers-fog-islands", 3, 5), ("seafarers-new-shores", 4, 2), ("seafarers-four-islands", 3, 7)],
)
def test_the_kept_networks_are_those_of_the_pieces(variant: str, seats: int, seed: int) -> None:
    """§5.4, §5.5, §5.7: kept from the first decision on, through builds, ship moves, settlements,
    the pirate and the fog, they never differ from the networks built again from the pieces."""
    game = engine.load_game("catan", variant, seats)
    state = game.new_state(seed)
    assert isinstance(state, SeafarersState)
    networks(state)
    pick = Stream(seed)
    moves = 0
    for _ in range(600):
        if state.is_terminal():
            break
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        action = legal[pick.below(len(legal))]
        moves += action.text().startswith("move ship")
        state.apply(seat, action)
        kept = networks(state)
        fresh = state.clone()  # a copy builds its networks again from the pieces
        for s in range(seats):
            assert shape(kept[s]) == shape(build(state, s)), (state.ply, s)
            if kept[s].movable is not None:
                assert kept[s].movable == _movable(fresh, s), (state.ply, s)
    assert moves > 0


def test_a_copy_shares_no_network_with_its_original() -> None:
    """§5.5: a ship moved in a copy changes neither the original's kept networks nor its listings."""
    game = engine.load_game("catan", "seafarers-new-shores", 4)
    state = game.new_state(3)
    pick = Stream(3)
    twin = None
    while not state.is_terminal() and state.ply < 3000:
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        if any(a.text().startswith("move ship") for a in legal):
            twin = state.clone()
            break
        state.apply(seat, legal[pick.below(len(legal))])
    assert twin is not None and twin.networks is None
    before = [shape(n) for n in networks(state)]
    listed = state.legal_actions(seat)
    move = next(a for a in twin.legal_actions(seat) if a.text().startswith("move ship"))
    twin.apply(seat, move)
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert [shape(n) for n in networks(twin)] != before
    assert [shape(n) for n in networks(state)] == before
    assert [shape(n) for n in networks(state)] == [shape(build(state, s)) for s in range(4)]
    state._legal_cache = {}
    assert state.legal_actions(seat) == listed
    assert state.fingerprint() == state.clone().fingerprint()
