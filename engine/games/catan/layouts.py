"""Boards: the beginner map (catan.md §3.3) and the variable setup (§3.5, §3.6), on a computed topology.

A :class:`Board` is immutable and shared by every clone of a match's state. It holds the terrain and
number token of each hex, the harbor of each slot and the per-corner and per-roll tables that
production and maritime trade read; on the islands of seafarers.md (built in :mod:`.islands`) also the
jungle's rolls (§7.3) and the River with its riverbank and gold mine (§8.2-§8.4). Random boards draw
only from the match's ``board`` stream.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import Stream
from engine.games.catan.tables import (
    BASE_COUNTS,
    EXTENDED_ROWS,
    GENERIC_HARBOR,
    N_RESOURCES,
    NO_HARBOR,
    RESOURCE_NAMES,
    PlayerCountTable,
    Terrain,
)
from engine.games.catan.topology import BASE_ROWS, Topology, topology_for

T = Terrain
BEGINNER_HEXES: tuple[tuple[Terrain, int], ...] = (
    (T.MOUNTAINS, 10), (T.PASTURE, 2), (T.FOREST, 9),
    (T.FIELDS, 12), (T.HILLS, 6), (T.PASTURE, 4), (T.HILLS, 10),
    (T.FIELDS, 9), (T.FOREST, 11), (T.DESERT, 0), (T.FOREST, 3), (T.MOUNTAINS, 8),
    (T.FOREST, 8), (T.MOUNTAINS, 3), (T.FIELDS, 4), (T.PASTURE, 5),
    (T.HILLS, 5), (T.FIELDS, 6), (T.PASTURE, 11),
)  # fmt: skip
"""catan.md §3.3: terrain and token of each hex in reading order (R1C1 first)."""

BASE_HARBOR_SLOTS: tuple[tuple[int, int, str], ...] = (
    (1, 1, "NW"), (1, 2, "NE"), (2, 4, "NE"), (3, 5, "E"), (4, 4, "SE"),
    (5, 2, "SE"), (5, 1, "SW"), (4, 1, "W"), (2, 1, "W"),
)  # fmt: skip
"""catan.md §3.3/§3.4: the nine harbor slots (row, column, side), clockwise from the top left."""

EXTENDED_HARBOR_SLOTS: tuple[tuple[int, int, str], ...] = (
    (1, 1, "NW"), (1, 2, "NE"), (2, 4, "NE"), (3, 5, "E"), (5, 5, "E"), (6, 4, "SE"),
    (7, 2, "SE"), (7, 1, "SW"), (5, 1, "SW"), (4, 1, "W"), (2, 1, "W"),
)  # fmt: skip
"""catan.md §3.6 [rec]: the eleven harbor slots of the 30-hex island, clockwise from the top left. The
figure is missing from the seed: the slots keep the base frame's places where the frame is unchanged
and spread the rest evenly around the 38 coastal paths (gaps of 3 and 4 paths, alternating), so no
two harbors share an intersection."""

HARBOR_SLOTS: dict[tuple[int, ...], tuple[tuple[int, int, str], ...]] = {
    BASE_ROWS: BASE_HARBOR_SLOTS,
    EXTENDED_ROWS: EXTENDED_HARBOR_SLOTS,
}
"""The harbor slots of each island shape."""

BEGINNER_HARBOR_TYPES: tuple[int, ...] = (GENERIC_HARBOR, 3, 4, GENERIC_HARBOR, 2, GENERIC_HARBOR,
                                          GENERIC_HARBOR, 0, 1)  # fmt: skip
"""catan.md §3.3: harbor types of the slots above (3:1, grain, ore, 3:1, wool, 3:1, 3:1, brick, lumber)."""


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One island: terrain, tokens and harbors on a topology (immutable, shared by clones)."""

    layout: str
    """``beginner`` or ``random``."""
    topology: Topology
    terrain: tuple[int, ...]
    """The :class:`Terrain` of each hex."""
    tokens: tuple[int, ...]
    """The number token of each hex (0 for the desert)."""
    harbor_edges: tuple[int, ...]
    """The edge of each harbor slot."""
    harbor_types: tuple[int, ...]
    """The type of each harbor slot: a resource (2:1) or :data:`GENERIC_HARBOR` (3:1)."""
    corner_harbor: tuple[int, ...]
    """The harbor type at each corner, or :data:`NO_HARBOR`."""
    hex_resource: tuple[int, ...]
    """The resource each hex produces, or -1 for the desert."""
    roll_sites: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    """For each dice sum 0..12, ``(hex, resource, corners)`` of the hexes carrying that token."""
    desert: int
    """The first desert hex (catan.md §3.6: "either desert"), or -1 on an island without one."""
    deserts: tuple[int, ...]
    """Every desert hex (two on the 30-hex island)."""
    robber_home: int
    """Where the robber starts: the first desert, or the island's own choice (seafarers.md §7.2, §8.2);
    -1 off the board."""
    jungles: tuple[int, ...]
    """The jungle hexes (seafarers.md §7.2)."""
    discovery_sites: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """For each dice sum 0..12, ``(hex, corners)`` of the jungles carrying that token (seafarers.md §7.3)."""
    river: tuple[int, ...]
    """The River's parts top to bottom (mountain, forest, gold mine; seafarers.md §8.2), or empty."""
    gold_mine: int
    """The gold mine's hex, or -1."""
    gold_corners: frozenset[int]
    """The corners of the gold mine (seafarers.md §8.4); empty without one."""
    riverbank: frozenset[int]
    """The corners touching a River part (seafarers.md §8.3); empty without a River."""

    def fingerprint_parts(self) -> list[object]:
        return [self.layout, self.topology.rows, self.terrain, self.tokens, self.harbor_types, self.river]

    def harbor_text(self, kind: int) -> str:
        return "3:1" if kind == GENERIC_HARBOR else f"2:1 {RESOURCE_NAMES[kind]}"


def make_board(
    layout: str,
    terrain: tuple[int, ...],
    tokens: tuple[int, ...],
    harbor_types: tuple[int, ...],
    rows: tuple[int, ...] = BASE_ROWS,
    slots: tuple[tuple[int, int, str], ...] | None = None,
    river: tuple[int, ...] = (),
    robber_home: int | None = None,
) -> Board:
    """A board from its description: terrain and token per hex, harbor type per slot (the island's
    own harbor slots unless ``slots`` are given), the River's hexes top to bottom if it has one, and
    the robber's start (by default the first desert, or off the board without one)."""
    topo = topology_for(rows)
    if slots is None:
        slots = HARBOR_SLOTS[rows]
    harbor_edges = tuple(topo.side_edge(topo.hex_id(r, c), side) for r, c, side in slots)
    corner_harbor = [NO_HARBOR] * topo.n_corners
    for edge, kind in zip(harbor_edges, harbor_types, strict=True):
        for c in topo.edge_corners[edge]:
            corner_harbor[c] = kind
    roll_hexes: list[list[int]] = [[] for _ in range(13)]
    jungle_rolls: list[list[int]] = [[] for _ in range(13)]
    for h, tok in enumerate(tokens):
        if tok and terrain[h] < N_RESOURCES:
            roll_hexes[tok].append(h)
        elif tok and terrain[h] == Terrain.JUNGLE:
            jungle_rolls[tok].append(h)
    deserts = tuple(h for h, t in enumerate(terrain) if t == Terrain.DESERT)
    desert = deserts[0] if deserts else -1
    gold_mine = river[-1] if river else -1
    return Board(
        layout=layout,
        topology=topo,
        terrain=tuple(int(t) for t in terrain),
        tokens=tokens,
        harbor_edges=harbor_edges,
        harbor_types=harbor_types,
        corner_harbor=tuple(corner_harbor),
        hex_resource=tuple(int(t) if t < N_RESOURCES else -1 for t in terrain),
        roll_sites=tuple(tuple((h, int(terrain[h]), topo.hex_corners[h]) for h in hs) for hs in roll_hexes),
        desert=desert,
        deserts=deserts,
        robber_home=desert if robber_home is None else robber_home,
        jungles=tuple(h for h, t in enumerate(terrain) if t == Terrain.JUNGLE),
        discovery_sites=tuple(tuple((h, topo.hex_corners[h]) for h in hs) for hs in jungle_rolls),
        river=river,
        gold_mine=gold_mine,
        gold_corners=frozenset(topo.hex_corners[gold_mine]) if gold_mine >= 0 else frozenset(),
        riverbank=frozenset(c for h in river for c in topo.hex_corners[h]),
    )


def beginner_board() -> Board:
    """The beginner map with its harbors (catan.md §3.3), on the 19-hex island."""
    return make_board(
        "beginner",
        tuple(t for t, _ in BEGINNER_HEXES),
        tuple(n for _, n in BEGINNER_HEXES),
        BEGINNER_HARBOR_TYPES,
    )


def random_board(stream: Stream, counts: PlayerCountTable = BASE_COUNTS) -> Board:
    """The variable setup (catan.md §3.5, §3.6): shuffled terrain, harbors at random on the fixed slots
    (§3.4), number tokens in letter order along the counter-clockwise spiral from a random corner hex,
    deserts skipped. ``counts`` names the island (19 or 30 hexes) and its terrain, harbors and tokens.
    """
    topo = topology_for(counts.rows)
    terrain = list(counts.terrains)
    stream.mix(terrain)
    harbors = list(counts.harbors)
    stream.mix(harbors)
    start = stream.pick(topo.corner_hex_ids())
    tokens = [0] * topo.n_hexes
    letters = iter(counts.tokens)
    for h in topo.spiral(start):
        if terrain[h] != Terrain.DESERT:
            tokens[h] = next(letters)
    return make_board("random", tuple(terrain), tuple(tokens), tuple(harbors), counts.rows)


def board_for(layout: str, stream: Stream, counts: PlayerCountTable = BASE_COUNTS) -> Board:
    """The board named by the ``layout`` option for the island of ``counts``."""
    if layout == "beginner" and counts.rows == BASE_ROWS:
        return beginner_board()
    if layout == "random":
        return random_board(stream, counts)
    raise ValueError(f"no layout {layout!r} for the island {counts.rows}: beginner (19 hexes) or random")
