"""Building: roads, settlements, cities and development card purchases (catan.md §5.6).

Placement helpers here are shared with setup (§4) and road building (§5.7): the distance rule, the
road-connection rule (never through an opponent's building), piece limits and the harbor rates a new
settlement brings. Every ``why_*`` function returns the rule an action breaks, or ``None`` if legal.
"""

from __future__ import annotations

from operator import ge
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import BUY_DEV, City, Road, Settle
from engine.games.catan.decisions import BUILD, TURN_FRAMES, TurnPhase
from engine.games.catan.rules import river
from engine.games.catan.rules.scoring import update_longest_road
from engine.games.catan.tables import (
    CITY_COST,
    DEV_COST,
    DEV_NAMES,
    GENERIC_HARBOR,
    NO_HARBOR,
    RESOURCE_NAMES,
    ROAD_COST,
    SETTLEMENT_COST,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState


def mark_built(st: CatanState) -> None:
    """Strict order (catan.md §5.1): the first build of a turn closes trading (no-op when combined)."""
    if st.combined:
        return
    top = st.decisions[-1]
    if isinstance(top, TurnPhase) and top.phase != BUILD:
        st.decisions[-1] = TURN_FRAMES[BUILD][top.seats[0]]


def can_pay(hand: list[int], cost: tuple[int, ...]) -> bool:
    """Whether ``hand`` holds at least ``cost``, type by type (hand and cost of one width)."""
    return all(map(ge, hand, cost))


def pay(st: CatanState, seat: int, cost: tuple[int, ...]) -> None:
    """Move ``cost`` from the seat's hand to the supply (catan.md §2.4)."""
    hand = st.hands[seat]
    bank = st.bank
    for r, c in enumerate(cost):
        if c:
            hand[r] -= c
            bank[r] += c


def why_unaffordable(
    st: CatanState,
    seat: int,
    cost: tuple[int, ...],
    what: str,
    names: tuple[str, ...] = RESOURCE_NAMES,
    rule: str = "catan.md §2.4",
) -> str | None:
    """The cards ``seat`` lacks for ``what``, or ``None``; ``names`` and ``rule`` are the game's."""
    hand = st.hands[seat]
    missing = [f"{c - hand[r]} {names[r]}" for r, c in enumerate(cost) if hand[r] < c]
    if missing:
        return f"cannot afford {what} ({rule}): missing {', '.join(missing)}"
    return None


def why_settle_spot(st: CatanState, seat: int, corner: int, need_road: bool) -> str | None:
    topo = st.board.topology
    if not 0 <= corner < topo.n_corners:
        return f"corner {corner} does not exist (0..{topo.n_corners - 1}; catan.md §3.1)"
    if st.owner[corner] >= 0:
        return f"corner {corner} is occupied (one building per intersection, catan.md §3.1)"
    for c in topo.corner_corners[corner]:
        if st.owner[c] >= 0:
            return f"corner {c} next to {corner} holds a building (distance rule, catan.md §5.6)"
    if need_road and all(st.road_owner[e] != seat for e in topo.corner_edges[corner]):
        return f"no road of seat {seat} touches corner {corner} (catan.md §5.6 connection rule)"
    return None


def road_spots(st: CatanState, seat: int, without: int = -1) -> list[int]:
    """Empty edges connected to the seat's network, not through an opponent's building (§5.6);
    ``without``: as if the seat's road on that edge were lifted (Louis, §7.5), the edge itself excluded."""
    topo = st.board.topology
    corner_edges = topo.corner_edges
    edge_corners = topo.edge_corners
    owner = st.blockers()
    road_owner = st.road_owner
    ends = set(st.buildings_of[seat])
    for e in st.roads_of[seat]:
        if e == without:
            continue
        a, b = edge_corners[e]
        o = owner[a]
        if o < 0 or o == seat:
            ends.add(a)
        o = owner[b]
        if o < 0 or o == seat:
            ends.add(b)
    spots = {e for c in ends for e in corner_edges[c] if road_owner[e] < 0 and e != without}
    return sorted(spots)


def why_road_spot(st: CatanState, seat: int, action: Road) -> str | None:
    topo = st.board.topology
    edge = topo.edge_index.get((action.a, action.b))
    if edge is None:
        return f"{action.a}-{action.b} is not a path of the board (catan.md §3.1)"
    if st.road_owner[edge] >= 0:
        return f"path {action.a}-{action.b} already has a road (one road per path, catan.md §3.1)"
    if edge not in road_spots(st, seat):
        return (
            f"path {action.a}-{action.b} does not connect to seat {seat}'s roads or buildings"
            " except through an opponent's building (catan.md §5.6)"
        )
    return None


def settle_spots(st: CatanState, seat: int) -> list[int]:
    """Corners where the seat may build a settlement (distance and connection rules, §5.6)."""
    topo = st.board.topology
    edge_corners = topo.edge_corners
    corner_corners = topo.corner_corners
    owner = st.owner
    spots: set[int] = set()
    for e in st.roads_of[seat]:
        for c in edge_corners[e]:
            if owner[c] < 0 and c not in spots and all(owner[d] < 0 for d in corner_corners[c]):
                spots.add(c)
    return sorted(spots)


def place_settlement(st: CatanState, seat: int, corner: int) -> list[Event]:
    """Put a settlement (no payment); updates rates, VP, pieces and breaks opponents' roads."""
    events = put_settlement(st, seat, corner)
    topo = st.board.topology
    broken = {
        st.road_owner[e]
        for e in topo.corner_edges[corner]
        if st.road_owner[e] >= 0 and st.road_owner[e] != seat
    }
    if broken:
        events += update_longest_road(st, sorted(broken))
    return events


def put_settlement(st: CatanState, seat: int, corner: int) -> list[Event]:
    """Put a settlement (no payment) and update rates, VP and pieces; routes are left to the caller."""
    st.owner[corner] = seat
    st.level[corner] = 1
    st.buildings_of[seat].append(corner)
    st.settlements_left[seat] -= 1
    st.building_vp[seat] += 1
    kind = st.board.corner_harbor[corner]
    if kind != NO_HARBOR:
        rates = st.rates[seat]
        if kind == GENERIC_HARBOR:
            for r in range(5):
                rates[r] = min(rates[r], 3)
        else:
            rates[kind] = 2
    events = [Event("settle", {"seat": seat, "corner": corner})]
    if corner in st.board.gold_corners:
        events += river.gold_mine_settled(st, seat, corner)
    return events


def place_city(st: CatanState, seat: int, corner: int) -> list[Event]:
    """Upgrade the seat's settlement on ``corner`` (no payment): the settlement returns to the supply."""
    st.level[corner] = 2
    st.settlements_left[seat] += 1
    st.cities_left[seat] -= 1
    st.building_vp[seat] += 1
    return [Event("city", {"seat": seat, "corner": corner})]


def place_road(st: CatanState, seat: int, edge: int, recount: bool = False) -> list[Event]:
    """Put a road (no payment) and re-evaluate Longest Road (catan.md §5.9); ``recount`` measures the
    seat's roads afresh (after one was lifted, its old length may be stale)."""
    st.road_owner[edge] = seat
    st.roads_of[seat].append(edge)
    st.roads_left[seat] -= 1
    a, b = st.board.topology.edge_corners[edge]
    events = [Event("road", {"seat": seat, "edge": edge, "corners": [a, b]})]
    events += update_longest_road(st, (seat,), -1 if recount else edge)
    return events


def legal_builds(st: CatanState, seat: int, out: list[Action]) -> None:
    """Append the affordable, placeable builds of the active seat."""
    hand = st.hands[seat]
    if hand[0] and hand[1]:
        if st.roads_left[seat] > 0:
            roads = st.pre.roads
            out += [roads[e] for e in road_spots(st, seat)]
        if hand[2] and hand[3] and st.settlements_left[seat] > 0:
            settles = st.pre.settles
            out += [settles[c] for c in settle_spots(st, seat)]
    if hand[4] >= 3 and hand[3] >= 2 and st.cities_left[seat] > 0:
        level = st.level
        cities = st.pre.cities
        out += [cities[c] for c in st.buildings_of[seat] if level[c] == 1]
    if hand[2] and hand[3] and hand[4] and st.deck:
        out.append(BUY_DEV)


def why_build(st: CatanState, seat: int, action: Action) -> str | None:
    """The rule a build breaks (catan.md §5.6), or ``None``."""
    if isinstance(action, Road):
        return (
            why_unaffordable(st, seat, ROAD_COST, "a road")
            or (None if st.roads_left[seat] > 0 else "no roads left (15 per seat, catan.md §2.1)")
            or why_road_spot(st, seat, action)
        )
    if isinstance(action, Settle):
        return (
            why_unaffordable(st, seat, SETTLEMENT_COST, "a settlement")
            or (None if st.settlements_left[seat] > 0 else "no settlements left (5, catan.md §5.6)")
            or why_settle_spot(st, seat, action.corner, need_road=True)
        )
    if isinstance(action, City):
        c = action.corner
        if not 0 <= c < len(st.owner) or st.owner[c] != seat or st.level[c] != 1:
            return f"corner {c} is not a settlement of seat {seat} (a city upgrades one, catan.md §5.6)"
        return why_unaffordable(st, seat, CITY_COST, "a city") or (
            None if st.cities_left[seat] > 0 else "no cities left (4, catan.md §5.6)"
        )
    if not st.deck:
        return "the development deck is empty (catan.md §5.6)"
    return why_unaffordable(st, seat, DEV_COST, "a development card")


def apply_road(st: CatanState, seat: int, action: Road) -> list[Event]:
    pay(st, seat, ROAD_COST)
    return place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])


def apply_settle(st: CatanState, seat: int, action: Settle) -> list[Event]:
    pay(st, seat, SETTLEMENT_COST)
    return place_settlement(st, seat, action.corner)


def apply_city(st: CatanState, seat: int, action: City) -> list[Event]:
    pay(st, seat, CITY_COST)
    return place_city(st, seat, action.corner)


def apply_buy_dev(st: CatanState, seat: int, action: Action | None = None, fresh: bool = True) -> list[Event]:
    """Pay and draw the top development card; it cannot be played this turn (catan.md §5.6, §5.7). A
    card bought outside the buyer's turn (``fresh`` false: the Special Building Phase) is playable in
    its next turn."""
    pay(st, seat, DEV_COST)
    return draw_dev(st, seat, fresh)


def draw_dev(
    st: CatanState, seat: int, fresh: bool = True, tokens: int = 0, paid: dict[str, int] | None = None
) -> list[Event]:
    """Draw the top development card for a purchase already paid; ``tokens`` and ``paid`` record a
    purchase with discovery tokens (seafarers.md §7.5) in the event."""
    card = st.deck.pop()
    st.devs[seat][card] += 1
    if fresh:
        st.new_devs[seat][card] += 1
    data: dict[str, object] = {"seat": seat, "deck": len(st.deck)}
    if tokens:
        data["tokens"] = tokens
        data["paid"] = paid or {}
    return [Event("buy_dev", data, {"card": DEV_NAMES[card]}, audience=(seat,), chance=True)]
