"""The setup phase (catan.md §4): two rounds in snake order, a settlement then a road touching it.

Round 1 runs in seat order from the starting seat (seat 0, see docs/rules-decisions.md), round 2 in
exact reverse, so the last seat places twice in a row (§9.7). The second settlement pays one card per
adjacent terrain hex (§4 step 5). In the Helpers scenario the second road also takes the top helper of
the stack (§7.2). After the last road the starting seat takes the first regular turn. In the Jungle a
second settlement beside the jungle also earns a discovery token (seafarers.md §7.3); in the Big River
no settlement may stand on the riverbank (seafarers.md §8.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Road, Settle
from engine.games.catan.decisions import SetupRoad, SetupSettle
from engine.games.catan.rules import jungle
from engine.games.catan.rules.build import place_road, place_settlement, why_settle_spot
from engine.games.catan.rules.helpers import take_starting
from engine.games.catan.rules.river import why_riverbank
from engine.games.catan.rules.turn import begin_turn
from engine.games.catan.tables import RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState


def snake_order(n: int) -> tuple[int, ...]:
    """catan.md §4 steps 3-4: seats 0..n-1, then n-1..0."""
    return tuple(range(n)) + tuple(range(n - 1, -1, -1))


def legal_settle(st: CatanState, seat: int) -> tuple[Action, ...]:
    """Every empty corner obeying the distance rule; no road needed (catan.md §4 step 3); never on
    the riverbank (seafarers.md §8.3)."""
    corner_corners = st.board.topology.corner_corners
    blocked: set[int] = set(st.board.riverbank)
    for corners in st.buildings_of:
        for c in corners:
            blocked.add(c)
            blocked.update(corner_corners[c])
    settles = st.pre.settles
    return tuple(settles[c] for c in range(len(st.owner)) if c not in blocked)


def legal_road(st: CatanState, seat: int) -> tuple[Action, ...]:
    """Empty paths touching the settlement just placed (catan.md §4 steps 3-4)."""
    top = st.decisions[-1]
    assert isinstance(top, SetupRoad)
    topo = st.board.topology
    return tuple(st.pre.roads[e] for e in topo.corner_edges[top.corner] if st.road_owner[e] < 0)


def why_settle(st: CatanState, seat: int, action: Settle) -> str | None:
    return why_settle_spot(st, seat, action.corner, need_road=False) or why_riverbank(st, action.corner)


def why_road(st: CatanState, seat: int, action: Road) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, SetupRoad)
    edge = st.board.topology.edge_index.get((action.a, action.b))
    if edge is None:
        return f"{action.a}-{action.b} is not a path of the board (catan.md §3.1)"
    if st.road_owner[edge] >= 0:
        return f"path {action.a}-{action.b} already has a road (catan.md §3.1)"
    return f"a setup road must touch the settlement just placed at corner {top.corner} (catan.md §4)"


def apply_settle(st: CatanState, seat: int, action: Settle) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupSettle)
    events = place_settlement(st, seat, action.corner)
    if top.step >= st.n:  # round 2: starting resources (catan.md §4 step 5)
        board = st.board
        got = [0] * 5
        for h in board.topology.corner_hexes[action.corner]:
            r = board.hex_resource[h]
            if r >= 0 and st.bank[r] > 0:
                st.bank[r] -= 1
                st.hands[seat][r] += 1
                got[r] += 1
        events.append(
            Event(
                "starting_resources",
                {"seat": seat, "cards": {RESOURCE_NAMES[r]: n for r, n in enumerate(got) if n}},
            )
        )
        if board.jungles:
            events += jungle.setup_tokens(st, seat, action.corner)
    st.decisions.append(SetupRoad((seat,), top.step, action.corner))
    return events


def apply_road(st: CatanState, seat: int, action: Road) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupRoad)
    events = place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])
    if st.helpers_on and top.step >= st.n:  # the second settlement and road: the top helper (§7.2)
        events += take_starting(st, seat)
    step = top.step + 1
    order = snake_order(st.n)
    if step < len(order):
        st.decisions.append(SetupSettle((order[step],), step))
    else:
        events += begin_turn(st, 0)
    return events
