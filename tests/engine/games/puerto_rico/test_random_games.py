"""Random playouts: 2,000 games per player count end without error and conserve every piece (puerto_rico.md §2)."""

from __future__ import annotations

import random

import pytest

from engine.games.puerto_rico.decisions import MayorPlacement
from engine.games.puerto_rico.state import PuertoRicoState
from engine.games.puerto_rico.tables import BUILDINGS, CIRCLES, GOODS_SUPPLY, PLANTATIONS, QUARRIES, SETUP
from engine.registry import load_game


def check_conservation(st: PuertoRicoState) -> None:
    """Colonists, barrels, VP chips, plantations, quarries and buildings add up to the setup totals."""
    setup = SETUP[st.n]
    pool = st.decisions[-1].pool if st.decisions and isinstance(st.decisions[-1], MayorPlacement) else 0
    colonists = st.colonist_supply + st.colonist_ship + sum(st.san_juan) + pool
    colonists += sum(sum(occ) for occ in st.tiles_occ) + sum(c for city in st.city for c in city if c > 0)
    assert colonists == setup.colonists + setup.ship_colonists
    for g in range(5):
        aboard = sum(st.ship_count[i] for i in range(3) if st.ship_kind[i] == g)
        barrels = st.goods_supply[g] + sum(p[g] for p in st.goods) + st.house.count(g) + aboard
        assert barrels == GOODS_SUPPLY[g]
        tiles = st.deck.count(g) + st.row.count(g) + st.discard.count(g) + sum(t[g] for t in st.tiles)
        assert tiles == PLANTATIONS[g]
    assert st.quarries + sum(t[5] for t in st.tiles) == QUARRIES
    assert sum(st.vp) + st.vp_supply == setup.vp_chips
    for b, spec in enumerate(BUILDINGS):
        assert st.building_supply[b] + sum(1 for city in st.city if city[b] >= 0) == spec.copies
    for s in range(st.n):
        assert sum(st.tiles[s]) <= 12 and st.city_used[s] <= 12
        assert all(0 <= st.tiles_occ[s][k] <= st.tiles[s][k] for k in range(6))
        assert all(st.city[s][b] <= CIRCLES[b] for b in range(len(BUILDINGS)))
        assert min(st.goods[s]) >= 0 and st.doubloons[s] >= 0


def play(players: int, games: int, seed: int, **options: object) -> int:
    game = load_game("puerto-rico", players=players, **options)
    chooser = random.Random(seed)
    longest = 0
    for i in range(games):
        state = game.new_state(seed * 100_000 + i)
        while not state.is_terminal():
            mover = state.seats_to_move()[0]
            legal = state.legal_actions(mover)
            state.apply(mover, legal[chooser.randrange(len(legal))])
        check_conservation(state)
        result = state.result()
        assert sorted(result.places)[0] == 1 and len(result.places) == players
        longest = max(longest, state.turn)
    assert longest <= game.turn_cap
    return longest


def test_a_few_games_with_checks_at_every_step() -> None:
    for players in (3, 4, 5):
        game = load_game(
            "puerto-rico", players=players, hacienda_slot_allows_quarry=True, allow_decline_production=True
        )
        chooser = random.Random(players)
        for i in range(3):
            state = game.new_state(i)
            while not state.is_terminal():
                mover = state.seats_to_move()[0]
                legal = state.legal_actions(mover)
                assert legal and len(set(legal)) == len(legal)
                state.apply(mover, legal[chooser.randrange(len(legal))])
                check_conservation(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_six_hundred_random_games(players: int) -> None:
    longest = play(players, 600, players)
    assert longest < 45
