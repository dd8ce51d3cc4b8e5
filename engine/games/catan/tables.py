"""Catan tables: resources, development cards, costs, piece limits, decks and number tokens.

Everything here is data from ``catan.md`` §2 (components and counts) and §3.5 (the A-R
token sequence). Rules code reads these tables; it never repeats a number.
"""

from __future__ import annotations

import enum


class Resource(enum.IntEnum):
    """The five resource types (catan.md §0); the value indexes every per-resource list."""

    BRICK = 0
    """From hills."""
    LUMBER = 1
    """From forest."""
    WOOL = 2
    """From pasture."""
    GRAIN = 3
    """From fields."""
    ORE = 4
    """From mountains."""


RESOURCE_NAMES: tuple[str, ...] = tuple(r.name.lower() for r in Resource)
RESOURCE_BY_NAME: dict[str, Resource] = {r.name.lower(): r for r in Resource}
N_RESOURCES = 5


class Terrain(enum.IntEnum):
    """Terrain hexes; the first five produce the resource with the same value (catan.md §0)."""

    HILLS = 0
    FOREST = 1
    PASTURE = 2
    FIELDS = 3
    MOUNTAINS = 4
    DESERT = 5
    """Produces nothing; the robber starts here."""


TERRAIN_LETTER = {
    Terrain.HILLS: "H",
    Terrain.FOREST: "F",
    Terrain.PASTURE: "P",
    Terrain.FIELDS: "G",
    Terrain.MOUNTAINS: "M",
    Terrain.DESERT: "D",
}


class DevCard(enum.IntEnum):
    """Development card kinds (catan.md §2.1, §5.7)."""

    KNIGHT = 0
    ROAD_BUILDING = 1
    YEAR_OF_PLENTY = 2
    MONOPOLY = 3
    VICTORY_POINT = 4


DEV_NAMES: tuple[str, ...] = ("knight", "road-building", "year-of-plenty", "monopoly", "victory-point")

GENERIC_HARBOR = 5
"""Harbor type of a 3:1 harbor; types 0-4 are the 2:1 harbor of that resource (catan.md §2.1)."""
NO_HARBOR = -1

ROAD_COST = (1, 1, 0, 0, 0)
"""catan.md §2.4: brick + lumber."""
SETTLEMENT_COST = (1, 1, 1, 1, 0)
"""catan.md §2.4: brick + lumber + wool + grain."""
CITY_COST = (0, 0, 0, 2, 3)
"""catan.md §2.4: 2 grain + 3 ore."""
DEV_COST = (0, 0, 1, 1, 1)
"""catan.md §2.4: wool + grain + ore."""

DISCARD_LIMIT = 7
"""catan.md §5.4: a seat holding more than this many cards discards half, rounded down."""
LONGEST_ROAD_MIN = 5
"""catan.md §5.9: the shortest route that can hold the Longest Road card."""
LARGEST_ARMY_MIN = 3
"""catan.md §5.8: the fewest played knights that can hold the Largest Army card."""
SPECIAL_CARD_VP = 2

MAX_SEATS = 6
"""The most seats of any variant (catan.md §2.2, the 5-6 extension): tables built once per seat (turn
frames, confirmations, robber victim masks, event keys) cover this many."""
MAX_HEXES = 64
"""A bound on the hex ids of every Catan board (19 on the base board, 30 on the 5-6 board)."""
MAX_CORNERS = 160
"""A bound on the corner ids of every Catan board (54 on the base board, 80 on the 5-6 board)."""
MAX_COUNT = 99
"""A bound on a count of cards of one type in an action (no seat can hold more than the supply)."""


class PlayerCountTable:
    """Per player-count component rows (catan.md §2.1 for 3-4; §2.2 is the 5-6 row, added later)."""

    __slots__ = ("bank_per_resource", "cities", "dev_deck", "roads", "settlements")

    def __init__(
        self,
        bank_per_resource: int,
        dev_deck: tuple[int, ...],
        settlements: int = 5,
        cities: int = 4,
        roads: int = 15,
    ) -> None:
        self.bank_per_resource = bank_per_resource
        """Cards of each resource in the supply at the start."""
        self.dev_deck = dev_deck
        """Count of each :class:`DevCard` kind in the deck."""
        self.settlements = settlements
        self.cities = cities
        self.roads = roads


BASE_COUNTS = PlayerCountTable(bank_per_resource=19, dev_deck=(14, 2, 2, 2, 5))
"""catan.md §2.1: 19 of each resource; 14 knights, 2 of each progress card, 5 VP cards; 5/4/15 pieces."""

SPIRAL_TOKENS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""catan.md §3.5 step 4: the number tokens A to R in letter order."""

BASE_TERRAINS: tuple[Terrain, ...] = (
    (Terrain.FOREST,) * 4
    + (Terrain.PASTURE,) * 4
    + (Terrain.FIELDS,) * 4
    + (Terrain.HILLS,) * 3
    + (Terrain.MOUNTAINS,) * 3
    + (Terrain.DESERT,)
)
"""catan.md §2.1: the 19 terrain hexes of the base game."""

BASE_HARBORS: tuple[int, ...] = (GENERIC_HARBOR,) * 4 + tuple(range(N_RESOURCES))
"""catan.md §2.1: four 3:1 harbors and one 2:1 harbor per resource."""
