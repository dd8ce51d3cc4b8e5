"""Building effects as small helpers keyed by building (puerto_rico.md §3).

A seat's city is a list of 23 ints indexed by :class:`Building`: -1 when the seat does not own the
building, otherwise the colonists on it (0 = unoccupied). Only occupied buildings work (§3.1); these
helpers answer the questions the role modules ask: is it occupied, what does it add, where does a
hospice or university colonist come from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    CIRCLES,
    COLUMNS,
    COSTS,
    FACTORY_BONUS,
    ISLAND_SPACES,
    PRODUCERS,
    Building,
    Tile,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState

_RANGE = range(BUILDING_COUNT)


def is_occupied(st: PuertoRicoState, seat: int, building: int) -> bool:
    """True when ``seat`` owns ``building`` with at least one colonist on it (§3.1)."""
    return st.city[seat][building] > 0


def has_island_space(st: PuertoRicoState, seat: int) -> bool:
    """True while the seat has an empty island space (12 in all, §5.1)."""
    return sum(st.tiles[seat]) < ISLAND_SPACES


def is_colonist_available(st: PuertoRicoState) -> bool:
    """A hospice or university colonist exists: from the supply, else the ship (§3.4, A4)."""
    return st.colonist_supply > 0 or st.colonist_ship > 0


def take_colonist(st: PuertoRicoState) -> None:
    """Take one colonist for a hospice or university: the supply first, then the ship (§3.4, A4)."""
    if st.colonist_supply > 0:
        st.colonist_supply -= 1
    else:
        st.colonist_ship -= 1


def price(st: PuertoRicoState, seat: int, building: int, is_builder: bool) -> int:
    """Cost less occupied quarries (capped by column) less the Builder's 1, never below 0 (§5.3)."""
    quarries = st.tiles_occ[seat][Tile.QUARRY]
    column = COLUMNS[building]
    cost = COSTS[building] - (quarries if quarries < column else column) - is_builder
    return cost if cost > 0 else 0


def empty_building_circles(st: PuertoRicoState, seat: int) -> int:
    """Empty circles on the seat's buildings (the Mayor's refill counts these, §5.2)."""
    city = st.city[seat]
    return sum(CIRCLES[b] - city[b] for b in _RANGE if city[b] >= 0)


def colonists_on_board(st: PuertoRicoState, seat: int) -> int:
    """Colonists on tiles, buildings and in San Juan (the fortress counts these, §3.5)."""
    city = st.city[seat]
    on_buildings = sum(city[b] for b in _RANGE if city[b] > 0)
    return sum(st.tiles_occ[seat]) + on_buildings + st.san_juan[seat]


def production(st: PuertoRicoState, seat: int) -> list[int]:
    """Barrels of each good the seat makes before supply limits (§3.3).

    Corn: one per occupied corn plantation. Other goods: min(occupied plantations, colonists on the
    production buildings of that good, small and large together).
    """
    occ = st.tiles_occ[seat]
    city = st.city[seat]
    out = [occ[Tile.CORN], 0, 0, 0, 0]
    for good in (1, 2, 3, 4):
        if occ[good]:
            workers = 0
            for b in PRODUCERS[good]:
                if city[b] > 0:
                    workers += city[b]
            out[good] = occ[good] if occ[good] < workers else workers
    return out


def factory_bonus(st: PuertoRicoState, seat: int, kinds: int) -> int:
    """Doubloons an occupied factory pays for ``kinds`` kinds received: 0,0,1,2,3,5 (§3.4, A16)."""
    return FACTORY_BONUS[kinds] if st.city[seat][Building.FACTORY] > 0 else 0


def market_bonus(st: PuertoRicoState, seat: int) -> int:
    """Extra doubloons per sale: small market +1, large market +2 (§3.4)."""
    city = st.city[seat]
    return (city[Building.SMALL_MARKET] > 0) + 2 * (city[Building.LARGE_MARKET] > 0)


def warehouse_kinds(st: PuertoRicoState, seat: int) -> int:
    """Kinds kept whole at storage: small warehouse 1, large 2, both 3 (§3.4)."""
    city = st.city[seat]
    return (city[Building.SMALL_WAREHOUSE] > 0) + 2 * (city[Building.LARGE_WAREHOUSE] > 0)
