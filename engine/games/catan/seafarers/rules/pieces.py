"""Where roads, ships and settlements may go on a Seafarers board (seafarers.md §4.3, §5.4, §5.5).

A road needs an edge with land on one side; a ship an edge of a sea hex (or, by default, a land-frame
coast); an edge holds one road or one ship. A road continues only from the seat's roads and buildings,
a ship only from its ships and buildings, never past an opponent's building: roads and ships meet only
at the seat's own settlement or city. No ship is built on, moved onto or moved away from an edge of the
pirate's hex. A settlement needs a site touching land, the distance rule, and the seat's road or ship at
the corner. Every ``why_*`` function returns the rule an action breaks, or ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.rules.build import put_settlement
from engine.games.catan.seafarers.board import FRAME
from engine.games.catan.seafarers.maps import AWAY, BONUS_VP, LISTED
from engine.games.catan.seafarers.rules.networks import added, built_at, networks

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState


def pirate_edges(st: SeafarersState) -> tuple[int, ...]:
    """The edges of the pirate's hex (none when it is on the frame)."""
    return () if st.pirate == FRAME else st.board.topology.hex_edges[st.pirate]


def edge_of(st: SeafarersState, a: int, b: int) -> int:
    """The edge joining corners ``a`` and ``b``, or -1."""
    return st.board.topology.edge_index.get((a, b), -1)


def is_empty(st: SeafarersState, edge: int) -> bool:
    return st.road_owner[edge] < 0 and st.ship_owner[edge] < 0


def road_spots(st: SeafarersState, seat: int) -> list[int]:
    """Empty road edges joined to the seat's roads or buildings, not through an opponent's building."""
    board = st.board
    topo = board.topology
    owner = st.owner
    ends = set(st.buildings_of[seat])
    for e in st.roads_of[seat]:
        for c in topo.edge_corners[e]:
            if owner[c] < 0 or owner[c] == seat:
                ends.add(c)
    road_edges = board.road_edges
    road_owner = st.road_owner
    ship_owner = st.ship_owner
    spots = set()
    corner_edges = topo.corner_edges
    for c in ends:
        for e in corner_edges[c]:
            if road_edges[e] and road_owner[e] < 0 and ship_owner[e] < 0:
                spots.add(e)
    return sorted(spots)


def ship_ends(st: SeafarersState, seat: int, without: int = -1) -> set[int]:
    """Corners a new ship of the seat may start from: its buildings, and the ends of its ships (except
    the one on ``without``) where no opponent's building stands (§5.4)."""
    net = networks(st)[seat]
    if without < 0 or st.ship_owner[without] != seat:
        return set(net.starts)
    at = net.ship_at
    owner = st.owner
    # the ends only the ship on ``without`` holds are lost when it is lifted
    return {
        c
        for c in net.starts
        if not (owner[c] < 0 and at[c] == 1 and c in st.board.topology.edge_corners[without])
    }


def ship_spots(st: SeafarersState, seat: int, without: int = -1) -> list[int]:
    """Empty ship edges joined to the seat's ships or buildings, off the pirate's hex; ``without``: as
    if the seat's ship on that edge were lifted (a move, §5.5), that edge itself excluded."""
    if without < 0 or st.ship_owner[without] != seat:  # kept up to date (:mod:`.networks`)
        spots = networks(st)[seat].spots
        found = sorted(spots)
        if without in spots:
            found.remove(without)
        return found
    board = st.board
    topo = board.topology
    ship_edges = board.ship_edges
    road_owner = st.road_owner
    ship_owner = st.ship_owner
    blocked = pirate_edges(st)
    spots = {
        e
        for c in ship_ends(st, seat, without)
        for e in topo.corner_edges[c]
        if ship_edges[e] and road_owner[e] < 0 and ship_owner[e] < 0 and e not in blocked and e != without
    }
    return sorted(spots)


def settle_spots(st: SeafarersState, seat: int) -> list[int]:
    """Sites at the ends of the seat's roads and ships, obeying the distance rule (§5.4)."""
    topo = st.board.topology
    sites = st.board.sites
    owner = st.owner
    corner_corners = topo.corner_corners
    # the kept route graph's nodes ``4c`` and ``4c + 1``: the free corners where its roads or ships end
    spots = []
    seen = set()
    for v in networks(st)[seat].links:
        c = v >> 2
        if v < 0 or v & 2 or c in seen:
            continue
        seen.add(c)
        if sites[c]:
            for d in corner_corners[c]:
                if owner[d] >= 0:
                    break
            else:
                spots.append(c)
    spots.sort()
    return spots


def why_edge(st: SeafarersState, a: int, b: int, piece: str) -> tuple[int, str | None]:
    """The edge ``a``-``b`` and why no ``piece`` can go there whatever the connection, or ``None``."""
    edge = edge_of(st, a, b)
    board = st.board
    if edge < 0:
        return edge, f"{a}-{b} is not an edge of the board (seafarers.md §4.1)"
    if not is_empty(st, edge):
        held = "road" if st.road_owner[edge] >= 0 else "ship"
        return edge, f"edge {a}-{b} already holds a {held} (one road or ship per edge, seafarers.md §4.3)"
    if piece == "road" and not board.road_edges[edge]:
        return edge, f"edge {a}-{b} has no land on either side: no road there (seafarers.md §4.3)"
    if piece == "ship":
        if not board.ship_edges[edge]:
            return edge, f"edge {a}-{b} borders no sea hex: no ship there (seafarers.md §4.3)"
        if edge in pirate_edges(st):
            return edge, f"edge {a}-{b} is on the pirate's hex {st.pirate} (seafarers.md §5.6)"
    return edge, None


def why_road_spot(st: SeafarersState, seat: int, a: int, b: int) -> str | None:
    edge, reason = why_edge(st, a, b, "road")
    if reason:
        return reason
    if edge not in road_spots(st, seat):
        return (
            f"edge {a}-{b} does not join seat {seat}'s roads or buildings except through an opponent's"
            " building; a road does not continue a ship (seafarers.md §5.4)"
        )
    return None


def why_ship_spot(st: SeafarersState, seat: int, a: int, b: int, without: int = -1) -> str | None:
    edge, reason = why_edge(st, a, b, "ship")
    if reason:
        return reason
    if edge == without:
        return f"a moved ship goes to another edge than {a}-{b} (seafarers.md §9.13)"
    if edge not in ship_spots(st, seat, without):
        return (
            f"edge {a}-{b} does not join seat {seat}'s ships or buildings except through an opponent's"
            " building; a ship does not continue a road (seafarers.md §5.4)"
        )
    return None


def why_settle_spot(st: SeafarersState, seat: int, corner: int, need_route: bool) -> str | None:
    topo = st.board.topology
    if not 0 <= corner < topo.n_corners:
        return f"corner {corner} does not exist (0..{topo.n_corners - 1}; seafarers.md §4.1)"
    if not st.board.sites[corner]:
        return f"corner {corner} touches no land: not a settlement site (seafarers.md §4.3)"
    if st.owner[corner] >= 0:
        return f"corner {corner} is occupied (one building per intersection, catan.md §3.1)"
    for c in topo.corner_corners[corner]:
        if st.owner[c] >= 0:
            return f"corner {c} next to {corner} holds a building (distance rule, seafarers.md §4.3)"
    if need_route and all(
        st.road_owner[e] != seat and st.ship_owner[e] != seat for e in topo.corner_edges[corner]
    ):
        return f"no road or ship of seat {seat} touches corner {corner} (seafarers.md §5.4)"
    return None


def put_road(st: SeafarersState, seat: int, edge: int) -> list[Event]:
    """Put a road (no payment); routes and discoveries are the caller's."""
    st.road_owner[edge] = seat
    st.roads_of[seat].append(edge)
    st.roads_left[seat] -= 1
    added(st, seat, edge, 0)
    a, b = st.board.topology.edge_corners[edge]
    return [Event("road", {"seat": seat, "edge": edge, "corners": [a, b]})]


def put_ship(st: SeafarersState, seat: int, edge: int) -> list[Event]:
    """Put a ship built now (no payment); routes and discoveries are the caller's (§5.4)."""
    st.ship_owner[edge] = seat
    st.ship_built[edge] = st.turn
    st.ships_of[seat].append(edge)
    st.ships_left[seat] -= 1
    added(st, seat, edge, 1)
    a, b = st.board.topology.edge_corners[edge]
    return [Event("ship", {"seat": seat, "edge": edge, "corners": [a, b]})]


def settle(st: SeafarersState, seat: int, corner: int, setup: bool) -> list[Event]:
    """Put a settlement (no payment), with the island bonus outside the set-up (§5.10) and the home
    island in the set-up (§6.3); routes are the caller's."""
    events = put_settlement(st, seat, corner)
    built_at(st, corner)
    island = st.board.corner_island[corner]
    if island < 0:
        return events
    bit = 1 << island
    if setup:
        st.home[seat] |= bit
        return events
    smap = st.board.map
    if st.rewarded[seat] & bit:
        return events
    if smap.bonus == LISTED:
        eligible = st.board.island_names[island] in smap.bonus_islands
    else:
        eligible = smap.bonus == AWAY and not st.home[seat] & bit
    if not eligible or (st.svp_first_only and st.claimed & bit):
        return events
    st.rewarded[seat] |= bit
    st.claimed |= bit
    st.island_vp[seat] += BONUS_VP
    st.building_vp[seat] += BONUS_VP
    events.append(
        Event("island_bonus", {"seat": seat, "island": st.board.island_names[island], "vp": BONUS_VP})
    )
    return events
