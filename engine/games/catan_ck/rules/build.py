"""Building in Cities & Knights (cities_and_knights.md §2.10, §7.6, §9.1): roads, settlements, cities
and city walls.

Base Catan's placement code is reused (:mod:`engine.games.catan.rules.build`): its road-connection rule
reads :meth:`CkState.blockers`, so a road never extends through a corner holding an opponent's building
or knight (§7.6), and Longest Road splits there (§9.3). A settlement also needs a corner free of any
knight, one's own included (§7.5 a: move the knight away first). A wall goes under an own city without
one, three per seat at most (§9.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import City, Road, Settle
from engine.games.catan.rules import build as base
from engine.games.catan.rules.scoring import update_longest_road
from engine.games.catan.tables import GENERIC_HARBOR, MAX_CORNERS
from engine.games.catan_ck.actions import Wall
from engine.games.catan_ck.rules.hand import pay, why_unaffordable
from engine.games.catan_ck.tables import CITY_COST, ROAD_COST, SETTLEMENT_COST, WALL_COST, WALLS

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

WALL_ACTIONS = tuple(Wall(c) for c in range(MAX_CORNERS))


def settle_spots(st: CkState, seat: int) -> list[int]:
    """Corners on the seat's roads where the distance rule allows a settlement and no knight stands."""
    k_owner = st.k_owner
    return [c for c in base.settle_spots(st, seat) if k_owner[c] < 0]


def place_settlement(st: CkState, seat: int, corner: int) -> list[Event]:
    """Put a settlement (no payment): base Catan's placement, and the corner is occupied."""
    st.occupant[corner] = seat
    if st.board.corner_harbor[corner] == GENERIC_HARBOR:
        st.harbor3[seat] = True
    return base.place_settlement(st, seat, corner)


def place_city(st: CkState, seat: int, corner: int) -> list[Event]:
    """Put a city straight onto an empty corner (the setup city, §3 step 10): a settlement's placement
    (harbor rates, broken routes), then its upgrade."""
    return place_settlement(st, seat, corner) + base.place_city(st, seat, corner)


def legal_builds(st: CkState, seat: int, out: list[Action]) -> None:
    """Append the affordable, placeable roads, settlements, cities and walls of the active seat."""
    hand = st.hands[seat]
    if hand[0] and hand[1]:
        if st.roads_left[seat] > 0:
            roads = st.pre.roads
            out += [roads[e] for e in base.road_spots(st, seat)]
        if hand[2] and hand[3] and st.settlements_left[seat] > 0:
            settles = st.pre.settles
            out += [settles[c] for c in settle_spots(st, seat)]
    level = st.level
    if hand[4] >= 3 and hand[3] >= 2 and st.cities_left[seat] > 0:
        cities = st.pre.cities
        out += [cities[c] for c in st.buildings_of[seat] if level[c] == 1]
    if hand[0] >= 2 and st.walls_left[seat] > 0:
        walls = st.walls
        out += [WALL_ACTIONS[c] for c in st.buildings_of[seat] if level[c] == 2 and not walls[c]]


def why_wall_spot(st: CkState, seat: int, corner: int) -> str | None:
    """§9.1: under an own city without a wall; three walls per seat on the board."""
    if not 0 <= corner < len(st.owner) or st.owner[corner] != seat or st.level[corner] != 2:
        return f"corner {corner} is not a city of seat {seat} (a wall goes under a city, cities_and_knights.md §9.1)"
    if st.walls[corner]:
        return f"the city on corner {corner} has a wall already (one per city, cities_and_knights.md §9.1)"
    if st.walls_left[seat] <= 0:
        return f"seat {seat} has {WALLS} walls on the board, the most allowed (cities_and_knights.md §9.1)"
    return None


def why_build(st: CkState, seat: int, action: Action) -> str | None:
    """The rule a build breaks, or ``None``."""
    if isinstance(action, Road):
        return (
            why_unaffordable(st, seat, ROAD_COST, "a road")
            or (
                None if st.roads_left[seat] > 0 else "no roads left (15 per seat, cities_and_knights.md §2.7)"
            )
            or base.why_road_spot(st, seat, action)
        )
    if isinstance(action, Settle):
        c = action.corner
        if 0 <= c < len(st.k_owner) and st.k_owner[c] >= 0:
            return (
                f"a knight stands on corner {c}; it must move away first (cities_and_knights.md §7.5 a, §7.6)"
            )
        return (
            why_unaffordable(st, seat, SETTLEMENT_COST, "a settlement")
            or (
                None
                if st.settlements_left[seat] > 0
                else "no settlements left (5, cities_and_knights.md §2.7)"
            )
            or base.why_settle_spot(st, seat, c, need_road=True)
        )
    if isinstance(action, City):
        c = action.corner
        if not 0 <= c < len(st.owner) or st.owner[c] != seat or st.level[c] != 1:
            return f"corner {c} is not a settlement of seat {seat} (a city upgrades one, cities_and_knights.md §2.10)"
        return why_unaffordable(st, seat, CITY_COST, "a city") or (
            None if st.cities_left[seat] > 0 else "no cities left (4, cities_and_knights.md §2.7)"
        )
    if isinstance(action, Wall):
        return why_unaffordable(st, seat, WALL_COST, "a city wall") or why_wall_spot(st, seat, action.corner)
    return "not a build"


def apply_road(st: CkState, seat: int, action: Road) -> list[Event]:
    pay(st, seat, ROAD_COST)
    return base.place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])


def apply_settle(st: CkState, seat: int, action: Settle) -> list[Event]:
    pay(st, seat, SETTLEMENT_COST)
    return place_settlement(st, seat, action.corner)


def apply_city(st: CkState, seat: int, action: City) -> list[Event]:
    pay(st, seat, CITY_COST)
    return base.place_city(st, seat, action.corner)


def place_wall(st: CkState, seat: int, corner: int) -> list[Event]:
    """Put a wall under the city on ``corner`` (no payment; the Engineer uses this too)."""
    st.walls[corner] = 1
    st.walls_left[seat] -= 1
    return [Event("wall", {"seat": seat, "corner": corner})]


def apply_wall(st: CkState, seat: int, action: Wall) -> list[Event]:
    pay(st, seat, WALL_COST)
    return place_wall(st, seat, action.corner)


def lift_road(st: CkState, edge: int) -> list[Event]:
    """Take the road on ``edge`` back to its owner's supply and measure the owner's routes again (the
    Diplomat, §2.9; Longest Road may move, §9.3)."""
    seat = st.road_owner[edge]
    st.road_owner[edge] = -1
    st.roads_of[seat].remove(edge)
    st.roads_left[seat] += 1
    a, b = st.board.topology.edge_corners[edge]
    events = [Event("road_removed", {"seat": seat, "edge": edge, "corners": [a, b]})]
    return events + update_longest_road(st, (seat,))
