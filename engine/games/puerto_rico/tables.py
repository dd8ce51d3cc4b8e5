"""Puerto Rico rule tables as data: goods, tiles, roles, the 23 buildings and setup per player count.

Every number here comes from ``puerto_rico.md`` §2 (components and setup), §3.2 (building
table) and §5 (prices, factory bonus). Rules code reads these tables and never hard-codes a value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Good(IntEnum):
    """The five kinds of goods; the value is also the trading-house price (puerto_rico.md §5.5)."""

    CORN = 0
    """Price 0; produced without a building."""
    INDIGO = 1
    """Price 1."""
    SUGAR = 2
    """Price 2."""
    TOBACCO = 3
    """Price 3."""
    COFFEE = 4
    """Price 4."""


class Tile(IntEnum):
    """Island tiles: the five plantations (same values as :class:`Good`) and the quarry (§2.1)."""

    CORN = 0
    INDIGO = 1
    SUGAR = 2
    TOBACCO = 3
    COFFEE = 4
    QUARRY = 5
    """A quarry: each occupied one discounts a building by 1, capped by column (§5.3)."""


class Role(IntEnum):
    """The seven roles (§4, §5)."""

    SETTLER = 0
    MAYOR = 1
    BUILDER = 2
    CRAFTSMAN = 3
    TRADER = 4
    CAPTAIN = 5
    PROSPECTOR = 6


class Building(IntEnum):
    """The 23 buildings in the order of the building table (§3.2)."""

    SMALL_INDIGO_PLANT = 0
    SMALL_SUGAR_MILL = 1
    SMALL_MARKET = 2
    HACIENDA = 3
    CONSTRUCTION_HUT = 4
    SMALL_WAREHOUSE = 5
    INDIGO_PLANT = 6
    SUGAR_MILL = 7
    HOSPICE = 8
    OFFICE = 9
    LARGE_MARKET = 10
    LARGE_WAREHOUSE = 11
    TOBACCO_STORAGE = 12
    COFFEE_ROASTER = 13
    FACTORY = 14
    UNIVERSITY = 15
    HARBOR = 16
    WHARF = 17
    GUILD_HALL = 18
    RESIDENCE = 19
    FORTRESS = 20
    CUSTOMS_HOUSE = 21
    CITY_HALL = 22


NO_GOOD = -1
"""Marks "no kind" (an empty ship, a non-production building)."""


@dataclass(frozen=True, slots=True)
class BuildingSpec:
    """One row of the building table (puerto_rico.md §3.2)."""

    name: str
    """Kebab-case name used in action texts and notation."""
    column: int
    """Board column 1-4; caps the quarry discount at ``column`` occupied quarries."""
    cost: int
    vp: int
    circles: int
    """Colonist circles; a production building makes at most this many barrels."""
    size: int
    """City spaces used: 2 for the five large buildings."""
    copies: int
    produces: int
    """The :class:`Good` this production building refines, or :data:`NO_GOOD`."""

    @property
    def is_violet(self) -> bool:
        """Violet buildings are all but the six production buildings (§3.4)."""
        return self.produces == NO_GOOD


def _b(name: str, col: int, cost: int, vp: int, circ: int, size: int, copies: int, good: int) -> BuildingSpec:
    return BuildingSpec(name, col, cost, vp, circ, size, copies, good)


BUILDINGS: tuple[BuildingSpec, ...] = (
    _b("small-indigo-plant", 1, 1, 1, 1, 1, 4, Good.INDIGO),
    _b("small-sugar-mill", 1, 2, 1, 1, 1, 4, Good.SUGAR),
    _b("small-market", 1, 1, 1, 1, 1, 2, NO_GOOD),
    _b("hacienda", 1, 2, 1, 1, 1, 2, NO_GOOD),
    _b("construction-hut", 1, 2, 1, 1, 1, 2, NO_GOOD),
    _b("small-warehouse", 1, 3, 1, 1, 1, 2, NO_GOOD),
    _b("indigo-plant", 2, 3, 2, 3, 1, 3, Good.INDIGO),
    _b("sugar-mill", 2, 4, 2, 3, 1, 3, Good.SUGAR),
    _b("hospice", 2, 4, 2, 1, 1, 2, NO_GOOD),
    _b("office", 2, 5, 2, 1, 1, 2, NO_GOOD),
    _b("large-market", 2, 5, 2, 1, 1, 2, NO_GOOD),
    _b("large-warehouse", 2, 6, 2, 1, 1, 2, NO_GOOD),
    _b("tobacco-storage", 3, 5, 3, 3, 1, 3, Good.TOBACCO),
    _b("coffee-roaster", 3, 6, 3, 2, 1, 3, Good.COFFEE),
    _b("factory", 3, 7, 3, 1, 1, 2, NO_GOOD),
    _b("university", 3, 8, 3, 1, 1, 2, NO_GOOD),
    _b("harbor", 3, 8, 3, 1, 1, 2, NO_GOOD),
    _b("wharf", 3, 9, 3, 1, 1, 2, NO_GOOD),
    _b("guild-hall", 4, 10, 4, 1, 2, 1, NO_GOOD),
    _b("residence", 4, 10, 4, 1, 2, 1, NO_GOOD),
    _b("fortress", 4, 10, 4, 1, 2, 1, NO_GOOD),
    _b("customs-house", 4, 10, 4, 1, 2, 1, NO_GOOD),
    _b("city-hall", 4, 10, 4, 1, 2, 1, NO_GOOD),
)
"""The building table, indexed by :class:`Building`."""

BUILDING_COUNT = len(BUILDINGS)
CIRCLES: tuple[int, ...] = tuple(b.circles for b in BUILDINGS)
SIZES: tuple[int, ...] = tuple(b.size for b in BUILDINGS)
COSTS: tuple[int, ...] = tuple(b.cost for b in BUILDINGS)
COLUMNS: tuple[int, ...] = tuple(b.column for b in BUILDINGS)
BUILDING_BY_NAME: dict[str, Building] = {b.name: Building(i) for i, b in enumerate(BUILDINGS)}

PRODUCERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, b in enumerate(BUILDINGS) if b.produces == g) for g in Good
)
"""Production buildings of each good (corn has none: an occupied corn plantation produces directly)."""

SMALL_PRODUCTION: tuple[int, ...] = (Building.SMALL_INDIGO_PLANT, Building.SMALL_SUGAR_MILL)
LARGE_PRODUCTION: tuple[int, ...] = (
    Building.INDIGO_PLANT,
    Building.SUGAR_MILL,
    Building.TOBACCO_STORAGE,
    Building.COFFEE_ROASTER,
)
VIOLET: tuple[int, ...] = tuple(i for i, b in enumerate(BUILDINGS) if b.is_violet)

GOOD_NAMES: tuple[str, ...] = ("corn", "indigo", "sugar", "tobacco", "coffee")
TILE_NAMES: tuple[str, ...] = (*GOOD_NAMES, "quarry")
TILE_LETTERS = "cistkq"
"""One letter per :class:`Tile` (and :class:`Good`) for the notation: k is coffee, q quarry."""
GOOD_BY_NAME: dict[str, Good] = {n: Good(i) for i, n in enumerate(GOOD_NAMES)}

PRICES: tuple[int, ...] = tuple(int(g) for g in Good)
"""Trading-house price per good (§5.5): the :class:`Good` value itself."""
FACTORY_BONUS: tuple[int, ...] = (0, 0, 1, 2, 3, 5)
"""Factory doubloons by number of kinds received (§3.4)."""

ISLAND_SPACES = 12
CITY_SPACES = 12
HOUSE_SIZE = 4
QUARRIES = 8
GOODS_SUPPLY: tuple[int, ...] = (10, 11, 11, 9, 9)
"""Barrels per good in the box (§2.1), indexed by :class:`Good`."""
PLANTATIONS: tuple[int, ...] = (10, 12, 11, 9, 8)
"""Plantation tiles per kind in the box (§2.1), indexed by :class:`Good`."""

ROLE_TILES = 8
"""Role tiles: ids 0-6 are the roles (first copy), id 7 the second prospector (§2.1)."""
TILE_ROLE: tuple[Role, ...] = (*Role, Role.PROSPECTOR)
ROLE_TILE_NAMES: tuple[str, ...] = (
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "prospector 2",
)


@dataclass(frozen=True, slots=True)
class Setup:
    """Setup by player count (puerto_rico.md §2.2)."""

    doubloons: int
    """Starting doubloons per seat."""
    vp_chips: int
    """VP chips in play (total value)."""
    colonists: int
    """Colonist supply beside the board (not counting the ship)."""
    ship_colonists: int
    """Colonists on the colonist ship at the start (= N)."""
    ships: tuple[int, ...]
    """Cargo ship capacities, ascending."""
    role_tiles: tuple[int, ...]
    """Role tile ids in play."""
    start_tiles: tuple[Tile, ...]
    """Starting plantation by seat (seat 0 is the first governor)."""

    @property
    def row_size(self) -> int:
        """Face-up plantation row size: N + 1."""
        return len(self.start_tiles) + 1


SETUP: dict[int, Setup] = {
    3: Setup(2, 75, 55, 3, (4, 5, 6), (0, 1, 2, 3, 4, 5), (Tile.INDIGO, Tile.INDIGO, Tile.CORN)),
    4: Setup(
        3, 100, 75, 4, (5, 6, 7), (0, 1, 2, 3, 4, 5, 6), (Tile.INDIGO, Tile.INDIGO, Tile.CORN, Tile.CORN)
    ),
    5: Setup(
        4,
        122,
        95,
        5,
        (6, 7, 8),
        (0, 1, 2, 3, 4, 5, 6, 7),
        (Tile.INDIGO, Tile.INDIGO, Tile.INDIGO, Tile.CORN, Tile.CORN),
    ),
}
"""Setup rows for 3, 4 and 5 seats."""
