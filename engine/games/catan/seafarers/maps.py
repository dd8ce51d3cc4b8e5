"""The six scenario maps of Seafarers as data (seafarers.md §6): three scenarios at 3 and 4 seats.

Positions are ``(r, q)`` of seafarers.md §4.1: row 1..7 from the top, doubled column ``q`` with the
parity of ``r``. Every position of a map's frame (§4.2) that is neither land nor fog is sea. A land
hex is ``(r, q, terrain, token)`` (token 0: none), a harbor ``(r, q, side, type)`` on side ``side``
of the land hex at ``(r, q)``. :mod:`engine.games.catan.seafarers.board` turns a map into a board.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.catan.tables import GENERIC_HARBOR, Resource, Terrain

FO, PA, FI, HI, MO, DE, GO, SEA = (
    Terrain.FOREST,
    Terrain.PASTURE,
    Terrain.FIELDS,
    Terrain.HILLS,
    Terrain.MOUNTAINS,
    Terrain.DESERT,
    Terrain.GOLD,
    Terrain.SEA,
)
ANY = GENERIC_HARBOR
BRICK, LUMBER, WOOL, GRAIN, ORE = (int(r) for r in Resource)

FIRST_Q: tuple[int, ...] = (3, 2, 1, 2, 1, 2, 3)
"""seafarers.md §4.2: the ``q`` of the westmost position of rows 1..7 (both frames)."""
FRAMES: dict[str, tuple[int, ...]] = {
    "small": (4, 5, 6, 5, 6, 5, 4),
    "large": (5, 6, 7, 6, 7, 6, 5),
}
"""seafarers.md §4.2: positions per row of the two frames (35 and 42 hexes)."""

SCENARIOS: tuple[str, ...] = ("new-shores", "four-islands", "fog-islands")
"""The scenario names of the variant ids (``seafarers-new-shores``, ...)."""

LISTED = "listed"
"""Island bonus rule: a seat's first settlement on each island of ``bonus_islands`` (§6.2)."""
AWAY = "away"
"""Island bonus rule: a seat's first settlement on each island that is not one of its home islands
(the islands of its setup settlements, §6.3)."""
NONE = "none"
"""No island bonus (§6.4)."""

Hex = tuple[int, int, Terrain, int]
Island = tuple[str, tuple[Hex, ...]]


@dataclass(frozen=True, slots=True)
class ScenarioMap:
    """One scenario for one seat count, as printed in seafarers.md §6."""

    scenario: str
    """``new-shores``, ``four-islands`` or ``fog-islands``."""
    players: int
    frame: str
    """``small`` or ``large`` (§4.2)."""
    islands: tuple[Island, ...]
    """Each island's name and land hexes."""
    harbors: tuple[tuple[int, int, str, int], ...]
    robber: tuple[int, int]
    """The robber's start (the 12, or the desert of New Shores 4p)."""
    pirate: tuple[int, int] | None
    """The pirate's start, or None for the frame (§9.14)."""
    setup_islands: tuple[str, ...]
    """Islands where setup settlements may stand (§5.1 step 4)."""
    bonus: str
    """:data:`LISTED`, :data:`AWAY` or :data:`NONE` (§5.10)."""
    bonus_islands: tuple[str, ...]
    """The islands of the :data:`LISTED` rule."""
    vp_to_win: int
    fog: tuple[tuple[int, int], ...] = ()
    """Fog spaces (§5.11)."""
    fog_hexes: tuple[Terrain, ...] = ()
    """The face-down hexes of the discovery stack."""
    fog_tokens: tuple[int, ...] = ()
    """The face-down number tokens of the discovery stack."""

    @property
    def rows(self) -> tuple[int, ...]:
        return FRAMES[self.frame]


BONUS_VP = 2
"""seafarers.md §5.10: VP tokens for a seat's first settlement on an eligible island."""

_FOG_STACK = (SEA, SEA, GO, GO, HI, HI, FO, PA, FI, FI, MO, MO)
"""seafarers.md §6.4: the twelve face-down hexes of both Fog Islands maps."""

MAPS: dict[tuple[str, int], ScenarioMap] = {
    ("new-shores", 3): ScenarioMap(
        "new-shores",
        3,
        "small",
        islands=(
            ("Main", (
                (3, 3, FO, 5), (3, 5, FI, 10), (4, 2, MO, 8), (4, 4, PA, 9), (4, 6, FO, 6), (5, 1, PA, 10),
                (5, 3, FO, 11), (5, 5, HI, 2), (5, 7, PA, 4), (6, 2, HI, 6), (6, 4, PA, 5), (6, 6, FI, 8),
                (7, 3, FI, 11), (7, 5, MO, 3),
            )),
            ("NW", ((1, 3, HI, 12), (1, 5, GO, 4))),
            ("NE", ((2, 8, MO, 8), (2, 10, FI, 3), (3, 9, PA, 10), (4, 10, HI, 5))),
            ("SE", ((6, 10, GO, 9), (7, 9, MO, 4))),
        ),
        harbors=(
            (3, 3, "W", ANY), (3, 5, "E", GRAIN), (5, 7, "NE", ORE), (7, 5, "E", ANY), (7, 5, "SW", WOOL),
            (7, 3, "W", ANY), (5, 1, "SW", BRICK), (5, 1, "NW", LUMBER),
        ),
        robber=(1, 3),
        pirate=None,
        setup_islands=("Main",),
        bonus=LISTED,
        bonus_islands=("NW", "NE", "SE"),
        vp_to_win=14,
    ),
    ("new-shores", 4): ScenarioMap(
        "new-shores",
        4,
        "large",
        islands=(
            ("Main", (
                (3, 3, MO, 10), (3, 5, PA, 2), (3, 7, FO, 9), (4, 2, FI, 12), (4, 4, HI, 6), (4, 6, PA, 4),
                (4, 8, HI, 10), (5, 1, FI, 9), (5, 3, FO, 11), (5, 5, DE, 0), (5, 7, FO, 3), (5, 9, MO, 8),
                (6, 2, FO, 8), (6, 4, MO, 3), (6, 6, FI, 4), (6, 8, PA, 5), (7, 3, HI, 5), (7, 5, FI, 6),
                (7, 7, PA, 11),
            )),
            ("NW", ((1, 3, HI, 2), (1, 5, GO, 10))),
            ("NE", ((1, 9, MO, 5), (2, 10, FI, 8), (2, 12, FO, 3), (3, 11, PA, 9), (4, 12, MO, 11))),
            ("SE", ((6, 12, HI, 6), (7, 11, GO, 4))),
        ),
        harbors=(
            (3, 3, "NW", ANY), (3, 5, "NE", GRAIN), (4, 8, "NE", ORE), (5, 9, "E", ANY), (6, 8, "SE", WOOL),
            (7, 5, "SE", ANY), (7, 3, "SW", ANY), (6, 2, "W", BRICK), (4, 2, "W", LUMBER),
        ),
        robber=(5, 5),
        pirate=None,
        setup_islands=("Main",),
        bonus=LISTED,
        bonus_islands=("NW", "NE", "SE"),
        vp_to_win=14,
    ),
    ("four-islands", 3): ScenarioMap(
        "four-islands",
        3,
        "small",
        islands=(
            ("NW", ((2, 2, FI, 8), (2, 4, FO, 9), (3, 1, PA, 5), (3, 3, HI, 3))),
            ("SW", ((5, 1, MO, 11), (5, 3, HI, 4), (5, 5, PA, 10), (6, 2, FO, 9), (6, 4, FI, 8), (7, 3, MO, 12))),
            ("NE", ((1, 7, PA, 5), (1, 9, FO, 10), (2, 8, MO, 6), (2, 10, PA, 4), (3, 7, HI, 3), (3, 9, FI, 11))),
            ("SE", ((5, 9, FO, 9), (5, 11, HI, 6), (6, 8, FI, 2), (6, 10, MO, 5))),
        ),
        harbors=(
            (3, 1, "NW", ANY), (2, 4, "SE", ORE), (5, 1, "NE", LUMBER), (5, 1, "SW", ANY), (6, 4, "SE", WOOL),
            (2, 10, "NE", ANY), (3, 9, "SW", BRICK), (6, 8, "NW", ANY), (5, 11, "SE", GRAIN),
        ),
        robber=(7, 3),
        pirate=(4, 6),
        setup_islands=("NW", "SW", "NE", "SE"),
        bonus=AWAY,
        bonus_islands=(),
        vp_to_win=13,
    ),
    ("four-islands", 4): ScenarioMap(
        "four-islands",
        4,
        "small",
        islands=(
            ("NW", ((1, 3, FO, 10), (2, 2, MO, 11), (3, 1, PA, 5), (3, 3, FI, 6))),
            ("SW", (
                (5, 1, PA, 4), (5, 3, HI, 8), (6, 2, FO, 5), (6, 4, FI, 3), (6, 6, PA, 6), (7, 3, MO, 2),
                (7, 5, FO, 9),
            )),
            ("NE", (
                (1, 7, FI, 3), (1, 9, FO, 10), (2, 6, MO, 9), (2, 8, HI, 12), (2, 10, FI, 11), (3, 7, PA, 4),
                (3, 9, HI, 5), (4, 6, FI, 10),
            )),
            ("SE", ((5, 9, MO, 11), (5, 11, PA, 4), (6, 10, HI, 8), (7, 9, FO, 9))),
        ),
        harbors=(
            (2, 2, "W", GRAIN), (3, 1, "SE", ANY), (5, 1, "SW", BRICK), (6, 4, "NE", ANY), (7, 3, "W", WOOL),
            (4, 6, "NW", ANY), (2, 10, "SE", LUMBER), (5, 11, "NW", ORE), (5, 11, "SE", ANY),
        ),
        robber=(2, 8),
        pirate=None,
        setup_islands=("NW", "SW", "NE", "SE"),
        bonus=AWAY,
        bonus_islands=(),
        vp_to_win=13,
    ),
    ("fog-islands", 3): ScenarioMap(
        "fog-islands",
        3,
        "large",
        islands=(
            ("SW", ((4, 2, HI, 5), (5, 1, FO, 11), (5, 3, PA, 9), (6, 2, FI, 6), (6, 4, FO, 11), (7, 3, MO, 5),
                    (7, 5, PA, 6))),
            ("NE", ((1, 9, PA, 12), (2, 8, HI, 9), (2, 10, FO, 8), (3, 9, FI, 3), (3, 11, MO, 4), (4, 10, PA, 10),
                    (4, 12, FO, 8))),
        ),
        harbors=(
            (4, 2, "W", ANY), (5, 1, "SW", GRAIN), (7, 3, "W", WOOL), (7, 5, "SW", ANY), (4, 12, "NE", ORE),
            (3, 11, "NE", LUMBER), (1, 9, "E", ANY), (2, 8, "NW", BRICK),
        ),
        robber=(1, 9),
        pirate=None,
        setup_islands=("SW", "NE"),
        bonus=NONE,
        bonus_islands=(),
        vp_to_win=12,
        fog=((1, 3), (1, 5), (2, 2), (2, 4), (3, 5), (4, 6), (5, 7), (6, 8), (6, 10), (6, 12), (7, 9), (7, 11)),
        fog_hexes=_FOG_STACK,
        fog_tokens=(3, 3, 4, 5, 6, 8, 9, 10, 11, 12),
    ),
    ("fog-islands", 4): ScenarioMap(
        "fog-islands",
        4,
        "large",
        islands=(
            ("SW", (
                (3, 1, PA, 6), (4, 2, FI, 9), (5, 1, PA, 12), (5, 3, HI, 11), (6, 2, MO, 10), (6, 4, FI, 3),
                (6, 6, FO, 2), (7, 3, FO, 6), (7, 5, MO, 5), (7, 7, HI, 8),
            )),
            ("NE", ((1, 9, FO, 5), (1, 11, PA, 4), (2, 10, HI, 3), (2, 12, FO, 9), (3, 11, PA, 8), (3, 13, MO, 10),
                    (4, 12, FI, 4))),
        ),
        harbors=(
            (3, 1, "SW", ANY), (5, 1, "SW", BRICK), (7, 3, "W", ANY), (7, 3, "SE", GRAIN), (7, 7, "SW", WOOL),
            (4, 12, "E", LUMBER), (3, 13, "NE", ORE), (1, 11, "E", ANY), (1, 11, "NW", ANY),
        ),
        robber=(5, 1),
        pirate=None,
        setup_islands=("SW", "NE"),
        bonus=NONE,
        bonus_islands=(),
        vp_to_win=12,
        fog=((1, 3), (2, 4), (3, 5), (4, 6), (1, 5), (2, 6), (3, 7), (4, 8), (5, 9), (6, 10), (7, 11), (6, 12)),
        fog_hexes=_FOG_STACK,
        fog_tokens=(3, 4, 5, 6, 8, 9, 10, 11, 11, 12),
    ),
}  # fmt: skip
"""seafarers.md §6.2-§6.4: every scenario map by (scenario, seats)."""
