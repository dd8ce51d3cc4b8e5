"""Setup (cities_and_knights.md §3 steps 9-12): a settlement and a road in seat order, then a city and
a road in reverse order; the city pays one resource per adjacent terrain hex (never a commodity).

Seat 0 starts (as in base Catan, docs/rules-decisions.md), places the last city and takes the first
turn. The city goes straight onto an empty corner under the distance rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import City, Road, Settle
from engine.games.catan.decisions import SetupRoad, SetupSettle
from engine.games.catan.rules import setup as base
from engine.games.catan.rules.build import place_road, why_settle_spot
from engine.games.catan_ck.decisions import SetupCity
from engine.games.catan_ck.rules.build import place_city, place_settlement
from engine.games.catan_ck.rules.hand import cards_text
from engine.games.catan_ck.rules.turn import begin_turn

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

legal_settle = base.legal_settle
legal_road = base.legal_road
why_road = base.why_road


def legal_city(st: CkState, seat: int) -> tuple[Action, ...]:
    """§3 step 10: every empty corner the distance rule allows."""
    cities = st.pre.cities
    return tuple(cities[a.corner] for a in base.legal_settle(st, seat) if isinstance(a, Settle))


def why_settle(st: CkState, seat: int, action: Settle) -> str | None:
    return why_settle_spot(st, seat, action.corner, need_road=False)


def why_city(st: CkState, seat: int, action: City) -> str | None:
    return why_settle_spot(st, seat, action.corner, need_road=False)


def apply_settle(st: CkState, seat: int, action: Settle) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupSettle)
    events = place_settlement(st, seat, action.corner)
    st.decisions.append(SetupRoad((seat,), top.step, action.corner))
    return events


def apply_city(st: CkState, seat: int, action: City) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupCity)
    events = place_city(st, seat, action.corner)
    board = st.board
    got = [0] * 8
    for h in board.topology.corner_hexes[action.corner]:
        r = board.hex_resource[h]
        if r >= 0 and st.bank[r] > 0:
            st.bank[r] -= 1
            st.hands[seat][r] += 1
            got[r] += 1
    events.append(Event("starting_resources", {"seat": seat, "cards": cards_text(got)}))
    st.decisions.append(SetupRoad((seat,), top.step, action.corner))
    return events


def apply_road(st: CkState, seat: int, action: Road) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SetupRoad)
    events = place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])
    step = top.step + 1
    order = base.snake_order(st.n)
    if step < st.n:
        st.decisions.append(SetupSettle((order[step],), step))
    elif step < len(order):
        st.decisions.append(SetupCity((order[step],), step))
    else:
        events += begin_turn(st, 0)
    return events
