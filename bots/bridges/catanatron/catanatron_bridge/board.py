"""The arena's board message mapped onto catanatron's map, once per match.

The arena numbers hexes, corners and edges in reading order (``docs/protocol.md``); catanatron places
tiles by cube coordinates and numbers the corners ("nodes") as its fixed map template creates them.
Both boards are pointy-top hexes, so a hex's centre (``x`` in half hex widths, its row) gives its cube
coordinate, and corner ``i`` of a hex (the top one first, clockwise) is the node of catanatron's tile in
the same place. The harbors become catanatron's port tiles: the water hex across the harbor's edge,
facing the land. The mapping is checked whole (every corner one node, every edge one of catanatron's
edges, every tile's resource, token and harbor as sent); a board that does not map (another island
than the 19 hexes of the base game) raises :class:`Unmappable` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catanatron.models.board import STATIC_GRAPH
from catanatron.models.coordinate_system import UNIT_VECTORS, Direction
from catanatron.models.enums import BRICK, ORE, SHEEP, WHEAT, WOOD
from catanatron.models.map import (
    BASE_MAP_TEMPLATE,
    CatanMap,
    LandTile,
    MapTemplate,
    NodeRef,
    Port,
    Water,
    initialize_tiles,
)

RESOURCES: tuple[str, ...] = (BRICK, WOOD, SHEEP, WHEAT, ORE)
"""catanatron's name of each arena resource index (brick, lumber, wool, grain, ore)."""
RESOURCE_INDEX: dict[str, int] = {name: i for i, name in enumerate(RESOURCES)}
GENERIC_HARBOR = 5
"""The arena's harbor kind of a 3:1 harbor (catanatron's port resource ``None``)."""

CORNER_REFS = (
    NodeRef.NORTH,
    NodeRef.NORTHEAST,
    NodeRef.SOUTHEAST,
    NodeRef.SOUTH,
    NodeRef.SOUTHWEST,
    NodeRef.NORTHWEST,
)
"""catanatron's name of corner ``i`` of a hex in the arena's order (top first, clockwise)."""
SIDE_DIRECTIONS = (
    Direction.NORTHEAST,
    Direction.EAST,
    Direction.SOUTHEAST,
    Direction.SOUTHWEST,
    Direction.WEST,
    Direction.NORTHWEST,
)
"""The neighbour across side ``i`` of a hex in the arena's order (NE first, clockwise)."""
OPPOSITE = {
    Direction.EAST: Direction.WEST,
    Direction.WEST: Direction.EAST,
    Direction.NORTHEAST: Direction.SOUTHWEST,
    Direction.SOUTHWEST: Direction.NORTHEAST,
    Direction.NORTHWEST: Direction.SOUTHEAST,
    Direction.SOUTHEAST: Direction.NORTHWEST,
}
BASE_ROWS = (3, 4, 5, 4, 3)

Coordinate = tuple[int, int, int]


class Unmappable(ValueError):
    """A board or position catanatron cannot represent; the message says why, in one line."""


def cube(x: int, row: int, middle_row: int) -> Coordinate:
    """catanatron's cube coordinate of the hex centred at ``x`` (half hex widths) in ``row`` (0-based).

    A step east is x + 2 and cube (1, -1, 0); a step north-east is x + 1, one row up and (1, 0, -1).
    """
    up = middle_row - row
    east2 = x - up  # twice the eastward steps left after the north-east ones
    if east2 % 2:
        raise Unmappable(f"the hex at x={x}, row {row + 1} is off catanatron's hex grid")
    east = east2 // 2
    return (east + up, -east, -up)


def _add(a: Coordinate, b: Coordinate) -> Coordinate:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


@dataclass(frozen=True, slots=True, eq=False)
class BoardMap:
    """One match's board in both numberings."""

    catan_map: Any
    """catanatron's ``CatanMap`` of the board."""
    node_of_corner: tuple[int, ...]
    corner_of_node: dict[int, int]
    coordinate_of_hex: tuple[Coordinate, ...]
    hex_of_coordinate: dict[Coordinate, int]
    edge_of_pair: dict[tuple[int, int], int]
    """The arena's edge id of each catanatron edge (a node pair, smaller first)."""
    pair_of_edge: tuple[tuple[int, int], ...]
    """catanatron's node pair of each arena edge."""
    corners_of_edge: tuple[tuple[int, int], ...]
    """The arena's corner pair of each edge (the text ``road A-B``)."""

    def edge_text(self, pair: tuple[int, int]) -> str:
        """``road A-B`` of catanatron's edge ``pair`` (either order)."""
        a, b = self.corners_of_edge[self.edge_of_pair[(min(pair), max(pair))]]
        return f"road {a}-{b}"


def board_map(board: dict[str, Any]) -> BoardMap:
    """The mapping of a ``CatanBoard`` (as the JSON object of ``MatchStart.board``); raises
    :class:`Unmappable` when catanatron's map cannot hold it."""
    rows = tuple(board.get("rows", ()))
    if rows != BASE_ROWS:
        raise Unmappable(
            f"catanatron plays the 19-hex island of the base game (rows {BASE_ROWS}), not rows {rows}"
        )
    hexes = board["hexes"]
    middle = len(rows) // 2
    coords = tuple(cube(h["x"], h["y"] // 3, middle) for h in hexes)
    land = {c for c, kind in BASE_MAP_TEMPLATE.topology.items() if kind is LandTile}
    if set(coords) != land:
        raise Unmappable("the hexes are not on catanatron's 19 land tiles")
    ports = _ports(board, hexes, coords)
    template = _template(hexes, coords, ports)
    tiles = initialize_tiles(
        template,
        [hexes[coords.index(c)]["token"] for c in template.topology if _is_numbered(c, coords, hexes)][::-1],
        [kind for _, kind in _port_entries(template, ports)][::-1],
        [_resource(hexes[coords.index(c)]) for c in template.topology if c in land][::-1],
    )
    catan_map = CatanMap.from_tiles(tiles)
    node_of_corner: dict[int, int] = {}
    for h, c in zip(hexes, coords, strict=True):
        tile = catan_map.land_tiles[c]
        if tile.resource != _resource(h) or (tile.number or 0) != h["token"]:
            raise Unmappable(f"hex {h['id']} did not come out as sent on catanatron's map")
        for i, corner in enumerate(h["corners"]):
            node = tile.nodes[CORNER_REFS[i]]
            if node_of_corner.setdefault(corner, node) != node:
                raise Unmappable(f"corner {corner} falls on two of catanatron's nodes")
    n_corners = len(board["corners"])
    if sorted(node_of_corner) != list(range(n_corners)) or len(set(node_of_corner.values())) != n_corners:
        raise Unmappable("the corners do not map one to one onto catanatron's nodes")
    nodes = tuple(node_of_corner[c] for c in range(n_corners))
    pairs: list[tuple[int, int]] = []
    corners_of_edge: list[tuple[int, int]] = []
    for e in board["edges"]:
        a, b = e["corners"]
        pair = (min(nodes[a], nodes[b]), max(nodes[a], nodes[b]))
        if not STATIC_GRAPH.has_edge(*pair):
            raise Unmappable(f"edge {a}-{b} is not an edge of catanatron's map")
        pairs.append(pair)
        corners_of_edge.append((min(a, b), max(a, b)))
    for harbor in board.get("harbors", ()):
        resource = None if harbor["kind"] == GENERIC_HARBOR else RESOURCES[harbor["kind"]]
        ends = {nodes[c] for c in harbor["corners"]}
        if not ends <= catan_map.port_nodes.get(resource, set()):
            raise Unmappable(f"harbor {harbor['id']} did not come out as sent on catanatron's map")
    return BoardMap(
        catan_map=catan_map,
        node_of_corner=nodes,
        corner_of_node={n: c for c, n in enumerate(nodes)},
        coordinate_of_hex=coords,
        hex_of_coordinate={c: h for h, c in enumerate(coords)},
        edge_of_pair={p: e for e, p in enumerate(pairs)},
        pair_of_edge=tuple(pairs),
        corners_of_edge=tuple(corners_of_edge),
    )


def _resource(hex_entry: dict[str, Any]) -> str | None:
    r = hex_entry["resource"]
    return None if r < 0 else RESOURCES[r]


def _is_numbered(c: Coordinate, coords: tuple[Coordinate, ...], hexes: list[dict[str, Any]]) -> bool:
    return c in coords and hexes[coords.index(c)]["resource"] >= 0


def _ports(
    board: dict[str, Any], hexes: list[dict[str, Any]], coords: tuple[Coordinate, ...]
) -> dict[Coordinate, tuple[Any, str | None]]:
    """The port tile of each harbor: the water hex across its edge, the direction toward the land and
    its resource (None for 3:1)."""
    ports: dict[Coordinate, tuple[Any, str | None]] = {}
    for harbor in board.get("harbors", ()):
        land = hexes[harbor["hex"]]
        side = list(land["edges"]).index(harbor["edge"])
        toward_sea = SIDE_DIRECTIONS[side]
        water = _add(coords[harbor["hex"]], UNIT_VECTORS[toward_sea])
        if BASE_MAP_TEMPLATE.topology.get(water) is None or water in ports:
            raise Unmappable(f"harbor {harbor['id']} has no water tile of its own on catanatron's map")
        kind = None if harbor["kind"] == GENERIC_HARBOR else RESOURCES[harbor["kind"]]
        ports[water] = (OPPOSITE[toward_sea], kind)
    return ports


def _template(
    hexes: list[dict[str, Any]],
    coords: tuple[Coordinate, ...],
    ports: dict[Coordinate, tuple[Any, str | None]],
) -> Any:
    """catanatron's base map template with the ports moved to this board's harbors (the order of the
    coordinates, hence catanatron's node numbering, unchanged)."""
    topology: dict[Coordinate, Any] = {}
    for c, kind in BASE_MAP_TEMPLATE.topology.items():
        if kind is LandTile:
            topology[c] = LandTile
        elif c in ports:
            topology[c] = (Port, ports[c][0])
        else:
            topology[c] = Water
    return MapTemplate(
        numbers=[h["token"] for h in hexes if h["resource"] >= 0],
        port_resources=[kind for _, kind in ports.values()],
        tile_resources=[_resource(h) for h in hexes],
        topology=topology,
    )


def _port_entries(
    template: Any, ports: dict[Coordinate, tuple[Any, str | None]]
) -> list[tuple[Any, str | None]]:
    return [ports[c] for c, kind in template.topology.items() if isinstance(kind, tuple)]
