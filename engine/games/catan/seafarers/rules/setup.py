"""The Seafarers set-up (seafarers.md §5.1): two rounds in snake order as in base Catan (catan.md §4).

Each placement is a settlement on a site of the scenario's set-up islands (§6), then a road or, on the
coast, a ship touching it (not on the pirate's hex). The second settlement pays one card per adjacent
producing hex and one card of choice per adjacent gold field (seafarers.md §9.11). A setup road or
ship discovers the fog spaces at its ends (§5.11). In The Four Islands the islands of a seat's setup
settlements are its home islands (§6.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Road, Settle
from engine.games.catan.decisions import SetupRoad, SetupSettle
from engine.games.catan.rules.setup import snake_order
from engine.games.catan.rules.turn import begin_turn
from engine.games.catan.seafarers.actions import Ship
from engine.games.catan.seafarers.prebuilt import sea_prebuilt
from engine.games.catan.seafarers.rules.fog import discover
from engine.games.catan.seafarers.rules.gold import push_gold
from engine.games.catan.seafarers.rules.pieces import (
    edge_of,
    pirate_edges,
    put_road,
    put_ship,
    settle,
    why_edge,
    why_settle_spot,
)
from engine.games.catan.seafarers.rules.routes import seats_at, update_routes
from engine.games.catan.tables import RESOURCE_NAMES, Terrain

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState


def setup_area(st: SeafarersState, corner: int) -> bool:
    """Whether ``corner`` is a site of the scenario's set-up islands (seafarers.md §5.1 step 4)."""
    board = st.board
    island = board.corner_island[corner]
    return island >= 0 and board.island_names[island] in board.map.setup_islands


def legal_settle(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """Every empty site of the set-up islands obeying the distance rule."""
    corner_corners = st.board.topology.corner_corners
    blocked: set[int] = set()
    for corners in st.buildings_of:
        for c in corners:
            blocked.add(c)
            blocked.update(corner_corners[c])
    settles = st.pre.settles
    sites = st.board.sites
    return tuple(
        settles[c] for c in range(len(st.owner)) if sites[c] and c not in blocked and setup_area(st, c)
    )


def legal_piece(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """Roads on empty road edges and ships on empty ship edges touching the settlement just placed."""
    top = st.decisions[-1]
    assert isinstance(top, SetupRoad)
    board = st.board
    edges = board.topology.corner_edges[top.corner]
    empty = [e for e in edges if st.road_owner[e] < 0 and st.ship_owner[e] < 0]
    blocked = pirate_edges(st)
    ships = sea_prebuilt(board.topology).ships
    return tuple(st.pre.roads[e] for e in empty if board.road_edges[e]) + tuple(
        ships[e] for e in empty if board.ship_edges[e] and e not in blocked
    )


def why_settle(st: SeafarersState, seat: int, action: Settle) -> str | None:
    reason = why_settle_spot(st, seat, action.corner, need_route=False)
    if reason is None and not setup_area(st, action.corner):
        islands = ", ".join(st.board.map.setup_islands)
        return f"setup settlements stand on the islands {islands} (seafarers.md §5.1 step 4)"
    return reason


def why_piece(st: SeafarersState, seat: int, action: Road | Ship) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, SetupRoad)
    _, reason = why_edge(st, action.a, action.b, "road" if isinstance(action, Road) else "ship")
    if reason:
        return reason
    return f"a setup road or ship touches the settlement just placed at corner {top.corner} (seafarers.md §5.1 step 3)"


def apply_settle(st: SeafarersState, seat: int, action: Settle) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupSettle)
    corner = action.corner
    events = settle(st, seat, corner, setup=True)
    events += update_routes(st, seats_at(st, seat, corner))
    st.decisions.append(SetupRoad((seat,), top.step, corner))
    if top.step < st.n:
        return events
    board = st.board
    got = [0] * 5
    gold = [0] * st.n
    for h in board.topology.corner_hexes[corner]:
        r = board.hex_resource[h]
        if r >= 0 and st.bank[r] > 0:
            st.bank[r] -= 1
            st.hands[seat][r] += 1
            got[r] += 1
        elif board.terrain[h] == Terrain.GOLD:
            gold[seat] += 1
    events.append(
        Event(
            "starting_resources",
            {"seat": seat, "cards": {RESOURCE_NAMES[r]: n for r, n in enumerate(got) if n}},
        )
    )
    return events + push_gold(st, gold, seat)


def apply_piece(st: SeafarersState, seat: int, action: Road | Ship) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupRoad)
    edge = edge_of(st, action.a, action.b)
    events = put_road(st, seat, edge) if isinstance(action, Road) else put_ship(st, seat, edge)
    events += update_routes(st, (seat,), edge)
    step = top.step + 1
    order = snake_order(st.n)
    if step < len(order):
        st.decisions.append(SetupSettle((order[step],), step))
    else:
        events += begin_turn(st, 0)
    found, gold = discover(st, seat, edge, setup=True)
    gold_owed = [0] * st.n
    gold_owed[seat] = gold
    return events + found + push_gold(st, gold_owed, seat)
