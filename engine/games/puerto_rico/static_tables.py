"""Puerto Rico's component tables as a bot receives them once at match start (plain data).

:func:`static_tables` copies the rows of :mod:`engine.games.puerto_rico.tables` for one player count:
the building table (puerto_rico.md §3.2), the goods with their prices (§5.5), the role tiles in play and
the setup (§2.2). Field names are those of the ``PuertoRicoTables`` message of ``puerto_rico.proto``;
the referee converts the value.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.games.puerto_rico.tables import (
    BUILDINGS,
    CITY_SPACES,
    FACTORY_BONUS,
    GOOD_NAMES,
    GOODS_SUPPLY,
    HOUSE_SIZE,
    ISLAND_SPACES,
    NO_GOOD,
    PLANTATIONS,
    PRICES,
    QUARRIES,
    ROLE_TILE_NAMES,
    SETUP,
    Building,
    Good,
    Tile,
)


@dataclass(frozen=True, slots=True)
class BuildingEntry:
    """One row of the building table (§3.2)."""

    id: int
    building: Building
    name: str
    cost: int
    vp: int
    circles: int
    column: int
    size: int
    kind: str
    """``production`` or ``violet``."""
    produces: Good | None
    """The good a production building refines, None for a violet one."""
    copies: int


@dataclass(frozen=True, slots=True)
class GoodEntry:
    """One kind of good (§2.1, §5.5)."""

    id: int
    good: Good
    name: str
    price: int
    barrels: int
    plantations: int


@dataclass(frozen=True, slots=True)
class RoleEntry:
    """One role tile in play (§2.2)."""

    tile: int
    name: str


@dataclass(frozen=True, slots=True)
class PuertoRicoTables:
    """Every static table of a match: what ``MatchStart.board.puerto_rico`` carries."""

    buildings: tuple[BuildingEntry, ...]
    goods: tuple[GoodEntry, ...]
    roles: tuple[RoleEntry, ...]
    quarries: int
    island_spaces: int
    city_spaces: int
    trading_house: int
    factory_bonus: tuple[int, ...]
    doubloons: int
    vp_chips: int
    colonists: int
    colonist_ship: int
    ships: tuple[int, ...]
    start_tiles: tuple[Tile, ...]


@functools.cache
def static_tables(players: int) -> PuertoRicoTables:
    """The tables of a match with ``players`` seats (3 to 5)."""
    setup = SETUP[players]
    buildings = tuple(
        BuildingEntry(
            id=i,
            building=Building(i),
            name=b.name,
            cost=b.cost,
            vp=b.vp,
            circles=b.circles,
            column=b.column,
            size=b.size,
            kind="violet" if b.is_violet else "production",
            produces=None if b.produces == NO_GOOD else Good(b.produces),
            copies=b.copies,
        )
        for i, b in enumerate(BUILDINGS)
    )
    goods = tuple(
        GoodEntry(
            id=int(g),
            good=g,
            name=GOOD_NAMES[g],
            price=PRICES[g],
            barrels=GOODS_SUPPLY[g],
            plantations=PLANTATIONS[g],
        )
        for g in Good
    )
    return PuertoRicoTables(
        buildings=buildings,
        goods=goods,
        roles=tuple(RoleEntry(tile=t, name=ROLE_TILE_NAMES[t]) for t in setup.role_tiles),
        quarries=QUARRIES,
        island_spaces=ISLAND_SPACES,
        city_spaces=CITY_SPACES,
        trading_house=HOUSE_SIZE,
        factory_bonus=FACTORY_BONUS,
        doubloons=setup.doubloons,
        vp_chips=setup.vp_chips,
        colonists=setup.colonists,
        colonist_ship=setup.ship_colonists,
        ships=setup.ships,
        start_tiles=setup.start_tiles,
    )
