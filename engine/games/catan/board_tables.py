"""The board of a match as a bot receives it once at match start: every table as plain data.

:func:`board_tables` reads a :class:`~engine.games.catan.layouts.Board` (terrain, tokens, harbors) and its
:class:`~engine.games.catan.topology.Topology` (ids and adjacency) and lists every hex, corner, edge and
harbor with the ids of its neighbours. Nothing here knows the shape of the base island: the lists are as
long as the topology's, so a 30-hex board or a later variant's board comes out the same way; a
variant's own board parts (the jungle and the River of seafarers.md §7.2 and §8.2) are entries of their
own, None elsewhere, as is the sea of the Seafarers' maps. Field names are those of the ``CatanBoard`` message of ``catan.proto``; the referee
converts the value.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games.catan.layouts import Board
from engine.games.catan.tables import GENERIC_HARBOR, GOLD_MINE_VP, MAX_TOKENS_PER_CARD, NO_HARBOR, Terrain

if TYPE_CHECKING:
    from engine.games.catan.seafarers.board_tables import SeaTables


@dataclass(frozen=True, slots=True)
class HexEntry:
    """One terrain hex (catan.md §3.2)."""

    id: int
    row: int
    """Row from 1 at the top."""
    column: int
    """Column in the row from 1 at the left."""
    x: int
    """Centre in half hex widths."""
    y: int
    """Centre in quarter hex heights (a row of hexes is 3 below the one above)."""
    terrain: int
    """The :class:`~engine.games.catan.tables.Terrain` value."""
    resource: int
    """The resource produced, or -1 for the desert."""
    token: int
    """The number token, 0 for none."""
    corners: tuple[int, ...]
    """Top corner first, clockwise."""
    edges: tuple[int, ...]
    """North-east side first, clockwise."""
    neighbors: tuple[int, ...]
    """Adjacent hexes, ascending."""


@dataclass(frozen=True, slots=True)
class CornerEntry:
    """One corner (intersection)."""

    id: int
    x: int
    y: int
    hexes: tuple[int, ...]
    """Hexes touching the corner."""
    corners: tuple[int, ...]
    """Corners one edge away (the distance rule, catan.md §5.6)."""
    edges: tuple[int, ...]
    harbor: int
    """Harbor id, or -1."""


@dataclass(frozen=True, slots=True)
class EdgeEntry:
    """One edge (path)."""

    id: int
    corners: tuple[int, int]
    """Lower id first."""
    hexes: tuple[int, ...]
    harbor: int
    """Harbor id, or -1."""


@dataclass(frozen=True, slots=True)
class HarborEntry:
    """One harbor (catan.md §3.4)."""

    id: int
    kind: int
    """A resource (2:1) or :data:`~engine.games.catan.tables.GENERIC_HARBOR` (3:1)."""
    ratio: int
    resource: int
    """The resource of a 2:1 harbor, -1 for a 3:1 harbor."""
    edge: int
    corners: tuple[int, int]
    hex: int
    """The land hex beside it (Seafarers: the edge may border a sea hex too)."""


@dataclass(frozen=True, slots=True)
class JungleEntry:
    """The jungle of the Jungle variant (seafarers.md §7.2)."""

    hexes: tuple[int, ...]
    """The jungle hexes."""
    tokens_per_card: int
    """Most discovery tokens one development card may take (seafarers.md §7.5)."""


class GoldMineBonus(enum.Enum):
    """Whose buildings on the gold mine's corners score (seafarers.md §8.4; ``gold_mine_bonus``)."""

    PER_BUILDING = 1
    """Every building, whoever owns it."""
    FIRST_ONLY = 2
    """Only those of the first seat to build there."""


@dataclass(frozen=True, slots=True)
class RiverEntry:
    """The River tile of the Big River variant (seafarers.md §8.2-§8.4)."""

    hexes: tuple[int, ...]
    """Mountain part, forest part, gold mine (top to bottom)."""
    riverbank: tuple[int, ...]
    """Corners touching a River part, ascending: no settlement there during setup."""
    gold_mine: int
    gold_mine_corners: tuple[int, ...]
    """Top corner first, clockwise."""
    bonus_vp: int
    """VP of each scoring building on a gold-mine corner beside its own."""
    bonus: GoldMineBonus


@dataclass(frozen=True, slots=True)
class BoardTables:
    """The whole board of one match: what ``MatchStart.board.catan`` carries."""

    layout: str
    rows: tuple[int, ...]
    hexes: tuple[HexEntry, ...]
    corners: tuple[CornerEntry, ...]
    edges: tuple[EdgeEntry, ...]
    harbors: tuple[HarborEntry, ...]
    robber: int
    """The robber's hex at the start, or -1 off the board."""
    jungle: JungleEntry | None
    """The Jungle variant's jungle, or None."""
    river: RiverEntry | None
    """The Big River variant's River and gold mine, or None."""
    sea: SeaTables | None = None
    """A Seafarers map's sea, or None."""


def board_tables(board: Board, robber: int, first_only: bool = False) -> BoardTables:
    """Every table of ``board`` by id, with the robber on hex ``robber`` (``first_only``: the option
    ``gold_mine_bonus=first_only`` of a board with a gold mine)."""
    topo = board.topology
    edge_harbor = [NO_HARBOR] * topo.n_edges
    corner_harbor = [NO_HARBOR] * topo.n_corners
    harbors: list[HarborEntry] = []
    for i, (edge, kind) in enumerate(zip(board.harbor_edges, board.harbor_types, strict=True)):
        a, b = topo.edge_corners[edge]
        edge_harbor[edge] = i
        corner_harbor[a] = corner_harbor[b] = i
        generic = kind == GENERIC_HARBOR
        harbors.append(
            HarborEntry(
                id=i,
                kind=kind,
                ratio=3 if generic else 2,
                resource=-1 if generic else kind,
                edge=edge,
                corners=(a, b),
                hex=next(
                    h for h in topo.edge_hexes[edge] if board.terrain[h] not in (Terrain.SEA, Terrain.FOG)
                ),
            )
        )
    hexes = tuple(
        HexEntry(
            id=h,
            row=topo.hex_rc[h][0],
            column=topo.hex_rc[h][1],
            x=topo.hex_xy[h][0],
            y=3 * topo.hex_xy[h][1],
            terrain=board.terrain[h],
            resource=board.hex_resource[h],
            token=board.tokens[h],
            corners=topo.hex_corners[h],
            edges=topo.hex_edges[h],
            neighbors=tuple(sorted(topo.hex_neighbors[h])),
        )
        for h in range(topo.n_hexes)
    )
    corners = tuple(
        CornerEntry(
            id=c,
            x=topo.corner_xy[c][0],
            y=topo.corner_xy[c][1],
            hexes=topo.corner_hexes[c],
            corners=topo.corner_corners[c],
            edges=topo.corner_edges[c],
            harbor=corner_harbor[c],
        )
        for c in range(topo.n_corners)
    )
    edges = tuple(
        EdgeEntry(id=e, corners=topo.edge_corners[e], hexes=topo.edge_hexes[e], harbor=edge_harbor[e])
        for e in range(topo.n_edges)
    )
    return BoardTables(
        layout=board.layout,
        rows=topo.rows,
        hexes=hexes,
        corners=corners,
        edges=edges,
        harbors=tuple(harbors),
        robber=robber,
        jungle=JungleEntry(board.jungles, MAX_TOKENS_PER_CARD) if board.jungles else None,
        river=_river(board, first_only) if board.river else None,
    )


def _river(board: Board, first_only: bool) -> RiverEntry:
    return RiverEntry(
        hexes=board.river,
        riverbank=tuple(sorted(board.riverbank)),
        gold_mine=board.gold_mine,
        gold_mine_corners=board.topology.hex_corners[board.gold_mine],
        bonus_vp=GOLD_MINE_VP,
        bonus=GoldMineBonus.FIRST_ONLY if first_only else GoldMineBonus.PER_BUILDING,
    )
