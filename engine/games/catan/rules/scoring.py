"""Scoring: victory points, Longest Road (catan.md §5.9), Largest Army (§5.8) and the win (§5.11).

Design detail: road lengths are recomputed only for the seats whose network can have changed (the
builder of a road; the owners of roads through a corner where a settlement was just built), by a
depth-first search over that seat's roads with a bitmask of used edges. Routes may revisit corners
(loops count) but never pass through a corner holding another seat's building.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, SPECIAL_CARD_VP, DevCard

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def victory_points(st: CatanState, seat: int) -> int:
    """All VP of a seat, hidden VP cards included (catan.md §2.5)."""
    return public_points(st, seat) + st.devs[seat][DevCard.VICTORY_POINT]


def public_points(st: CatanState, seat: int) -> int:
    """VP everyone can see: buildings and the two special cards (catan.md §2.5)."""
    vp = st.building_vp[seat]
    if st.longest == seat:
        vp += SPECIAL_CARD_VP
    if st.army == seat:
        vp += SPECIAL_CARD_VP
    return vp


def road_length(st: CatanState, seat: int) -> int:
    """The longest continuous route of ``seat``'s roads (catan.md §5.9)."""
    edges = st.roads_of[seat]
    if len(edges) <= 1:
        return len(edges)
    topo = st.board.topology
    edge_corners = topo.edge_corners
    corner_edges = topo.corner_edges
    road_owner = st.road_owner
    owner = st.owner
    best = 0

    def walk(corner: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and owner[corner] >= 0 and owner[corner] != seat:
            return  # an opponent's building stops the route here
        for e in corner_edges[corner]:
            bit = 1 << e
            if not used & bit and road_owner[e] == seat:
                a, b = edge_corners[e]
                walk(b if a == corner else a, used | bit, length + 1)

    # Design detail: a longest route can always be taken to start at a corner where the seat's roads
    # do not simply pass through (a dead end, a fork, or a corner an opponent's building blocks); only
    # a component that is a plain loop has none, and then any of its corners will do.
    degree: dict[int, int] = {}
    for e in edges:
        a, b = edge_corners[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    starts = [c for c, d in degree.items() if d != 2 or (owner[c] >= 0 and owner[c] != seat)]
    reached: set[int] = set()
    todo = list(starts)
    while True:
        while todo:
            c = todo.pop()
            if c in reached:
                continue
            reached.add(c)
            for e in corner_edges[c]:
                if road_owner[e] == seat:
                    a, b = edge_corners[e]
                    todo.append(b if a == c else a)
        if len(reached) == len(degree):
            break
        loop_corner = next(c for c in degree if c not in reached)
        starts.append(loop_corner)
        todo.append(loop_corner)
    for c in starts:
        walk(c, 0, 0)
        if best == len(edges):
            break
    return best


def update_longest_road(st: CatanState, seats: tuple[int, ...] | list[int]) -> list[Event]:
    """Recompute the lengths of ``seats`` and move the Longest Road card (catan.md §5.9 cases 1-5)."""
    lengths = st.road_len
    for s in seats:
        lengths[s] = road_length(st, s)
    best = max(lengths)
    holder = st.longest
    if holder >= 0 and lengths[holder] == best and best >= LONGEST_ROAD_MIN:
        return []  # case 1: the holder is still (tied for) longest
    leaders = [s for s, n in enumerate(lengths) if n == best]
    new = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    st.longest = new
    return [Event("longest_road", {"seat": new, "previous": holder, "length": best})]


def update_largest_army(st: CatanState) -> list[Event]:
    """Move the Largest Army card after a knight is played (catan.md §5.8)."""
    knights = st.knights
    best = max(knights)
    holder = st.army
    if holder >= 0 and knights[holder] == best:
        return []
    leaders = [s for s, n in enumerate(knights) if n == best]
    new = leaders[0] if best >= LARGEST_ARMY_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    st.army = new
    return [Event("largest_army", {"seat": new, "previous": holder, "knights": best})]


def check_victory(st: CatanState) -> list[Event]:
    """Declare the active seat the winner at the target, hidden VP cards included (catan.md §5.11)."""
    seat = st.active
    if st.over or seat < 0:
        return []
    points = victory_points(st, seat)
    if points < st.vp_to_win:
        return []
    st.over = True
    st.winner = seat
    st.decisions.clear()
    return [
        Event("victory", {"seat": seat, "points": points, "vp_cards": st.devs[seat][DevCard.VICTORY_POINT]})
    ]
