"""Setup, the roll, production and the 7 of Cities & Knights (cities_and_knights.md §3, §4.1, §4.2, §5)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalAction
from engine.games.catan.actions import ROLL, City, MoveRobber, Settle
from engine.games.catan.decisions import PlaceRobber, SetupSettle, TurnPhase
from engine.games.catan.tables import Terrain
from engine.games.catan_ck.actions import CHOOSE_KIND, PASS, Discard
from engine.games.catan_ck.decisions import AqueductAsk, DiscardCards, SetupCity
from engine.games.catan_ck.rules.dice import produce
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import FULL_BANK, PAPER, Track

from .helpers import after_setup, main_phase, set_dice, set_hand, settlement

ORE = 4


def new(players: int = 4, seed: int = 1) -> CkState:
    st = engine.load_game("catan-ck", players=players).new_state(seed)
    assert isinstance(st, CkState)
    return st


def test_setup_places_a_settlement_then_a_city_in_reverse_order() -> None:
    """§3 steps 9-12: settlements in seat order, cities in reverse, the start seat moves first."""
    st = new()
    assert len(st.legal_actions(0)) == 54  # every corner of an empty board
    seats: list[tuple[int, str]] = []
    while st.active < 0:
        seat = st.seats_to_move()[0]
        top = st.decisions[-1]
        if isinstance(top, SetupSettle | SetupCity):
            seats.append((seat, type(top).__name__))
        st.apply(seat, st.legal_actions(seat)[0])
    assert seats == [(s, "SetupSettle") for s in range(4)] + [(s, "SetupCity") for s in (3, 2, 1, 0)]
    assert isinstance(st.decisions[-1], TurnPhase) and st.active == 0
    for s in range(4):
        assert sorted(st.level[c] for c in st.buildings_of[s]) == [1, 2]
        assert st.cities_left[s] == 3 and st.settlements_left[s] == 4
        assert st.building_vp[s] == 3


def test_the_setup_city_pays_resources_only() -> None:
    """§3 step 11: one resource per terrain hex of the city, never a commodity; none for the settlement."""
    st = new()
    for _ in range(8):  # four settlements and roads
        seat = st.seats_to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert all(sum(h) == 0 for h in st.hands)
    city = next(a for a in st.legal_actions(3) if isinstance(a, City))
    st.apply(3, city)
    terrain = [st.board.hex_resource[h] for h in st.board.topology.corner_hexes[city.corner]]
    expected = [0] * 8
    for r in terrain:
        if r >= 0:
            expected[r] += 1
    assert st.hands[3] == expected and sum(st.hands[3][5:]) == 0


def test_setup_refuses_the_distance_rule() -> None:
    """§3 step 10: the city obeys the distance rule too."""
    st = new()
    st.apply(0, Settle(0))
    st.apply(0, st.legal_actions(0)[0])
    for _ in range(6):
        seat = st.seats_to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    neighbour = st.board.topology.corner_corners[0][0]
    seat = st.seats_to_move()[0]
    with pytest.raises(IllegalAction, match="distance rule"):
        st.apply(seat, City(neighbour))


def test_production_pays_commodities_to_cities() -> None:
    """§5.1: a city on forest takes lumber and paper, on pasture wool and cloth, on mountains ore and
    coin, on fields 2 grain, on hills 2 brick; a settlement one resource."""
    st = after_setup()
    # seat 0: a city on corner 29 (forest 3, pasture 11, pasture 10), a settlement on 36 (mountains 4,
    # pasture 9, hills 3)
    settlement(st, 0, 29, city=True)
    settlement(st, 1, 36)
    before = [h[:] for h in st.hands]
    main_phase(st, 1, 2, 4)  # 3: forest hex 8 and hills hex 15; event: a trade gate nobody draws from
    got0 = [a - b for a, b in zip(st.hands[0], before[0], strict=True)]
    got1 = [a - b for a, b in zip(st.hands[1], before[1], strict=True)]
    assert got0[1] >= 1 and got0[5] >= 1  # lumber and paper from the forest
    assert got1[0] >= 1  # brick from the hills
    assert sum(st.hands[s][k] for s in range(4) for k in range(8)) + sum(st.bank) == sum(FULL_BANK)


CITY_TABLE = {  # §5.1: terrain -> a city's cards (brick, lumber, wool, grain, ore, paper, cloth, coin)
    Terrain.HILLS: (2, 0, 0, 0, 0, 0, 0, 0),
    Terrain.FOREST: (0, 1, 0, 0, 0, 1, 0, 0),
    Terrain.PASTURE: (0, 0, 1, 0, 0, 0, 1, 0),
    Terrain.FIELDS: (0, 0, 0, 2, 0, 0, 0, 0),
    Terrain.MOUNTAINS: (0, 0, 0, 0, 1, 0, 0, 1),
}


@pytest.mark.parametrize("terrain", list(CITY_TABLE))
@pytest.mark.parametrize("metropolis", [False, True])
def test_the_city_production_table(terrain: Terrain, metropolis: bool) -> None:
    """§5.1: on each terrain a city takes exactly its row of the table (a metropolis city the same), a
    settlement one resource; the robber's hex pays nothing."""
    st = new()
    board, topo = st.board, st.board.topology
    h = next(h for h, t in enumerate(board.terrain) if t == terrain)
    token = board.tokens[h]
    # two corners of the hex, not neighbours, whose other hexes do not share the token
    alone = [
        c for c in topo.hex_corners[h] if sum(board.tokens[x] == token for x in topo.corner_hexes[c]) == 1
    ]
    city = alone[0]
    other = next(c for c in alone if c != city and c not in topo.corner_corners[city])
    settlement(st, 0, city, city=True)
    settlement(st, 1, other)
    if metropolis:
        st.metropolis[Track.TRADE] = city
    produce(st, token)
    assert tuple(st.hands[0]) == CITY_TABLE[terrain]
    assert st.hands[1] == [1 if k == board.hex_resource[h] else 0 for k in range(8)]
    st.robber = h
    produce(st, token)
    assert tuple(st.hands[0]) == CITY_TABLE[terrain] and sum(st.hands[1]) == 1


def test_the_event_die_ship_advances_the_barbarians() -> None:
    """§4.1 step 3: a ship face moves the ship one space; no gate draws that turn."""
    st = after_setup()
    main_phase(st, 2, 3, 2)
    assert st.ship == 1 and st.dice == [2, 3, 2]


def test_a_seven_before_the_first_attack_asks_discards_but_not_the_robber() -> None:
    """§4.2, §5.2: the discards happen, the robber stays (no robber decision)."""
    st = after_setup()
    set_hand(st, 1, brick=4, paper=4)
    set_dice(st, 3, 4, 4)
    st.apply(0, ROLL)
    top = st.decisions[-1]
    assert isinstance(top, DiscardCards) and top.seats == (1,) and top.owed[1] == 4
    st.apply(1, Discard((2, 0, 0, 0, 0, 2, 0, 0)))
    assert isinstance(st.decisions[-1], TurnPhase)
    assert not any(isinstance(d, PlaceRobber) for d in st.decisions)
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=r"first barbarian attack \(cities_and_knights.md §4.2\)"):
        st.apply(0, MoveRobber(3, -1))
    assert st.fingerprint() == before


def test_city_walls_raise_the_discard_limit() -> None:
    """§5.2: the limit is 7 + 2 per wall: with a wall 9 cards are safe, 10 are not."""
    st = after_setup()
    city = next(c for c in st.buildings_of[1] if st.level[c] == 2)
    st.walls[city] = 1
    st.walls_left[1] -= 1
    set_hand(st, 1, ore=9)
    set_hand(st, 2, ore=8)
    set_dice(st, 3, 4, 4)
    st.apply(0, ROLL)
    top = st.decisions[-1]
    assert isinstance(top, DiscardCards) and top.seats == (2,)


def test_a_seven_after_the_first_attack_moves_the_robber() -> None:
    """§5.3: once active, the roller moves the robber to another land hex and may steal."""
    st = after_setup()
    st.robber_active = True
    set_dice(st, 3, 4, 4)
    st.apply(0, ROLL)
    assert isinstance(st.decisions[-1], PlaceRobber)
    moves = st.legal_actions(0)
    assert MoveRobber(st.robber, -1) not in moves
    assert {a.hex for a in moves if isinstance(a, MoveRobber)} == set(range(19)) - {st.robber}


def test_the_aqueduct_pays_a_seat_that_got_nothing() -> None:
    """§6.4: science 3 and no card from the roll: one resource of choice, or pass."""
    st = after_setup()
    st.improvements[2][Track.SCIENCE] = 3
    main_phase_without_settling(st)
    top = st.decisions[-1]
    assert isinstance(top, AqueductAsk) and top.seats == (2,)


def test_the_aqueduct_asks_only_seats_that_got_nothing_in_turn_order_never_on_a_seven() -> None:
    """§6.4, §11.17, §12.4 P4: a 12 pays seats 0 and 3 (hex 0); of four seats with science 3 only 1
    and 2 are asked, one at a time from the active seat, a resource or pass; a 7 asks nobody."""
    st = after_setup()
    st.improvements = [[0, 0, 3] for _ in range(4)]
    main_phase_without_settling(st)
    assert st.decisions[-1] == AqueductAsk((1,), (2,))
    assert st.legal_actions(1) == (PASS, *(CHOOSE_KIND[r] for r in range(5)))
    with pytest.raises(IllegalAction, match="never a commodity"):
        st.apply(1, CHOOSE_KIND[PAPER])
    before = list(st.hands[1])
    st.apply(1, CHOOSE_KIND[ORE])
    assert st.hands[1][ORE] == before[ORE] + 1 and sum(st.hands[1]) == sum(before) + 1
    assert st.decisions[-1] == AqueductAsk((2,), ())
    st.apply(2, PASS)
    assert isinstance(st.decisions[-1], TurnPhase)
    st = after_setup()
    st.improvements = [[0, 0, 3] for _ in range(4)]
    set_dice(st, 3, 4, 4)
    st.apply(0, ROLL)
    assert isinstance(st.decisions[-1], TurnPhase)


def main_phase_without_settling(st: CkState) -> None:
    # 12: hex 0 (hills), seat 2's buildings on corners 2 and 9 touch hexes 1, 2 and 5, not hex 0
    set_dice(st, 6, 6, 4)
    st.apply(0, ROLL)
