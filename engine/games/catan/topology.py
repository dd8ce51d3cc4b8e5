"""Board topology: integer ids and adjacency tables computed from a layout description.

A shape is described by its row lengths (``(3, 4, 5, 4, 3)`` for the 19-hex island of catan.md §3.2,
``(3, 4, 5, 6, 5, 4, 3)`` for the 30-hex island of §3.6). :func:`topology_for` computes, once per
shape, every table the rules need as tuples of ints: rules code never does coordinate maths (HS-4).

Ids (documented for bot authors and shown by :mod:`engine.games.catan.render`):

- **hexes** in reading order, ``R1C1`` = 0, ``R1C2`` = 1, ... (row by row, left to right);
- **corners** (intersections) in reading order of their position, top to bottom, then left to right;
- **edges** (paths) in reading order of their midpoints; the text of an edge is ``a-b`` with its two
  corner ids, smaller first (``road 23-24``).

Design detail: hexes are pointy-top. A hex at row ``r`` (0-based) and column ``c`` of a row of length
``L`` has centre ``X = 2c - (L - 1)`` (doubled half-integers of catan.md §3.2) and ``Y = r``; its corners
sit at ``(X, 3Y-2)``, ``(X+1, 3Y-1)``, ``(X+1, 3Y+1)``, ``(X, 3Y+2)``, ``(X-1, 3Y+1)``, ``(X-1, 3Y-1)``
(top, then clockwise). Integer coordinates make shared corners of neighbouring hexes coincide exactly.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.games.catan.tables import BASE_ROWS, EXTENDED_ROWS

__all__ = ["BASE_ROWS", "EXTENDED_ROWS", "SIDE_NAMES", "Topology", "topology_for"]

SIDE_NAMES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
"""Side ``i`` of a hex joins its corners ``i`` and ``i + 1`` (corner 0 is the top, clockwise)."""

_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_DIRECTIONS = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
"""Neighbour steps E, NE, NW, W, SW, SE: each next one is a 60 degree counter-clockwise turn."""


@dataclass(frozen=True, slots=True, eq=False)
class Topology:
    """Every adjacency table of one board shape, as tuples indexed by integer ids."""

    rows: tuple[int, ...]
    """Row lengths of the shape."""
    hex_rc: tuple[tuple[int, int], ...]
    """(row, column), 1-based, of each hex: ``R{row}C{column}``."""
    hex_xy: tuple[tuple[int, int], ...]
    """Centre of each hex in doubled-x coordinates."""
    hex_corners: tuple[tuple[int, ...], ...]
    """The six corners of each hex: top, then clockwise."""
    hex_edges: tuple[tuple[int, ...], ...]
    """The six edges of each hex, side NE first, clockwise (see :data:`SIDE_NAMES`)."""
    hex_neighbors: tuple[tuple[int, ...], ...]
    """Adjacent hexes of each hex."""
    corner_xy: tuple[tuple[int, int], ...]
    """Position of each corner (doubled x, tripled y)."""
    corner_hexes: tuple[tuple[int, ...], ...]
    """Hexes touching each corner (1 to 3)."""
    corner_corners: tuple[tuple[int, ...], ...]
    """Corners one path away from each corner (the distance rule, catan.md §5.6)."""
    corner_edges: tuple[tuple[int, ...], ...]
    """Edges touching each corner."""
    edge_corners: tuple[tuple[int, int], ...]
    """The two corners of each edge, smaller id first."""
    edge_hexes: tuple[tuple[int, ...], ...]
    """Hexes bordering each edge (one for a coastal edge)."""
    edge_index: dict[tuple[int, int], int]
    """Edge id from its (smaller, larger) corner pair."""

    @property
    def n_hexes(self) -> int:
        return len(self.hex_rc)

    @property
    def n_corners(self) -> int:
        return len(self.corner_xy)

    @property
    def n_edges(self) -> int:
        return len(self.edge_corners)

    def hex_id(self, row: int, col: int) -> int:
        """The id of hex ``R{row}C{col}`` (1-based)."""
        return self.hex_rc.index((row, col))

    def side_edge(self, hex_id: int, side: str) -> int:
        """The edge on side ``side`` (``NE``, ``E``, ...) of a hex."""
        return self.hex_edges[hex_id][SIDE_NAMES.index(side)]

    def is_coastal_edge(self, edge: int) -> bool:
        return len(self.edge_hexes[edge]) == 1

    def corner_hexes_of(self, hexes: tuple[int, ...]) -> tuple[int, ...]:
        """Corners shared by all the given hexes."""
        common = set(self.hex_corners[hexes[0]])
        for h in hexes[1:]:
            common &= set(self.hex_corners[h])
        return tuple(sorted(common))

    def spiral(self, start: int, clockwise: bool = False) -> tuple[int, ...]:
        """Hexes in spiral order from corner hex ``start`` (catan.md §3.5 step 7, the turning rule).

        Walk along the coast keeping the island on the inside; whenever the hex straight ahead is off
        the island or already visited, turn 60 degrees toward the inside.
        """
        where = {xy: h for h, xy in enumerate(self.hex_xy)}
        turn = -1 if clockwise else 1

        def ahead(h: int, d: int) -> int:
            x, y = self.hex_xy[h]
            dx, dy = _DIRECTIONS[d % 6]
            return where.get((x + dx, y + dy), -1)

        # the first direction: a neighbour on the island with the sea on the outer hand
        direction = next(d for d in range(6) if ahead(start, d) >= 0 and ahead(start, d - turn) < 0)
        order = [start]
        seen = {start}
        h = start
        while len(order) < self.n_hexes:
            for _ in range(6):
                nxt = ahead(h, direction)
                if nxt >= 0 and nxt not in seen:
                    break
                direction += turn
            else:  # pragma: no cover - a connected shape always has an unvisited neighbour
                raise ValueError("spiral is stuck")
            h = nxt
            order.append(h)
            seen.add(h)
        return tuple(order)

    def coast(self) -> tuple[int, ...]:
        """The coastal edges in clockwise order, from side NW of hex R1C1 (catan.md §3.3, §3.6)."""
        coastal = [e for e in range(self.n_edges) if self.is_coastal_edge(e)]
        first = self.side_edge(0, "NW")
        order = [first]
        corner = self.hex_corners[0][0]  # the top corner of R1C1: NW then NE runs clockwise
        while len(order) < len(coastal):
            edge = next(e for e in self.corner_edges[corner] if self.is_coastal_edge(e) and e != order[-1])
            order.append(edge)
            a, b = self.edge_corners[edge]
            corner = b if a == corner else a
        return tuple(order)

    def corner_hex_ids(self) -> tuple[int, ...]:
        """The hexes with exactly three neighbours (the six corners of the island, catan.md §3.2)."""
        return tuple(h for h, n in enumerate(self.hex_neighbors) if len(n) == 3)


@functools.cache
def topology_for(rows: tuple[int, ...]) -> Topology:
    """The topology of the island with these row lengths (computed once per shape)."""
    hex_rc: list[tuple[int, int]] = []
    hex_xy: list[tuple[int, int]] = []
    for r, length in enumerate(rows):
        for c in range(length):
            hex_rc.append((r + 1, c + 1))
            hex_xy.append((2 * c - (length - 1), r))
    points: set[tuple[int, int]] = set()
    raw_corners: list[list[tuple[int, int]]] = []
    for x, y in hex_xy:
        pts = [(x + dx, 3 * y + dy) for dx, dy in _CORNER_OFFSETS]
        raw_corners.append(pts)
        points.update(pts)
    ordered = sorted(points, key=lambda p: (p[1], p[0]))
    corner_of = {p: i for i, p in enumerate(ordered)}
    hex_corners = tuple(tuple(corner_of[p] for p in pts) for pts in raw_corners)
    pairs: set[tuple[int, int]] = set()
    for cs in hex_corners:
        for i in range(6):
            a, b = cs[i], cs[(i + 1) % 6]
            pairs.add((min(a, b), max(a, b)))

    def midpoint(pair: tuple[int, int]) -> tuple[int, int]:
        (xa, ya), (xb, yb) = ordered[pair[0]], ordered[pair[1]]
        return (ya + yb, xa + xb)

    edge_corners = tuple(sorted(pairs, key=midpoint))
    edge_index = {pair: e for e, pair in enumerate(edge_corners)}
    hex_edges = tuple(
        tuple(edge_index[(min(cs[i], cs[(i + 1) % 6]), max(cs[i], cs[(i + 1) % 6]))] for i in range(6))
        for cs in hex_corners
    )
    n_corners = len(ordered)
    corner_hexes: list[list[int]] = [[] for _ in range(n_corners)]
    for h, cs in enumerate(hex_corners):
        for c in cs:
            corner_hexes[c].append(h)
    corner_corners: list[list[int]] = [[] for _ in range(n_corners)]
    corner_edges: list[list[int]] = [[] for _ in range(n_corners)]
    for e, (a, b) in enumerate(edge_corners):
        corner_corners[a].append(b)
        corner_corners[b].append(a)
        corner_edges[a].append(e)
        corner_edges[b].append(e)
    edge_hexes: list[list[int]] = [[] for _ in edge_corners]
    for h, es in enumerate(hex_edges):
        for e in es:
            edge_hexes[e].append(h)
    where = {xy: h for h, xy in enumerate(hex_xy)}
    hex_neighbors = tuple(
        tuple(where[(x + dx, y + dy)] for dx, dy in _DIRECTIONS if (x + dx, y + dy) in where)
        for x, y in hex_xy
    )
    return Topology(
        rows=rows,
        hex_rc=tuple(hex_rc),
        hex_xy=tuple(hex_xy),
        hex_corners=hex_corners,
        hex_edges=hex_edges,
        hex_neighbors=hex_neighbors,
        corner_xy=tuple(ordered),
        corner_hexes=tuple(tuple(sorted(hs)) for hs in corner_hexes),
        corner_corners=tuple(tuple(sorted(cs)) for cs in corner_corners),
        corner_edges=tuple(tuple(sorted(es)) for es in corner_edges),
        edge_corners=edge_corners,
        edge_hexes=tuple(tuple(sorted(hs)) for hs in edge_hexes),
        edge_index=edge_index,
    )
