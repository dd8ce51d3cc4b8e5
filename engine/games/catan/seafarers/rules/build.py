"""Building in a Seafarers turn: roads, ships, settlements, and moving a ship (seafarers.md §5.4, §5.5).

Cities and development cards are base Catan's (:mod:`engine.games.catan.rules.build`). A ship costs
lumber and wool. Once per turn, after the roll, the seat may move one ship it did not build this turn,
whose one end holds neither another of its ships nor its building (an open end), and that is not on
the pirate's hex, to another edge where it could be built (checked with the ship lifted). Every piece
placed discovers the fog at its ends (§5.11) and re-measures the trade routes (§5.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import BUY_DEV, Road, Settle
from engine.games.catan.decisions import PRE_ROLL, TurnPhase
from engine.games.catan.rules.build import pay, why_unaffordable
from engine.games.catan.seafarers.actions import MoveShip, Ship
from engine.games.catan.seafarers.decisions import PlaceShip
from engine.games.catan.seafarers.prebuilt import sea_prebuilt
from engine.games.catan.seafarers.rules.fog import discover
from engine.games.catan.seafarers.rules.gold import push_gold
from engine.games.catan.seafarers.rules.networks import added, lifted, networks
from engine.games.catan.seafarers.rules.pieces import (
    edge_of,
    pirate_edges,
    put_road,
    put_ship,
    road_spots,
    settle,
    settle_spots,
    ship_spots,
    why_road_spot,
    why_settle_spot,
    why_ship_spot,
)
from engine.games.catan.seafarers.rules.routes import seats_at, update_routes
from engine.games.catan.tables import ROAD_COST, SETTLEMENT_COST

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState

SHIP_COST = (0, 1, 1, 0, 0)
"""seafarers.md §3.2: lumber + wool."""


def placed(st: SeafarersState, seat: int, edge: int, events: list[Event], moved: bool = False) -> list[Event]:
    """After a road or ship is placed on ``edge`` (``moved``: a ship moved there): the routes, then the
    fog (its gold asked at once)."""
    events += update_routes(st, (seat,), edge, moved)
    found, gold = discover(st, seat, edge)
    events += found
    if gold:
        owed = [0] * st.n
        owed[seat] = gold
        events += push_gold(st, owed, seat)
    return events


def apply_road(st: SeafarersState, seat: int, action: Road) -> list[Event]:
    pay(st, seat, ROAD_COST)
    edge = edge_of(st, action.a, action.b)
    return placed(st, seat, edge, put_road(st, seat, edge))


def apply_ship(st: SeafarersState, seat: int, action: Ship) -> list[Event]:
    pay(st, seat, SHIP_COST)
    edge = edge_of(st, action.a, action.b)
    return placed(st, seat, edge, put_ship(st, seat, edge))


def apply_settle(st: SeafarersState, seat: int, action: Settle) -> list[Event]:
    pay(st, seat, SETTLEMENT_COST)
    events = settle(st, seat, action.corner, setup=False)
    return events + update_routes(st, seats_at(st, seat, action.corner))


def is_open_end(st: SeafarersState, seat: int, edge: int) -> bool:
    """Whether one end of the seat's ship on ``edge`` holds no other ship of the seat and no building of
    the seat (§5.5): kept with the seat's pieces (:mod:`.networks`)."""
    return edge in networks(st)[seat].open


def legal_moves(st: SeafarersState, seat: int, out: list[Action]) -> None:
    """Append ``move ship`` for every ship the seat may move now to some other edge (§5.5).

    Design detail: the seat's ships ending at each corner, those with an open end, the starts and the
    spots are kept as pieces are placed, lifted and settled at (:mod:`.networks`). A ship may start
    from the seat's buildings and the unblocked ends of its ships; lifting ship ``e`` takes away an
    end of ``e`` that no other ship or building of the seat holds, and the ship has somewhere to go if
    a spot remains at one of the starts left. Lifting takes away at most two corners and never a
    building of the seat or a corner where two of its ships end, so once three starts with a spot are
    found, or one such, every movable ship has somewhere to go. The ships found are kept until the
    seat's network, the pirate or a building changes.
    """
    if st.moved == st.turn or not st.ships_of[seat]:
        return
    net = networks(st)[seat]
    movable = net.movable
    if movable is None:
        movable = net.movable = _movable(st, seat)
    if movable:
        built = st.ship_built
        turn = st.turn
        moves = sea_prebuilt(st.board.topology).moves
        for e in movable:  # a few ships: a loop costs less than a comprehension's call
            if built[e] != turn:
                out.append(moves[e])


def _movable(st: SeafarersState, seat: int) -> list[int]:
    """The seat's ships with an open end, off the pirate's hex, with somewhere to go, ascending."""
    net = networks(st)[seat]
    blocked = pirate_edges(st)
    movable = []
    for e in net.open:
        if e not in blocked:
            movable.append(e)
    if not movable:
        return movable
    corners = st.board.topology.edge_corners
    owner = st.owner
    at = net.ship_at
    starts = net.starts
    movable.sort()
    good: list[int] = []  # starts with a spot, up to three
    for d in net.spots:
        for c in corners[d]:
            if c in starts and c not in good:
                if owner[c] == seat or at[c] > 1:  # no lift takes this start away: all can go to ``d``
                    return movable
                good.append(c)
        if len(good) >= 3:
            return movable
    kept = []
    for e in movable:
        a, b = corners[e]
        # the ship keeps somewhere to go unless every start with a spot is an end only it holds
        lose_a = owner[a] < 0 and at[a] == 1
        lose_b = owner[b] < 0 and at[b] == 1
        for c in good:
            if not ((c == a and lose_a) or (c == b and lose_b)):
                kept.append(e)
                break
    return kept


def why_move(st: SeafarersState, seat: int, action: MoveShip) -> str | None:
    top = st.decisions[-1]
    if isinstance(top, TurnPhase) and top.phase == PRE_ROLL:
        return "a ship moves after the roll (seafarers.md §9.13)"
    if st.moved == st.turn:
        return "one ship move per turn (seafarers.md §5.5)"
    edge = edge_of(st, action.a, action.b)
    if edge < 0 or st.ship_owner[edge] != seat:
        return f"seat {seat} has no ship on edge {action.a}-{action.b} (seafarers.md §5.5)"
    if st.ship_built[edge] == st.turn:
        return f"the ship on {action.a}-{action.b} was built this turn and cannot move (seafarers.md §5.5)"
    if edge in pirate_edges(st):
        return f"the ship on {action.a}-{action.b} lies on the pirate's hex (seafarers.md §5.6)"
    if not is_open_end(st, seat, edge):
        return (
            f"the ship on {action.a}-{action.b} has no open end: each end holds another ship or a building"
            f" of seat {seat} (seafarers.md §5.5)"
        )
    if not ship_spots(st, seat, without=edge):
        return f"the ship on {action.a}-{action.b} has no other edge to go to (seafarers.md §5.5)"
    return None


def apply_move(st: SeafarersState, seat: int, action: MoveShip) -> list[Event]:
    """Lift the ship; the seat puts it down with ``ship C-D`` (:func:`apply_moved`)."""
    edge = edge_of(st, action.a, action.b)
    st.ship_owner[edge] = -1
    st.ship_built[edge] = -1
    st.ships_of[seat].remove(edge)
    lifted(st, seat, edge)
    st.moved = st.turn
    st.decisions.append(PlaceShip((seat,), edge))
    return [Event("lift_ship", {"seat": seat, "edge": edge, "corners": [action.a, action.b]})]


def legal_moved(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """Every edge the lifted ship may go to: where it could be built, its old edge excepted."""
    top = st.decisions[-1]
    assert isinstance(top, PlaceShip)
    ships = sea_prebuilt(st.board.topology).ships
    return tuple([ships[e] for e in ship_spots(st, seat, without=top.origin)])


def why_moved(st: SeafarersState, seat: int, action: Ship) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, PlaceShip)
    return why_ship_spot(st, seat, action.a, action.b, without=top.origin)


def apply_moved(st: SeafarersState, seat: int, action: Ship) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, PlaceShip)
    edge = edge_of(st, action.a, action.b)
    st.ship_owner[edge] = seat
    st.ship_built[edge] = -1
    st.ships_of[seat].append(edge)
    added(st, seat, edge, 1)
    a, b = st.board.topology.edge_corners[top.origin]
    event = Event("move_ship", {"seat": seat, "from": [a, b], "to": [action.a, action.b], "edge": edge})
    return placed(st, seat, edge, [event], moved=True)


def legal_builds(st: SeafarersState, seat: int, out: list[Action]) -> None:
    """Append the affordable, placeable builds of the seat: roads, ships, settlements, cities, a card."""
    hand = st.hands[seat]
    # the interned actions looked up by ``map`` (no comprehension's function and frame at every listing)
    if hand[1]:
        if hand[0] and st.roads_left[seat] > 0:
            out += map(st.pre.roads.__getitem__, road_spots(st, seat))
        if hand[2] and st.ships_left[seat] > 0:
            out += map(sea_prebuilt(st.board.topology).ships.__getitem__, ship_spots(st, seat))
        if hand[0] and hand[2] and hand[3] and st.settlements_left[seat] > 0:
            out += map(st.pre.settles.__getitem__, settle_spots(st, seat))
    if hand[4] >= 3 and hand[3] >= 2 and st.cities_left[seat] > 0:
        level = st.level
        cities = st.pre.cities
        out += [cities[c] for c in st.buildings_of[seat] if level[c] == 1]
    if hand[2] and hand[3] and hand[4] and st.deck:
        out.append(BUY_DEV)


def why_road(st: SeafarersState, seat: int, action: Road) -> str | None:
    return (
        why_unaffordable(st, seat, ROAD_COST, "a road")
        or (None if st.roads_left[seat] > 0 else "no roads left (15 per seat, catan.md §2.1)")
        or why_road_spot(st, seat, action.a, action.b)
    )


def why_ship(st: SeafarersState, seat: int, action: Ship) -> str | None:
    return (
        why_unaffordable(st, seat, SHIP_COST, "a ship", rule="seafarers.md §3.2")
        or (None if st.ships_left[seat] > 0 else "no ships left (15 per seat, seafarers.md §3.2)")
        or why_ship_spot(st, seat, action.a, action.b)
    )


def why_settle(st: SeafarersState, seat: int, action: Settle) -> str | None:
    return (
        why_unaffordable(st, seat, SETTLEMENT_COST, "a settlement")
        or (None if st.settlements_left[seat] > 0 else "no settlements left (5, catan.md §5.6)")
        or why_settle_spot(st, seat, action.corner, need_route=True)
    )
