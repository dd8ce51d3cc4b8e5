"""The helpers that build or buy (catan.md §7.5): Candamir, Louis, Vincent and William.

Candamir pays a development card with one card of the cost replaced, draws three (fewer from a short
deck) and keeps one (:class:`CandamirPick`, the drawn cards seen by the buyer only), the rest going
back into a reshuffled deck (a chance event). Louis lifts a road with a loose end (one end touching
none of the seat's other pieces, opponents' pieces ignored) and rebuilds it on another legal path
(:class:`LouisRoad`); it is not offered when no such path exists (§9.19.7), and the Longest Road is
measured afresh. Vincent discards a played knight (the Largest Army is re-evaluated, §9.19.6) to
build a settlement for lumber + brick or a city for 2 ore + 1 grain, placement rules unchanged.
William names the card that replaces the brick or the lumber of a road, then the road is placed
(:class:`WilliamRoad`); it does not apply to free roads. In strict trade-then-build order each of
them is a build and closes trading (§5.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Road
from engine.games.catan.decisions import CandamirPick, LouisRoad, WilliamRoad
from engine.games.catan.helper_actions import (
    CANDAMIR,
    CHOOSE,
    VINCENT,
    WILLIAM,
    ChooseDev,
    UseCandamir,
    UseLouis,
    UseVincent,
    UseWilliam,
)
from engine.games.catan.rules import build, helpers
from engine.games.catan.rules.scoring import update_largest_army
from engine.games.catan.tables import (
    DEV_COST,
    DEV_NAMES,
    RESOURCE_NAMES,
    ROAD_COST,
    VINCENT_CITY_COST,
    VINCENT_SETTLEMENT_COST,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

Bundle = tuple[int, int, int, int, int]


def swapped(cost: tuple[int, ...], replaced: int, paid: int) -> Bundle:
    """``cost`` with one card of ``replaced`` paid as ``paid`` instead."""
    out = list(cost)
    out[replaced] -= 1
    out[paid] += 1
    return (out[0], out[1], out[2], out[3], out[4])


def _names(cards: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {RESOURCE_NAMES[r]: k for r, k in enumerate(cards) if k}


# -- Candamir: a development card for a substituted cost, three drawn, one kept --------------------------


def candamir_cost(action: UseCandamir) -> Bundle:
    if action.replaced < 0:
        return (0, 0, 1, 1, 1)
    return swapped(DEV_COST, action.replaced, action.paid)


_CANDAMIR_COSTS: tuple[tuple[Action, Bundle], ...] = tuple(
    (CANDAMIR[replaced + 1][paid + 1], swapped(DEV_COST, replaced, paid))
    for replaced in (2, 3, 4)
    for paid in range(5)
    if paid != replaced
)
"""Every substituted purchase with its cost, built once."""


def legal_candamir(st: CatanState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    if not st.deck or (hand[2] > 0) + (hand[3] > 0) + (hand[4] > 0) < 2:
        return []  # every cost keeps two of wool, grain, ore
    out: list[Action] = [CANDAMIR[0][0]] if hand[2] and hand[3] and hand[4] else []
    for action, (b, lum, w, g, o) in _CANDAMIR_COSTS:
        if hand[0] >= b and hand[1] >= lum and hand[2] >= w and hand[3] >= g and hand[4] >= o:
            out.append(action)
    return out


def why_candamir(st: CatanState, seat: int, action: UseCandamir) -> str | None:
    if not st.deck:
        return "the development deck is empty (catan.md §5.6)"
    if (action.replaced < 0) != (action.paid < 0) or (
        action.replaced >= 0 and action.replaced not in (2, 3, 4)
    ):
        return "Candamir replaces one of wool, grain, ore by another resource (catan.md §7.5)"
    if action.paid == action.replaced and action.paid >= 0:
        return "Candamir replaces a card of the cost by another resource (catan.md §7.5)"
    return build.why_unaffordable(st, seat, candamir_cost(action), "a development card with Candamir")


def apply_candamir(st: CatanState, seat: int, action: UseCandamir) -> list[Event]:
    cost = candamir_cost(action)
    build.pay(st, seat, cost)
    helpers.mark_used(st, seat)
    drawn = tuple(st.deck.pop() for _ in range(min(3, len(st.deck))))
    st.decisions.append(CandamirPick((seat,), drawn))
    return [
        Event(
            "candamir",
            {"seat": seat, "paid": _names(cost), "drawn": len(drawn)},
            {"cards": [DEV_NAMES[k] for k in drawn]},
            audience=(seat,),
            chance=True,
        )
    ]


def legal_choose(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, CandamirPick)
    return tuple(CHOOSE[k] for k in sorted(set(top.cards)))


def why_choose(st: CatanState, seat: int, action: ChooseDev) -> str | None:
    return f"no {DEV_NAMES[action.card]} card among those drawn (catan.md §7.5 Candamir)"


def apply_choose(st: CatanState, seat: int, action: ChooseDev) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, CandamirPick)
    rest = list(top.cards)
    rest.remove(action.card)
    st.devs[seat][action.card] += 1
    st.new_devs[seat][action.card] += 1
    st.deck.extend(rest)
    st.rng.stream("deck").mix(st.deck)
    return [
        Event(
            "candamir_keep",
            {"seat": seat, "deck": len(st.deck)},
            {"card": DEV_NAMES[action.card]},
            audience=(seat,),
            chance=True,
        )
    ]


# -- Louis: move a road with a loose end ---------------------------------------------------------------


def _is_loose(st: CatanState, seat: int, edge: int) -> bool:
    """One end of the seat's road touches none of its other pieces (opponents' pieces ignored)."""
    topo = st.board.topology
    owner = st.owner
    road_owner = st.road_owner
    for c in topo.edge_corners[edge]:
        if owner[c] == seat:
            continue
        if not any(e != edge and road_owner[e] == seat for e in topo.corner_edges[c]):
            return True
    return False


def legal_louis(st: CatanState, seat: int) -> list[Action]:
    """The seat's loose roads that have another path to go to (catan.md §7.5, §9.19.7).

    Design detail: lifting a road only removes paths, those whose only network end was an end of the
    lifted road that stops being one; so the paths open now are measured once and each loose road
    keeps those with an end that survives its lifting. Ends are told apart by the number of the
    seat's roads at each corner.
    """
    corners = st.board.topology.edge_corners
    owner = st.owner
    roads_at: dict[int, int] = {}
    for e in st.roads_of[seat]:
        for c in corners[e]:
            roads_at[c] = roads_at.get(c, 0) + 1
    loose = [e for e in st.roads_of[seat] if any(owner[c] != seat and roads_at[c] == 1 for c in corners[e])]
    if not loose:
        return []
    spots = [corners[f] for f in build.road_spots(st, seat)]
    out: list[Action] = []
    for e in sorted(loose):
        a, b = corners[e]
        # an end of the lifted road stays an end with the seat's building or another of its roads
        lost = [c for c in (a, b) if owner[c] != seat and not (owner[c] < 0 and roads_at[c] >= 2)]
        for f in spots:
            if any(c not in lost and (owner[c] == seat or (owner[c] < 0 and c in roads_at)) for c in f):
                out.append(UseLouis(a, b))
                break
    return out


def why_louis(st: CatanState, seat: int, action: UseLouis) -> str | None:
    edge = st.board.topology.edge_index.get((action.a, action.b))
    if edge is None or st.road_owner[edge] != seat:
        return f"no road of seat {seat} on {action.a}-{action.b} (catan.md §7.5 Louis)"
    if not _is_loose(st, seat, edge):
        return (
            f"road {action.a}-{action.b} is connected to seat {seat}'s pieces at both ends: Louis moves "
            "only a road with a loose end (catan.md §7.5)"
        )
    return f"road {action.a}-{action.b} has nowhere else to go (catan.md §9.19.7)"


def apply_louis(st: CatanState, seat: int, action: UseLouis) -> list[Event]:
    edge = st.board.topology.edge_index[(action.a, action.b)]
    st.road_owner[edge] = -1
    st.roads_of[seat].remove(edge)
    st.roads_left[seat] += 1
    build.mark_built(st)
    helpers.mark_used(st, seat)
    st.decisions.append(LouisRoad((seat,), edge))
    return [Event("louis", {"seat": seat, "edge": edge, "corners": [action.a, action.b]})]


def legal_louis_road(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, LouisRoad)
    roads = st.pre.roads
    return tuple(roads[e] for e in build.road_spots(st, seat, without=top.removed))


def why_louis_road(st: CatanState, seat: int, action: Road) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, LouisRoad)
    if st.board.topology.edge_index.get((action.a, action.b)) == top.removed:
        return "Louis moves the road to another path (catan.md §7.5)"
    return build.why_road_spot(st, seat, action)


def apply_louis_road(st: CatanState, seat: int, action: Road) -> list[Event]:
    st.decisions.pop()
    return build.place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)], recount=True)


# -- Vincent: a played knight off the table for a cheaper settlement or city ---------------------------


def legal_vincent(st: CatanState, seat: int) -> list[Action]:
    if not st.knights[seat]:
        return []
    hand = st.hands[seat]
    out: list[Action] = []
    if hand[0] and hand[1] and st.settlements_left[seat] > 0:
        out += [VINCENT[0][c] for c in build.settle_spots(st, seat)]
    if hand[4] >= 2 and hand[3] and st.cities_left[seat] > 0:
        out += [VINCENT[1][c] for c in sorted(st.buildings_of[seat]) if st.level[c] == 1]
    return out


def why_vincent(st: CatanState, seat: int, action: UseVincent) -> str | None:
    if not st.knights[seat]:
        return f"seat {seat} has no played knight to discard (catan.md §7.5 Vincent)"
    c = action.corner
    if action.level == 1:
        return (
            build.why_unaffordable(st, seat, VINCENT_SETTLEMENT_COST, "a settlement with Vincent")
            or (None if st.settlements_left[seat] > 0 else "no settlements left (5, catan.md §5.6)")
            or build.why_settle_spot(st, seat, c, need_road=True)
        )
    if not 0 <= c < len(st.owner) or st.owner[c] != seat or st.level[c] != 1:
        return f"corner {c} is not a settlement of seat {seat} (a city upgrades one, catan.md §5.6)"
    return build.why_unaffordable(st, seat, VINCENT_CITY_COST, "a city with Vincent") or (
        None if st.cities_left[seat] > 0 else "no cities left (4, catan.md §5.6)"
    )


def apply_vincent(st: CatanState, seat: int, action: UseVincent) -> list[Event]:
    build.mark_built(st)
    st.knights[seat] -= 1
    events = [Event("vincent", {"seat": seat, "knights": st.knights[seat]})]
    events += update_largest_army(st)
    if action.level == 1:
        build.pay(st, seat, VINCENT_SETTLEMENT_COST)
        events += build.place_settlement(st, seat, action.corner)
    else:
        build.pay(st, seat, VINCENT_CITY_COST)
        events += build.place_city(st, seat, action.corner)
    helpers.mark_used(st, seat)
    return events


# -- William: a road with the brick or the lumber replaced ---------------------------------------------


_WILLIAM_COSTS: tuple[tuple[Action, Bundle], ...] = tuple(
    (WILLIAM[replaced][paid], swapped(ROAD_COST, replaced, paid))
    for replaced in (0, 1)
    for paid in range(5)
    if paid != replaced
)
"""Every substituted road with its cost, built once."""


def legal_william(st: CatanState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    if st.roads_left[seat] <= 0 or not (hand[0] or hand[1]):
        return []
    out = [
        action
        for action, (b, lum, w, g, o) in _WILLIAM_COSTS
        if hand[0] >= b and hand[1] >= lum and hand[2] >= w and hand[3] >= g and hand[4] >= o
    ]
    return out if out and build.road_spots(st, seat) else []


def why_william(st: CatanState, seat: int, action: UseWilliam) -> str | None:
    if action.paid == action.replaced:
        return "William replaces the brick or the lumber by another resource (catan.md §7.5)"
    if st.roads_left[seat] <= 0:
        return "no roads left (15 per seat, catan.md §2.1)"
    if not build.road_spots(st, seat):
        return f"seat {seat} has no path to build a road on (catan.md §5.6)"
    cost = swapped(ROAD_COST, action.replaced, action.paid)
    return build.why_unaffordable(st, seat, cost, "a road with William")


def apply_william(st: CatanState, seat: int, action: UseWilliam) -> list[Event]:
    build.mark_built(st)
    cost = swapped(ROAD_COST, action.replaced, action.paid)
    helpers.mark_used(st, seat)
    st.decisions.append(WilliamRoad((seat,), cost))
    return [Event("william", {"seat": seat, "paid": _names(cost)})]


def legal_william_road(st: CatanState, seat: int) -> tuple[Action, ...]:
    roads = st.pre.roads
    return tuple(roads[e] for e in build.road_spots(st, seat))


def apply_william_road(st: CatanState, seat: int, action: Road) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, WilliamRoad)
    build.pay(st, seat, top.cost)
    return build.place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])
