"""Mayor phase: privilege colonist, hand-out, placement one seat at a time, refilling the ship.

puerto_rico.md §5.2 and §9 DP-MAY0/DP-MAY1. Placement protocol (DP-MAY1): when a seat's placement
starts, all its colonists (San Juan, tiles, buildings) are lifted into a pool; the seat then answers
``place TARGET`` one colonist at a time until the pool is empty. When the pool covers every circle the
arrangement is forced and applied at once (the surplus stays in San Juan); an empty pool needs nothing.
At the end the ship is refilled with max(E, N) colonists (E = empty building circles), firing the
colonist trigger when the supply is short (§6, A4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import (
    DECLINE,
    PLACE_BUILDING,
    PLACE_TILE,
    PRIVILEGE,
    MayorPrivilege,
    PlaceBuilding,
    PlaceTile,
)
from engine.games.puerto_rico.buildings import empty_building_circles
from engine.games.puerto_rico.decisions import SEAT, MayorOffer, MayorPlacement
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import BUILDING_COUNT, BUILDINGS, CIRCLES, TILE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_BUILDINGS = range(BUILDING_COUNT)
_TILES = range(6)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """Offer the privilege colonist when the supply has one (DP-MAY0), else hand out at once."""
    if st.colonist_supply > 0:
        st.decisions.append(MayorOffer(SEAT[chooser], chooser))
        return []
    return _distribute(st, chooser)


def legal_offer(st: PuertoRicoState, dec: MayorOffer) -> tuple[Action, ...]:
    """DP-MAY0: take the privilege colonist or decline."""
    return (PRIVILEGE, DECLINE)


def apply_offer(st: PuertoRicoState, seat: int, action: Action, dec: MayorOffer) -> list[Event]:
    """The privilege colonist comes from the supply, never the ship (§5.2)."""
    events: list[Event] = []
    if type(action) is MayorPrivilege:
        st.colonist_supply -= 1
        st.san_juan[seat] += 1
        events.append(Event("privilege", {"seat": seat}))
    del st.decisions[1:]
    return events + _distribute(st, dec.chooser)


def _distribute(st: PuertoRicoState, chooser: int) -> list[Event]:
    """Hand out the ship one colonist at a time from the Mayor, clockwise (§5.2, A9)."""
    n = st.n
    ship = st.colonist_ship
    each, extra = divmod(ship, n)
    got = [0] * n
    for j in range(n):
        seat = (chooser + j) % n
        got[seat] = each + (1 if j < extra else 0)
        st.san_juan[seat] += got[seat]
    st.colonist_ship = 0
    return [Event("colonists", {"received": got}), *_placement(st, chooser, chooser)]


def _fill_all(st: PuertoRicoState, seat: int) -> None:
    st.tiles_occ[seat][:] = st.tiles[seat]
    city = st.city[seat]
    for b in _BUILDINGS:
        if city[b] >= 0:
            city[b] = CIRCLES[b]


def _placement(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    """Run placements from ``seat`` on, stopping at the first seat with a real choice."""
    n = st.n
    while True:
        occ = st.tiles_occ[seat]
        city = st.city[seat]
        pool = st.san_juan[seat] + sum(occ)
        free = sum(st.tiles[seat])
        for b in _BUILDINGS:
            if city[b] >= 0:
                pool += city[b]
                free += CIRCLES[b]
        if pool >= free:
            _fill_all(st, seat)
            st.san_juan[seat] = pool - free
        elif pool > 0:
            st.san_juan[seat] = 0
            occ[:] = [0] * 6
            for b in _BUILDINGS:
                if city[b] > 0:
                    city[b] = 0
            st.decisions.append(MayorPlacement(SEAT[seat], chooser, pool))
            return []
        seat = (seat + 1) % n
        if seat == chooser:
            return _refill(st)


def legal_place(st: PuertoRicoState, dec: MayorPlacement) -> tuple[Action, ...]:
    """DP-MAY1: each tile kind with an unoccupied tile, then each building with a free circle."""
    seat = dec.seats[0]
    tiles = st.tiles[seat]
    occ = st.tiles_occ[seat]
    city = st.city[seat]
    acts: list[Action] = [PLACE_TILE[k] for k in _TILES if tiles[k] > occ[k]]
    acts += [PLACE_BUILDING[b] for b in _BUILDINGS if 0 <= city[b] < CIRCLES[b]]
    return tuple(acts)


def apply_place(st: PuertoRicoState, seat: int, action: Action, dec: MayorPlacement) -> list[Event]:
    """One colonist from the pool onto the target; the next seat places when the pool is empty."""
    if type(action) is PlaceTile:
        st.tiles_occ[seat][action.kind] += 1
    elif type(action) is PlaceBuilding:
        st.city[seat][action.building] += 1
    pool = dec.pool - 1
    if pool:
        st.decisions[-1] = MayorPlacement(dec.seats, dec.chooser, pool)
        return []
    del st.decisions[1:]
    following = (seat + 1) % st.n
    if following == dec.chooser:
        return _refill(st)
    return _placement(st, following, dec.chooser)


def _refill(st: PuertoRicoState) -> list[Event]:
    """Refill the ship with R = max(E, N); a supply short of R fires the end trigger (§5.2, §6, A4)."""
    empty = sum(empty_building_circles(st, s) for s in range(st.n))
    wanted = empty if empty > st.n else st.n
    events: list[Event] = []
    if st.colonist_supply < wanted:
        st.end_triggered = True
        moved = st.colonist_supply
        events.append(Event("end_trigger", {"reason": "colonists", "supply": moved, "needed": wanted}))
    else:
        moved = wanted
    st.colonist_supply -= moved
    st.colonist_ship += moved
    events.append(Event("ship_refill", {"colonists": moved}))
    return events + finish_phase(st)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for refused Mayor actions."""
    if type(action) is PlaceTile:
        return f"no unoccupied {TILE_NAMES[action.kind]} tile on the seat's island (puerto_rico.md §5.2)"
    if type(action) is PlaceBuilding:
        return f"{BUILDINGS[action.building].name} is not owned or has no free circle (puerto_rico.md §5.2)"
    return None


LEGAL: dict[type, Any] = {MayorOffer: legal_offer, MayorPlacement: legal_place}
APPLY: dict[type, Any] = {MayorOffer: apply_offer, MayorPlacement: apply_place}
EXPLAIN: dict[type, Any] = {MayorPlacement: explain}
