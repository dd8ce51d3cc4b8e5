"""The islands of the Jungle and Big River variants (seafarers.md §7.2, §8.2), and the board of every
Catan variant by its island kind.

Both islands are the base island with some hexes swapped, so they are built from the base game's
tables and draws: the jungle takes the desert's place after the usual lay-out (same draws from the
``board`` stream as a base board of the same seed); the River's line is named by an option or drawn
first, then the other 16 hexes, the harbors and the spiral's start are drawn as in catan.md §3.5.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from engine.core.errors import UnknownChoice
from engine.core.rng import Stream
from engine.games.catan.layouts import Board, board_for, make_board
from engine.games.catan.tables import (
    RIVER_OTHER_TERRAINS,
    RIVER_PARTS,
    PlayerCountTable,
    Terrain,
)
from engine.games.catan.topology import Topology, topology_for

STANDARD = "standard"
"""The island of catan.md §3 (base, extended, helpers)."""
JUNGLE = "jungle"
"""seafarers.md §7.2: the desert swapped for the jungle."""
BIG_RIVER = "big-river"
"""seafarers.md §8.2: the River tile over three hexes in a line."""

RANDOM_RIVER = "random"
"""``river_position=random``: a line drawn from the ``board`` stream (seafarers.md §8.2 item 3)."""
DEFAULT_RIVER = "R2C2-R3C3-R4C3"
"""seafarers.md §8.2 item 3: the diagonal through the centre from the top left."""

_DOWN = ((1, 1), (-1, 1))
"""The two diagonal steps to the row below (south-east, south-west) in doubled-x coordinates."""


@functools.cache
def river_lines(topo: Topology) -> tuple[tuple[int, int, int], ...]:
    """Every straight line of three hexes along a diagonal, top hex first (seafarers.md §8.2; 18 on
    the 19-hex island), ordered by top hex, south-east before south-west."""
    where = {xy: h for h, xy in enumerate(topo.hex_xy)}
    lines = []
    for h, (x, y) in enumerate(topo.hex_xy):
        for dx, dy in _DOWN:
            mid = where.get((x + dx, y + dy))
            low = where.get((x + 2 * dx, y + 2 * dy))
            if mid is not None and low is not None:
                lines.append((h, mid, low))
    return tuple(lines)


def line_name(topo: Topology, line: tuple[int, ...]) -> str:
    """``R2C2-R3C3-R4C3``: the hexes of a line, top first."""
    return "-".join(f"R{topo.hex_rc[h][0]}C{topo.hex_rc[h][1]}" for h in line)


def river_names(topo: Topology) -> tuple[str, ...]:
    """The names of every River line of the island (the values of ``river_position`` besides random)."""
    return tuple(line_name(topo, line) for line in river_lines(topo))


def river_line(topo: Topology, position: str, stream: Stream) -> tuple[int, int, int]:
    """The line ``position`` names, or one drawn from ``stream`` for ``random``; ``UnknownChoice`` for
    a name that is no line of the island."""
    lines = river_lines(topo)
    if position == RANDOM_RIVER:
        return stream.pick(lines)
    for line in lines:
        if line_name(topo, line) == position:
            return line
    raise UnknownChoice("value of option river_position (seafarers.md §8.2)", position, [RANDOM_RIVER])


def jungle_board(base: Board, token: int, robber_on_jungle: bool) -> Board:
    """The base island with its desert swapped for the jungle, which gets ``token`` (seafarers.md §7.2);
    the robber starts off the board or on the jungle."""
    terrain = tuple(Terrain.JUNGLE if t == Terrain.DESERT else Terrain(t) for t in base.terrain)
    tokens = tuple(
        token if t == Terrain.DESERT else k for t, k in zip(base.terrain, base.tokens, strict=True)
    )
    jungle = base.desert
    return make_board(
        base.layout,
        terrain,
        tokens,
        base.harbor_types,
        base.topology.rows,
        robber_home=jungle if robber_on_jungle else -1,
    )


def river_board(stream: Stream, counts: PlayerCountTable, position: str) -> Board:
    """The Big River island (seafarers.md §8.2): the River on its line, the other 16 hexes shuffled
    onto the remaining spaces, the harbors dealt, the tokens laid along the spiral of catan.md §3.5
    with the gold mine skipped; the robber on the gold mine."""
    topo = topology_for(counts.rows)
    line = river_line(topo, position, stream)
    others = list(RIVER_OTHER_TERRAINS)
    stream.mix(others)
    harbors = list(counts.harbors)
    stream.mix(harbors)
    start = stream.pick(topo.corner_hex_ids())
    deal = iter(others)
    parts = dict(zip(line, RIVER_PARTS, strict=True))
    terrain = [parts[h] if h in parts else next(deal) for h in range(topo.n_hexes)]
    tokens = [0] * topo.n_hexes
    letters = iter(counts.tokens)
    for h in topo.spiral(start):
        if terrain[h] != Terrain.GOLD_MINE:
            tokens[h] = next(letters)
    return make_board(
        "random", tuple(terrain), tuple(tokens), tuple(harbors), counts.rows, river=line, robber_home=line[-1]
    )


def island_board(
    island: str, options: Mapping[str, object], stream: Stream, counts: PlayerCountTable
) -> Board:
    """The board of a match: the island kind of its variant with the variant's options."""
    if island == BIG_RIVER:
        return river_board(stream, counts, str(options["river_position"]))
    base = board_for(str(options["layout"]), stream, counts)
    if island == JUNGLE:
        return jungle_board(base, int(str(options["jungle_token"])), options["robber_start"] == "jungle")
    return base
