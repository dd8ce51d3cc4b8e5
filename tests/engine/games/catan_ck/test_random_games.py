"""Whole random games of Cities & Knights (cities_and_knights.md): seeded random play without an error,
conserving at every step the hand cards (19 of each resource, 12 of each commodity between supply and
hands), the progress cards (decks, hands and revealed VP cards hold all 54), the pieces (5 settlements,
4 cities, 15 roads, 3 walls per seat; a pillaged city may leave more than 5 settlements, §11.13), the
knights by level (two tokens of each level per seat, on the board or in the supply), and the honours:
route lengths, Longest Road and the metropolises as the board gives them.

``GAMES_PER_SEATS`` random games per seat count run in the suite; ``python -m
tests.engine.games.catan_ck.test_random_games 1000`` plays 1,000 per seat count and prints the figures.
"""

from __future__ import annotations

import sys
import time

import pytest

import engine
from engine.core.rng import Stream
from engine.games.catan.rules.scoring import road_length
from engine.games.catan.tables import LONGEST_ROAD_MIN
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import (
    FULL_BANK,
    KNIGHTS_PER_LEVEL,
    METROPOLIS_LEVEL,
    WALLS,
    Card,
    deck_cards,
)

GAMES_PER_SEATS = 6


def check_step(st: CkState) -> None:
    """Every conservation law after one action."""
    assert [st.bank[k] + sum(h[k] for h in st.hands) for k in range(8)] == list(FULL_BANK)
    assert min(st.bank) >= 0 and min(map(min, st.hands)) >= 0
    total = sum(len(deck_cards(t, int(st.game.options["spies"]))) for t in range(3))
    assert sum(map(len, st.decks)) + sum(map(len, st.progress)) + sum(st.vp_cards) == total
    for s in range(st.n):
        mine = st.buildings_of[s]
        cities = sum(1 for c in mine if st.level[c] == 2)
        assert len(mine) - cities + st.settlements_left[s] == 5
        assert cities + st.cities_left[s] == 4
        assert len(st.roads_of[s]) + st.roads_left[s] == 15
        assert sum(st.walls[c] for c in mine) + st.walls_left[s] == WALLS
        for lv in (1, 2, 3):
            on_board = sum(1 for c, o in enumerate(st.k_owner) if o == s and st.k_level[c] == lv)
            assert on_board + st.k_supply[s][lv - 1] == KNIGHTS_PER_LEVEL, (s, lv)
        assert st.k_corners[s] == [c for c, o in enumerate(st.k_owner) if o == s]
    for c, o in enumerate(st.occupant):
        assert o == (st.owner[c] if st.owner[c] >= 0 else st.k_owner[c])
        assert st.owner[c] < 0 or st.k_owner[c] < 0
        assert not st.walls[c] or st.level[c] == 2
    check_honours(st)


def check_honours(st: CkState) -> None:
    """Routes, Longest Road and the metropolises agree with the board after every action (§6.5, §7.6,
    §9.3); the robber is active once the barbarians came (§4.2). A Diplomat's own road lifted and not
    yet placed again is measured once it is placed."""
    top = st.decisions[-1] if st.decisions else None
    if not (isinstance(top, CardStep) and top.card == Card.DIPLOMAT):
        assert st.road_len == [road_length(st, s) for s in range(st.n)]
    best = max(st.road_len)
    if st.longest >= 0:
        assert st.road_len[st.longest] == best >= LONGEST_ROAD_MIN
    else:
        assert best < LONGEST_ROAD_MIN or st.road_len.count(best) > 1
    for track, c in enumerate(st.metropolis):
        assert c < 0 or (st.level[c] == 2 and st.improvements[st.owner[c]][track] >= METROPOLIS_LEVEL)
    assert st.robber_active == (st.attacks > 0)


def play_random(players: int, seed: int, check: bool = True, **options: object) -> CkState:
    """One random game (families answered with their listed representative)."""
    game = engine.load_game("catan-ck", players=players, **options)
    st = game.new_state(seed)
    assert isinstance(st, CkState)
    pick = Stream(seed * 7 + players)
    while not st.is_terminal():
        seat = pick.pick(st.seats_to_move())
        st.apply(seat, pick.pick(st.legal_actions(seat)))
        if check:
            check_step(st)
    return st


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(
    "options", [{}, {"declared_defenders": True, "wandering_knight": True, "easy_start": True}]
)
def test_random_games_conserve(players: int, options: dict[str, object]) -> None:
    for seed in range(GAMES_PER_SEATS):
        st = play_random(players, seed, **options)
        assert st.is_terminal()
        assert st.turn <= st.turn_cap


def main(games: int) -> None:
    for players in (3, 4):
        started = time.perf_counter()
        lengths: list[int] = []
        capped = 0
        for seed in range(games):
            st = play_random(players, seed)
            lengths.append(st.turn)
            capped += st.capped
        lengths.sort()
        took = time.perf_counter() - started
        print(
            f"{players} seats: {games} games in {took:.0f} s, turns median {lengths[len(lengths) // 2]}"
            f" max {lengths[-1]}, {capped} at the turn cap"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
