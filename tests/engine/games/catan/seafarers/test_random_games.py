"""Whole random games of the Seafarers scenarios (seafarers.md): seeded random play without an error,
conserving at every step the resource cards (19 of each between supply and hands), the development
cards (deck, hands, played knights and played progress cards hold all 25), the pieces (5 settlements,
4 cities, 15 roads and 15 ships per seat, on the board or in the supply; a ship being moved is in its
seat's hand), the fog (undiscovered spaces and face-down hexes match, so do land hexes and tokens, and
what was revealed plus what is face down is the map's stack), the island VP (2 per island that paid),
and the honours (trade routes measured from the board, the Longest Trade Route card, the robber on
land and the pirate on sea or the frame).

The random seat picks a kind of action among those listed, at random but likelier to build a
settlement or a city when it can and to trade with the supply toward one, then an action of that kind:
every kind gets played, and games end by victory, not at the turn cap. ``GAMES`` random games per scenario and seat count run in the suite; ``python -m
tests.engine.games.catan.seafarers.test_random_games 1000`` plays 1,000 per configuration and prints
the figures.
"""

from __future__ import annotations

import collections
import sys
import time

import pytest

import engine
from engine.core.action import Action
from engine.core.rng import Stream
from engine.games.catan.actions import (
    BankTrade,
    City,
    End,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Road,
    Settle,
)
from engine.games.catan.seafarers.actions import MoveShip, Ship
from engine.games.catan.seafarers.board import FRAME, LAND_KINDS
from engine.games.catan.seafarers.decisions import PlaceShip
from engine.games.catan.seafarers.maps import BONUS_VP
from engine.games.catan.seafarers.rules.pieces import settle_spots
from engine.games.catan.seafarers.rules.routes import route_length
from engine.games.catan.seafarers.state import SHIPS, SeafarersState
from engine.games.catan.tables import CITY_COST, LONGEST_ROAD_MIN, SETTLEMENT_COST, Terrain

CONFIGS = [
    (f"seafarers-{name}", seats) for name in ("new-shores", "four-islands", "fog-islands") for seats in (3, 4)
]
GAMES = 1
PROGRESS = (PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty)


def check_step(st: SeafarersState, progress: int) -> None:
    """Every conservation law after one action (``progress``: progress cards played so far)."""
    assert [st.bank[r] + sum(h[r] for h in st.hands) for r in range(5)] == [19] * 5
    assert min(st.bank) >= 0 and min(map(min, st.hands)) >= 0
    assert len(st.deck) + sum(map(sum, st.devs)) + sum(st.knights) + progress == 25
    top = st.decisions[-1] if st.decisions else None
    lifted = top.seats[0] if isinstance(top, PlaceShip) else -1
    for s in range(st.n):
        mine = st.buildings_of[s]
        cities = sum(1 for c in mine if st.level[c] == 2)
        assert len(mine) - cities + st.settlements_left[s] == 5
        assert cities + st.cities_left[s] == 4
        assert sorted(st.roads_of[s]) == [e for e, o in enumerate(st.road_owner) if o == s]
        assert len(st.roads_of[s]) + st.roads_left[s] == 15
        assert sorted(st.ships_of[s]) == [e for e, o in enumerate(st.ship_owner) if o == s]
        assert len(st.ships_of[s]) + st.ships_left[s] + (s == lifted) == SHIPS
        assert st.island_vp[s] == BONUS_VP * bin(st.rewarded[s]).count("1")
        assert st.building_vp[s] == len(mine) + cities + st.island_vp[s]
    board = st.board
    assert not any(r >= 0 and s >= 0 for r, s in zip(st.road_owner, st.ship_owner, strict=True))
    assert all(board.road_edges[e] for e, o in enumerate(st.road_owner) if o >= 0)
    assert all(board.ship_edges[e] for e, o in enumerate(st.ship_owner) if o >= 0)
    assert all(board.sites[c] for c, o in enumerate(st.owner) if o >= 0)
    check_fog(st)
    check_honours(st)


def check_fog(st: SeafarersState) -> None:
    board = st.board
    smap = board.map
    assert len(st.fog_stack) == len(board.fog)
    assert len(st.fog_tokens) == sum(1 for t in st.fog_stack if t != Terrain.SEA)
    revealed = [board.hex_at(r, q) for r, q in smap.fog if board.terrain[board.hex_at(r, q)] != Terrain.FOG]
    kinds = collections.Counter(board.terrain[h] for h in revealed) + collections.Counter(st.fog_stack)
    assert kinds == collections.Counter(int(t) for t in smap.fog_hexes)
    tokens = collections.Counter(board.tokens[h] for h in revealed if board.tokens[h]) + collections.Counter(
        st.fog_tokens
    )
    assert tokens == collections.Counter(smap.fog_tokens)


def check_honours(st: SeafarersState) -> None:
    top = st.decisions[-1] if st.decisions else None
    if not isinstance(top, PlaceShip):  # the lifted ship's route is measured once it is down
        assert st.road_len == [route_length(st, s) for s in range(st.n)]
    best = max(st.road_len)
    if st.longest >= 0:
        assert st.road_len[st.longest] == best >= LONGEST_ROAD_MIN
    else:
        assert best < LONGEST_ROAD_MIN or st.road_len.count(best) > 1
    assert st.board.terrain[st.robber] in LAND_KINDS
    assert st.pirate == FRAME or st.pirate in st.board.sea


WEIGHTS: dict[type, int] = {Settle: 400, City: 400, BankTrade: 10, End: 10, Road: 5, Ship: 5, MoveShip: 10}
"""The weight of each kind (others 20): settlements and cities whenever they can be built; maritime
trades, the end of the turn, roads and ships less (random games that spend every card on them and
trade it away at random can run to the turn cap)."""
OTHERS = 20
TOWARD = 200
"""The weight of a maritime trade that brings a card missing for the next settlement or city."""


def pick_action(st: SeafarersState, seat: int, legal: tuple[Action, ...], pick: Stream) -> Action:
    """A kind of action among those listed, at random with :data:`WEIGHTS`, then one action of that
    kind at random; a maritime trade toward the seat's next settlement or city counts as its own kind."""
    kinds: dict[object, list[Action]] = {}
    want = _wanted(st, seat)
    for action in legal:
        kind: object = type(action)
        if isinstance(action, BankTrade) and want[action.get] > 0 and want[action.give] + action.count <= 0:
            kind = "toward"
        kinds.setdefault(kind, []).append(action)
    names = list(kinds)
    weights = [TOWARD if kind == "toward" else WEIGHTS.get(kind, OTHERS) for kind in names]  # type: ignore[call-overload]
    roll = pick.below(sum(weights))
    for kind, weight in zip(names, weights, strict=True):
        if roll < weight:
            choices = kinds[kind]
            return choices[pick.below(len(choices))]
        roll -= weight
    raise AssertionError(roll)  # pragma: no cover


def _wanted(st: SeafarersState, seat: int) -> list[int]:
    """Cards the seat lacks (positive) or has to spare (negative) for its next settlement, or a city when
    it has no settlement spot."""
    cost = SETTLEMENT_COST if st.settlements_left[seat] and settle_spots(st, seat) else CITY_COST
    return [c - h for c, h in zip(cost, st.hands[seat], strict=True)]


def play_random(variant: str, seats: int, seed: int, check: bool = True, **options: object) -> SeafarersState:
    game = engine.load_game("catan", variant, seats, **options)
    st = game.new_state(seed)
    assert isinstance(st, SeafarersState)
    pick = Stream(seed * 7 + seats)
    progress = 0
    while not st.is_terminal():
        seat = pick.pick(st.seats_to_move())
        action = pick_action(st, seat, st.legal_actions(seat), pick)
        st.apply(seat, action)
        progress += isinstance(action, PROGRESS)
        if check:
            check_step(st, progress)
    return st


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seats"), CONFIGS)
def test_random_games_conserve(variant: str, seats: int) -> None:
    for seed in range(GAMES):
        st = play_random(variant, seats, seed)
        assert st.is_terminal() and not st.capped and st.scores()[st.winner] >= st.vp_to_win


def test_a_random_game_with_every_option_changed() -> None:
    options = {
        "layout": "variable",
        "harbors": "random",
        "pirate_to_frame": False,
        "ship_on_frame_coast": False,
    }
    for variant, seats in CONFIGS[::2]:
        extra = {"setup_discovery_reward": False} if "fog" in variant else {"svp_mode": "first_player_only"}
        st = play_random(variant, seats, 11, combined_trade_build=False, **options, **extra)
        assert st.is_terminal()


def main(games: int) -> None:
    for variant, seats in CONFIGS:
        started = time.perf_counter()
        lengths: list[int] = []
        capped = 0
        for seed in range(games):
            st = play_random(variant, seats, seed)
            lengths.append(st.turn)
            capped += st.capped
        lengths.sort()
        took = time.perf_counter() - started
        print(
            f"{variant} {seats} seats: {games} games in {took:.0f} s, turns median {lengths[len(lengths) // 2]}"
            f" max {lengths[-1]}, {capped} at the turn cap",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
