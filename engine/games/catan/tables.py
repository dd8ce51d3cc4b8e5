"""Catan tables: resources, development cards, costs, piece limits, decks, number tokens and helpers.

Everything here is data from ``catan.md`` §2 (components and counts: §2.1 for 3-4 seats, §2.2 for the
5-6 extension, §2.3 for the helpers), §3.5 and §3.6 (the A-R and A-Zc token sequences).
Rules code reads these tables; it never repeats a number.
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
    GOLD = 6
    """Seafarers' gold field: each building on it takes resources of its owner's choice (seafarers.md §5.3)."""
    SEA = 7
    """A Seafarers sea hex: ships sail its edges, the pirate stands on it (seafarers.md §4.3)."""
    FOG = 8
    """A Seafarers fog space not yet discovered: its hex is unknown to every seat (seafarers.md §5.11)."""
    JUNGLE = 9
    """Jungle variant (seafarers.md §7.2): replaces the desert; gives discovery tokens, no cards."""
    GOLD_MINE = 10
    """Big River variant (seafarers.md §8.2): the River tile's lowest part; no token, no production."""


TERRAIN_NAMES: tuple[str, ...] = tuple(Terrain(v).name.lower() for v in range(len(Terrain)))
"""Each terrain's name by its value, as events, texts and the wire's board write it."""

TERRAIN_LETTER = {
    Terrain.HILLS: "H",
    Terrain.FOREST: "F",
    Terrain.PASTURE: "P",
    Terrain.FIELDS: "G",
    Terrain.MOUNTAINS: "M",
    Terrain.DESERT: "D",
    Terrain.GOLD: "$",
    Terrain.SEA: "~",
    Terrain.FOG: "?",
    Terrain.JUNGLE: "J",
    Terrain.GOLD_MINE: "$",
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

PARTNER_OFFSET = 3
"""catan.md §6 paired players: Settler 2 is the third seat to the left of Settler 1."""

MAX_SEATS = 6
"""The most seats of any variant (catan.md §2.2, the 5-6 extension): tables built once per seat (turn
frames, confirmations, robber victim masks, event keys) cover this many."""
MAX_HEXES = 64
"""A bound on the hex ids of every Catan board (19 on the base board, 30 on the 5-6 board)."""
MAX_CORNERS = 160
"""A bound on the corner ids of every Catan board (54 on the base board, 80 on the 5-6 board)."""
MAX_COUNT = 99
"""A bound on a count of cards of one type in an action (no seat can hold more than the supply)."""


SPIRAL_TOKENS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""catan.md §3.5 step 4: the number tokens A to R in letter order."""

EXTENDED_SPIRAL_TOKENS: tuple[int, ...] = (
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
)  # fmt: skip
"""catan.md §3.6: the 28 number tokens A to Y, Za, Zb, Zc of the 5-6 extension in letter order."""

BASE_TERRAINS: tuple[Terrain, ...] = (
    (Terrain.FOREST,) * 4
    + (Terrain.PASTURE,) * 4
    + (Terrain.FIELDS,) * 4
    + (Terrain.HILLS,) * 3
    + (Terrain.MOUNTAINS,) * 3
    + (Terrain.DESERT,)
)
"""catan.md §2.1: the 19 terrain hexes of the base game."""

JUNGLE_TERRAINS: tuple[Terrain, ...] = tuple(
    Terrain.JUNGLE if t == Terrain.DESERT else t for t in BASE_TERRAINS
)
"""seafarers.md §7.2: the base game's hexes with the jungle in place of the desert."""

RIVER_OTHER_TERRAINS: tuple[Terrain, ...] = (
    (Terrain.FOREST,) * 3
    + (Terrain.PASTURE,) * 4
    + (Terrain.FIELDS,) * 4
    + (Terrain.HILLS,) * 3
    + (Terrain.MOUNTAINS,) * 2
)
"""seafarers.md §8.2: the 16 hexes beside the River tile (a mountains, a forest and the desert go)."""
RIVER_PARTS: tuple[Terrain, Terrain, Terrain] = (Terrain.MOUNTAINS, Terrain.FOREST, Terrain.GOLD_MINE)
"""seafarers.md §8.2: the River tile's parts from top to bottom."""

MAX_TOKENS_PER_CARD = 3
"""seafarers.md §7.5: discovery tokens one development card may take, one per resource replaced."""
TOKEN_REPLACEABLE: tuple[int, ...] = (2, 3, 4)
"""seafarers.md §7.5: the resources of a development card's cost a token may replace (wool, grain, ore)."""
JUNGLE_SETTLEMENT_TOKENS = 1
"""seafarers.md §7.3: discovery tokens per settlement (a city gets twice as many)."""
GOLD_MINE_VP = 1
"""seafarers.md §8.4: bonus VP of each scoring building on a corner of the gold mine."""

BASE_HARBORS: tuple[int, ...] = (GENERIC_HARBOR,) * 4 + tuple(range(N_RESOURCES))
"""catan.md §2.1: four 3:1 harbors and one 2:1 harbor per resource."""

EXTENDED_TERRAINS: tuple[Terrain, ...] = (
    (Terrain.FOREST,) * 6
    + (Terrain.PASTURE,) * 6
    + (Terrain.FIELDS,) * 6
    + (Terrain.HILLS,) * 5
    + (Terrain.MOUNTAINS,) * 5
    + (Terrain.DESERT,) * 2
)
"""catan.md §2.2: the 30 terrain hexes of a 5-6 game (the base 19 and the extension's 11)."""

EXTENDED_HARBORS: tuple[int, ...] = (*BASE_HARBORS, GENERIC_HARBOR, int(Resource.WOOL))
"""catan.md §2.2: the base nine plus the extension's 3:1 and 2:1 wool harbors (5 generic, 6 special)."""


BASE_ROWS: tuple[int, ...] = (3, 4, 5, 4, 3)
"""catan.md §3.2: the row lengths of the 19-hex island."""
EXTENDED_ROWS: tuple[int, ...] = (3, 4, 5, 6, 5, 4, 3)
"""catan.md §3.6: the row lengths of the 30-hex island (5-6 seats)."""


class PlayerCountTable:
    """Per player-count component rows (catan.md §2.1 for 3-4 seats, §2.2 for 5-6) and the island they
    are played on (§3.2, §3.6)."""

    __slots__ = (
        "bank_per_resource",
        "cities",
        "dev_deck",
        "harbors",
        "max_players",
        "min_players",
        "roads",
        "rows",
        "settlements",
        "terrains",
        "tokens",
    )

    def __init__(
        self,
        players: tuple[int, int],
        rows: tuple[int, ...],
        bank_per_resource: int,
        dev_deck: tuple[int, ...],
        terrains: tuple[Terrain, ...],
        harbors: tuple[int, ...],
        tokens: tuple[int, ...],
        settlements: int = 5,
        cities: int = 4,
        roads: int = 15,
    ) -> None:
        self.min_players, self.max_players = players
        """The seat counts this row is for."""
        self.rows = rows
        """Row lengths of the island."""
        self.bank_per_resource = bank_per_resource
        """Cards of each resource in the supply at the start."""
        self.dev_deck = dev_deck
        """Count of each :class:`DevCard` kind in the deck."""
        self.terrains = terrains
        """The terrain hexes shuffled onto the island."""
        self.harbors = harbors
        """The harbor types shuffled onto the harbor slots."""
        self.tokens = tokens
        """The number tokens in letter order, laid along the spiral."""
        self.settlements = settlements
        self.cities = cities
        self.roads = roads

    @property
    def is_large(self) -> bool:
        """True for the 5-6 seat row, whose turns end with the extension's phase (catan.md §6)."""
        return self.min_players >= 5


BASE_COUNTS = PlayerCountTable(
    (3, 4), BASE_ROWS, 19, (14, 2, 2, 2, 5), BASE_TERRAINS, BASE_HARBORS, SPIRAL_TOKENS
)
"""catan.md §2.1: 19 of each resource; 14 knights, 2 of each progress card, 5 VP cards; 5/4/15 pieces."""

EXTENDED_COUNTS = PlayerCountTable(
    (5, 6),
    EXTENDED_ROWS,
    24,
    (20, 3, 3, 3, 5),
    EXTENDED_TERRAINS,
    EXTENDED_HARBORS,
    EXTENDED_SPIRAL_TOKENS,
)
"""catan.md §2.2 and §9.16: 24 of each resource; 20 knights, 3 of each progress card, 5 VP cards (34);
5/4/15 pieces per seat; the 30-hex island."""


class Helper(enum.IntEnum):
    """The ten helpers of the Helpers of Catan scenario (catan.md §2.3, §7.5), in alphabetical order."""

    CANDAMIR = 0
    """Substitute one card of a development card's cost; draw three, keep one."""
    HILDE = 1
    """Take a chosen card from an opponent with more VP on the board."""
    JEAN = 2
    """One resource trades 2:1 with the supply for the rest of the turn."""
    LIN = 3
    """Move the robber to a desert and take a card of the vacated hex's type."""
    LOUIS = 4
    """Move a road with a loose end, for free."""
    MARIANNE = 5
    """After a roll (not 7) that paid nothing: one card of choice (any seat's turn)."""
    NASSIR = 6
    """Name a type; one or two opponents give one each, paid back card for card."""
    SEAN = 7
    """On a 7: keep every card, or with 7 or fewer take one (any seat's turn)."""
    VINCENT = 8
    """Discard a played knight to build a settlement or city more cheaply."""
    WILLIAM = 9
    """Pay any card in place of the brick or the lumber of a road."""


HELPER_NAMES: tuple[str, ...] = tuple(h.name.lower() for h in Helper)
HELPER_BY_NAME: dict[str, Helper] = {h.name.lower(): h for h in Helper}
N_HELPERS = 10

VINCENT_SETTLEMENT_COST = (1, 1, 0, 0, 0)
"""catan.md §7.5 Vincent: a settlement for lumber + brick (and a played knight)."""
VINCENT_CITY_COST = (0, 0, 0, 1, 2)
"""catan.md §7.5 Vincent: a city for 2 ore + 1 grain (and a played knight)."""
