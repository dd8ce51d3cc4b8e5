"""Development cards in Seafarers (seafarers.md §5.8): Road Building builds roads or ships.

The knight moves the robber or the pirate: base Catan's knight pushes the ``PlaceRobber`` frame, whose
Seafarers moves are :mod:`.thief`'s. Road Building places 2 pieces for free, each a road or a ship by
its own rule (the second may continue the first), or 1 when only one can be placed (catan.md §9.17).
Ships placed by it count as built this turn (§9.1). Year of Plenty and Monopoly are base Catan's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import (
    MONOPOLY,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    PlayRoadBuilding,
    Road,
)
from engine.games.catan.decisions import FreeRoads
from engine.games.catan.rules import devcards
from engine.games.catan.rules.devcards import why_card, year_of_plenty_choices
from engine.games.catan.seafarers.actions import Ship
from engine.games.catan.seafarers.prebuilt import sea_prebuilt
from engine.games.catan.seafarers.rules.build import placed
from engine.games.catan.seafarers.rules.pieces import (
    edge_of,
    put_road,
    put_ship,
    road_spots,
    ship_spots,
    why_road_spot,
    why_ship_spot,
)
from engine.games.catan.tables import DevCard

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState


def can_place_free(st: SeafarersState, seat: int) -> bool:
    """Whether the seat has a road or a ship in supply and an edge for it."""
    return (st.roads_left[seat] > 0 and bool(road_spots(st, seat))) or (
        st.ships_left[seat] > 0 and bool(ship_spots(st, seat))
    )


def legal_plays(st: SeafarersState, seat: int, out: list[Action]) -> None:
    """Append the cards the active seat may play now."""
    if st.dev_played:
        return
    devs = st.devs[seat]
    new = st.new_devs[seat]
    if devs[0] > new[0]:
        out.append(PLAY_KNIGHT)
    if devs[1] > new[1] and can_place_free(st, seat):
        out.append(PLAY_ROAD_BUILDING)
    if devs[2] > new[2]:
        out.extend(year_of_plenty_choices(st.bank))
    if devs[3] > new[3]:
        out.extend(MONOPOLY)


def why_play(st: SeafarersState, seat: int, action: Action) -> str | None:
    if isinstance(action, PlayRoadBuilding):
        reason = why_card(st, seat, int(DevCard.ROAD_BUILDING))
        if reason is None and not can_place_free(st, seat):
            return "road building needs a road or ship in supply and an edge for it (seafarers.md §5.8)"
        return reason
    return devcards.why_play(st, seat, action)


def apply_play(st: SeafarersState, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, PlayRoadBuilding):
        return devcards.apply_play(st, seat, action)
    st.devs[seat][DevCard.ROAD_BUILDING] -= 1
    st.dev_played = True
    st.decisions.append(FreeRoads((seat,), min(2, st.roads_left[seat] + st.ships_left[seat])))
    return [Event("play", {"seat": seat, "card": "road-building"})]


def legal_free(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    out: list[Action] = []
    if st.roads_left[seat] > 0:
        roads = st.pre.roads
        out += [roads[e] for e in road_spots(st, seat)]
    if st.ships_left[seat] > 0:
        ships = sea_prebuilt(st.board.topology).ships
        out += [ships[e] for e in ship_spots(st, seat)]
    return tuple(out)


def why_free(st: SeafarersState, seat: int, action: Road | Ship) -> str | None:
    if isinstance(action, Road):
        if st.roads_left[seat] <= 0:
            return "no roads left (15 per seat, catan.md §2.1)"
        return why_road_spot(st, seat, action.a, action.b)
    if st.ships_left[seat] <= 0:
        return "no ships left (15 per seat, seafarers.md §3.2)"
    return why_ship_spot(st, seat, action.a, action.b)


def apply_free(st: SeafarersState, seat: int, action: Road | Ship) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, FreeRoads)
    edge = edge_of(st, action.a, action.b)
    events = put_road(st, seat, edge) if isinstance(action, Road) else put_ship(st, seat, edge)
    left = top.remaining - 1
    # the routes and the fog after the next frame is known: the fog's gold is asked on top of it
    frames = len(st.decisions)
    events = placed(st, seat, edge, events)
    gold = st.decisions[frames:]
    del st.decisions[frames:]
    if left > 0 and can_place_free(st, seat):
        st.decisions.append(FreeRoads(top.seats, left))
    st.decisions.extend(gold)
    return events
